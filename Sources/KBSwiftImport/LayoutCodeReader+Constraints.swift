import KBModel
import SwiftParser
import SwiftSyntax

/// The constraints code makes: anchors (system spacing included),
/// `NSLayoutConstraint(item:…)`, the visual format language, and the
/// arrays and names that hold them until they are activated.
extension LayoutCodeReader {
    static let guides: [String: Anchor.Guide] = [
        "safeAreaLayoutGuide": .safeArea, "layoutMarginsGuide": .margins, "keyboardLayoutGuide": .keyboard,
        "contentLayoutGuide": .content, "frameLayoutGuide": .frameGuide,
    ]

    /// UIKit's system spacing between two views' anchors
    /// (`constraint(equalToSystemSpacingBelow:multiplier:)`,
    /// `…After:`): 8 pt, times the multiplier.
    static let systemSpacing = 8.0

    /// Whether an expression makes constraints: an anchor's
    /// `constraint(…)`, `NSLayoutConstraint(item:…)`, a visual format, an
    /// array or a sum of those.
    func makesConstraints(_ e: ExprSyntax) -> Bool {
        let e = Self.unwrapped(e)
        if let call = e.as(FunctionCallExprSyntax.self) { return constraintCallKind(call) != nil }
        if let a = e.as(ArrayExprSyntax.self) { return a.elements.contains { makesConstraints($0.expression) } }
        if let q = e.as(SequenceExprSyntax.self) {
            let parts = Array(q.elements)
            guard parts.count >= 3, parts.count % 2 == 1,
                  stride(from: 1, to: parts.count, by: 2).allSatisfy({ parts[$0].as(BinaryOperatorExprSyntax.self)?.operator.text == "+" })
            else { return false }
            return stride(from: 0, to: parts.count, by: 2).contains { makesConstraints(parts[$0]) }
        }
        return false
    }

    enum ConstraintCall { case anchor, item, visualFormat, helper }

    func constraintCallKind(_ call: FunctionCallExprSyntax) -> ConstraintCall? {
        let (name, _) = HandlerWalk.calleeName(call.calledExpression)
        let first = call.arguments.first?.label?.text
        if name == "constraint" { return .anchor }
        if let name, first == "item", name == "NSLayoutConstraint" || index.types[name]?.inherits.contains("NSLayoutConstraint") == true {
            return .item
        }
        if name == "constraints", first == "withVisualFormat" { return .visualFormat }
        if let name, helper(name) != nil, let m = call.calledExpression.as(MemberAccessExprSyntax.self), let base = m.base,
           let inner = Self.unwrapped(base).as(FunctionCallExprSyntax.self), constraintCallKind(inner) != nil {
            return .helper
        }
        return nil
    }

    /// A method of an `NSLayoutConstraint` extension in the files read
    /// that returns the constraint (`func named(_ id: String) -> Self`).
    func helper(_ name: String) -> Routine? {
        guard let t = index.types["NSLayoutConstraint"] else { return nil }
        return t.routines(named: name).first { r in
            guard let body = r.body else { return false }
            return body.allDescendants.contains { $0.as(ReturnStmtSyntax.self)?.expression?.trimmedDescription == "self" }
        }
    }

    /// Whether a helper of the `NSLayoutConstraint` extension activates the
    /// constraint it returns (`isActive = true`).
    func activatingHelper(_ name: String) -> Bool {
        guard let r = helper(name), let body = r.body else { return false }
        return body.allDescendants.contains { node in
            guard let q = node.as(SequenceExprSyntax.self) else { return false }
            let e = Array(q.elements)
            return e.count == 3 && e[1].is(AssignmentExprSyntax.self) && normal(e[0].trimmedDescription) == "isActive"
                && e[2].trimmedDescription == "true"
        }
    }

