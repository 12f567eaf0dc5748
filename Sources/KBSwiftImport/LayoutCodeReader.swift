import KBModel
import SwiftSyntax

/// Reads the views and anchor constraints a view controller's code makes.
struct LayoutCodeReader {
    let index: CodeIndex
    var findings: [SwiftFinding] = []

    static let kinds: [String: ViewKind] = [
        "UIView": .view, "UILabel": .label, "UIButton": .button, "UITextField": .textField, "UITextView": .textView,
        "UIScrollView": .scrollView, "UIStackView": .stackView, "UITableView": .tableView,
    ]

    private mutating func note(_ p: Place, _ m: String) {
        findings.append(SwiftFinding(file: p.file, line: p.line, column: p.column, message: m))
    }

    /// The UIKit class a view's initial value makes: `UITextField()`,
    /// `UIButton(type: .system)`, `{ let f = UITextField(); …; return f }()`.
    static func viewClass(_ text: String) -> String? {
        let words = KeyboardNames.words(text)
        guard let i = words.firstIndex(where: { $0.hasPrefix("UI") && ["View", "Field", "Label", "Button", "Bar", "Toolbar", "Control", "Switch", "Slider", "Picker"].contains(where: $0.hasSuffix) }) else { return nil }
        let name = words[i]
        guard text.contains(name + "(") || text.contains(name + " (") else { return nil }
        return name
    }

    mutating func screens() -> [CodeScreen] {
        var out: [CodeScreen] = []
        for name in index.order {
            guard let t = index.types[name], t.isViewController, t.kind != "extension" || !name.hasPrefix("UI") else { continue }
            if let s = screen(t) { out.append(s) }
        }
        return out
    }

