/// What a session plays the keyboard on: the screen, the keyboard, and the
/// strategies and rules attached to the screen's controllers. A value:
/// what `undo` restores and what a session file holds.
///
/// Its behaviour is the model's, with no I/O: posting a keyboard
/// transition to the handlers (``post(_:_:listed:)``), the events that
/// post one (ending editing, a setting of the keyboard, the first
/// responder's input views changing), scrolling (``scroll(_:by:_:)``),
/// changing the device (``setDevice(_:orientation:_:)``,
/// ``rotate(to:_:)``), the values a rule or `expect` reads
/// (``value(of:column:notification:last:)``) and the caret's verdict
/// (``caretReport(in:)``). What each did is written to a ``StageLog``.
public struct Stage: Sendable, Equatable {
    public var screen: Screen
    public var keyboard: Keyboard
    public var strategies: [Strategy]
    public var rules: [Rule]

    public init(screen: Screen = Screen(), keyboard: Keyboard = Keyboard(), strategies: [Strategy] = [], rules: [Rule] = []) {
        self.screen = screen
        self.keyboard = keyboard
        self.strategies = strategies
        self.rules = rules
    }
}
