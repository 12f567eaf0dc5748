/// One keyboard-handling strategy: its arguments (which drive `handle`'s
/// parsing, its usage and its completion), the names it refers to (which
/// drive its detachment when they go), where its source registers its
/// observers, and its handler with the flaw checks of its source. One type
/// each, in `Strategies/Kinds/`; ``StrategyKind/type`` names them.
public protocol KeyboardStrategy {
    static var kind: StrategyKind { get }
    /// Its arguments after its name: positional ones first, then keyword
    /// options in any order.
    static var arguments: [StrategyArgument] { get }
    /// The source it follows, as the table of docs/strategies.md names it
    /// (`export swift` says it in each strategy's first comment).
    static var source: String { get }
    /// The flaws `export swift fixed` fixes in its code (the others stay,
    /// with their comment); a missed frame change only when its fix is to
    /// observe keyboardWillChangeFrame.
    static var fixedInSwift: Set<Flaw.ID> { get }
    /// Where the source registers its observers and whether it removes them.
    static var registration: String { get }
    /// Whether the observers stay registered after the controller leaves the window.
    static var outlivesDisappear: Bool { get }
    /// The notifications the source observes.
    static var observed: [KeyboardNotification.Name] { get }
    /// Runs the handler for a notification it observes, as its source's
    /// code does, flaws included; nil when it does nothing.
    static func handle<Host: StrategyHost>(_ strategy: inout Strategy, _ handler: inout Handler, host: inout Host) -> Bool
    /// What attaching it reads from the screen (layout-constraint keeps the
    /// constant it finds).
    static func attached(_ strategy: inout Strategy, constantOf constraint: (String) -> Double?)
    /// The fields ``attached(_:constantOf:)`` sets, beside its arguments'.
    static var fieldsSetWhenAttached: [Strategy.Field] { get }
    /// Writes it as the code of its source for `export swift`, into the
    /// class of its controller (and others it touches) through the host;
    /// `summary` is its first comment line.
    static func writeSwift<Host: SwiftTemplateHost>(_ strategy: Strategy, summary: String, into host: inout Host)
}

extension KeyboardStrategy {
    public static func attached(_ strategy: inout Strategy, constantOf constraint: (String) -> Double?) {}
    public static var fieldsSetWhenAttached: [Strategy.Field] { [] }

    /// `observer CONSTRAINT [padding N]`: the usage, from the arguments.
    public static var usage: String {
        ([kind.rawValue] + arguments.map(\.usage)).joined(separator: " ")
    }
}

/// An argument of a strategy: a name it refers to or a number, positional
/// or after its keyword, and the field of ``Strategy`` it sets.
public struct StrategyArgument: Sendable, Equatable {
    public enum Value: Sendable, Equatable {
        /// A constraint the strategy drives.
        case constraint
        /// A view it reads.
        case view
        /// A scroll view whose insets it sets.
        case scrollView
        case number
    }

    /// nil: positional.
    public var keyword: String?
    /// `CONSTRAINT`, `N`.
    public var placeholder: String
    public var value: Value
    /// What it is, for errors: "the constraint to drive".
    public var what: String
    public var field: Strategy.Field
    public var required: Bool

    public static func positional(_ placeholder: String, _ value: Value, _ what: String, _ field: Strategy.Field) -> StrategyArgument {
        StrategyArgument(keyword: nil, placeholder: placeholder, value: value, what: what, field: field, required: true)
    }

    public static func option(_ keyword: String, _ placeholder: String, _ value: Value, _ what: String, _ field: Strategy.Field,
                              required: Bool = false) -> StrategyArgument {
        StrategyArgument(keyword: keyword, placeholder: placeholder, value: value, what: what, field: field, required: required)
    }

    /// `CONSTRAINT`, `[padding N]`, `parent PARENT_CONSTRAINT`.
    public var usage: String {
        guard let keyword else { return placeholder }
        return required ? "\(keyword) \(placeholder)" : "[\(keyword) \(placeholder)]"
    }

    /// Whether it names an object (and so detaches its strategy when that goes).
    public var isReference: Bool { value != .number }
}

/// What a handler works with: the notification, the keyboard and the
/// report it fills, and the checks several sources share. The host screen
/// is passed beside it (`inout`, so a handler changes the screen in place).
public struct Handler {
    public var notification: KeyboardNotification
    public var context: KeyboardContext
    public var report: HandlerReport
    public let kind: StrategyKind
    public let controller: String
    /// The screen's height when the notification arrived.
    public let screenHeight: Double

