import KBModel
import SwiftSyntax

/// SnapKit's `view.snp.makeConstraints { make in … }`, `remakeConstraints`
/// (the view's earlier SnapKit constraints go) and `updateConstraints`
/// (the constant and priority of the matching one change).
extension LayoutCodeReader {
    /// `make.edges` → top, left, bottom, right; `make.size` → width, height.
    static let snapAttributes: [String: [Anchor.Attribute]] = [
        "top": [.top], "bottom": [.bottom], "left": [.left], "right": [.right], "leading": [.leading], "trailing": [.trailing],
        "width": [.width], "height": [.height], "centerX": [.centerX], "centerY": [.centerY],
        "edges": [.top, .left, .bottom, .right], "directionalEdges": [.top, .leading, .bottom, .trailing],
        "horizontalEdges": [.left, .right], "verticalEdges": [.top, .bottom],
        "directionalHorizontalEdges": [.leading, .trailing], "directionalVerticalEdges": [.top, .bottom],
        "size": [.width, .height], "center": [.centerX, .centerY],
    ]

    /// One link of a chain: `equalTo(x)`, `offset(8)`, `top`.
    struct Link {
        var name: String
        var arguments: LabeledExprListSyntax?
    }

    static func chain(_ e: ExprSyntax) -> [Link]? {
        let e = unwrapped(e)
        if let call = e.as(FunctionCallExprSyntax.self) {
            guard var links = chain(call.calledExpression), !links.isEmpty else { return nil }
            links[links.count - 1].arguments = call.arguments
            return links
        }
        if let m = e.as(MemberAccessExprSyntax.self), let base = m.base {
            guard let links = chain(base) else { return nil }
            return links + [Link(name: m.declName.baseName.text)]
        }
        if let d = e.as(DeclReferenceExprSyntax.self) { return [Link(name: d.baseName.text)] }
        return nil
    }

    mutating func snapKit(_ call: FunctionCallExprSyntax, view rawView: String, mode: String, file: Int, t: TypeInfo, b: Build) {
        let view = rawView == "view" ? codeScreenRoot : rawView
        let place = index.place(call, file: file)
        guard let closure = call.trailingClosure ?? call.arguments.first?.expression.as(ClosureExprSyntax.self) else {
            note(place, "\(rawView).snp.\(mode) without a closure: not built")
            return
        }
        var maker = "$0"
        switch closure.signature?.parameterClause {
        case .simpleInput(let list): maker = list.first?.name.text ?? maker
        case .parameterClause(let clause): maker = clause.parameters.first?.firstName.text ?? maker
        case nil: break
        }
        b.autoLayoutViews.insert(view)
        if mode == "remakeConstraints" { b.constraints.removeAll { $0.snap == view } }
        for item in closure.statements {
            guard var expr = Syntax(item.item).as(ExprSyntax.self) else { continue }
            var name: String?
            if let q = expr.as(SequenceExprSyntax.self) {
                let e = Array(q.elements)
                if e.count == 3, e[1].is(AssignmentExprSyntax.self) {
                    name = normal(e[0].trimmedDescription)
                    expr = e[2]
                }
            }
            let here = index.place(expr, file: file)
            guard let made = snapConstraints(expr, view: view, maker: maker, place: here, t: t, b: b) else { continue }
            for var c in made {
                if made.count == 1, let name, !name.contains(".") { c.name = name }
                if mode == "updateConstraints",
                   let i = b.constraints.firstIndex(where: { $0.snap == view && $0.c.first == c.first && $0.c.second == c.second && $0.c.relation == c.relation }) {
                    b.constraints[i].c.constant = c.constant
                    if let p = c.priority { b.constraints[i].c.priority = p }
                    continue
                }
                b.constraints.append((c, view))
            }
        }
    }

