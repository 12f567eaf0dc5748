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
    /// The column just past the line's end.
    public var endColumn: Int

    /// The line from `column` on.
    public func line(from column: Int) -> Substring {
        // When every character is one byte, a column is a UTF-8 offset.
        let start = line.utf8.count == endColumn - 1
            ? line.utf8.index(line.startIndex, offsetBy: column - 1)
            : line.index(line.startIndex, offsetBy: column - 1)
        return line[start...]
    }

    // The raw values by name, as the parser stored them (for the parser's
    // own tests and completion); a command reads its values through its
    // ``CommandArgument`` keys (`p[Args.rows]`, `p.required(Args.name)`).

    public func string(_ name: String) -> String? { values[name]?.text }

    public func number(_ name: String) -> Double? {
        guard let t = values[name] else { return nil }
        return Double(t.text)
    }
}

/// `v` as a whole number in `range`, or nil: a fraction, an infinity, NaN
/// or a number beyond `Int` is never in range (converting those with
/// `Int(_:)` would stop the program).
public func wholeNumber(_ v: Double, in range: ClosedRange<Int>) -> Int? {
    guard let n = Int(exactly: v), range.contains(n) else { return nil }
    return n
}
