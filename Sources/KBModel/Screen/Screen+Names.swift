// Looking objects up by name, with suggestions for misspelt names.

extension Screen {
    static let reservedNames: Set<String> = ["window", "screen", "kb", "keyboard"]

    /// Every name in the session, in a stable order (controllers, views, constraints).
    public var allNames: [String] {
        controllers.map(\.name) + viewList.map(\.name) + constraintList.map(\.name)
    }

    /// The view called `name`.
    public func view(named name: String) throws(ModelError) -> View {
        viewList[try viewIndex(name)]
    }

    /// The controller called `name`.
    public func controller(named name: String) throws(ModelError) -> Controller {
        if case let .controller(i) = names[name] { return controllers[i] }
        throw .unknownName(name, kind: .controller, suggestion: nearestName(to: name, in: controllers.map(\.name)))
    }

    /// The constraint called `name`.
    public func constraint(named name: String) throws(ModelError) -> LayoutConstraint {
        constraintList[try constraintIndex(name)]
    }

    /// What `name` denotes, if anything.
    public func kind(of name: String) -> ModelError.NameKind? {
        assert(!isStowed, "a stowed screen is used before unstow()")
        return switch names[name] {
        case .controller: .controller
        case .view: .view
        case .constraint: .constraint
        case nil: nil
        }
    }

    func viewIndex(_ name: String) throws(ModelError) -> Int {
        assert(!isStowed, "a stowed screen is used before unstow()")
        if case let .view(i) = names[name] { return i }
        throw .unknownName(name, kind: .view, suggestion: nearestName(to: name, in: viewList.map(\.name)))
    }

    func constraintIndex(_ name: String) throws(ModelError) -> Int {
        assert(!isStowed, "a stowed screen is used before unstow()")
        if case let .constraint(i) = names[name] { return i }
        throw .unknownName(name, kind: .constraint, suggestion: nearestName(to: name, in: constraintList.map(\.name)))
    }

    func controllerIndex(_ name: String) throws(ModelError) -> Int {
        assert(!isStowed, "a stowed screen is used before unstow()")
        if case let .controller(i) = names[name] { return i }
        throw .unknownName(name, kind: .controller, suggestion: nearestName(to: name, in: controllers.map(\.name)))
    }

    /// Checks that `name` is well formed, not reserved and not taken.
    func checkNewName(_ name: String) throws(ModelError) {
        try Screen.checkName(name)
        if let existing = kind(of: name) { throw .duplicateName(name, existing: existing) }
    }

    /// `[A-Za-z_][A-Za-z0-9_]*`.
    public static func isValidName(_ name: String) -> Bool {
        guard let first = name.unicodeScalars.first else { return false }
        func letter(_ c: Unicode.Scalar) -> Bool { (c >= "A" && c <= "Z") || (c >= "a" && c <= "z") || c == "_" }
        return letter(first) && name.unicodeScalars.allSatisfy { letter($0) || ($0 >= "0" && $0 <= "9") }
    }

    /// Whether `view` lies strictly inside `ancestor`.
    public func isDescendant(_ view: String, of ancestor: String) -> Bool {
        guard case var .view(i) = names[view] else { return false }
        while let p = viewList[i].parent {
            if p == ancestor { return true }
            guard case let .view(j) = names[p] else { return false }
            i = j
        }
        return false
    }

    /// The subviews of `view`, in order.
    public func subviews(of view: String) -> [View] {
        viewList.filter { $0.parent == view }
    }

    /// Views in hierarchy order: depth first from each top-level root view,
    /// subviews in the order they were added.
    public var hierarchyOrder: [View] {
        Hierarchy(self).order.map { viewList[$0] }
    }

    /// Resolves an anchor's names: the view must exist, and content and
    /// frameGuide need a scroll view.
    public func resolve(_ anchor: Anchor) throws(ModelError) -> Anchor {
        try check(anchor.owner)
        return anchor
    }

    /// Parses and resolves an anchor (`Login.view.safeArea.bottom`).
    public func resolveAnchor(_ text: String) throws(ModelError) -> Anchor {
        try resolve(try Anchor(parsing: text))
    }

    func check(_ owner: AnchorOwner) throws(ModelError) {
        let v = try view(named: owner.view)
        if let g = owner.guide, g == .content || g == .frameGuide, !v.kind.isScrollView {
            throw .guideNeedsScrollView(view: v.name, guide: g.rawValue)
        }
    }
}
