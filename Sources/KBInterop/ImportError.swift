/// What an importer could not read or rebuild: what was wrong and what
/// would work. The shell says it as a refused command.
public struct ImportError: Error, Equatable, Sendable {
    public var message: String
    public var suggestion: String?

    public init(_ message: String, suggestion: String? = nil) {
        self.message = message
        self.suggestion = suggestion
    }
}
