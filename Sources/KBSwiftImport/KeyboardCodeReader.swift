import KBModel
import SwiftSyntax

/// Code that runs on a keyboard notification: a routine named by a
/// selector, or a closure.
enum Handler {
    case routine(Routine)
    case closure(ClosureExprSyntax, owner: String, file: Int)

    func walk(_ w: HandlerWalk) {
        switch self {
        case let .routine(r): w.walk(r, seeds: r.parameters.map(\.name))
        case let .closure(c, owner, file): w.walk(closure: c, owner: owner, file: file)
        }
    }
}

/// An observer added in code.
struct Registration {
    var kinds: [KeyboardNotificationKind]
    var owner: String
    var routine: Routine
    var handler: Handler?
    var place: Place
    /// Key-value observation of a view that follows the keyboard (an
    /// input accessory's `center`), not a notification.
    var followsView: Bool
    /// A Combine subscription kept by its owner (`.store(in:)`): it ends
    /// when the owner goes.
    var cancelledWithOwner = false
}

/// Reads the keyboard handling code of a ``CodeIndex``.
struct KeyboardCodeReader {
    let index: CodeIndex
    var findings: [Finding] = []
    var registrations: [Registration] = []
    var removals: [(owner: String, routine: Routine)] = []

    static let lifecycle: Set<String> = [
        "viewDidLoad", "viewWillAppear", "viewDidAppear", "viewWillDisappear", "viewDidDisappear", "loadView",
        "viewDidLayoutSubviews", "viewWillLayoutSubviews", "init", "deinit", "awakeFromNib", "didMoveToSuperview",
        "didMoveToWindow", "willMove", "didMove", "viewIsAppearing",
    ]

    init(index: CodeIndex) {
        self.index = index
        for r in index.allRoutines { scan(r) }
    }

    private mutating func note(_ place: Place, _ message: String) {
        findings.append(Finding(file: place.file, line: place.line, column: place.column, message: message))
    }

    // MARK: registrations

    private mutating func scan(_ r: Routine) {
        guard let body = r.body else { return }
        for node in body.allDescendants {
            guard let call = node.as(FunctionCallExprSyntax.self) else { continue }
            let (name, _) = HandlerWalk.calleeName(call.calledExpression)
            let labels = call.arguments.map { $0.label?.text ?? "" }
            switch name {
            case "addObserver" where labels.contains("forKeyPath"):
                continue
            case "addObserver" where labels.contains("selector") && labels.contains("name"):
                let nameArg = call.arguments.first { $0.label?.text == "name" }!.expression
                let kinds = names(nameArg, in: r)
                guard !kinds.isEmpty else { continue }
                let selector = call.arguments.first { $0.label?.text == "selector" }!.expression
                let handler = resolveSelector(selector, owner: r.owner)
                if handler == nil {
                    note(index.place(selector, file: r.file), "the selector \(selector.trimmedDescription) names no function in the files read: its handler is not read")
                }
                registrations.append(Registration(kinds: kinds, owner: r.owner, routine: r, handler: handler.map { .routine($0) },
                                                  place: index.place(call, file: r.file), followsView: false))
            case "addObserver" where labels.contains("forName"):
                let nameArg = call.arguments.first { $0.label?.text == "forName" }!.expression
                let kinds = names(nameArg, in: r)
                guard !kinds.isEmpty else { continue }
                let closure = call.trailingClosure ?? call.arguments.first { $0.label?.text == "using" }?.expression.as(ClosureExprSyntax.self)
                registrations.append(Registration(kinds: kinds, owner: r.owner, routine: r,
                                                  handler: closure.map { .closure($0, owner: r.owner, file: r.file) },
                                                  place: index.place(call, file: r.file), followsView: false))
            case "publisher" where labels.first == "for":
                let arg = call.arguments.first!.expression
                let sink = sinkClosure(of: call)
                if let path = arg.as(KeyPathExprSyntax.self) {
                    // A view that follows the keyboard (an input accessory's
                    // centre or frame), observed in keyboard code.
                    let key = path.trimmedDescription
                    guard [".center", ".frame", ".bounds"].contains(where: { key.hasSuffix($0) }),
                          (r.name + body.description).lowercased().contains("keyboard") else { continue }
                    registrations.append(Registration(kinds: [], owner: r.owner, routine: r,
                                                      handler: sink.map { .closure($0, owner: r.owner, file: r.file) },
                                                      place: index.place(call, file: r.file), followsView: true))
                } else {
                    let kinds = names(arg, in: r)
                    guard !kinds.isEmpty else { continue }
                    registrations.append(Registration(kinds: kinds, owner: r.owner, routine: r,
                                                      handler: sink.map { .closure($0, owner: r.owner, file: r.file) },
                                                      place: index.place(call, file: r.file), followsView: false,
                                                      cancelledWithOwner: isStored(call)))
                }
            case "removeObserver" where !labels.contains("forKeyPath"):
                if let n = call.arguments.first(where: { $0.label?.text == "name" })?.expression, names(n, in: r).isEmpty,
                   KeyboardNames.words(n.trimmedDescription).contains(where: { !$0.hasPrefix("$") }) { continue }
                if !removals.contains(where: { $0.owner == r.owner && $0.routine === r }) { removals.append((r.owner, r)) }
            default:
                continue
            }
        }
    }

