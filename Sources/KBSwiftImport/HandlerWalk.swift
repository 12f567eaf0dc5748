import SwiftSyntax

/// One assignment a handler makes: `bottom.constant = endFrame.height + 8`.
struct Assignment: Equatable {
    var target: String
    var value: String
    /// Whether the value depends on the keyboard's height.
    var usesHeight: Bool
    var place: Place
    /// The handler's locals (and the parameters of the routines it called,
    /// as their arguments were written) when the assignment ran: what the
    /// value's names stand for, to run it as a kbplay rule.
    var locals: [String: String] = [:]
}

/// Walks a handler's code for one notification, as far as the files read
/// allow: branches on the notification's name or a keyboard state are
/// taken as they would be for that notification (the others both ways),
/// calls to routines of the files are followed, and what depends on the
/// keyboard's frame and height is tracked through locals and properties.
final class HandlerWalk {
    let index: CodeIndex
    let kind: KeyboardNotificationKind?
    private(set) var assignments: [Assignment] = []
    /// Calls through a delegate or a stored closure: (property, method).
    private(set) var forwards: [(via: String, method: String)] = []
    /// The protocol a forward goes through when it is a parameter of the
    /// routine around the handler (`for controllable: KeyboardControllable`).
    private(set) var forwardProtocols: [String: String] = [:]
    /// Animation options made from a raw curve without `<< 16`.
    private(set) var unshiftedCurves: [Place] = []
    /// A view's position converted into the window (`convert(_:to: nil)`).
    private(set) var convertsToWindow = false
    /// Any call with an effect (not `print`).
    private(set) var calls = 0
    /// Whether the code builds a frame whose origin moves (`CGRect(x:y:…)`
    /// with an offset `y`).
    private(set) var movedFrameOrigin = false
    private var frameKeys: Set<String> = []
    private var heightKeys: Set<String> = []
    private var locals: [String: String] = [:]
    private var localNames: Set<String> = []
    private var active: [ObjectIdentifier] = []
    /// Every routine the walk entered.
    private(set) var visited: Set<ObjectIdentifier> = []
    private var owners: [String] = []
    private var files: [Int] = []

    init(index: CodeIndex, kind: KeyboardNotificationKind?) {
        self.index = index
        self.kind = kind
    }

    /// Whether the walk did anything: assigned, forwarded or called.
    var hasEffect: Bool { !assignments.isEmpty || !forwards.isEmpty || calls > 0 }

    /// Walks a routine; `seeds` are parameters that carry the keyboard's
    /// frame (a notification, an event, a frame).
    func walk(_ routine: Routine, seeds: [String]) {
        guard let body = routine.body else { return }
        frameKeys.formUnion(seeds)
        enter(routine) { walk(body) }
    }

    /// Walks a closure handler owned by `owner`, its parameters as seeds.
    func walk(closure: ClosureExprSyntax, owner: String, file: Int) {
        if let params = closure.signature?.parameterClause {
            switch params {
            case let .simpleInput(list): frameKeys.formUnion(list.map { $0.name.text })
            case let .parameterClause(clause): frameKeys.formUnion(clause.parameters.map { ($0.secondName ?? $0.firstName).text })
            }
        }
        frameKeys.insert("$0")
        owners.append(owner)
        files.append(file)
        walk(Syntax(closure.statements))
        owners.removeLast()
        files.removeLast()
    }

    private func enter(_ routine: Routine, _ body: () -> Void) {
        let id = ObjectIdentifier(routine)
        guard !active.contains(id), active.count < 8 else { return }
        active.append(id)
        visited.insert(id)
        owners.append(routine.owner)
        files.append(routine.file)
        body()
        files.removeLast()
        owners.removeLast()
        active.removeLast()
    }

    private var owner: String { owners.last ?? "" }
    private var file: Int { files.last ?? 0 }

    // MARK: taint

    /// `self.a?.b!` → `a.b`.
    static func normalize(_ text: String) -> String {
        var t = text.replacingOccurrences(of: "self?.", with: "").replacingOccurrences(of: "self!.", with: "")
            .replacingOccurrences(of: "self.", with: "")
        t.removeAll { $0 == "?" || $0 == "!" || $0 == " " || $0 == "\n" }
        return t
    }

