import SwiftParser
import SwiftSyntax

/// A handler's assignment run as a kbplay rule: `on C EVENT: set
/// CONSTRAINT.constant = EXPRESSION`. The expression is in kbplay's rule
/// language, the root view written ``codeScreenRoot`` until the
/// controller's name is known (`$root.safeAreaInsets.bottom`).
public struct CodeRule: Equatable, Sendable {
    public var event: KeyboardNotificationKind
    public var constraint: String
    public var expression: String
    public var file: String
    public var line: Int
    public var column: Int
    /// Whether the handler this rule was made from animates with options
    /// made from the raw curve (`curve-not-shifted` is its flaw).
    public var unshiftedCurve = false
}

/// Translates what a handler assigns into kbplay's rule language: the
/// keyboard's end and begin frames read from the notification's userInfo
/// (`kb.end.height`, `kb.begin.minY`), its duration and curve, a view's
/// safe-area insets, bounds, content inset and offset, its frame in the
/// window (`convert(bounds, to: nil)`), the window's frame, another
/// constraint's constant, numbers and the type's constant properties,
/// `+ - * /`, parentheses, `max`, `min`, `abs`, `CGFloat(…)`, and a
/// conditional on the notification's name taken as it is for the event.
/// Locals are followed to what they were set to. What the language cannot
/// say is nil, with the reason.
struct RuleTranslator {
    let kind: KeyboardNotificationKind
    let locals: [String: String]
    let owner: TypeInfo?

    /// Why the last translation failed.
    private(set) var failure: String?

    init(kind: KeyboardNotificationKind, locals: [String: String], owner: TypeInfo?) {
        self.kind = kind
        self.locals = locals
        self.owner = owner
    }

    static func parse(_ text: String) -> ExprSyntax? {
        let file = Parser.parse(source: text)
        guard !file.hasError, file.statements.count == 1, case let .expr(e) = file.statements.first!.item else { return nil }
        return e
    }

    /// The value `text` as a rule expression.
    mutating func translate(_ text: String) -> String? {
        guard let e = Self.parse(text) else { return fail("\(text) does not parse as an expression") }
        return value(e, depth: 0)
    }

    private mutating func fail(_ why: String) -> String? {
        if failure == nil { failure = why }
        return nil
    }

    private static let frameMembers: [String: String] = [
        "height": "height", "width": "width", "minY": "minY", "maxY": "maxY", "minX": "minX", "maxX": "maxX",
        "midY": "midY", "midX": "midX",
    ]

    private static func unwrap(_ e: ExprSyntax) -> ExprSyntax {
        var e = e
        while true {
            if let f = e.as(ForceUnwrapExprSyntax.self) { e = f.expression; continue }
            if let o = e.as(OptionalChainingExprSyntax.self) { e = o.expression; continue }
            if let t = e.as(TupleExprSyntax.self), t.elements.count == 1, t.elements.first!.label == nil { e = t.elements.first!.expression; continue }
            break
        }
        return e
    }

    /// A view the code names, as the rule language names it: the root view
    /// (`view`, `self.view`) or a property of the type.
    private func viewName(_ e: ExprSyntax) -> String? {
        let t = HandlerWalk.normalize(Self.unwrap(e).trimmedDescription)
        if t == "view" { return codeScreenRoot }
        if !t.contains("."), owner?.properties[t] != nil { return t }
        return nil
    }