    /// Whether a publisher chain is kept by its owner: `.store(in:)` or
    /// assigned to a property.
    private func isStored(_ call: FunctionCallExprSyntax) -> Bool {
        var p = call.parent
        while let n = p {
            if let c = n.as(FunctionCallExprSyntax.self), let m = c.calledExpression.as(MemberAccessExprSyntax.self),
               m.declName.baseName.text == "store" { return true }
            if let q = n.as(SequenceExprSyntax.self), q.elements.contains(where: { $0.is(AssignmentExprSyntax.self) }) { return true }
            if n.is(CodeBlockItemSyntax.self) { return false }
            p = n.parent
        }
        return false
    }

    /// The closure of the `.sink` a publisher chain ends in.
    private func sinkClosure(of call: FunctionCallExprSyntax) -> ClosureExprSyntax? {
        var p = call.parent
        while let n = p {
            if let c = n.as(FunctionCallExprSyntax.self), let m = c.calledExpression.as(MemberAccessExprSyntax.self),
               m.declName.baseName.text == "sink" {
                return c.trailingClosure ?? c.arguments.compactMap { $0.expression.as(ClosureExprSyntax.self) }.first
            }
            if n.is(CodeBlockItemSyntax.self) { return nil }
            p = n.parent
        }
        return nil
    }

    private func resolveSelector(_ e: ExprSyntax, owner: String) -> Routine? {
        var text = e.trimmedDescription
        if let m = e.as(MacroExpansionExprSyntax.self), let first = m.arguments.first { text = first.expression.trimmedDescription }
        if let paren = text.firstIndex(of: "(") { text = String(text[..<paren]) }
        let parts = text.split(separator: ".").map(String.init)
        guard let name = parts.last else { return nil }
        let typeName = parts.count > 1 ? parts[parts.count - 2] : owner
        return index.resolve(name, from: index.types[typeName] == nil ? owner : typeName).first { $0.body != nil }
    }

    /// The notifications a name argument stands for: written out, or a
    /// `$0` of a `forEach` over a list of names (a property, a local, or a
    /// function that returns them).
    private func names(_ e: ExprSyntax, in r: Routine) -> [KeyboardNotificationKind] {
        let text = e.trimmedDescription
        let direct = KeyboardNames.kinds(in: text)
        if !direct.isEmpty { return direct }
        var source = text
        if text.hasPrefix("$") || !text.contains(where: { !($0.isLetter || $0.isNumber || $0 == "_") }) {
            var p = e.parent
            while let n = p, text.hasPrefix("$") {
                if let c = n.as(FunctionCallExprSyntax.self), let m = c.calledExpression.as(MemberAccessExprSyntax.self),
                   m.declName.baseName.text == "forEach", let base = m.base {
                    source = base.trimmedDescription
                    break
                }
                p = n.parent
            }
        }
        let key = HandlerWalk.normalize(source)
        if let prop = index.types[r.owner]?.properties[key] {
            return KeyboardNames.kinds(in: prop.initializer)
        }
        if let body = r.body {
            for node in body.allDescendants {
                if let b = node.as(PatternBindingSyntax.self), b.pattern.trimmedDescription == key, let v = b.initializer?.value {
                    return KeyboardNames.kinds(in: v.trimmedDescription)
                }
                if let f = node.as(ForStmtSyntax.self), f.pattern.trimmedDescription == key {
                    return KeyboardNames.kinds(in: f.sequence.trimmedDescription)
                }
            }
        }
        // A function that lists them: its body, else its type's spelled-out names.
        let (fname, base) = KeyboardNames.words(source).count >= 1 ? callee(of: source) : (nil, nil)
        if let fname {
            let typeName = base ?? r.owner
            if let f = index.resolve(fname, from: typeName).first, let body = f.body {
                let inBody = KeyboardNames.kinds(in: body.description, strict: true)
                if !inBody.isEmpty { return inBody }
                if let t = index.types[f.owner] { return KeyboardNames.kinds(in: t.text, strict: true) }
            }
        }
        return []
    }

    private func callee(of text: String) -> (String?, String?) {
        var t = text
        if let paren = t.firstIndex(of: "(") { t = String(t[..<paren]) }
        let parts = t.split(separator: ".").map(String.init)
        return (parts.last, parts.count > 1 ? parts[parts.count - 2] : nil)
    }

    // MARK: callers

    /// Routines of `owner` that call `name`.
    func callers(of name: String, in owner: String) -> [Routine] {
        guard let t = index.types[owner] else { return [] }
        return t.routines.filter { r in
            r.name != name && (r.body?.allDescendants.contains { node in
                guard let c = node.as(FunctionCallExprSyntax.self) else { return false }
                let (n, base) = HandlerWalk.calleeName(c.calledExpression)
                return n == name && (base == nil || base == "self")
            } ?? false)
        }
    }

    /// Where a routine runs, in lifecycle words: `viewWillAppear
    /// (subscribeToKeyboard)` when a lifecycle method calls it.
    func lifecycleLabel(_ r: Routine, owner: String) -> (label: String, moments: [String]) {
        if Self.lifecycle.contains(r.name) { return (r.name, [r.name]) }
        let outer = callers(of: r.name, in: owner).filter { Self.lifecycle.contains($0.name) }.map(\.name)
        if outer.isEmpty { return (r.name, [r.name]) }
        return ("\(outer.joined(separator: ", ")) (\(r.name))", outer)
    }
}
