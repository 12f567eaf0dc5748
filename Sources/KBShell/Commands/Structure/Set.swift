import KBModel

extension Commands {
    /// `set`: set a constraint's constant or priority, or a view's property.
    struct Set: Mutation {
        enum Args {
            static let target = CommandArgument.token("TARGET", .anchor)
        }

        static let spec = CommandSpec("set", [.value(Args.target), .rest("[=] VALUE", .expression)], group: .structure, traits: [.mutates, .structural],
            summary: "set a constraint's constant or priority, or a view's property",
            details: "NAME.constant, NAME.priority, " + ViewProperty.helpText + ". A constant takes an expression of the rule language.",
            examples: ["set formBottom.constant = 344", "set email.hugging.vertical 251", "set signIn.hidden on"],
            command: Set.self)

        let target: Token
        let value: RestArgument
        let usage: String

        init(_ p: ParsedCommand) throws {
            target = try p.required(Args.target)
            value = p.restArgument
            usage = p.spec.usage
        }

        func apply(to session: inout Session, _ log: inout ChangeLog) throws {
            try session.set(target, value, usage: usage, &log)
        }
    }
}
