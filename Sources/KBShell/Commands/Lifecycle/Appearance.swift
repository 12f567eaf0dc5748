import KBModel

extension Commands {
    /// `appear`: viewWillAppear / viewDidAppear.
    struct Appear: Mutation {
        static let spec = CommandSpec("appear", [.value("CONTROLLER", .controller)], group: .lifecycle, traits: [.mutates],
            summary: "viewWillAppear / viewDidAppear",
            command: Appear.self)

        let controller: String

        init(_ p: ParsedCommand) throws { controller = try p.text("CONTROLLER") }

        func apply(to session: inout Session, _ log: inout ChangeLog) throws {
            log.take(try session.screen.appear(controller))
        }
    }

    /// `disappear`: viewWillDisappear / viewDidDisappear.
    struct Disappear: Mutation {
        static let spec = CommandSpec("disappear", [.value("CONTROLLER", .controller)], group: .lifecycle, traits: [.mutates],
            summary: "viewWillDisappear / viewDidDisappear",
            command: Disappear.self)

        let controller: String

        init(_ p: ParsedCommand) throws { controller = try p.text("CONTROLLER") }

        func apply(to session: inout Session, _ log: inout ChangeLog) throws {
            log.take(try session.screen.disappear(controller))
        }
    }
}
