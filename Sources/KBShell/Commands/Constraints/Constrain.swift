import KBModel

extension Commands {
    /// `constrain`: add an Auto Layout constraint.
    struct Constrain: Mutation {
        static let spec = CommandSpec("constrain", [.rest("ANCHOR (==|<=|>=) ANCHOR [* M] [(+|-) C] [@ PRIORITY] [as NAME]", .constraint)],
            group: .constraints, traits: [.mutates, .structural],
            summary: "add an Auto Layout constraint",
            details: "Also `constrain ANCHOR (==|<=|>=) C`. Priority 1…1000 (`@750` or `@ 750`), default 1000 (required). Unnamed constraints are named c1, c2, … A required constraint that cannot be satisfied is reported like UIKit and broken; the layout stays valid.",
            examples: ["constrain email.height == 40 as emailHeight", "constrain form.bottom <= Login.view.keyboard.top - 8 @ 999"],
            command: Constrain.self)

        let constraint: ConstraintLine

        init(_ p: ParsedCommand) throws {
            constraint = try ConstraintLine.parse(p.rest, endColumn: p.line.count + 1)
        }

        func apply(to session: inout Session, _ log: inout ChangeLog) throws {
            let c = constraint
            let relation = LayoutRelation(rawValue: c.relation.rawValue)!
            log.take(try session.screen.constrain(c.first, relation, c.second, multiplier: c.multiplier, constant: c.constant,
                                                  priority: c.priority, name: c.name))
        }
    }
}