    private static func mentions(_ text: String, _ key: String) -> Bool {
        guard !key.isEmpty else { return false }
        let chars = Array(text), k = Array(key)
        guard chars.count >= k.count else { return false }
        var i = 0
        while i + k.count <= chars.count {
            if Array(chars[i..<(i + k.count)]) == k {
                let before = i > 0 ? chars[i - 1] : " "
                let after = i + k.count < chars.count ? chars[i + k.count] : " "
                let ident: (Character) -> Bool = { $0.isLetter || $0.isNumber || $0 == "_" || $0 == "$" }
                if !ident(before) && before != "." && !ident(after) { return true }
            }
            i += 1
        }
        return false
    }

    private func carriesFrame(_ text: String) -> Bool {
        let n = Self.normalize(text)
        if n.lowercased().contains("keyboardframe") { return true }
        return frameKeys.contains { Self.mentions(n, $0) } || carriesHeight(n, syntax: nil)
    }

    private func carriesHeight(_ text: String, syntax: Syntax?) -> Bool {
        let n = Self.normalize(text)
        if heightKeys.contains(where: { Self.mentions(n, $0) }) { return true }
        guard let syntax else { return false }
        for node in [syntax] + syntax.allDescendants {
            if let m = node.as(MemberAccessExprSyntax.self), ["height", "width"].contains(m.declName.baseName.text),
               let base = m.base, carriesFrame(base.trimmedDescription) {
                return true
            }
            if let call = node.as(FunctionCallExprSyntax.self), let name = Self.calleeName(call.calledExpression).name,
               index.resolve(name, from: owner).contains(where: returnsKeyboardHeight) {
                return true
            }
        }
        return false
    }

    private func returnsKeyboardHeight(_ r: Routine) -> Bool {
        guard let body = r.body else { return false }
        let text = body.description.lowercased()
        return text.contains("keyboardframe") && body.allDescendants.contains {
            $0.as(ReturnStmtSyntax.self)?.expression?.trimmedDescription.lowercased().contains("height") ?? false
        }
    }

    private func bind(_ name: String, to value: ExprSyntax?) {
        let key = Self.normalize(name)
        guard let value else { return }
        let text = value.trimmedDescription
        locals[key] = text
        if carriesHeight(text, syntax: Syntax(value)) { heightKeys.insert(key) } else { heightKeys.remove(key) }
        if carriesFrame(text) { frameKeys.insert(key) } else { frameKeys.remove(key) }
    }

    /// `UInt(animationOptions)` with `let animationOptions = curve << 16`
    /// read through the local.
    private func expand(_ text: String) -> String {
        var out = text
        for w in KeyboardNames.words(text) { if let v = locals[w] { out += " " + v } }
        return out
    }

    // MARK: walking

    private func walk(_ node: Syntax) {
        if node.is(FunctionDeclSyntax.self) || node.is(ClassDeclSyntax.self) || node.is(StructDeclSyntax.self) { return }
        if let v = node.as(VariableDeclSyntax.self) {
            for b in v.bindings {
                if let value = b.initializer?.value { walk(Syntax(value)) }
                if let accessors = b.accessorBlock { walk(Syntax(accessors)) }
                let name = b.pattern.trimmedDescription
                localNames.insert(Self.normalize(name))
                bind(name, to: b.initializer?.value)
            }
            return
        }
        if let c = node.as(OptionalBindingConditionSyntax.self) {
            let name = c.pattern.trimmedDescription
            if let value = c.initializer?.value { walk(Syntax(value)); bind(name, to: value) } else {
                // `if let x` keeps x's taint.
            }
            localNames.insert(Self.normalize(name))
            return
        }
        if let i = node.as(IfExprSyntax.self) {
            for c in i.conditions { walk(Syntax(c)) }
            let holds = kind.flatMap { KeyboardNames.decide(i.conditions.trimmedDescription, for: $0) }
            if holds != false { walk(Syntax(i.body)) }
            if holds != true, let e = i.elseBody { walk(Syntax(e)) }
            return
        }
        if let g = node.as(GuardStmtSyntax.self) {
            for c in g.conditions { walk(Syntax(c)) }
            return
        }
        if let s = node.as(SwitchExprSyntax.self) {
            walk(Syntax(s.subject))
            walkCases(s.cases)
            return
        }
        if let q = node.as(SequenceExprSyntax.self), assign(q) { return }
        if let call = node.as(FunctionCallExprSyntax.self) { visit(call); return }
        if let clause = node.as(IfConfigDeclSyntax.self) {
            if let first = clause.clauses.first?.elements { walk(Syntax(first)) }
            return
        }
        for child in node.children(viewMode: .sourceAccurate) { walk(child) }
    }

