import KBModel

extension Commands {
    /// `new`: start an empty session.
    struct New: Mutation {
        enum Args {
            static let device = CommandArgument.text("DEVICE", .device)
        }

        static let spec = CommandSpec("new", [.optional([.value(Args.device)])], group: .sessions, traits: [.mutates, .structural, .startsScript],
            summary: "start an empty session",
            command: New.self)

        let device: String?

        init(_ p: ParsedCommand) throws { device = try p[Args.device] }

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
        (try? parsed[Args.device])?.map { ($0, .portrait) }
    }
}
