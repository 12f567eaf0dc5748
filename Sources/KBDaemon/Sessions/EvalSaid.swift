import KBShell

/// What a page's reply tells of a command that ran: whether it was
/// accepted and its printed text, taken from the outcome's fields (not
/// read back from its JSON).
struct EvalSaid: Sendable {
    var ok: Bool
    var output: String

    init(_ outcome: CommandOutcome) {
        ok = outcome.status != .rejected && outcome.status != .ioError
        output = outcome.text
    }
}