    private func walkCases(_ cases: SwitchCaseListSyntax) {
        var chosen: [SwitchCaseSyntax] = []
        var all: [SwitchCaseSyntax] = []
        var fallback: SwitchCaseSyntax?
        var aboutState = false
        for element in cases {
            guard case let .switchCase(c) = element else { continue }
            all.append(c)
            switch c.label {
            case .default: fallback = c
            case let .case(label):
                guard let kind else { continue }
                let verdicts = label.caseItems.map { KeyboardNames.matches(pattern: $0.pattern.trimmedDescription, kind) }
                if verdicts.contains(where: { $0 != nil }) { aboutState = true }
                if verdicts.contains(true) { chosen.append(c) }
            }
        }
        let walked = !aboutState || kind == nil ? all : (chosen.isEmpty ? fallback.map { [$0] } ?? [] : chosen)
        for c in walked { walk(Syntax(c.statements)) }
    }

    /// `a = b + c`, `a += b`, `a -= b`: the assignment and its taint. (An
    /// unfolded sequence: the target, the operator, then the value's
    /// operands and operators.)
    private func assign(_ q: SequenceExprSyntax) -> Bool {
        let elements = Array(q.elements)
        guard elements.count >= 3 else { return false }
        let op: String
        if elements[1].is(AssignmentExprSyntax.self) { op = "=" } else if let b = elements[1].as(BinaryOperatorExprSyntax.self),
            ["+=", "-=", "*=", "/="].contains(b.operator.text) { op = b.operator.text } else { return false }
        let rhs = elements.dropFirst(2)
        for e in rhs { walk(Syntax(e)) }
        let target = Self.normalize(elements[0].trimmedDescription)
        let value = rhs.map(\.trimmedDescription).joined(separator: " ")
        var height = rhs.contains { carriesHeight($0.trimmedDescription, syntax: Syntax($0)) }
        if op != "=" { height = height || heightKeys.contains(target) }
        if height { heightKeys.insert(target) } else { heightKeys.remove(target) }
        if carriesFrame(value) { frameKeys.insert(target) } else if op == "=" { frameKeys.remove(target) }
        if !localNames.contains(target) && target != "_" {
            assignments.append(Assignment(target: target, value: op == "=" ? value : "\(target) \(op.dropLast()) \(value)",
                                          usesHeight: height, place: index.place(q, file: file), locals: locals))
        }
        return true
    }

    static func calleeName(_ e: ExprSyntax) -> (name: String?, base: String?) {
        var e = e
        while true {
            if let f = e.as(ForceUnwrapExprSyntax.self) { e = f.expression; continue }
            if let o = e.as(OptionalChainingExprSyntax.self) { e = o.expression; continue }
            break
        }
        if let d = e.as(DeclReferenceExprSyntax.self) { return (d.baseName.text, nil) }
        if let m = e.as(MemberAccessExprSyntax.self) { return (m.declName.baseName.text, m.base.map { normalize($0.trimmedDescription) }) }
        return (nil, nil)
    }

    private func isFunctionTyped(_ p: Property) -> Bool {
        let t = p.type + " " + p.initializer
        return t.contains("->") || index.functionAliases.contains { Self.mentions(t, $0) }
    }

    private func isDelegateTyped(_ p: Property) -> Bool {
        let t = p.type
        return t.contains("Delegate") || index.protocols.contains { Self.mentions(t, $0) }
    }

    private func property(_ name: String) -> Property? {
        index.types[owner]?.properties[name]
    }