    /// `c.named("formBottom", priority: .defaultHigh)`: the constraint of
    /// `c`, with the name its `identifier` and the priority its `priority`
    /// are set to by the helper's parameters.
    private mutating func helperConstraints(_ call: FunctionCallExprSyntax, file: Int, name: String?, t: TypeInfo, b: Build) -> [CodeScreen.Constraint] {
        guard let m = call.calledExpression.as(MemberAccessExprSyntax.self), let base = m.base,
              let r = helper(m.declName.baseName.text) else { return [] }
        var values: [String: ExprSyntax] = [:]
        for (i, a) in call.arguments.enumerated() {
            let label = a.label?.text
            let p = r.parameters.first { $0.label == label && label != nil } ?? (i < r.parameters.count ? r.parameters[i] : nil)
            if let p { values[p.name] = a.expression }
        }
        var identifier: String?, priority: Double?
        for node in r.body?.allDescendants ?? [] {
            guard let q = node.as(SequenceExprSyntax.self) else { continue }
            let e = Array(q.elements)
            guard e.count == 3, e[1].is(AssignmentExprSyntax.self), let v = values[e[2].trimmedDescription] else { continue }
            switch normal(e[0].trimmedDescription) {
            case "identifier":
                if let s = v.as(StringLiteralExprSyntax.self), s.segments.count == 1 { identifier = String(v.trimmedDescription.dropFirst().dropLast()) }
            case "priority": priority = Self.priority(v.trimmedDescription)
            default: continue
            }
        }
        var list = constraintList(base, file: file, name: name, t: t, b: b) ?? []
        if list.count == 1 {
            if list[0].name == nil, let identifier, Self.isName(identifier) { list[0].name = identifier }
            if let priority { list[0].priority = priority }
        }
        return list
    }

    /// A name kbplay's commands take: letters, digits and underscores, not
    /// starting with a digit.
    static func isName(_ s: String) -> Bool {
        guard let f = s.first, f.isLetter || f == "_" else { return false }
        return s.allSatisfy { ($0.isLetter || $0.isNumber || $0 == "_") && $0.isASCII }
    }

    static func unwrapped(_ e: ExprSyntax) -> ExprSyntax {
        var e = e
        while true {
            if let t = e.as(TryExprSyntax.self) { e = t.expression; continue }
            if let f = e.as(ForceUnwrapExprSyntax.self) { e = f.expression; continue }
            if let o = e.as(OptionalChainingExprSyntax.self) { e = o.expression; continue }
            if let p = e.as(TupleExprSyntax.self), p.elements.count == 1, let only = p.elements.first { e = only.expression; continue }
            break
        }
        return e
    }

    /// The constraints an activated expression stands for; nil when it is
    /// not one kbplay reads. A name that holds constraints is taken (and
    /// named after, when it holds one).
    mutating func constraintList(_ e: ExprSyntax, file: Int, name: String?, t: TypeInfo, b: Build) -> [CodeScreen.Constraint]? {
        let e = Self.unwrapped(e)
        if let call = e.as(FunctionCallExprSyntax.self), let kind = constraintCallKind(call) {
            switch kind {
            case .anchor: return constraint(call, file: file, name: name, owner: t).map { [$0] } ?? []
            case .item: return itemConstraint(call, file: file, name: name, owner: t).map { [$0] } ?? []
            case .visualFormat: return visualFormat(call, file: file, t: t, b: b)
            case .helper: return helperConstraints(call, file: file, name: name, t: t, b: b)
            }
        }
        if let a = e.as(ArrayExprSyntax.self) {
            var out: [CodeScreen.Constraint] = []
            for element in a.elements {
                if let list = constraintList(element.expression, file: file, name: nil, t: t, b: b) {
                    out += list
                } else {
                    note(index.place(element, file: file), "\(element.expression.trimmedDescription) is not a constraint kbplay can read: not built")
                }
            }
            return out
        }
        if let q = e.as(SequenceExprSyntax.self), makesConstraints(e) || q.elements.contains(where: { b.pending[normal($0.trimmedDescription)] != nil }) {
            var out: [CodeScreen.Constraint] = []
            for (i, part) in q.elements.enumerated() where i % 2 == 0 {
                guard let list = constraintList(part, file: file, name: nil, t: t, b: b) else { return nil }
                out += list
            }
            return out
        }
        let n = normal(e.trimmedDescription)
        if let held = b.pending[n] {
            b.pending[n] = nil
            var out: [CodeScreen.Constraint] = []
            let single = held.count == 1 && held[0].expr.is(FunctionCallExprSyntax.self)
                && ![.visualFormat, nil].contains(constraintCallKind(held[0].expr.as(FunctionCallExprSyntax.self)!))
            for h in held {
                out += constraintList(h.expr, file: h.file, name: single ? n : nil, t: t, b: b) ?? []
            }
            return out
        }
        return nil
    }

