import KBInterop
import KBModel

extension Session {
    /// Takes what an importer made (``ImportResult``): its stage as the
    /// session's (a fresh session when it starts afresh: no name to save
    /// under, no history of events), what it said and did on the way, the
    /// events it played, and its names and members in the command's JSON.
    mutating func adopt(_ result: ImportResult, _ log: inout ChangeLog) {
        state = result.stage
        if result.startsAfresh {
            name = nil
            events = []
        }
        let said = result.log
        for event in said.events { record(event) }
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
}