    private func visit(_ call: FunctionCallExprSyntax) {
        let (name, base) = Self.calleeName(call.calledExpression)
        let skipClosures = name == "addObserver" || name == "sink" || name == "publisher"
        // Arguments first, in order.
        walk(Syntax(call.calledExpression))
        for a in call.arguments {
            if skipClosures, a.expression.is(ClosureExprSyntax.self) { continue }
            walk(Syntax(a.expression))
        }
        if !skipClosures {
            if let t = call.trailingClosure { walk(Syntax(t)) }
            for t in call.additionalTrailingClosures { walk(Syntax(t.closure)) }
        }
        guard let name else { return }
        if ["print", "debugPrint", "NSLog", "assert", "precondition", "assertionFailure"].contains(name) { return }
        calls += 1
        let callee = Self.normalize(call.calledExpression.trimmedDescription)
        if callee.hasSuffix("AnimationOptions") || (name == "init" && (base ?? "").hasSuffix("AnimationOptions")),
           let raw = call.arguments.first(where: { $0.label?.text == "rawValue" }) {
            let expanded = expand(raw.expression.trimmedDescription)
            if !expanded.contains("<<"), expanded.lowercased().contains("curve") {
                unshiftedCurves.append(index.place(call, file: file))
            }
        }
        if name == "convert", call.arguments.contains(where: { $0.label?.text == "to" && ($0.expression.trimmedDescription == "nil" || $0.expression.trimmedDescription.lowercased().contains("window")) }) {
            convertsToWindow = true
        }
        if name == "CGRect", let y = call.arguments.first(where: { $0.label?.text == "y" })?.expression.trimmedDescription,
           y.contains("-") || y.contains("+") || y.contains("max(") || y.contains("min(") {
            movedFrameOrigin = true
        }
        // Forwarding through a parameter of a protocol of the files (a
        // protocol extension's closure calling the object it was given).
        if let base, !base.contains("."), property(base) == nil, let proto = parameterProtocol(base, around: Syntax(call)) {
            forwards.append((base, name))
            forwardProtocols[base] = proto
            return
        }
        // Forwarding through a delegate or a stored closure.
        if let base, !base.contains("."), let p = property(base), isDelegateTyped(p) {
            forwards.append((base, name))
            return
        }
        if base == nil || base == "self", let p = property(name), isFunctionTyped(p) {
            forwards.append((name, "call"))
            return
        }
        if name == "$0" || callee == "$0", let each = enclosingForEachBase(call), let p = property(each), isFunctionTyped(p) {
            forwards.append((each, "call"))
            return
        }
        // Follow routines of the files: own, or self's.
        guard base == nil || base == "self" || base == "Self" || base == owner else { return }
        guard let routine = index.resolve(name, from: owner).first(where: { $0.body != nil && $0.name != "init" }) else { return }
        for (i, a) in call.arguments.enumerated() where i < routine.parameters.count {
            let p = routine.parameters[i].name
            let text = a.expression.trimmedDescription
            if carriesHeight(text, syntax: Syntax(a.expression)) { heightKeys.insert(p) }
            if carriesFrame(text) { frameKeys.insert(p) }
            locals[p] = text
        }
        enter(routine) { walk(routine.body!) }
    }

    /// The protocol of the files that `name`, a parameter of the function
    /// around `node`, is declared with.
    private func parameterProtocol(_ name: String, around node: Syntax) -> String? {
        var p = node.parent
        while let n = p {
            if let f = n.as(FunctionDeclSyntax.self) {
                guard let param = f.signature.parameterClause.parameters.first(where: { ($0.secondName ?? $0.firstName).text == name }) else { return nil }
                return KeyboardNames.words(param.type.trimmedDescription).first { index.protocols.contains($0) }
            }
            p = n.parent
        }
        return nil
    }

    private func enclosingForEachBase(_ node: FunctionCallExprSyntax) -> String? {
        var p = node.parent
        while let n = p {
            if let c = n.as(FunctionCallExprSyntax.self), let m = c.calledExpression.as(MemberAccessExprSyntax.self),
               m.declName.baseName.text == "forEach", let base = m.base {
                return Self.normalize(base.trimmedDescription)
            }
            p = n.parent
        }
        return nil
    }
}
