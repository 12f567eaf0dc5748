/// A console log kbplay cannot read: a conflict dump cut off or a
/// description it cannot parse, with its 1-based line and column in the
/// log and what was expected there.
public struct ConsoleLogError: Error, Equatable, Sendable, CustomStringConvertible {
    public var line: Int
    public var column: Int
    public var message: String
    public var expected: String

    public var description: String { "line \(line), column \(column): \(message); expected \(expected)" }
}