    /// A frame the rule language has: `kb.end`, `kb.begin`, `window.frame`
    /// or `V.frame` (in the window), with whether it is converted into a
    /// view's coordinates (its size is then the same, its position not).
    private mutating func frame(_ e: ExprSyntax, depth: Int) -> (path: String, converted: Bool)? {
        let e = Self.unwrap(e)
        let text = e.trimmedDescription
        if let ifNil = e.as(SequenceExprSyntax.self), let first = ifNil.elements.first, ifNil.elements.count == 3,
           ifNil.elements.dropFirst().first?.as(BinaryOperatorExprSyntax.self)?.operator.text == "??" {
            return frame(first, depth: depth)
        }
        if text.contains("FrameEndUserInfoKey") { return ("kb.end", false) }
        if text.contains("FrameBeginUserInfoKey") { return ("kb.begin", false) }
        if let d = e.as(DeclReferenceExprSyntax.self), let v = locals[d.baseName.text], depth < 8, let inner = Self.parse(v) {
            return frame(inner, depth: depth + 1)
        }
        if let call = e.as(FunctionCallExprSyntax.self), let m = call.calledExpression.as(MemberAccessExprSyntax.self),
           m.declName.baseName.text == "convert", let first = call.arguments.first {
            let target = call.arguments.dropFirst().first
            let into = target?.expression.trimmedDescription ?? ""
            // `V.convert(V.bounds, to: nil)`: V's frame in the window.
            if target?.label?.text == "to", into == "nil", let base = m.base, let v = viewName(base),
               HandlerWalk.normalize(first.expression.trimmedDescription).hasSuffix("bounds") {
                return (v == codeScreenRoot ? "\(codeScreenRoot).frame" : "\(v).frame", false)
            }
            // A window's bounds into the screen's coordinate space.
            if target?.label?.text == "to", into.contains("coordinateSpace"), first.expression.trimmedDescription.contains("bounds") {
                return ("window.frame", false)
            }
            if target?.label?.text == "from", let inner = frame(first.expression, depth: depth + 1) { return (inner.path, true) }
        }
        if let call = e.as(FunctionCallExprSyntax.self), let m = call.calledExpression.as(MemberAccessExprSyntax.self),
           m.declName.baseName.text == "map", text.contains("window"), text.contains("convert"), text.contains("coordinateSpace") {
            return ("window.frame", false)
        }
        return nil
    }

    private mutating func value(_ e: ExprSyntax, depth: Int) -> String? {
        guard depth < 12 else { return fail("\(e.trimmedDescription) refers to itself") }
        if let i = e.as(IntegerLiteralExprSyntax.self) { return i.literal.text.replacingOccurrences(of: "_", with: "") }
        if let f = e.as(FloatLiteralExprSyntax.self) { return f.literal.text.replacingOccurrences(of: "_", with: "") }
        if let p = e.as(PrefixOperatorExprSyntax.self), p.operator.text == "-" {
            guard let x = value(p.expression, depth: depth + 1) else { return nil }
            return "-" + (x.contains(" ") ? "(\(x))" : x)
        }
        if let t = e.as(TupleExprSyntax.self), t.elements.count == 1, t.elements.first!.label == nil {
            guard let x = value(t.elements.first!.expression, depth: depth + 1) else { return nil }
            return "(\(x))"
        }
        if let f = e.as(ForceUnwrapExprSyntax.self) { return value(f.expression, depth: depth + 1) }
        if let s = e.as(SequenceExprSyntax.self) { return sequence(Array(s.elements), depth: depth) }
        if let t = e.as(TernaryExprSyntax.self) {
            guard let holds = KeyboardNames.decide(t.condition.trimmedDescription, for: kind) else {
                return fail("the condition \(t.condition.trimmedDescription) is not on the notification's name")
            }
            return value(holds ? t.thenExpression : t.elseExpression, depth: depth + 1)
        }
        if let call = e.as(FunctionCallExprSyntax.self) {
            let (name, base) = HandlerWalk.calleeName(call.calledExpression)
            switch name {
            case "max", "min", "abs" where base == nil || base == "Swift":
                var args: [String] = []
                for a in call.arguments {
                    guard let x = value(a.expression, depth: depth + 1) else { return nil }
                    args.append(x)
                }
                guard !args.isEmpty, name != "abs" || args.count == 1 else { return fail("\(name!) of \(args.count) values") }
                return "\(name!)(\(args.joined(separator: ", ")))"
            case "CGFloat", "Double", "Float" where call.arguments.count == 1:
                return value(call.arguments.first!.expression, depth: depth + 1)
            default:
                return fail("\(call.calledExpression.trimmedDescription)(…) is not in kbplay's rule language")
            }
        }
        if let d = e.as(DeclReferenceExprSyntax.self) {
            let n = d.baseName.text
            if let v = locals[n], let inner = Self.parse(v) {
                if let text = inner.as(DeclReferenceExprSyntax.self)?.baseName.text, text == n { return fail("\(n) is not known") }
                guard let x = value(inner, depth: depth + 1) else { return nil }
                // Parenthesised where its operators would bind otherwise.
                return inner.is(SequenceExprSyntax.self) ? "(\(x))" : x
            }
            if let p = owner?.properties[n], let x = Double(p.initializer.replacingOccurrences(of: " ", with: "")) {
                return p.initializer.replacingOccurrences(of: " ", with: "").hasPrefix("-") ? "(\(formatted(x)))" : formatted(x)
            }
            return fail("\(n) is not a value kbplay's rules can read")
        }
        if let m = e.as(MemberAccessExprSyntax.self), let base = m.base {
            let member = m.declName.baseName.text
            let text = e.trimmedDescription
            if text.contains("AnimationDurationUserInfoKey") { return "kb.duration" }
            if text.contains("AnimationCurveUserInfoKey") { return "kb.curve" }
            // A frame's size or edge.
            var frameBase = Self.unwrap(base), edge = member
            if let inner = frameBase.as(MemberAccessExprSyntax.self), let innerBase = inner.base {
                let pair = inner.declName.baseName.text + "." + member
                let mapped = ["origin.y": "minY", "origin.x": "minX", "size.height": "height", "size.width": "width"][pair]
                if let mapped { frameBase = innerBase; edge = mapped }
            }
            if let edge = Self.frameMembers[edge], let f = frame(frameBase, depth: depth + 1) {
                if f.converted, !(edge == "height" || edge == "width") {
                    return fail("\(text): a converted frame's position is not in kbplay's rule language")
                }
                return "\(f.path).\(edge)"
            }
            // A view's insets, bounds, scroll state; a constraint's constant.
            let parts = HandlerWalk.normalize(text).split(separator: ".").map(String.init)
            if parts.count == 3, let v = parts[0] == "view" ? codeScreenRoot : (owner?.properties[parts[0]] != nil ? parts[0] : nil),
               ["safeAreaInsets", "contentInset", "adjustedContentInset", "bounds", "contentOffset", "contentSize"].contains(parts[1]) {
                let field = ["origin.y": "minY"][parts[1] + "." + parts[2]] ?? parts[2]
                return "\(v).\(parts[1] == "adjustedContentInset" ? "contentInset" : parts[1]).\(field)"
            }
            if parts.count == 3, parts[1] == "frame", ["height", "width"].contains(parts[2]),
               let v = parts[0] == "view" ? codeScreenRoot : (owner?.properties[parts[0]] != nil ? parts[0] : nil) {
                return "\(v).frame.\(parts[2])"
            }
            if parts.count == 2, parts[1] == "constant", owner?.properties[parts[0]] != nil { return "\(parts[0]).constant" }
            if parts.count == 2, parts[1] == "alpha", let v = parts[0] == "view" ? codeScreenRoot : (owner?.properties[parts[0]] != nil ? parts[0] : nil) {
                return "\(v).alpha"
            }
            return fail("\(text) is not a value kbplay's rules can read")
        }
        return fail("\(e.trimmedDescription) is not in kbplay's rule language")
    }

