import KBModel

extension Commands {
    /// `handle`: attach a keyboard-handling strategy to a controller.
    struct Handle: Mutation {
        static let spec = CommandSpec("handle", [.value("CONTROLLER", .controller), .word("with"), .value("STRATEGY", .strategy),
                       .rest("ARGS", .strategyArguments)],
            group: .strategies, traits: [.mutates],
            summary: "attach a keyboard-handling strategy to a controller",
            examples: ["handle Login with observer formBottom padding 8", "handle Login with layout-guide"],
            command: Handle.self)

        let controller: String
        let strategy: Token
        let arguments: RestArgument

        init(_ p: ParsedCommand) throws {
            controller = try p.text("CONTROLLER")
            strategy = try p.required("STRATEGY")
            arguments = p.restArgument
        }

        func apply(to session: inout Session, _ log: inout ChangeLog) throws {
            try session.attach(controller, strategy, arguments, &log)
        }
    }
}
