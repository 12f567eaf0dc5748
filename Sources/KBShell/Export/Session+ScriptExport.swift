import KBModel
import KBInterop

extension Session {
    /// The session as a script of commands that rebuilds it (`export
    /// kbs`): ``ScriptExporter/script(of:)`` of its state. Running it from
    /// an empty session lays the screen out as this one is; the undo
    /// history and the events posted are not in it.
    public func script() -> String { ScriptExporter.script(of: state) }

    /// A number as a script writes it back exactly (``ScriptText/number(_:)``).
    static func number(_ x: Double) -> String { ScriptText.number(x) }
}
