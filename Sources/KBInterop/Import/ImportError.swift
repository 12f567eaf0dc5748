/// What an importer could not read or rebuild: what was wrong, what would
/// work, and where on the command line it points. The shell says it as a
/// refused command.
public struct ImportError: Error, Equatable, Sendable {
    /// What an error points at on the `import` line.
    public enum Place: Equatable, Sendable {
        /// The file's name.
        case file
        /// The value given after a keyword (`device bogus`).
        case value(of: String)
    }

    public var message: String
    public var suggestion: String?
    /// Nil: the line as a whole.
    public var place: Place?

    public init(_ message: String, suggestion: String? = nil, place: Place? = nil) {
        self.message = message
        self.suggestion = suggestion
        self.place = place
    }
}
