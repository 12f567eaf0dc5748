import KBModel

/// A rejected command line: what was wrong, where (1-based column), and
/// what would work.
public struct CommandError: Error, Equatable, Sendable {
    public var message: String
    public var column: Int?
    public var suggestion: String?

    public init(_ message: String, column: Int? = nil, suggestion: String? = nil) {
        self.message = message
        self.column = column
        self.suggestion = suggestion
    }
}

extension CommandError {
    /// A value path the model could not read, said as the command's error.
    public init(_ error: ValueError) {
        self.init(error.message, column: error.column, suggestion: error.suggestion)
    }
}
