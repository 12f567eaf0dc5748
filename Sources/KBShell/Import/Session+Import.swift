import KBInterop
import KBModel

extension Session {
    /// Takes what an importer made (``ImportResult``): its stage as the
    /// session's (a fresh session when it starts afresh: no name to save
    /// under, no history of events), what it said and did on the way, the
    /// events it played, and its names and members in the command's JSON.
    mutating func adopt(_ result: ImportResult, _ log: inout ChangeLog) {
        if result.startsAfresh {
            var fresh = Session(sessionsDirectory: sessionsDirectory)
            fresh.state = result.stage
            state = fresh.state
            name = nil
            events = []
        } else {
            state = result.stage
        }
        var said = result.log
        for event in said.events { record(event) }
        said.events.removeAll()
        log.lines += said.entries
        log.notifications += said.notifications
        log.warnings += said.warnings
        log.flaws += said.flaws
        log.notes += said.notes
        log.stage.reportedConstants.formUnion(said.reportedConstants)
        if result.ambiguityIsNote { log.ambiguityIsNote = true }
        var names: [String: JSON] = [:]
        for (id, name) in result.names where names[id] == nil { names[id] = .string(name) }
        log.extra["names"] = .object(names)
        for (key, value) in result.members { log.extra[key] = value }
    }

    /// Takes an imported screen as the session's, with the strategies the
    /// import attached: a fresh session (no rules, keyboard state, history
    /// of events or name to save under), as every importer leaves it.
    mutating func adopt(_ screen: Screen, strategies: [Strategy] = []) {
        var fresh = Session(sessionsDirectory: sessionsDirectory)
        fresh.state.screen = screen
        fresh.state.strategies = strategies
        state = fresh.state
        name = nil
        events = []
    }
}
