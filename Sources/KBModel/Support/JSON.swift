/// A JSON value whose text is deterministic and valid JSON: object keys
/// sorted, numbers with at most two decimals, `-0` written `0`, infinities
/// and NaN written `null`. The value lives in the model so that what an
/// importer reports beside the screen (``ImportResult``'s members) is
/// typed; its text is written at the edge, by the shell.
public enum JSON: Equatable, Sendable {
    case null
    case bool(Bool)
    case number(Double)
    case string(String)
    case array([JSON])
    case object([String: JSON])
    /// JSON text written as it is, never parsed or normalised: the daemon
    /// echoes a request's `id` this way, byte for byte as the client wrote
    /// it (`9007199254740993` or `0.125` would not survive as a number).
    /// The text must be one valid JSON value.
    case verbatim(String)
}