    public init(_ notification: KeyboardNotification, context: KeyboardContext, kind: StrategyKind, controller: String,
                screenHeight: Double) {
        self.notification = notification
        self.context = context
        self.kind = kind
        self.controller = controller
        self.screenHeight = screenHeight
        report = HandlerReport(strategy: kind, controller: controller, effects: [], flaws: [])
    }

    var n: KeyboardNotification { notification }
    var showing: Bool { notification.name == .willShow }
    /// How much of the keyboard is on screen by its end frame.
    var onScreen: Double { max(0, screenHeight - notification.end.minY) }

    mutating func flaw(_ id: Flaw.ID, _ message: String) {
        report.flaws.append(Flaw(id, kind, controller, message))
    }

    /// Sets a constraint's constant, reporting before → after and why.
    mutating func set<Host: StrategyHost>(_ name: String, _ value: Double, _ why: String, host: inout Host) {
        let before = host.constant(of: name) ?? 0
        host.setConstant(value, of: name)
        report.effects.append(HandlerEffect(.constant(name), before: .points(before), after: .points(value), why: why))
    }

    /// `hardware-keyboard-height`: the full height used while only the
    /// accessory is on screen.
    mutating func hardwareCheck(_ uses: String) {
        let p = formatPoints
        if showing && context.keyboard.hardware && onScreen < n.end.height {
            flaw(.hardwareKeyboardHeight,
                 "a hardware keyboard is attached: only \(p(onScreen)) pt of the keyboard is on screen (endFrame.minY \(p(n.end.minY))), but \(uses) uses endFrame.height (\(p(n.end.height))). fix: use the overlap \(p(screenHeight)) − endFrame.minY")
        }
    }

    /// `screen-coordinates`: endFrame.height used although the controller's
    /// view does not reach the screen's bottom (a sheet, a Stage Manager
    /// window): the keyboard covers another amount of it, the overlap of
    /// the end frame converted to the view.
    mutating func screenCoordinatesCheck<Host: StrategyHost>(_ uses: String, host: inout Host) {
        let p = formatPoints
        guard showing, onScreen > 0, let (inScreen, overlap) = viewShortOfTheScreensBottom(host: &host) else { return }
        let w = host.appWindowFrame
        let place = w == Rect(origin: Point(x: 0, y: 0), size: host.screenSize) ? "" : " (the app's window is \(w) on the screen)"
        flaw(.screenCoordinates,
             "\(controller).view is \(inScreen) in screen coordinates\(place), so its bottom is \(p(screenHeight - inScreen.maxY)) pt above the screen's: the keyboard covers \(p(overlap)) pt of it, but \(uses) uses endFrame.height (\(p(n.end.height))), which is right only for a view reaching the screen's bottom. fix: convert the end frame from the screen's coordinate space, view.convert(endFrame, from: view.window?.windowScene?.screen.coordinateSpace ?? UIScreen.main.coordinateSpace) and use its overlap with view.bounds, or UIKeyboardLayoutGuide")
    }

    /// The controller's view in screen coordinates and the end frame's
    /// overlap with it, when the view does not reach the screen's bottom
    /// (then endFrame.height is not what the keyboard covers of it).
    mutating func viewShortOfTheScreensBottom<Host: StrategyHost>(host: inout Host) -> (frame: Rect, overlap: Double)? {
        guard let root = host.windowFrame(of: controller + ".view") else { return nil }
        let w = host.appWindowFrame
        let inScreen = root.offsetBy(dx: w.minX, dy: w.minY)
        guard inScreen.maxY < screenHeight - 0.5 else { return nil }
        return (inScreen, max(0, min(inScreen.maxY, n.end.maxY) - max(inScreen.minY, n.end.minY)))
    }

    /// `undocked-hide-only`: an undocked or floating keyboard reported as hidden.
    mutating func undockedCheck() {
        if n.name == .willHide && n.end.minY < screenHeight {
            flaw(.undockedHideOnly,
                 "the keyboard was undocked or floats: iOS reports it with keyboardWillHide although it stays on screen at \(n.end), so \(controller) treats it as gone. fix: observe keyboardWillChangeFrame and use the overlap of the end frame with the view, or UIKeyboardLayoutGuide with followsUndockedKeyboard")
        }
    }

    /// `safe-area-double-count`: endFrame.height against a constraint
    /// measured from the safe area.
    mutating func safeAreaCheck<Host: StrategyHost>(_ name: String, extra: Double, host: inout Host) {
        let bottom = host.safeAreaInsets(of: controller + ".view").bottom
        guard showing, bottom > 0, host.usesSafeArea(name), onScreen > 0 else { return }
        flaw(.safeAreaDoubleCount, Flaw.safeAreaDoubleCountMessage(name, height: n.end.height, bottom: bottom, extra: extra, controller: controller))
    }
}