    /// `view.safeAreaLayoutGuide` → the root's safe area; `email` → email.
    func owner(_ text: String) -> (view: String, guide: Anchor.Guide?)? {
        var parts = normal(text).split(separator: ".").map(String.init)
        var guide: Anchor.Guide?
        if let g = parts.last, let found = Self.guides[g] { guide = found; parts.removeLast() }
        // A child controller's view: its root view.
        if parts.count == 2, parts[1] == "view", let child = childRoots[parts[0]] { return ("\(child).view", guide) }
        guard parts.count <= 1 else { return nil }
        let view = parts.first.map { $0 == "view" ? codeScreenRoot : $0 } ?? codeScreenRoot
        return (view, guide)
    }

    /// `view.safeAreaLayoutGuide.topAnchor` → the root's safe-area top;
    /// `topLayoutGuide.bottomAnchor` → the safe-area top.
    func anchor(_ text: String) -> Anchor? {
        var parts = normal(text).split(separator: ".").map(String.init)
        guard let last = parts.popLast(), last.hasSuffix("Anchor"),
              let attribute = Anchor.Attribute(rawValue: String(last.dropLast("Anchor".count))) else { return nil }
        if parts == ["topLayoutGuide"] || parts == ["bottomLayoutGuide"] {
            return Anchor(codeScreenRoot, .safeArea, parts[0] == "topLayoutGuide" ? .top : .bottom)
        }
        guard let o = owner(parts.joined(separator: ".")) else { return nil }
        return Anchor(o.view, o.guide, attribute)
    }

    /// A number as written, or worked out from the constant properties of
    /// the type or of another type in the files (`margin`, `-margin`,
    /// `Layout.spacing * 2`, `CGFloat(20)`), with `+ - * /` and brackets.
    func number(_ e: ExprSyntax, owner: TypeInfo?) -> Double? {
        evaluate(e, owner: owner, depth: 0)
    }

    func number(_ text: String, owner: TypeInfo?) -> Double? {
        number(text, owner: owner, depth: 0)
    }

    private func number(_ text: String, owner: TypeInfo?, depth: Int) -> Double? {
        if let x = Double(text.filter { !$0.isWhitespace }) { return x }
        guard depth < 8, !text.isEmpty else { return nil }
        let tree = Parser.parse(source: "_ = " + text)
        guard let q = tree.statements.first?.item.as(SequenceExprSyntax.self), q.elements.count == 3,
              let e = q.elements.last else { return nil }
        return evaluate(e, owner: owner, depth: depth)
    }

    private func evaluate(_ e: ExprSyntax, owner: TypeInfo?, depth: Int) -> Double? {
        guard depth < 8 else { return nil }
        let e = Self.unwrapped(e)
        if let i = e.as(IntegerLiteralExprSyntax.self) { return Double(i.literal.text.replacingOccurrences(of: "_", with: "")) }
        if let f = e.as(FloatLiteralExprSyntax.self) { return Double(f.literal.text.replacingOccurrences(of: "_", with: "")) }
        if let p = e.as(PrefixOperatorExprSyntax.self), p.operator.text == "-" {
            return evaluate(p.expression, owner: owner, depth: depth).map { -$0 }
        }
        if let call = e.as(FunctionCallExprSyntax.self), ["CGFloat", "Double", "Float", "Int"].contains(call.calledExpression.trimmedDescription),
           call.arguments.count == 1, let only = call.arguments.first, only.label == nil {
            return evaluate(only.expression, owner: owner, depth: depth)
        }
        if let q = e.as(SequenceExprSyntax.self) {
            // Numbers and operators; * and / before + and −.
            let parts = Array(q.elements)
            guard parts.count % 2 == 1 else { return nil }
            var terms: [Double] = [], ops: [String] = []
            for (i, part) in parts.enumerated() {
                if i % 2 == 1 {
                    guard let op = part.as(BinaryOperatorExprSyntax.self)?.operator.text, ["+", "-", "*", "/"].contains(op) else { return nil }
                    ops.append(op)
                } else {
                    guard let x = evaluate(part, owner: owner, depth: depth) else { return nil }
                    terms.append(x)
                }
            }
            var sums = [terms[0]], signs: [String] = []
            for (i, op) in ops.enumerated() {
                let x = terms[i + 1]
                switch op {
                case "*": sums[sums.count - 1] *= x
                case "/": guard x != 0 else { return nil }; sums[sums.count - 1] /= x
                default: sums.append(x); signs.append(op)
                }
            }
            var total = sums[0]
            for (i, sign) in signs.enumerated() { total += sign == "+" ? sums[i + 1] : -sums[i + 1] }
            return total
        }
        // A constant property: `margin`, `self.margin`, `Layout.margin`.
        let path = normal(e.trimmedDescription).split(separator: ".").map(String.init)
        var type = owner, name = path.last ?? ""
        if path.count == 2, let t = index.types[path[0]] { type = t } else if path.count != 1 { return nil }
        name = path.last ?? ""
        guard let p = type?.properties[name], !p.initializer.isEmpty else { return nil }
        return number(p.initializer, owner: type, depth: depth + 1)
    }

