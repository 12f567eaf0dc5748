import KBModel

extension Commands {
    /// `pin`: pin a view's four edges to a view or guide.
    struct Pin: Mutation {
        enum Args {
            static let view = CommandArgument.text("VIEW", .view)
            static let owner = CommandArgument.text("OWNER", .anchor)
            static let inset = CommandArgument.number("N")
            static let top = CommandArgument.number("T"), left = CommandArgument.number("L"), bottom = CommandArgument.number("B"),
                       right = CommandArgument.number("R")
        }

        static let spec = CommandSpec("pin", [.value(Args.view), .word("to"), .value(Args.owner),
                    .options([KeywordOption("inset", Args.inset),
                              KeywordOption("insets", Args.top, Args.left, Args.bottom, Args.right)])],
            group: .constraints, traits: [.mutates, .structural],
            summary: "pin a view's four edges to a view or guide",
            details: "Makes VIEW_top, VIEW_leading, VIEW_bottom and VIEW_trailing.",
            examples: ["pin scroll to Login.view.safeArea", "pin card to Login.view inset 16"],
            command: Pin.self)

        let view: String
        let owner: String
        let insets: EdgeInsets

        init(_ p: ParsedCommand) throws {
            var insets = EdgeInsets.zero
            if let n = try p[Args.inset] { insets = EdgeInsets(all: n) }
            if let t = try p[Args.top] {
                insets = EdgeInsets(top: t, left: try p.required(Args.left), bottom: try p.required(Args.bottom),
                                    right: try p.required(Args.right))
            }
            self.insets = insets
            view = try p.required(Args.view)
            owner = try p.required(Args.owner)
        }

        func apply(to session: inout Session, _ log: inout ChangeLog) throws {
            log.take(try session.screen.pin(view, to: owner, insets: insets))
        }
    }
}