    /// One `make.…` line's constraints.
    private mutating func snapConstraints(_ expr: ExprSyntax, view: String, maker: String, place: Place, t: TypeInfo, b: Build)
        -> [CodeScreen.Constraint]? {
        let text = expr.trimmedDescription
        guard var links = Self.chain(expr), links.first?.name == maker else {
            note(place, "\(text) is not a SnapKit constraint kbplay reads: not built")
            return nil
        }
        links.removeFirst()
        if links.last?.name == "constraint" { links.removeLast() }
        var attributes: [Anchor.Attribute] = []
        while let l = links.first, l.arguments == nil {
            guard let a = Self.snapAttributes[l.name] else {
                note(place, "make.\(l.name) is not an attribute kbplay models: not built")
                return nil
            }
            attributes += a
            links.removeFirst()
        }
        guard !attributes.isEmpty, let relationLink = links.first else {
            note(place, "\(text) has no relation (equalTo, lessThanOrEqualTo, greaterThanOrEqualTo): not built")
            return nil
        }
        links.removeFirst()
        let relations = ["equalTo": "==", "lessThanOrEqualTo": "<=", "greaterThanOrEqualTo": ">=",
                         "equalToSuperview": "==", "lessThanOrEqualToSuperview": "<=", "greaterThanOrEqualToSuperview": ">="]
        guard let relation = relations[relationLink.name] else {
            note(place, ".\(relationLink.name) is not a SnapKit relation kbplay reads: not built")
            return nil
        }
        let superview = b.parent(of: view)
        // The target: per attribute, the second anchor and a constant.
        var seconds: [Anchor?] = attributes.map { Anchor(superview, nil, $0) }
        var constants: [Double] = attributes.map { _ in 0 }
        if !relationLink.name.hasSuffix("Superview") {
            guard let arg = relationLink.arguments?.first?.expression else {
                note(place, "\(relationLink.name)() names no target: not built")
                return nil
            }
            if let x = number(arg, owner: t) {
                // A number: a size's constant, else the superview's same
                // attribute plus it.
                for (i, a) in attributes.enumerated() {
                    constants[i] = x
                    if a.kind == .size { seconds[i] = nil }
                }
            } else if let call = arg.as(FunctionCallExprSyntax.self), call.calledExpression.trimmedDescription == "CGSize" {
                for (i, a) in attributes.enumerated() {
                    guard let v = call.arguments.first(where: { $0.label?.text == a.rawValue }), let x = number(v.expression, owner: t) else {
                        note(place, "\(arg.trimmedDescription) is not a size kbplay can read: not built")
                        return nil
                    }
                    constants[i] = x
                    seconds[i] = nil
                }
            } else {
                let target = normal(arg.trimmedDescription)
                var ownerText = target, attributeName: String?
                if let r = target.range(of: ".snp.") {
                    ownerText = String(target[..<r.lowerBound])
                    attributeName = String(target[r.upperBound...])
                } else if target.hasSuffix(".snp") {
                    ownerText = String(target.dropLast(4))
                }
                var guide: Anchor.Guide?
                var explicit: Anchor.Attribute?
                if let n = attributeName, Self.snapAttributes[n]?.count ?? 0 <= 1 {
                    switch n {
                    case "topLayoutGuideBottom": guide = .safeArea; explicit = .top
                    case "bottomLayoutGuideTop": guide = .safeArea; explicit = .bottom
                    default:
                        var word = n
                        if word.hasSuffix("Margin") { word = String(word.dropLast(6)); guide = .margins }
                        guard let a = Anchor.Attribute(rawValue: word) else {
                            note(place, "\(arg.trimmedDescription) is not an attribute kbplay models: not built")
                            return nil
                        }
                        explicit = a
                    }
                }
                // The old layout guides: their inner edges are the safe area's.
                if ownerText == "topLayoutGuide" || ownerText == "bottomLayoutGuide" {
                    ownerText = "view.safeAreaLayoutGuide"
                    explicit = target.hasPrefix("topLayoutGuide") ? .top : .bottom
                    guide = nil
                }
                guard let o = owner(ownerText) else {
                    note(place, "\(arg.trimmedDescription) is not a view or guide kbplay models: not built")
                    return nil
                }
                for (i, a) in attributes.enumerated() {
                    seconds[i] = Anchor(o.view, guide ?? o.guide, explicit ?? a)
                }
            }
        }
        var multiplier = 1.0, priority: Double?
        for l in links {
            let arg = l.arguments?.first?.expression
            switch l.name {
            case "offset":
                guard let arg, let x = number(arg, owner: t) else {
                    note(place, "the offset \(arg?.trimmedDescription ?? "") is not a number kbplay can read: not built")
                    return nil
                }
                constants = constants.map { _ in x }
            case "inset":
                guard let arg, let insets = edgeInsets(arg, t: t) else {
                    note(place, "the inset \(arg?.trimmedDescription ?? "") is not a number or UIEdgeInsets kbplay can read: not built")
                    return nil
                }
                // SnapKit: leading edges +inset, trailing edges −inset, a
                // size − the two insets, a centre half their difference.
                for (i, a) in attributes.enumerated() {
                    switch a {
                    case .top: constants[i] = insets.top
                    case .left, .leading: constants[i] = insets.left
                    case .bottom: constants[i] = -insets.bottom
                    case .right, .trailing: constants[i] = -insets.right
                    case .width: constants[i] = -(insets.left + insets.right)
                    case .height: constants[i] = -(insets.top + insets.bottom)
                    case .centerX: constants[i] = (insets.left - insets.right) / 2
                    case .centerY: constants[i] = (insets.top - insets.bottom) / 2
                    }
                }
            case "multipliedBy", "dividedBy":
                guard let arg, let x = number(arg, owner: t), x != 0 else {
                    note(place, "\(l.name) \(arg?.trimmedDescription ?? "") is not a number kbplay can read: not built")
                    return nil
                }
                multiplier = l.name == "multipliedBy" ? x : 1 / x
            case "priority":
                guard let arg, let p = Self.snapPriority(arg.trimmedDescription) else {
                    note(place, "the priority \(arg?.trimmedDescription ?? "") is not one kbplay can read: not built")
                    return nil
                }
                priority = p
            case "priorityRequired": priority = 1000
            case "priorityHigh": priority = 750
            case "priorityMedium": priority = 500
            case "priorityLow": priority = 250
            case "labeled": continue
            default:
                note(place, ".\(l.name) is not modelled: \(text) not built")
                return nil
            }
        }
        return attributes.indices.map { i in
            CodeScreen.Constraint(first: Anchor(view, nil, attributes[i]), relation: relation, second: seconds[i],
                                  multiplier: seconds[i] == nil ? 1 : multiplier, constant: constants[i], priority: priority,
                                  name: nil, file: place.file, line: place.line)
        }
    }