    private mutating func screen(_ t: TypeInfo) -> CodeScreen? {
        var declared: [String: (kind: ViewKind, place: Place)] = [:]
        for (n, p) in t.properties.sorted(by: { $0.key < $1.key }) {
            guard let cls = Self.viewClass(p.initializer) ?? (p.initializer.isEmpty ? nil : nil) else { continue }
            let place = t.routines.first { $0.name == n }?.place ?? t.place
            declared[n] = (kind(cls, place), place)
        }
        var views: [CodeScreen.View] = []
        var constraints: [CodeScreen.Constraint] = []
        var pending: [String: (syntax: FunctionCallExprSyntax, file: Int)] = [:]
        var priorities: [String: Double] = [:]
        let routines = t.routines.filter { $0.body != nil }.sorted { ($0.place.file, $0.place.line) < ($1.place.file, $1.place.line) }
        for r in routines {
            guard let body = r.body else { continue }
            for node in body.allDescendants {
                if let b = node.as(PatternBindingSyntax.self), let v = b.initializer?.value {
                    let n = b.pattern.trimmedDescription
                    if let cls = Self.viewClass(v.trimmedDescription), declared[n] == nil, r.body?.is(AccessorBlockSyntax.self) == false,
                       !v.is(ClosureExprSyntax.self), t.properties[r.name] == nil {
                        declared[n] = (kind(cls, index.place(b, file: r.file)), index.place(b, file: r.file))
                    }
                    if let call = v.as(FunctionCallExprSyntax.self), isConstraint(call) { pending[n] = (call, r.file) }
                }
                if let q = node.as(SequenceExprSyntax.self) {
                    let e = Array(q.elements)
                    if e.count == 3, e[1].is(AssignmentExprSyntax.self) {
                        let target = HandlerWalk.normalize(e[0].trimmedDescription)
                        if let call = e[2].as(FunctionCallExprSyntax.self), isConstraint(call) { pending[target] = (call, r.file) }
                        if target.hasSuffix(".isActive"), e[2].trimmedDescription == "true" {
                            let base = String(target.dropLast(".isActive".count))
                            if let p = pending[base] {
                                if let c = constraint(p.syntax, file: p.file, name: base, owner: t) { constraints.append(c) }
                                pending[base] = nil
                            } else if let m = e[0].as(MemberAccessExprSyntax.self), let call = m.base?.as(FunctionCallExprSyntax.self), isConstraint(call),
                                      let c = constraint(call, file: r.file, name: nil, owner: t) {
                                constraints.append(c)
                            }
                        }
                        if target.hasSuffix(".priority") {
                            let base = String(target.dropLast(".priority".count))
                            if let p = Self.priority(e[2].trimmedDescription) { priorities[base] = p }
                        }
                    }
                }
                guard let call = node.as(FunctionCallExprSyntax.self) else { continue }
                let (fname, base) = HandlerWalk.calleeName(call.calledExpression)
                let labels = call.arguments.map { $0.label?.text ?? "_" }
                if (fname == "constraints" && labels.first == "withVisualFormat") || (fname == "NSLayoutConstraint" && labels.first == "item")
                    || ((fname == "makeConstraints" || fname == "updateConstraints" || fname == "remakeConstraints") && (base ?? "").hasSuffix("snp")) {
                    note(index.place(call, file: r.file), "\(call.calledExpression.trimmedDescription)(\(labels.first.map { $0 == "_" ? "" : "\($0):" } ?? "")…) constraints are not built by this version")
                }
                if fname == "addSubview" || fname == "addArrangedSubview", let child = call.arguments.first?.expression.trimmedDescription {
                    // `[a, b].forEach { view.addSubview($0) }` adds each.
                    var children = [HandlerWalk.normalize(child)]
                    if child == "$0", let list = Self.forEachList(call) { children = list }
                    let parent = base.flatMap { $0 == "view" ? nil : $0 }
                    for c in children {
                        guard let d = declared[c] else {
                            note(index.place(call, file: r.file), "\(c) is added to a view but not made in the files read: not built")
                            continue
                        }
                        if let i = views.firstIndex(where: { $0.name == c }) { views.remove(at: i) }
                        views.append(CodeScreen.View(name: c, kind: d.kind, parent: parent, file: d.place.file, line: d.place.line))
                    }
                }
                if fname == "activate", base == "NSLayoutConstraint", let array = call.arguments.first?.expression.as(ArrayExprSyntax.self) {
                    for element in array.elements {
                        if let c = element.expression.as(FunctionCallExprSyntax.self), isConstraint(c) {
                            if let built = constraint(c, file: r.file, name: nil, owner: t) { constraints.append(built) }
                        } else {
                            let n = HandlerWalk.normalize(element.expression.trimmedDescription)
                            if let p = pending[n] {
                                if let built = constraint(p.syntax, file: p.file, name: n, owner: t) { constraints.append(built) }
                                pending[n] = nil
                            } else {
                                note(index.place(element, file: r.file), "\(element.expression.trimmedDescription) is not a constraint kbplay can read: not built")
                            }
                        }
                    }
                }
            }
        }
        for i in constraints.indices { if let n = constraints[i].name, let p = priorities[n] { constraints[i].priority = p } }
        // What the code sets that kbplay models: a literal text or title, a
        // stack's axis and spacing.
        let options = self.options(t)
        for i in views.indices {
            let o = options[views[i].name] ?? [:]
            views[i].text = o["text"]
            views[i].axis = o["axis"]
            views[i].spacing = o["spacing"].flatMap(Double.init)
        }
        // `UIStackView(arrangedSubviews: [a, b])`: a and b are its arranged views.
        // They come first in the stack, before those added later.
        var withArranged: [CodeScreen.View] = []
        for v in views {
            withArranged.append(v)
            guard v.kind == .stackView else { continue }
            for child in arranged(v.name, in: t) where !views.contains(where: { $0.name == child }) {
                if let d = declared[child] {
                    withArranged.append(CodeScreen.View(name: child, kind: d.kind, parent: v.name, file: d.place.file, line: d.place.line))
                }
            }
        }
        views = withArranged
        // A controller class of its own with nothing in code still makes
        // its controller (an empty root view).
        guard !views.isEmpty || !constraints.isEmpty || Self.isEmptyController(t) else { return nil }
        // Parents before children.
        var ordered: [CodeScreen.View] = []
        var left = views
        while !left.isEmpty {
            let before = left.count
            left.removeAll { v in
                guard v.parent == nil || ordered.contains(where: { $0.name == v.parent }) || !views.contains(where: { $0.name == v.parent }) else { return false }
                ordered.append(v)
                return true
            }
            if left.count == before { ordered += left; break }
        }
        var controller = t.name
        for suffix in ["ViewController", "Controller"] where controller.hasSuffix(suffix) && controller.count > suffix.count {
            controller = String(controller.dropLast(suffix.count))
            break
        }
        return CodeScreen(type: t.name, controller: controller, views: ordered, constraints: constraints)
    }

