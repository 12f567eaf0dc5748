import KBModel

extension Commands {
    /// `demo`: load the built-in demo session.
    struct Demo: Mutation {
        static let spec = CommandSpec("demo", group: .sessions, traits: [.mutates, .structural, .startsScript], summary: "load the built-in demo session",
            command: Demo.self)

        init(_ p: ParsedCommand) {}

        func apply(to session: inout Session, _ log: inout ChangeLog) throws {
            var demo = Session.demo().state
            if let start = session.startDevice {
                demo.screen = Screen.demo(device: try DeviceCatalog.standard.lookup(start.id), orientation: start.orientation)
            }
            session.state = demo
            session.name = "demo"
            session.events = []
        }
    }
}