    /// SnapKit's priorities: `.required` 1000, `.high` 750, `.medium` 500,
    /// `.low` 250, a number, or UIKit's.
    static func snapPriority(_ text: String) -> Double? {
        switch text.replacingOccurrences(of: " ", with: "") {
        case ".high", "ConstraintPriority.high": return 750
        case ".medium", "ConstraintPriority.medium": return 500
        case ".low", "ConstraintPriority.low": return 250
        case ".required", "ConstraintPriority.required": return 1000
        default: return priority(text)
        }
    }

    /// `20` (all four), `UIEdgeInsets(top:left:bottom:right:)`,
    /// `UIEdgeInsetsMake(t, l, b, r)`.
    func edgeInsets(_ e: ExprSyntax, t: TypeInfo) -> (top: Double, left: Double, bottom: Double, right: Double)? {
        if let x = number(e, owner: t) { return (x, x, x, x) }
        guard let call = Self.unwrapped(e).as(FunctionCallExprSyntax.self) else { return nil }
        let name = call.calledExpression.trimmedDescription
        let args = Array(call.arguments)
        var values: [Double] = []
        if name == "UIEdgeInsets" || name == ".init" {
            for label in ["top", "left", "bottom", "right"] {
                guard let a = args.first(where: { $0.label?.text == label }), let x = number(a.expression, owner: t) else { return nil }
                values.append(x)
            }
        } else if name == "UIEdgeInsetsMake", args.count == 4 {
            for a in args {
                guard let x = number(a.expression, owner: t) else { return nil }
                values.append(x)
            }
        } else {
            return nil
        }
        return (values[0], values[1], values[2], values[3])
    }
}
