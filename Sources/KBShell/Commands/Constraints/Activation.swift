import KBModel

extension Commands {
    /// `activate`: activate a constraint.
    struct Activate: Mutation {
        enum Args {
            static let name = CommandArgument.text("NAME", .constraint)
        }

        static let spec = CommandSpec("activate", [.value(Args.name)], group: .constraints, traits: [.mutates, .structural],
            summary: "activate a constraint", examples: ["activate formBottom"],
            command: Activate.self)

        let name: String

        init(_ p: ParsedCommand) throws { name = try p.required(Args.name) }

        func apply(to session: inout Session, _ log: inout ChangeLog) throws {
            log.take(try session.screen.activate(name))
        }
    }

    /// `deactivate`: deactivate a constraint (kept, not laid out).
    struct Deactivate: Mutation {
        typealias Args = Activate.Args

        static let spec = CommandSpec("deactivate", [.value(Args.name)], group: .constraints, traits: [.mutates, .structural],
            summary: "deactivate a constraint (kept, not laid out)", examples: ["deactivate formBottom"],
            command: Deactivate.self)

        let name: String

        init(_ p: ParsedCommand) throws { name = try p.required(Args.name) }

        func apply(to session: inout Session, _ log: inout ChangeLog) throws {
            log.take(try session.screen.deactivate(name))
        }
    }
}
