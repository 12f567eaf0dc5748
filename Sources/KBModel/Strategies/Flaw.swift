/// A known flaw of a keyboard-handling strategy, shown when it bites.
public struct Flaw: Hashable, Codable, Sendable {
    public enum ID: String, Hashable, Codable, Sendable, CaseIterable {
        /// `endFrame.height` used on hide: the hide end frame keeps the height.
        case hideKeepsHeight = "hide-keeps-height"
        /// `endFrame.height` used against a safe-area-relative constraint.
        case safeAreaDoubleCount = "safe-area-double-count"
        /// A frame-only change not observed.
        case missedFrameChange = "missed-frame-change"
        /// A child or non-full-screen view using screen coordinates as its own.
        case screenCoordinates = "screen-coordinates"
        /// The curve used as animation options without `<< 16`.
        case curveNotShifted = "curve-not-shifted"
        /// A handler firing for a controller not in the window.
        case observerAfterDisappear = "observer-after-disappear"
        /// The full height used while only an accessory is on screen.
        case hardwareKeyboardHeight = "hardware-keyboard-height"
        /// An undocked or floating keyboard reported as hidden.
        case undockedHideOnly = "undocked-hide-only"
    }

    public var id: ID
    public var strategy: StrategyKind
    public var controller: String
    /// Why it went wrong, with the numbers, and the fix.
    public var message: String
    /// The rule that showed it, when a rule made from a developer's
    /// handler (`import swift`) ran the flawed code; `strategy` is then
    /// the built-in strategy whose flaw text it shares.
    public var rule: String?

    /// What showed it: the strategy, or `rule`.
    public var source: String { rule == nil ? strategy.rawValue : "rule" }

    public init(_ id: ID, _ strategy: StrategyKind, _ controller: String, _ message: String) {
        self.id = id
        self.strategy = strategy
        self.controller = controller
        self.message = message
    }
}
