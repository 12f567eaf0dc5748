import KBModel

/// The types `export swift` writes once per file beside the controllers'
/// classes, each after the source a strategy follows, with the flaws the
/// session showed in them as `// kbplay:` comments (naming the controller)
/// at the line each concerns.
enum SwiftSupport {
    enum Kind: Equatable {
        /// `NSLayoutConstraint.named(_:priority:)`: kbplay's name as the identifier.
        case named
        /// observer: KeyboardObserver and its delegate protocol.
        case keyboardObserver
        /// controllable: the KeyboardObserving and KeyboardControllable protocols.
        case controllable
        /// resize-root: a root view that resizes itself above the keyboard.
        case resizingView
        /// child-delegate: the delegate a child asks to expand.
        case childDelegate
        /// layout-constraint: the KeyboardLayoutConstraint subclass.
        case keyboardLayoutConstraint
        /// A rule's `V.visible`: whether the keyboard leaves a view visible.
        case visibility
        /// A fixed strategy's keyboard overlap with a view.
        case overlap

        /// The strategy whose flaws the type holds, if any.
        var strategy: StrategyKind {
            switch self {
            case .keyboardObserver: .observer
            case .controllable: .controllable
            case .resizingView: .resizeRoot
            case .childDelegate: .childDelegate
            case .keyboardLayoutConstraint: .layoutConstraint
            case .named, .visibility, .overlap: .layoutGuide
            }
        }

        /// The code a strategy's source ships, one per strategy that has some.
        static let strategyCode: [Kind] = [.keyboardObserver, .controllable, .resizingView, .childDelegate, .keyboardLayoutConstraint]
    }

    /// Where in a strategy's code a flaw's comment goes.
    enum Slot {
        /// Where the observers are registered (or the strategy is set up).
        case register
        /// Where the keyboard's end frame is used on show or a frame change.
        case show
        /// Where it is used on hide.
        case hide
        /// Where the animation options are made.
        case animation

        init(_ id: Flaw.ID) {
            switch id {
            case .hideKeepsHeight, .undockedHideOnly: self = .hide
            case .safeAreaDoubleCount, .screenCoordinates, .hardwareKeyboardHeight: self = .show
            case .curveNotShifted: self = .animation
            case .missedFrameChange, .observerAfterDisappear: self = .register
            }
        }
    }

    /// The type names the file declares (so no controller's class takes one).
    static let typeNames: Set<String> = [
        "KeyboardObserver", "KeyboardObserverDelegate", "KeyboardObserving", "KeyboardControllable",
        "KeyboardResizingView", "KeyboardExpansionDelegate", "KeyboardLayoutConstraint",
        "UIView", "UIViewController", "UITableViewController", "NSLayoutConstraint", "UILabel", "UIButton",
        "UITextField", "UITextView", "UIScrollView", "UIStackView", "UITableView", "UIResponder", "UIKit",
    ]

    /// Other types the generated code names.
    static let namedTypes: Set<String> = [
        "CGRect", "CGPoint", "CGFloat", "NSValue", "NSObjectProtocol", "Notification", "NotificationCenter", "MainActor",
        "UILayoutPriority", "UIEdgeInsets", "UIControl", "UIWindow", "UILayoutGuide", "UIKeyboardLayoutGuide",
        "UIScreen", "UICoordinateSpace", "UIWindowScene", "keyboardVisibility",
        "UISheetPresentationController", "Double", "UInt", "Bool", "String", "Self",
    ]

    /// `// kbplay: ⚑ ID: why` and `// kbplay: fix: …` for each flaw
    /// (`(CONTROLLER)` after the id when `naming`).
    /// With `fixing`, a flaw the code fixes is `// kbplay: fixed ⚑ ID: FIX`.
    static func comments(_ flaws: [Flaw], naming: Bool, fixing: Bool = false) -> [String] {
        var out: [String] = []
        for f in flaws {
            let (reason, fix) = f.message.splitFix()
            let who = naming ? " (\(f.controller))" : ""
            if fixing, SwiftExporter.isFixedInCode(f) {
                out.append("// kbplay: fixed ⚑ \(f.id.rawValue)\(who): \(oneLine(fix ?? reason))")
                continue
            }
            out.append("// kbplay: ⚑ \(f.id.rawValue)\(who): \(oneLine(reason))")
            if let fix { out.append("// kbplay: fix: \(oneLine(fix))") }
        }
        return out
    }

    static func oneLine(_ text: String) -> String {
        text.split(separator: "\n", omittingEmptySubsequences: false).joined(separator: " ")
    }

