/// A value path that reads nothing (an unknown name, a member a rectangle
/// does not have, a keyboard value before any notification): what was
/// wrong, the column of the path in the expression, and what would work.
public struct ValueError: Error, Equatable, Sendable {
    public var message: String
    public var column: Int?
    public var suggestion: String?

    public init(_ message: String, column: Int? = nil, suggestion: String? = nil) {
        self.message = message
        self.column = column
        self.suggestion = suggestion
    }
}