    /// `email.placeholder = …` aside, what the code sets on its views that
    /// kbplay models, by view name: `text`, `axis`, `spacing`. In a lazy
    /// closure the local it returns stands for the property.
    private func options(_ t: TypeInfo) -> [String: [String: String]] {
        var out: [String: [String: String]] = [:]
        for r in t.routines {
            guard let body = r.body else { continue }
            var alias: [String: String] = [:]
            if t.properties[r.name] != nil {
                for node in body.allDescendants {
                    if let b = node.as(PatternBindingSyntax.self), let v = b.initializer?.value, Self.viewClass(v.trimmedDescription) != nil {
                        alias[b.pattern.trimmedDescription] = r.name
                    }
                }
            }
            func owner(_ base: String) -> String { alias[base] ?? base }
            for node in body.allDescendants {
                if let q = node.as(SequenceExprSyntax.self) {
                    let e = Array(q.elements)
                    guard e.count == 3, e[1].is(AssignmentExprSyntax.self) else { continue }
                    let parts = HandlerWalk.normalize(e[0].trimmedDescription).split(separator: ".").map(String.init)
                    guard parts.count == 2 else { continue }
                    let value = e[2].trimmedDescription
                    switch parts[1] {
                    case "text" where e[2].is(StringLiteralExprSyntax.self):
                        out[owner(parts[0]), default: [:]]["text"] = String(value.dropFirst().dropLast())
                    case "axis":
                        out[owner(parts[0]), default: [:]]["axis"] = value.hasSuffix("horizontal") ? "horizontal" : "vertical"
                    case "spacing" where Double(value) != nil:
                        out[owner(parts[0]), default: [:]]["spacing"] = value
                    default: continue
                    }
                }
                if let call = node.as(FunctionCallExprSyntax.self), HandlerWalk.calleeName(call.calledExpression).name == "setTitle",
                   let base = HandlerWalk.calleeName(call.calledExpression).base, let first = call.arguments.first,
                   first.expression.is(StringLiteralExprSyntax.self) {
                    out[owner(base), default: [:]]["text"] = String(first.expression.trimmedDescription.dropFirst().dropLast())
                }
            }
        }
        return out
    }

    /// The views a stack view property or local is made with.
    private func arranged(_ name: String, in t: TypeInfo) -> [String] {
        var texts: [String] = []
        if let p = t.properties[name] { texts.append(p.initializer) }
        for r in t.routines {
            for node in r.body?.allDescendants ?? [] {
                if let b = node.as(PatternBindingSyntax.self), b.pattern.trimmedDescription == name, let v = b.initializer?.value {
                    texts.append(v.trimmedDescription)
                }
            }
        }
        for text in texts {
            guard let r = text.range(of: "arrangedSubviews:") else { continue }
            let rest = text[r.upperBound...]
            guard let open = rest.firstIndex(of: "["), let close = rest.firstIndex(of: "]"), open < close else { continue }
            return rest[rest.index(after: open)..<close].split(separator: ",").map { HandlerWalk.normalize(String($0)) }
        }
        return []
    }

    /// The elements of the array literal a `forEach` around `call` walks.
    static func forEachList(_ call: FunctionCallExprSyntax) -> [String]? {
        var p = call.parent
        while let n = p {
            if let c = n.as(FunctionCallExprSyntax.self), let m = c.calledExpression.as(MemberAccessExprSyntax.self),
               m.declName.baseName.text == "forEach", let array = m.base?.as(ArrayExprSyntax.self) {
                return array.elements.map { HandlerWalk.normalize($0.expression.trimmedDescription) }
            }
            p = n.parent
        }
        return nil
    }

