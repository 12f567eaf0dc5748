/// The keyboard-handling strategies kbplay reproduces, each after its
/// well-known source.
public enum StrategyKind: String, Hashable, Codable, Sendable, CaseIterable {
    /// A KeyboardObserver with a delegate: constant = endFrame.height + padding.
    case observer
    /// KeyboardObserving → KeyboardControllable view.
    case controllable
    /// An auto-resizing keyboard root view.
    case resizeRoot = "resize-root"
    /// A child controller that asks its parent to expand.
    case childDelegate = "child-delegate"
    /// Scroll-view content insets (Apple's sample code).
    case contentInset = "content-inset"
    /// A KeyboardLayoutConstraint subclass.
    case layoutConstraint = "layout-constraint"
    /// UIKeyboardLayoutGuide: constraints to `V.keyboard.*`.
    case layoutGuide = "layout-guide"
    /// IQKeyboardManager-style auto-scroll.
    case autoScroll = "auto-scroll"

    /// Where the source registers its observers and whether it removes them.
    public var registration: String {
        switch self {
        case .observer: "registered at viewDidLoad, never removed"
        case .controllable: "registered at viewWillAppear, removed at viewWillDisappear"
        case .resizeRoot: "registered when the root view enters the window, removed when it leaves"
        case .childDelegate: "registered at viewWillAppear, removed at viewDidDisappear"
        case .contentInset: "registered at viewWillAppear, removed at viewWillDisappear"
        case .layoutConstraint: "registered when the constraint is created, removed only at deinit"
        case .layoutGuide: "no observers: the guide follows the keyboard"
        case .autoScroll: "one global manager, always listening"
        }
    }

    /// Whether the observers stay registered after the controller leaves the window.
    public var outlivesDisappear: Bool { self == .observer || self == .layoutConstraint || self == .autoScroll }

    /// The notifications the source observes.
    public var observed: [KeyboardNotification.Name] {
        switch self {
        case .observer, .controllable, .childDelegate, .layoutConstraint: [.willShow, .willHide]
        case .resizeRoot: [.willChangeFrame]
        case .contentInset: [.willChangeFrame, .willHide]
        case .layoutGuide: []
        case .autoScroll: [.willShow, .willHide, .didChangeFrame]
        }
    }
}
