import NIOCore

/// What became of a command handed to a ``SessionHost``.
enum EvalOutcome: Sendable {
    /// It ran. Its reply may go out once `pending` is on disk (nil for a
    /// rejected command, which changed nothing and is not journaled). The
    /// result is the command's JSON, as bytes (``JSONBytes/result(of:)``);
    /// `said` is what a page's reply tells of it, from the outcome itself.
    case ran(ByteBuffer, pending: PendingSync?, said: EvalSaid)
    /// It ran but could not be journaled; the session goes back to what its
    /// journal holds before the next command.
    case failed(any Error)
    /// The session was closed before the command ran: look it up again.
    case closed
}
