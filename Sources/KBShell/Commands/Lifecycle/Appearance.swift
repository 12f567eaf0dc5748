import KBModel

extension Commands {
    /// `appear`: viewWillAppear / viewDidAppear.
    struct Appear: Mutation {
        enum Args {
            static let controller = CommandArgument.text("CONTROLLER", .controller)
        }

        static let spec = CommandSpec("appear", [.value(Args.controller)], group: .lifecycle, traits: [.mutates],
            summary: "viewWillAppear / viewDidAppear",
            command: Appear.self)

        let controller: String

        init(_ p: ParsedCommand) throws { controller = try p.required(Args.controller) }

        func apply(to session: inout Session, _ log: inout ChangeLog) throws {
            log.take(try session.screen.appear(controller))
        }
    }

    /// `disappear`: viewWillDisappear / viewDidDisappear.
    struct Disappear: Mutation {
        typealias Args = Appear.Args

        static let spec = CommandSpec("disappear", [.value(Args.controller)], group: .lifecycle, traits: [.mutates],
            summary: "viewWillDisappear / viewDidDisappear",
            command: Disappear.self)

        let controller: String

        init(_ p: ParsedCommand) throws { controller = try p.required(Args.controller) }

        func apply(to session: inout Session, _ log: inout ChangeLog) throws {
            log.take(try session.screen.disappear(controller))
        }
    }
}
