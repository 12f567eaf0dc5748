/// The six keyboard notifications UIKit posts, whatever a program calls
/// them (`UIResponder.keyboardWillShowNotification`, `.UIKeyboardWillShow`,
/// `"UIKeyboardWillShowNotification"`).
public enum KeyboardNotificationKind: String, CaseIterable, Comparable, Sendable {
    case keyboardWillShow, keyboardDidShow, keyboardWillHide, keyboardDidHide
    case keyboardWillChangeFrame, keyboardDidChangeFrame

    public static func < (a: Self, b: Self) -> Bool {
        allCases.firstIndex(of: a)! < allCases.firstIndex(of: b)!
    }

    /// Whether the notification is posted when the keyboard goes away.
    public var isHide: Bool { self == .keyboardWillHide || self == .keyboardDidHide }
    public var isShow: Bool { self == .keyboardWillShow || self == .keyboardDidShow }
}

/// The well-known ways code moves a screen out of the keyboard's way: the
/// layout effect first, then the plumbing when the effect is a constraint's
/// constant.
public enum CodeStrategy: String, Sendable {
    case observer, controllable, resizeRoot = "resize-root", childDelegate = "child-delegate"
    case contentInset = "content-inset", layoutConstraint = "layout-constraint", layoutGuide = "layout-guide"
    case autoScroll = "auto-scroll", frameOrigin = "frame-origin", transform
    case additionalSafeArea = "additional-safe-area", other
}

/// A flaw the code shows by itself, without running it.
public enum CodeFlaw: String, Sendable {
    /// A hide notification runs code that sets the keyboard's height again.
    case hideKeepsHeight = "hide-keeps-height"
    /// Animation options made from the raw curve without `<< 16`.
    case curveNotShifted = "curve-not-shifted"
    /// A view controller keeps observing after it disappeared.
    case observerAfterDisappear = "observer-after-disappear"
    /// Only show/hide are observed: a height change while shown is missed.
    case missedFrameChange = "missed-frame-change"
    /// The keyboard's height set as the constant of a constraint the code
    /// makes on the safe area's bottom: the home-indicator inset, inside
    /// the keyboard's height, is counted twice.
    case safeAreaDoubleCount = "safe-area-double-count"
}

/// What one type's keyboard code does.
public struct KeyboardCodeReport: Equatable, Sendable {
    public var type: String
    public var file: String
    public var line: Int
    public var column: Int
    public var observes: [KeyboardNotificationKind]
    /// Where the observers are added (`viewWillAppear`, `init`, …).
    public var registers: String
    /// Where they are removed (`viewWillDisappear`, `deinit`, `never`).
    public var removes: String
    /// What the code assigns on a show notification, as formulas.
    public var onShow: String
    /// What the code assigns on a hide notification, as formulas.
    public var onHide: String
    public var strategy: CodeStrategy
    /// Why the strategy: the effect or the plumbing that decided it.
    public var why: String
    public var flaws: [CodeFlaw]
    /// The scroll view or constraint the effect is on, as written
    /// (`textView`, `bottomConstraint`), for attaching a strategy.
    public var target: String?
    /// What the handlers assign to constraint constants, run as kbplay
    /// rules (`on C keyboardWillShow: set bottom.constant = kb.end.height
    /// + 8`), in the order the code runs them.
    public var rules: [CodeRule] = []
    /// The strategy kbplay attaches to run the rest of the code, with the
    /// strategy's arguments (`formBottom padding 8`): the strategy and
    /// target above unless rules run some of the handlers; nil when the
    /// rules run them all.
    /// The class the code runs for when it is not the type itself: the
    /// controller whose `loadView` makes this view type its root view
    /// (`view = KeyboardResizingView()`), or the one that keeps this
    /// constraint subclass in a property (`formBottom =
    /// KeyboardLayoutConstraint(item: …)`).
    public var runsFor: String?
    public var runs: CodeStrategy?
    public var runsArguments: String?
    /// The strategy's options after its target, as the code gives them
    /// (child-delegate's `parent headerTop expand header`).
    public var strategyOptions: String?
    /// Whether the code sets up a manager for the whole app (IQKeyboardManager):
    /// the strategy runs on every screen, not on the type's own.
    public var appWide = false
}
