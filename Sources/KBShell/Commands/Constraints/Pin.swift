import KBModel

extension Commands {
    /// `pin`: pin a view's four edges to a view or guide.
    struct Pin: Mutation {
        static let spec = CommandSpec("pin", [.value("VIEW", .view), .word("to"), .value("OWNER", .anchor),
                    .options([KeywordOption("inset", [("N", .number)]),
                              KeywordOption("insets", [("T", .number), ("L", .number), ("B", .number), ("R", .number)])])],
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
            if let n = p.number("N") { insets = EdgeInsets(all: n) }
            if let t = p.number("T") {
                insets = EdgeInsets(top: t, left: try p.requiredNumber("L"), bottom: try p.requiredNumber("B"),
                                    right: try p.requiredNumber("R"))
            }
            self.insets = insets
            view = try p.text("VIEW")
            owner = try p.text("OWNER")
        }

        func apply(to session: inout Session, _ log: inout ChangeLog) throws {
            log.take(try session.screen.pin(view, to: owner, insets: insets))
        }
    }
}
