/// The keyboard-handling strategies kbplay reproduces, each after its
/// well-known source, by the name `handle` and session files use. Each is
/// a ``KeyboardStrategy`` type (``type``): a new strategy is a file in
/// `Strategies/Kinds/` and its case here.
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
    /// UITableViewController's own keyboard handling (`controller C table T`
    /// attaches it): the table's bottom inset, and the editing row scrolled
    /// to visible.
    case tableController = "table-controller"
    /// The view.frame.origin.y answer: the root view moved up by the keyboard's height.
    case frameOrigin = "frame-origin"

    /// The strategy's type: its arguments, registration and handler.
    public var type: any KeyboardStrategy.Type {
        switch self {
        case .observer: ObserverStrategy.self
        case .controllable: ControllableStrategy.self
        case .resizeRoot: ResizeRootStrategy.self
        case .childDelegate: ChildDelegateStrategy.self
        case .contentInset: ContentInsetStrategy.self
        case .layoutConstraint: LayoutConstraintStrategy.self
        case .layoutGuide: LayoutGuideStrategy.self
        case .autoScroll: AutoScrollStrategy.self
        case .tableController: TableControllerStrategy.self
        case .frameOrigin: FrameOriginStrategy.self
        }
    }

    /// The source it follows: "KeyboardObserver + delegate".
    public var source: String { type.source }

    /// Where the source registers its observers and whether it removes them.
    public var registration: String { type.registration }

    /// Whether the observers stay registered after the controller leaves the window.
    public var outlivesDisappear: Bool { type.outlivesDisappear }

    /// The notifications the source observes.
    public var observed: [KeyboardNotification.Name] { type.observed }

    /// `observer CONSTRAINT [padding N]`.
    public var usage: String { type.usage }

    /// Its arguments.
    public var arguments: [StrategyArgument] { type.arguments }

    /// The fields attaching it sets beside its arguments'.
    public var fieldsSetWhenAttached: [Strategy.Field] { type.fieldsSetWhenAttached }
}