    /// An anchor's constraint: `a.topAnchor.constraint(equalTo:
    /// b.bottomAnchor, constant: 8)`, `…(equalToConstant: 44)`,
    /// `…(equalToSystemSpacingBelow: b.bottomAnchor, multiplier: 2)` (8 × 2).
    mutating func constraint(_ call: FunctionCallExprSyntax, file: Int, name: String?, owner: TypeInfo) -> CodeScreen.Constraint? {
        let place = index.place(call, file: file)
        guard let m = call.calledExpression.as(MemberAccessExprSyntax.self), let baseText = m.base?.trimmedDescription,
              let first = anchor(baseText) else {
            note(place, "\(call.calledExpression.trimmedDescription) is not an anchor kbplay models: not built")
            return nil
        }
        var relation = "==", second: Anchor?, multiplier = 1.0, constant = 0.0, systemSpacing = false
        for a in call.arguments {
            let label = a.label?.text ?? ""
            switch label {
            case "equalTo", "lessThanOrEqualTo", "greaterThanOrEqualTo",
                 "equalToSystemSpacingBelow", "lessThanOrEqualToSystemSpacingBelow", "greaterThanOrEqualToSystemSpacingBelow",
                 "equalToSystemSpacingAfter", "lessThanOrEqualToSystemSpacingAfter", "greaterThanOrEqualToSystemSpacingAfter":
                relation = label.hasPrefix("equal") ? "==" : label.hasPrefix("less") ? "<=" : ">="
                guard let s = anchor(a.expression.trimmedDescription) else {
                    note(place, "\(a.expression.trimmedDescription) is not an anchor kbplay models: not built")
                    return nil
                }
                second = s
                systemSpacing = label.contains("SystemSpacing")
            case "equalToConstant", "lessThanOrEqualToConstant", "greaterThanOrEqualToConstant":
                relation = label.hasPrefix("equal") ? "==" : label.hasPrefix("less") ? "<=" : ">="
                guard let x = number(a.expression, owner: owner) else {
                    note(place, "the constant \(a.expression.trimmedDescription) is not a number kbplay can read: not built")
                    return nil
                }
                constant = x
            case "constant":
                guard let x = number(a.expression, owner: owner) else {
                    note(place, "the constant \(a.expression.trimmedDescription) is not a number kbplay can read: not built")
                    return nil
                }
                constant = x
            case "multiplier":
                guard let x = number(a.expression, owner: owner) else {
                    note(place, "the multiplier \(a.expression.trimmedDescription) is not a number kbplay can read: not built")
                    return nil
                }
                multiplier = x
            default:
                note(place, "constraint(\(label):) is not modelled: not built")
                return nil
            }
        }
        if systemSpacing {
            // The multiplier scales the spacing, not the second anchor.
            constant = Self.systemSpacing * multiplier
            multiplier = 1
        }
        return CodeScreen.Constraint(first: first, relation: relation, second: second, multiplier: multiplier, constant: constant,
                                     priority: nil, name: name, file: place.file, line: place.line)
    }

