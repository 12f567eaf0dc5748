/// Why a session's journal cannot be read back: the session is then not
/// loaded (a request for it gets this as its error, and the daemon says so
/// on standard error), and its journal is left exactly as it is.
enum JournalError: Error, Equatable, CustomStringConvertible {
    /// A line before the last is not a record: the commands after it would
    /// replay on another session than the one acknowledged.
    case damaged(path: String, line: Int, reason: String)
    /// The journal was written by a later kbplay, whose commands may mean
    /// something else.
    case newerVersion(path: String, version: Int, supported: Int)

    var description: String {
        switch self {
        case let .damaged(path, line, reason):
            return "\(path):\(line): a damaged record (\(reason)); the session is not loaded, since the commands after it would replay on another session than the one acknowledged. Mend or remove that line, or move the journal away to start the session anew"
        case let .newerVersion(path, version, supported):
            return "\(path) is a journal of format version \(version), written by a later kbplay; this one reads versions up to \(supported). Serve the session with that kbplay, or move the journal away to start the session anew"
        }
    }
}