    private mutating func kind(_ cls: String, _ place: Place) -> ViewKind {
        if let k = Self.kinds[cls] { return k }
        note(place, "\(cls) is modelled as a plain view")
        return .view
    }

    static func priority(_ text: String) -> Double? {
        let t = text.replacingOccurrences(of: " ", with: "")
        switch t {
        case ".required", "UILayoutPriority.required": return 1000
        case ".defaultHigh", "UILayoutPriority.defaultHigh": return 750
        case ".defaultLow", "UILayoutPriority.defaultLow": return 250
        case ".fittingSizeLevel": return 50
        default:
            let digits = t.filter { $0.isNumber || $0 == "." }
            return Double(digits.hasPrefix(".") ? String(digits.dropFirst()) : digits)
        }
    }

    private func isConstraint(_ call: FunctionCallExprSyntax) -> Bool {
        HandlerWalk.calleeName(Self.identified(call).call.calledExpression).name == "constraint"
    }

    /// `view.safeAreaLayoutGuide.topAnchor` → the root's safe-area top.
    private func anchor(_ text: String) -> Anchor? {
        var parts = HandlerWalk.normalize(text).split(separator: ".").map(String.init)
        guard let last = parts.popLast(), last.hasSuffix("Anchor"),
              let attribute = Anchor.Attribute(rawValue: String(last.dropLast("Anchor".count))) else { return nil }
        var guide: Anchor.Guide?
        if let g = parts.last {
            let guides: [String: Anchor.Guide] = ["safeAreaLayoutGuide": .safeArea, "layoutMarginsGuide": .margins,
                                                  "keyboardLayoutGuide": .keyboard, "contentLayoutGuide": .content,
                                                  "frameLayoutGuide": .frameGuide]
            if let found = guides[g] { guide = found; parts.removeLast() }
        }
        guard parts.count <= 1 else { return nil }
        let view = parts.first.map { $0 == "view" ? codeScreenRoot : $0 } ?? codeScreenRoot
        return Anchor(view, guide, attribute)
    }

    private func number(_ e: ExprSyntax, owner: TypeInfo?) -> Double? {
        let t = e.trimmedDescription.replacingOccurrences(of: " ", with: "")
        if let x = Double(t) { return x }
        if t.hasPrefix("-"), let p = owner?.properties[String(t.dropFirst())], let x = Double(p.initializer) { return -x }
        if let p = owner?.properties[t], let x = Double(p.initializer) { return x }
        return nil
    }

    private mutating func constraint(_ wrapped: FunctionCallExprSyntax, file: Int, name: String?, owner: TypeInfo) -> CodeScreen.Constraint? {
        let (call, identifier, identifierPriority) = Self.identified(wrapped)
        let name = identifier ?? name
        let place = index.place(call, file: file)
        guard let m = call.calledExpression.as(MemberAccessExprSyntax.self), let baseText = m.base?.trimmedDescription,
              let first = anchor(baseText) else {
            note(place, "\(call.calledExpression.trimmedDescription) is not an anchor kbplay models: not built")
            return nil
        }
        var relation = "==", second: Anchor?, multiplier = 1.0, constant = 0.0
        for a in call.arguments {
            let label = a.label?.text ?? ""
            switch label {
            case "equalTo", "lessThanOrEqualTo", "greaterThanOrEqualTo":
                relation = label == "equalTo" ? "==" : label == "lessThanOrEqualTo" ? "<=" : ">="
                guard let s = anchor(a.expression.trimmedDescription) else {
                    note(place, "\(a.expression.trimmedDescription) is not an anchor kbplay models: not built")
                    return nil
                }
                second = s
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
                note(place, "constraint(\(label):) (system spacing and the like) is not modelled: not built")
                return nil
            }
        }
        return CodeScreen.Constraint(first: first, relation: relation, second: second, multiplier: multiplier, constant: constant,
                                     priority: identifierPriority, name: name, file: place.file, line: place.line)
    }
}