    /// `.top`, `NSLayoutConstraint.Attribute.leadingMargin`, on an item:
    /// margins attributes are the item's margins guide; baselines the
    /// bottom (the first baseline the top), with a finding.
    private mutating func itemAnchor(_ item: String, _ attribute: String, place: Place) -> Anchor?? {
        let word = String(attribute.split(separator: ".").last ?? "")
        if word == "notAnAttribute" { return .some(nil) }
        let itemName = normal(item)
        if itemName == "topLayoutGuide" || itemName == "bottomLayoutGuide" {
            // The old layout guides' inner edges are the safe area's.
            guard word == "bottom" || word == "top" else { return nil }
            return Anchor(codeScreenRoot, .safeArea, itemName == "topLayoutGuide" ? .top : .bottom)
        }
        guard let o = owner(item) else { return nil }
        var guide = o.guide
        var name = word
        if word.hasSuffix("WithinMargins") {
            name = String(word.dropLast("WithinMargins".count))
            guide = .margins
        } else if word.hasSuffix("Margin") {
            name = String(word.dropLast("Margin".count))
            guide = .margins
        } else if word == "lastBaseline" || word == "baseline" || word == "firstBaseline" {
            note(place, ".\(word) is placed as the \(word == "firstBaseline" ? "top" : "bottom"): kbplay has no baselines")
            name = word == "firstBaseline" ? "top" : "bottom"
        }
        guard let a = Anchor.Attribute(rawValue: name) else { return nil }
        return Anchor(o.view, guide, a)
    }

    /// `NSLayoutConstraint(item: a, attribute: .top, relatedBy: .equal,
    /// toItem: b, attribute: .bottom, multiplier: 1, constant: 8)`; a nil
    /// `toItem` with `.notAnAttribute` is a constant.
    mutating func itemConstraint(_ call: FunctionCallExprSyntax, file: Int, name: String?, owner t: TypeInfo) -> CodeScreen.Constraint? {
        let place = index.place(call, file: file)
        let args = Array(call.arguments)
        let labels = args.map { $0.label?.text ?? "_" }
        guard labels == ["item", "attribute", "relatedBy", "toItem", "attribute", "multiplier", "constant"] else {
            note(place, "NSLayoutConstraint(\(labels.map { "\($0):" }.joined())) is not the initializer kbplay reads (item:attribute:relatedBy:toItem:attribute:multiplier:constant:): not built")
            return nil
        }
        let text = args.map { $0.expression.trimmedDescription }
        guard let firstOpt = itemAnchor(text[0], text[1], place: place), let first = firstOpt else {
            note(place, "\(text[0]) \(text[1]) is not an item and attribute kbplay models: not built")
            return nil
        }
        let relationWord = String(text[2].split(separator: ".").last ?? "")
        let relations = ["equal": "==", "lessThanOrEqual": "<=", "greaterThanOrEqual": ">="]
        guard let relation = relations[relationWord] else {
            note(place, "\(text[2]) is not a relation: .equal, .lessThanOrEqual or .greaterThanOrEqual; not built")
            return nil
        }
        var second: Anchor?
        if text[3] != "nil" {
            guard let s = itemAnchor(text[3], text[4], place: place), let s else {
                note(place, "\(text[3]) \(text[4]) is not an item and attribute kbplay models: not built")
                return nil
            }
            second = s
        }
        guard let multiplier = number(args[5].expression, owner: t), let constant = number(args[6].expression, owner: t) else {
            note(place, "the multiplier \(text[5]) or the constant \(text[6]) is not a number kbplay can read: not built")
            return nil
        }
        return CodeScreen.Constraint(first: first, relation: relation, second: second, multiplier: second == nil ? 1 : multiplier,
                                     constant: constant, priority: nil, name: name, file: place.file, line: place.line)
    }

