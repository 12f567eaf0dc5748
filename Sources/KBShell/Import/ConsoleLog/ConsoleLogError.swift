/// A console log kbplay cannot read: a conflict dump cut off or a
/// description it cannot parse, with its 1-based line and column in the
/// log and what was expected there.
struct ConsoleLogError: Error, Equatable, Sendable, CustomStringConvertible {
    var line: Int
    var column: Int
    var message: String
    var expected: String

    var description: String { "line \(line), column \(column): \(message); expected \(expected)" }
}
