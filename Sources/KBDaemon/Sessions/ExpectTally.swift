import KBShell

/// The `expect` lines of a session's current script and whether each held
/// when it last ran: what the workshop page counts as failing. A line run
/// again replaces its verdict (a student who fixes the layout and checks
/// again turns it green); `new`, `demo` and `load` start a new script. A
/// `source` whose script had an `expect` fail counts as one failing line.
/// Kept in the daemon's memory, not in the journal.
struct ExpectTally: Sendable {
    private var verdicts: [String: Bool] = [:]

    var failing: Int { verdicts.values.count { !$0 } }

    mutating func record(_ outcome: CommandOutcome) {
        guard outcome.status != .rejected else { return }
        // What the command is, from its traits (every command a daemon
        // runs passes here).
        if outcome.traits.contains(.startsScript) {
            verdicts = [:]
        } else if outcome.traits.contains(.statesExpectation) {
            if let expectation = outcome.expectation { verdicts[Self.key(outcome.command)] = expectation.passed }
        } else if outcome.traits.contains(.runsScript) {
            verdicts[Self.key(outcome.command)] = outcome.status != .expectFailed
        }
    }

    /// A line's verdict is kept under the line without its surrounding blanks.
    private static func key(_ command: String) -> String {
        command.trimmingCharacters(in: .whitespaces)
    }
}
