import SwiftSyntax

/// Which code builds the screen at rest: the lifecycle methods that run
/// before the user types, the lazy properties' initial values, and the
/// type's own functions they call, without the closures they keep for
/// later (a notification's block, an animation's, a button's action). A
/// keyboard handler's constraints and properties are its own business.
extension LayoutCodeReader {
    static let setupMethods: Set<String> = [
        "init", "loadView", "viewDidLoad", "awakeFromNib", "viewWillAppear", "viewDidAppear", "viewWillLayoutSubviews",
        "viewDidLayoutSubviews", "updateViewConstraints", "viewSafeAreaInsetsDidChange",
    ]

    /// Calls whose closure runs right there, as part of the code around it.
    static let inlineClosureCallees: Set<String> = [
        "forEach", "makeConstraints", "remakeConstraints", "updateConstraints", "map", "compactMap", "flatMap",
        "performWithoutAnimation", "with", "apply", "configure",
    ]

    /// The routines of `t` that run when its screen is built.
    func setupRoutines(_ t: TypeInfo) -> Set<ObjectIdentifier> {
        if let known = setupCache.value[t.name] { return known }
        let found = findSetupRoutines(t)
        setupCache.value[t.name] = found
        return found
    }

    private func findSetupRoutines(_ t: TypeInfo) -> Set<ObjectIdentifier> {
        var out: Set<ObjectIdentifier> = []
        var queue = t.routines.filter { r in
            guard let body = r.body else { return false }
            if Self.setupMethods.contains(r.name) { return true }
            return t.properties[r.name] != nil && !body.is(AccessorBlockSyntax.self)
        }
        while let r = queue.popLast() {
            guard out.insert(ObjectIdentifier(r)).inserted, let body = r.body else { continue }
            for node in body.allDescendants {
                guard let call = node.as(FunctionCallExprSyntax.self), Self.runsInline(node, in: r) else { continue }
                let (name, base) = HandlerWalk.calleeName(call.calledExpression)
                guard let name, base == nil || base == "self" else { continue }
                queue += t.routines(named: name).filter { !out.contains(ObjectIdentifier($0)) }
            }
        }
        return out
    }

    /// The called function's own name (`forEach` of `list.forEach`).
    static func calleeWord(_ call: FunctionCallExprSyntax) -> String? {
        if let m = call.calledExpression.as(MemberAccessExprSyntax.self) { return m.declName.baseName.text }
        return call.calledExpression.as(DeclReferenceExprSyntax.self)?.baseName.text
    }

    /// Whether `node` runs when its routine does: not inside a closure kept
    /// for later. An immediately called closure (`{ … }()`) and the
    /// closures of `forEach` and SnapKit's blocks run in place.
    static func runsInline(_ node: Syntax, in r: Routine) -> Bool {
        guard let body = r.body else { return false }
        var n: Syntax? = node
        while let current = n, current.id != body.id {
            if let closure = current.as(ClosureExprSyntax.self) {
                guard let parent = closure.parent else { return false }
                if let call = parent.as(FunctionCallExprSyntax.self), call.calledExpression.id == closure.id {
                    // `{ … }()`
                } else if let call = parent.as(FunctionCallExprSyntax.self), call.trailingClosure?.id == closure.id,
                          let name = calleeWord(call), inlineClosureCallees.contains(name) {
                    // `list.forEach { … }`
                } else if let arg = parent.as(LabeledExprSyntax.self), let call = arg.parent?.parent?.as(FunctionCallExprSyntax.self),
                          let name = calleeWord(call), inlineClosureCallees.contains(name) {
                    // `list.forEach({ … })`
                } else if current.id != body.id {
                    return false
                }
            }
            n = current.parent
        }
        return true
    }
}
