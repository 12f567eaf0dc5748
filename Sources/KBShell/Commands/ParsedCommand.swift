/// A command line matched against its ``CommandSpec``.
public struct ParsedCommand: Sendable {
    public var spec: CommandSpec
    /// The tokens of the command's values, by their names in the grammar.
    public var values: [String: Token]
    /// Keywords and fixed words that were present (`in`, `svg`, `spacing`).
    public var present: Set<String>
    /// The tokens of a `.rest` element.
    public var rest: [Token]
    /// The column where the rest starts (the line's end if empty).
    public var restColumn: Int
    public var line: String

    public func string(_ name: String) -> String? { values[name]?.text }

    public func number(_ name: String) -> Double? {
        guard let t = values[name] else { return nil }
        return Double(t.text)
    }
}
