import KBModel

extension Commands {
    /// `handle`: attach a keyboard-handling strategy to a controller.
    struct Handle: Mutation {
        enum Args {
            static let controller = CommandArgument.text("CONTROLLER", .controller)
            static let strategy = CommandArgument.token("STRATEGY", .strategy)
        }

        static let spec = CommandSpec("handle", [.value(Args.controller), .word("with"), .value(Args.strategy),
                       .rest("ARGS", .strategyArguments)],
            group: .strategies, traits: [.mutates],
            summary: "attach a keyboard-handling strategy to a controller",
            examples: ["handle Login with observer formBottom padding 8", "handle Login with layout-guide"],
            command: Handle.self)

        let controller: String
        let strategy: Token
        let arguments: RestArgument

        init(_ p: ParsedCommand) throws {
            controller = try p.required(Args.controller)
            strategy = try p.required(Args.strategy)
            arguments = p.restArgument
        }

        func apply(to session: inout Session, _ log: inout ChangeLog) throws {
            try session.attach(controller, strategy, arguments, &log)
        }
    }
}