    /// An unfolded infix sequence: operands and `+ - * /` as written, a
    /// `?:` decided by the event, `??` taken on its left.
    private mutating func sequence(_ elements: [ExprSyntax], depth: Int) -> String? {
        if let t = elements.firstIndex(where: { $0.is(UnresolvedTernaryExprSyntax.self) }) {
            let condition = elements[..<t].map(\.trimmedDescription).joined(separator: " ")
            guard let holds = KeyboardNames.decide(condition, for: kind) else {
                return fail("the condition \(condition) is not on the notification's name")
            }
            let then = elements[t].as(UnresolvedTernaryExprSyntax.self)!.thenExpression
            return holds ? value(then, depth: depth + 1) : sequence(Array(elements[(t + 1)...]), depth: depth + 1)
        }
        if elements.count == 3, elements[1].as(BinaryOperatorExprSyntax.self)?.operator.text == "??" {
            return value(elements[0], depth: depth + 1)
        }
        var out: [String] = []
        for (i, e) in elements.enumerated() {
            if i % 2 == 1 {
                guard let op = e.as(BinaryOperatorExprSyntax.self)?.operator.text, ["+", "-", "*", "/"].contains(op) else {
                    return fail("the operator \(e.trimmedDescription) is not in kbplay's rule language")
                }
                out.append(op)
            } else {
                guard let x = value(e, depth: depth + 1) else { return nil }
                out.append(x)
            }
        }
        return out.joined(separator: " ")
    }

    private func formatted(_ x: Double) -> String {
        x == x.rounded() && abs(x) < 1e15 ? String(Int(x)) : "\(x)"
    }
}
