import KBModel

extension Commands {
    /// `new`: start an empty session.
    struct New: Mutation {
        static let spec = CommandSpec("new", [.optional([.value("DEVICE", .device)])], group: .sessions, traits: [.mutates, .structural, .startsScript],
            summary: "start an empty session",
            command: New.self)

        let device: String?

        init(_ p: ParsedCommand) { device = p.string("DEVICE") }

        func apply(to session: inout Session, _ log: inout ChangeLog) throws {
            var fresh = Session(sessionsDirectory: session.sessionsDirectory)
            if let device {
                _ = try fresh.screen.setDevice(device)
            } else if let start = session.startDevice {
                _ = try fresh.screen.setDevice(start.id, orientation: start.orientation)
            }
            fresh.historyLines = session.historyLines
            session.state = fresh.state
            session.name = nil
            session.events = []
        }
    }
}

extension Commands.New: SetsDevice {
    /// `new ID` starts an empty session on ID, in portrait.
    static func device(in parsed: ParsedCommand) -> (id: String, orientation: Orientation?)? {
        parsed.string("DEVICE").map { ($0, .portrait) }
    }
}
