import KBModel

extension Commands {
    /// `on`: a rule of your own, run on a keyboard notification.
    struct On: Mutation {
        enum Args {
            static let controller = CommandArgument.text("CONTROLLER", .controller)
        }

        static let spec = CommandSpec("on", [.value(Args.controller), .rest("EVENT: set NAME.constant = EXPR", .rule)],
            group: .strategies, traits: [.mutates],
            summary: "a rule of your own, run on a keyboard notification",
            examples: ["on Login keyboardWillShow: set formBottom.constant = kb.end.height - Login.view.safeAreaInsets.bottom + 8"],
            command: On.self)

        let controller: String
        let rule: RestArgument

        init(_ p: ParsedCommand) throws {
            controller = try p.required(Args.controller)
            rule = p.restArgument
        }

        func apply(to session: inout Session, _ log: inout ChangeLog) throws {
            try session.addRule(controller, rule, &log)
        }
    }
}