    /// The flaws of `strategy` that go at `slot` (those of every slot the
    /// code has none of go where it registers).
    static func flaws(_ all: [Flaw], _ strategy: StrategyKind, controller: String?, at slot: Slot,
                      slots: [Slot] = [.register, .show, .hide, .animation]) -> [Flaw] {
        all.filter { f in
            guard f.strategy == strategy, controller == nil || f.controller == controller else { return false }
            let own = Slot(f.id)
            return slots.contains(own) ? own == slot : slot == .register
        }
    }

    /// The end frame read from a notification, as the sources read it.
    static let endFrame = "(note.userInfo?[UIResponder.keyboardFrameEndUserInfoKey] as? NSValue)?.cgRectValue"

    /// A block-based observer that calls `call` with the notification on the main queue.
    static func observer(_ notification: String, _ call: String) -> [String] {
        [
            "NotificationCenter.default.addObserver(forName: UIResponder.\(notification), object: nil, queue: .main) { [weak self] note in",
            "    MainActor.assumeIsolated { self?.\(call)(note) }",
            "}",
        ]
    }

    /// A support type's code.
    /// A support type's code; `fixes` are the flaws of its strategy the
    /// code fixes (`export swift fixed`).
    static func lines(_ kind: Kind, flaws all: [Flaw], fixes: Set<Flaw.ID>, fixing: Bool) -> [String] {
        func at(_ strategy: StrategyKind, _ slot: Slot, _ indent: String, slots: [Slot] = [.register, .show, .hide, .animation]) -> [String] {
            comments(flaws(all, strategy, controller: nil, at: slot, slots: slots), naming: true, fixing: fixing).map { indent + $0 }
        }
        let frameChange = SwiftExporter.observesFrameChange(fixes)
        switch kind {
        case .named:
            return [
                "fileprivate extension NSLayoutConstraint {",
                "    /// kbplay's name as the constraint's identifier (UIKit prints it in its logs), and its priority.",
                "    func named(_ identifier: String, priority: UILayoutPriority = .required) -> Self {",
                "        self.identifier = identifier",
                "        self.priority = priority",
                "        return self",
                "    }",
                "}",
            ]
        case .keyboardObserver:
            return [
                "/// What a KeyboardObserver tells: the keyboard's end frame on keyboardWillShow and keyboardWillHide.",
                "@MainActor protocol KeyboardObserverDelegate: AnyObject {",
                "    func keyboardObserver(_ observer: KeyboardObserver, keyboardWillShowWith endFrame: CGRect)",
                "    func keyboardObserver(_ observer: KeyboardObserver, keyboardWillHideWith endFrame: CGRect)",
                "}",
                "",
                "/// Observes keyboardWillShow and keyboardWillHide from its creation and hands the end frame to its delegate.",
                "@MainActor final class KeyboardObserver {",
                "    weak var delegate: KeyboardObserverDelegate?",
                "    private var tokens: [NSObjectProtocol] = []",
                "",
                "    init(delegate: KeyboardObserverDelegate) {",
                "        self.delegate = delegate",
                "        tokens = [",
            ] + observer("keyboardWillShowNotification", "willShow").map { "            " + $0 }.joined(",")
              + (frameChange ? ["            // kbplay: fixed: keyboardWillChangeFrame observed too (a frame change without show or hide)"]
                  + observer("keyboardWillChangeFrameNotification", "willShow").map { "            " + $0 }.joined(",") : [])
              + observer("keyboardWillHideNotification", "willHide").map { "            " + $0 }.joined(",") + [
                "        ]",
                "    }",
                "",
            ] + (fixes.contains(.observerAfterDisappear) ? [
                "    /// kbplay: fixed: removes the observers (its controller calls it in viewWillDisappear).",
                "    func stop() {",
                "        tokens.forEach { NotificationCenter.default.removeObserver($0) }",
                "        tokens = []",
                "    }",
                "",
            ] : []) + [
                "    private func willShow(_ note: Notification) {",
                "        guard let endFrame = \(endFrame) else { return }",
                "        delegate?.keyboardObserver(self, keyboardWillShowWith: endFrame)",
                "    }",
                "",
                "    private func willHide(_ note: Notification) {",
                "        guard let endFrame = \(endFrame) else { return }",
                "        delegate?.keyboardObserver(self, keyboardWillHideWith: endFrame)",
                "    }",
                "}",
            ]
        case .controllable:
            return [
                "/// A view or controller that moves for the keyboard: it is told the keyboard's height.",
                "@MainActor protocol KeyboardControllable: AnyObject, Sendable {",
                "    func keyboardWillShow(height: CGFloat)",
                "    func keyboardWillHide()",
                "}",
                "",
                "/// A controller that observes the keyboard for a KeyboardControllable, from viewWillAppear to viewWillDisappear.",
                "@MainActor protocol KeyboardObserving: AnyObject {",
                "    var keyboardTokens: [NSObjectProtocol] { get set }",
                "}",
                "",
                "extension KeyboardObserving {",
                "    /// keyboardWillShow hands over the end frame's height, or `fallbackHeight` when the notification has none.",
                "    func startObservingKeyboard(for controllable: KeyboardControllable, fallbackHeight: CGFloat) {",
                "        let center = NotificationCenter.default",
                "        keyboardTokens = [",
            ] + (fixes.isEmpty ? [
                "            center.addObserver(forName: UIResponder.keyboardWillShowNotification, object: nil, queue: .main) { [weak controllable] note in",
                "                let height = (\(endFrame))?.height ?? 0",
                "                MainActor.assumeIsolated { controllable?.keyboardWillShow(height: height > 0 ? height : fallbackHeight) }",
                "            },",
            ] : (frameChange ? ["keyboardWillShowNotification", "keyboardWillChangeFrameNotification"] : ["keyboardWillShowNotification"]).flatMap { name in [
                "            center.addObserver(forName: UIResponder.\(name), object: nil, queue: .main) { [weak controllable] note in",
                "                let endFrame = \(endFrame)",
                "                MainActor.assumeIsolated {",
                "                    // kbplay: fixed: the end frame's overlap with the controller's view, converted from the screen's coordinate space",
                "                    let view = (controllable as? UIViewController)?.viewIfLoaded",
                "                    let height = endFrame.map { view?.keyboardOverlap($0) ?? $0.height } ?? fallbackHeight",
                "                    controllable?.keyboardWillShow(height: height)",
                "                }",
                "            },",
            ] }) + [
                "            center.addObserver(forName: UIResponder.keyboardWillHideNotification, object: nil, queue: .main) { [weak controllable] _ in",
                "                MainActor.assumeIsolated { controllable?.keyboardWillHide() }",
                "            },",
                "        ]",
                "    }",
                "",
                "    func stopObservingKeyboard() {",
                "        keyboardTokens.forEach { NotificationCenter.default.removeObserver($0) }",
                "        keyboardTokens = []",
                "    }",
                "}",
            ]
        case .resizingView:
            return [
                "/// A root view that resizes itself above the keyboard: on keyboardWillChangeFrame its height becomes the",
                "/// keyboard's top minus its own top, or its full height when the keyboard is below it or ends above its",
                "/// bottom (split, undocked). It observes while it is in a window.",
                "final class KeyboardResizingView: UIView {",
                "    private var token: NSObjectProtocol?",
                "",
                "    override func didMoveToWindow() {",
                "        super.didMoveToWindow()",
            ] + at(.resizeRoot, .register, "        ", slots: [.register, .show]) + [
                "        if let token { NotificationCenter.default.removeObserver(token) }",
                "        token = nil",
                "        guard window != nil else { return }",
                "        token = " + observer("keyboardWillChangeFrameNotification", "keyboardWillChangeFrame")[0],
                "            " + observer("keyboardWillChangeFrameNotification", "keyboardWillChangeFrame")[1],
                "        }",
                "    }",
                "",
                "    private func keyboardWillChangeFrame(_ note: Notification) {",
            ] + (fixes.contains(.screenCoordinates) ? [
                "        guard let screenEndFrame = \(endFrame), let superview else { return }",
                "        let fullHeight = superview.bounds.height - frame.minY",
            ] + at(.resizeRoot, .show, "        ", slots: [.register, .show]) + [
                "        let screenSpace = window?.windowScene?.screen.coordinateSpace ?? UIScreen.main.coordinateSpace",
                "        let endFrame = superview.convert(screenEndFrame, from: screenSpace)",
            ] : [
                "        guard let endFrame = \(endFrame), let superview else { return }",
                "        let fullHeight = superview.bounds.height - frame.minY",
                "        // The end frame is in screen coordinates; it is compared with the view's own frame.",
            ] + at(.resizeRoot, .show, "        ", slots: [.register, .show])) + [
                "        let keyboardTop = endFrame.minY",
                "        if keyboardTop > frame.minY && keyboardTop < frame.minY + fullHeight && endFrame.maxY >= frame.minY + fullHeight {",
                "            frame.size.height = keyboardTop - frame.minY",
                "        } else {",
                "            frame.size.height = fullHeight",
                "        }",
                "    }",
                "}",
            ]
        case .childDelegate:
            return [
                "/// What a child controller asks its parent: to expand for the keyboard, or to go back.",
                "@MainActor protocol KeyboardExpansionDelegate: AnyObject {",
                "    func childWantsToExpand(_ child: UIViewController, _ expand: Bool)",
                "}",
            ]
        case .keyboardLayoutConstraint:
            return [
                "/// A constraint that follows the keyboard: its constant when it starts observing is its offset; on",
                "/// keyboardWillShow it becomes offset + the end frame's height, on keyboardWillHide offset + downOffset,",
                "/// animated with the keyboard's duration and curve. It observes until it is freed.",
                "final class KeyboardLayoutConstraint: NSLayoutConstraint {",
                "    var downOffset: CGFloat = 0",
                "    private var offset: CGFloat = 0",
                "    private var tokens: [NSObjectProtocol] = []",
                "",
                "    func startObservingKeyboard() {",
            ] + at(.layoutConstraint, .register, "        ") + [
                "        offset = constant",
                "        tokens = [",
            ] + observer("keyboardWillShowNotification", "keyboardWillShow").map { "            " + $0 }.joined(",")
              + observer("keyboardWillHideNotification", "keyboardWillHide").map { "            " + $0 }.joined(",") + [
                "        ]",
                "    }",
                "",
                "    private func keyboardWillShow(_ note: Notification) {",
            ] + (SwiftExporter.keyboardHeight(fixes) == "endFrame.height" ? [
                "        guard let endFrame = \(endFrame) else { return }",
            ] + at(.layoutConstraint, .show, "        ") + [
                "        constant = offset + endFrame.height",
            ] : [
                "        guard let endFrame = \(endFrame),",
                "              let view = (firstItem as? UIView) ?? (firstItem as? UILayoutGuide)?.owningView else { return }",
            ] + at(.layoutConstraint, .show, "        ") + [
                "        constant = offset + \(SwiftExporter.keyboardHeight(fixes))",
            ]) + [
                "        animate(with: note)",
                "    }",
                "",
                "    private func keyboardWillHide(_ note: Notification) {",
            ] + at(.layoutConstraint, .hide, "        ") + [
                "        constant = offset + downOffset",
                "        animate(with: note)",
                "    }",
                "",
                "    private func animate(with note: Notification) {",
                "        let duration = note.userInfo?[UIResponder.keyboardAnimationDurationUserInfoKey] as? Double ?? 0.25",
                "        let curve = note.userInfo?[UIResponder.keyboardAnimationCurveUserInfoKey] as? UInt ?? 0",
            ] + at(.layoutConstraint, .animation, "        ") + [
                fixes.contains(.curveNotShifted) ? "        let options = UIView.AnimationOptions(rawValue: curve << 16)" : "        let options = UIView.AnimationOptions(rawValue: curve)",
                "        // The first item may be a layout guide (a safe area's): the window lays out every view the",
                "        // constraint can move, as the KeyboardLayoutConstraint library does.",
                "        let item = (firstItem as? UIView) ?? (firstItem as? UILayoutGuide)?.owningView",
                "        let root: UIView? = item?.window ?? item?.superview ?? item",
                "        UIView.animate(withDuration: duration, delay: 0, options: options, animations: {",
                "            root?.layoutIfNeeded()",
                "        })",
                "    }",
                "}",
            ]
        case .visibility:
            return [
                "/// kbplay's `V.visible` in a rule: 1 when the view is in a window, neither it nor a superview is hidden",
                "/// or transparent, and the keyboard's end frame (screen coordinates) covers none of it; else 0.",
                "@MainActor func keyboardVisibility(of view: UIView, keyboardEndFrame endFrame: CGRect) -> CGFloat {",
                "    guard let window = view.window else { return 0 }",
                "    var current: UIView? = view",
                "    while let v = current {",
                "        if v.isHidden || v.alpha < 0.01 { return 0 }",
                "        current = v.superview",
                "    }",
                "    let screenSpace = window.windowScene?.screen.coordinateSpace ?? UIScreen.main.coordinateSpace",
                "    return view.convert(view.bounds, to: screenSpace).intersects(endFrame) ? 0 : 1",
                "}",
            ]
        case .overlap:
            return [
                "fileprivate extension UIView {",
                "    /// How far the keyboard reaches up into the view: its end frame converted from the screen's coordinate",
                "    /// space (not the window's: they differ in Split View, Slide Over and Stage Manager), from its top to the",
                "    /// view's bottom; 0 when it does not overlap the view (hidden, a hardware keyboard's bar, undocked away).",
                "    func keyboardOverlap(_ endFrame: CGRect) -> CGFloat {",
                "        let screenSpace = window?.windowScene?.screen.coordinateSpace ?? UIScreen.main.coordinateSpace",
                "        let keyboard = convert(endFrame, from: screenSpace)",
                "        guard keyboard.intersects(bounds) else { return 0 }",
                "        return max(0, bounds.maxY - keyboard.minY)",
                "    }",
                "}",
            ]
        }
    }
}

private extension Array where Element == String {
    /// The lines with `separator` after the last one.
    func joined(_ separator: String) -> [String] {
        guard let last else { return self }
        return dropLast() + [last + separator]
    }
}
