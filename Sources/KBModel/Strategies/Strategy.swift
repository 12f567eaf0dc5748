/// A keyboard-handling strategy attached to a controller
/// (`handle CONTROLLER with KIND ARGS`), with the state its source keeps.
public struct Strategy: Hashable, Codable, Sendable {
    public var kind: StrategyKind
    public var controller: String
    /// The constraint it drives (observer, controllable, layout-constraint,
    /// and the child's field constraint of child-delegate).
    public var constraint: String?
    /// child-delegate: the parent controller's constraint and the view whose
    /// height it uses.
    public var parentConstraint: String?
    public var expandView: String?
    /// content-inset: the scroll view.
    public var scrollView: String?
    /// observer: added to the keyboard's height.
    public var padding: Double = 0
    /// controllable: the inset kept below the view.
    public var inset: Double = 0
    /// controllable: the height used when the notification has no size.
    public var fallback: Double = 250
    /// layout-constraint: the constant at attach, and what is added on hide.
    public var offset: Double = 0
    public var downOffset: Double = 0
    /// auto-scroll: the gap kept between the field and the keyboard.
    public var distance: Double = 10

    public init(kind: StrategyKind, controller: String) {
        self.kind = kind
        self.controller = controller
    }

    /// A field an argument sets.
    public enum Field: String, Sendable, Equatable, CaseIterable {
        // The raw values are the members' keys in a session file.
        case constraint, parentConstraint, expandView, scrollView, padding, inset, fallback, offset, downOffset, distance

        /// Whether it holds a name (else a number).
        public var isName: Bool { [.constraint, .parentConstraint, .expandView, .scrollView].contains(self) }

        /// What it is, for "takes no …": `parent constraint`.
        public var noun: String {
            switch self {
            case .constraint: "constraint"
            case .parentConstraint: "parent constraint"
            case .expandView: "view to expand"
            case .scrollView: "scroll view"
            case .downOffset: "down-offset"
            default: rawValue
            }
        }
    }

    /// A number field's value.
    public func number(_ field: Field) -> Double {
        switch field {
        case .padding: padding
        case .inset: inset
        case .fallback: fallback
        case .offset: offset
        case .downOffset: downOffset
        case .distance: distance
        case .constraint, .parentConstraint, .expandView, .scrollView: 0
        }
    }

    /// The name a reference field holds (nil for a number field or an unset one).
    public func name(_ field: Field) -> String? {
        switch field {
        case .constraint: constraint
        case .parentConstraint: parentConstraint
        case .expandView: expandView
        case .scrollView: scrollView
        case .padding, .inset, .fallback, .offset, .downOffset, .distance: nil
        }
    }

    /// Sets a field from an argument: a name, or a number.
    public mutating func set(_ field: Field, name: String? = nil, number: Double = 0) {
        switch field {
        case .constraint: constraint = name
        case .parentConstraint: parentConstraint = name
        case .expandView: expandView = name
        case .scrollView: scrollView = name
        case .padding: padding = number
        case .inset: inset = number
        case .fallback: fallback = number
        case .offset: offset = number
        case .downOffset: downOffset = number
        case .distance: distance = number
        }
    }

    /// The objects it refers to, by its arguments: (name, is a constraint).
    /// It is detached when one of them goes.
    public var references: [(name: String, isConstraint: Bool)] {
        kind.arguments.filter(\.isReference).compactMap { a in
            name(a.field).map { ($0, a.value == .constraint) }
        }
    }

    /// Whether its observers are registered, given whether the controller is
    /// in the window.
    public func isRegistered(controllerAppeared: Bool) -> Bool {
        kind.outlivesDisappear || controllerAppeared
    }

    /// The line `handle` prints: what it observes and when.
    public var attachSummary: String {
        let observed = kind.observed.map(\.rawValue).joined(separator: " and ")
        if kind == .layoutGuide { return "\(controller) uses \(controller).view.keyboard: \(kind.registration)" }
        return "\(controller) observes \(observed) (\(kind.registration))"
    }
}

/// What kbplay needs from the screen to run a strategy's handler. Frames are
/// in window coordinates (the screen's when the window fills it) and
/// reflect every change made so far; notifications carry screen coordinates.
public protocol StrategyHost {
    var screenSize: Size { get }
    /// The app's window in screen coordinates (the screen, unless the app
    /// is in Split View, Slide Over or a Stage Manager window).
    var appWindowFrame: Rect { get }
    func isAppeared(_ controller: String) -> Bool
    func constant(of constraint: String) -> Double?
    /// Whether either side of the constraint is a safe-area anchor.
    func usesSafeArea(_ constraint: String) -> Bool
    mutating func setConstant(_ value: Double, of constraint: String)
    /// The window frame of a view (after layout).
    mutating func windowFrame(of view: String) -> Rect?
    mutating func safeAreaInsets(of view: String) -> EdgeInsets
    /// A frame set on a controller's root view (nil: laid out normally).
    func rootFrameOverride(of controller: String) -> Rect?
    /// The root view's frame as layout gives it, without an override.
    mutating func naturalRootFrame(of controller: String) -> Rect
    mutating func setRootFrame(_ frame: Rect?, of controller: String)
    mutating func contentInset(of scrollView: String) -> EdgeInsets?
    mutating func setContentInset(_ insets: EdgeInsets, of scrollView: String)
    /// Scrolls so that the focused field (or a text view's caret) is visible.
    mutating func scrollFocusToVisible(in scrollView: String)
    /// `scrollToRow(at:at: .none, animated:)`: scrolls `table` so that the
    /// row whose cell holds `view` is visible; the row, or nil when `view`
    /// is in no row of `table`.
    mutating func scrollRowToVisible(holding view: String, in table: String) -> Int?
    var focus: String? { get }
}

/// What a handler did: the lines to print and the flaws that showed.
public struct HandlerReport: Hashable, Sendable {
    public var strategy: StrategyKind
    public var controller: String
    /// `formBottom.constant 20 → 344`, each with its reason.
    public var effects: [HandlerEffect]
    public var flaws: [Flaw]
}