    /// A dictionary literal of names to views or numbers, written in the
    /// call or held by a local or property: `["email": email]`.
    private mutating func dictionary(_ e: ExprSyntax, t: TypeInfo, around: Syntax) -> [(key: String, value: String)]? {
        let e = Self.unwrapped(e)
        if let d = e.as(DictionaryExprSyntax.self) {
            guard case .elements(let list) = d.content else { return [] }
            return list.compactMap { el in
                guard let k = el.key.as(StringLiteralExprSyntax.self) else { return nil }
                return (String(k.trimmedDescription.dropFirst().dropLast()), el.value.trimmedDescription)
            }
        }
        if e.trimmedDescription == "nil" { return [] }
        let n = normal(e.trimmedDescription)
        // A local of the routine the call is in, else a property.
        var scope = around
        while let up = scope.parent, !scope.is(FunctionDeclSyntax.self), !scope.is(InitializerDeclSyntax.self) { scope = up }
        if dictionaryLocals[scope.id] == nil {
            var found: [String: ExprSyntax] = [:]
            for node in scope.allDescendants {
                if let b = node.as(PatternBindingSyntax.self), let v = b.initializer?.value, v.is(DictionaryExprSyntax.self) {
                    let name = b.pattern.trimmedDescription
                    if found[name] == nil { found[name] = v }
                }
            }
            dictionaryLocals[scope.id] = found
        }
        if let v = dictionaryLocals[scope.id]?[n] { return dictionary(v, t: t, around: around) }
        if let prop = t.properties[n], !prop.initializer.isEmpty {
            let tree = SwiftParser.Parser.parse(source: "_ = " + prop.initializer)
            if let v = tree.allDescendants.first(where: { $0.is(DictionaryExprSyntax.self) })?.as(ExprSyntax.self) {
                return dictionary(v, t: t, around: around)
            }
        }
        return nil
    }

    /// `NSLayoutConstraint.constraints(withVisualFormat: "H:|-[a]-|",
    /// options: [], metrics: m, views: ["a": a])`.
    private mutating func visualFormat(_ call: FunctionCallExprSyntax, file: Int, t: TypeInfo, b: Build) -> [CodeScreen.Constraint]? {
        let place = index.place(call, file: file)
        var format: String?, viewsArg: ExprSyntax?, metricsArg: ExprSyntax?, optionsText = ""
        for a in call.arguments {
            switch a.label?.text {
            case "withVisualFormat":
                guard let s = a.expression.as(StringLiteralExprSyntax.self), s.segments.allSatisfy({ $0.is(StringSegmentSyntax.self) }) else { break }
                format = s.segments.map { $0.as(StringSegmentSyntax.self)!.content.text }.joined()
            case "views": viewsArg = a.expression
            case "metrics": metricsArg = a.expression
            case "options": optionsText = a.expression.trimmedDescription
            default: break
            }
        }
        guard let format else {
            note(place, "the visual format is not a string literal kbplay can read: not built")
            return []
        }
        guard let viewsArg, let pairs = dictionary(viewsArg, t: t, around: Syntax(call)) else {
            note(place, "the views of \"\(format)\" are not a dictionary kbplay can read (write [\"name\": view]): not built")
            return []
        }
        var views: [String: String] = [:]
        for (k, v) in pairs { views[k] = normal(v) == "view" ? codeScreenRoot : normal(v) }
        var metrics: [String: Double] = [:]
        if let metricsArg {
            guard let m = dictionary(metricsArg, t: t, around: Syntax(call)) else {
                note(place, "the metrics of \"\(format)\" are not a dictionary kbplay can read (write [\"name\": 20]): not built")
                return []
            }
            for (k, v) in m {
                guard let x = number(v, owner: t) else {
                    note(place, "the metric \(k) = \(v) is not a number kbplay can read: not built")
                    return []
                }
                metrics[k] = x
            }
        }
        var align: [Anchor.Attribute] = []
        let alignments: [String: Anchor.Attribute] = [
            "alignAllLeft": .left, "alignAllRight": .right, "alignAllTop": .top, "alignAllBottom": .bottom,
            "alignAllLeading": .leading, "alignAllTrailing": .trailing, "alignAllCenterX": .centerX, "alignAllCenterY": .centerY,
        ]
        for w in KeyboardNames.words(optionsText) {
            if let a = alignments[w] { align.append(a) } else if w.hasPrefix("alignAll") {
                note(place, ".\(w) is not an alignment kbplay models: left out")
            }
        }
        // `|` is the superview of the format's first view.
        let firstKey = format.drop { $0 != "[" }.dropFirst().prefix { $0 != "]" && $0 != "(" }
        let superview = views[String(firstKey)].map { b.parent(of: $0) } ?? codeScreenRoot
        var reader = VisualFormat(views: views, metrics: metrics, superview: superview,
                                  leftToRight: optionsText.contains("directionLeftToRight"), file: place.file, line: place.line)
        do {
            return try reader.constraints(format, align: align)
        } catch {
            note(place, "\"\(format)\": \(error.message): not built")
            return []
        }
    }
}
