import KBModel

extension SwiftExporter {
    /// Writes the constraints a controller's class makes: stored ones
    /// assigned to their properties, then every active one activated at
    /// once; an inactive one is made and kept, not activated.
    mutating func writeConstraints(of controller: String) {
        var assigned: [String] = []
        var activated: [String] = []
        for c in screen.constraints {
            // Made in its cell, by the data source; or tying a cell's views
            // to others, which code cannot.
            let placement = cellPlacement(c)
            if case .cell? = placement { continue }
            let home = placement == nil ? home(of: c) : nil
            if home == nil, c.views.first.flatMap({ try? screen.view(named: $0) })?.controller == controller {
                assigned.append("// kbplay: \(c.name) (\(c.equation)) is left out: \(unreachableReason(c))")
                continue
            }
            guard home == controller else { continue }
            let keyboardConstraint = strategies.first { $0.kind == .layoutConstraint && $0.constraint == c.name }
            guard let expression = keyboardConstraint != nil
                    ? itemConstraint(c, from: controller, type: "KeyboardLayoutConstraint",
                                     constant: keyboardConstraint?.offset ?? c.constantAtRest)
                    : constraintExpression(c, from: controller) else { continue }
            let named = expression + Self.naming(c)
            var notes: [String] = []
            if c.isBroken {
                notes.append("// kbplay: UIKit breaks \(c.name): it conflicts with required constraints (its equation cannot hold with them)")
            }
            if !c.isActive { notes.append("// kbplay: \(c.name) is inactive in this session: made and kept, not activated") }
            if keyboardConstraint == nil, c.restingConstant != nil {
                notes.append("// kbplay: \(c.name) is \(SwiftExporter.number(c.constant)) in this session, as its keyboard handlers left it; \(SwiftExporter.number(c.constantAtRest)) at rest")
            }
            if isStored(c), let ref = classes[controller]?.names.callName(c.name) {
                let type = keyboardConstraint != nil ? "KeyboardLayoutConstraint" : "NSLayoutConstraint"
                update(controller) { $0.properties.append("var \(ref): \(type)!") }
                assigned += notes
                assigned.append("\(ref) = \(named)")
                if c.isActive { activated.append(ref) }
            } else {
                activated += notes
                activated.append(named)
            }
        }
        update(controller) {
            $0.constraintLines = assigned
            $0.activated = activated
        }
    }

    /// Why a constraint has no class that can make it.
    func unreachableReason(_ c: LayoutConstraint) -> String {
        if let inCell = c.views.first(where: { cell(containing: $0) != nil }) {
            return "\(inCell) is in a table cell, which the table's data source makes after the screen: a constraint to views outside the cell cannot be made in code"
        }
        return "its views are in controllers neither of which holds the other"
    }

    /// `.named("ID")`, with the priority when it is not required.
    static func naming(_ c: LayoutConstraint) -> String {
        let literal = stringLiteral(c.name)
        return c.priority == 1000 ? ".named(\(literal))" : ".named(\(literal), priority: \(priority(c.priority)))"
    }

    /// The constraint as the anchor API writes it, or through
    /// `NSLayoutConstraint(item:…)` when anchors cannot: a multiplier on a
    /// position, or a position set to a constant.
    func constraintExpression(_ c: LayoutConstraint, from controller: String) -> String? {
        guard let first = ownerReference(c.first, from: controller) else { return nil }
        let relation: String
        switch c.relation {
        case .equal: relation = "equalTo"
        case .lessOrEqual: relation = "lessThanOrEqualTo"
        case .greaterOrEqual: relation = "greaterThanOrEqualTo"
        }
        let isSize = c.first.attribute.kind == .size
        guard let secondAnchor = c.second else {
            guard isSize else { return itemConstraint(c, from: controller, type: "NSLayoutConstraint", constant: c.constantAtRest) }
            return "\(first).\(c.first.attribute.rawValue)Anchor.constraint(\(relation)Constant: \(SwiftExporter.number(c.constantAtRest)))"
        }
        guard let second = ownerReference(secondAnchor, from: controller) else { return nil }
        if c.multiplier != 1 && !isSize {
            return itemConstraint(c, from: controller, type: "NSLayoutConstraint", constant: c.constantAtRest)
        }
        var arguments = "\(relation): \(second).\(secondAnchor.attribute.rawValue)Anchor"
        if c.multiplier != 1 { arguments += ", multiplier: \(SwiftExporter.number(c.multiplier))" }
        if c.constantAtRest != 0 { arguments += ", constant: \(SwiftExporter.number(c.constantAtRest))" }
        return "\(first).\(c.first.attribute.rawValue)Anchor.constraint(\(arguments))"
    }

    /// `TYPE(item:attribute:relatedBy:toItem:attribute:multiplier:constant:)`.
    func itemConstraint(_ c: LayoutConstraint, from controller: String, type: String, constant: Double) -> String? {
        guard let first = ownerReference(c.first, from: controller) else { return nil }
        let relation: String
        switch c.relation {
        case .equal: relation = ".equal"
        case .lessOrEqual: relation = ".lessThanOrEqual"
        case .greaterOrEqual: relation = ".greaterThanOrEqual"
        }
        var second = "nil"
        var secondAttribute = ".notAnAttribute"
        if let anchor = c.second {
            guard let ref = ownerReference(anchor, from: controller) else { return nil }
            second = ref
            secondAttribute = "." + anchor.attribute.rawValue
        }
        return "\(type)(item: \(first), attribute: .\(c.first.attribute.rawValue), relatedBy: \(relation), toItem: \(second), attribute: \(secondAttribute), multiplier: \(SwiftExporter.number(c.second == nil ? 1 : c.multiplier)), constant: \(SwiftExporter.number(constant)))"
    }
}
