// Adding, changing and removing user constraints.

extension Screen {
    /// Adds `first RELATION second × multiplier + constant @priority`, or
    /// `first RELATION constant` when `second` is nil (sizes only).
    ///
    /// Unnamed constraints are called `c1`, `c2`, … A required constraint
    /// that cannot be satisfied is still added but broken (held out of
    /// layout, as UIKit does), and the result carries the warning with the
    /// minimal conflicting set.
    @discardableResult
    public mutating func constrain(_ first: Anchor, _ relation: LayoutRelation, _ second: Anchor? = nil,
                                   multiplier: Double = 1, constant: Double = 0, priority: Int = 1000,
                                   name: String? = nil) throws(ModelError) -> MutationResult {
        let first = try resolve(first)
        let second = try second.map { (a) throws(ModelError) in try resolve(a) }
        try Screen.checkConstraint(first, second, multiplier: multiplier, constant: constant, priority: priority)
        let finalName: String
        if let name {
            try checkNewName(name)
            finalName = name
        } else {
            finalName = nextUnnamed()
        }
        let c = LayoutConstraint(name: finalName, first: first, relation: relation, second: second,
                                 multiplier: multiplier, constant: constant, priority: priority)
        _ = uniqueEngine()
        return appendConstraint(c, cause: .added)
    }

    /// ``constrain(_:_:_:multiplier:constant:priority:name:)`` with anchors as text.
    @discardableResult
    public mutating func constrain(_ first: String, _ relation: LayoutRelation, _ second: String? = nil,
                                   multiplier: Double = 1, constant: Double = 0, priority: Int = 1000,
                                   name: String? = nil) throws(ModelError) -> MutationResult {
        let a = try resolveAnchor(first)
        let b = try second.map { (s) throws(ModelError) in try resolveAnchor(s) }
        return try constrain(a, relation, b, multiplier: multiplier, constant: constant, priority: priority, name: name)
    }

    /// Pins `view`'s edges to `owner`'s (a view or a guide) with four
    /// required constraints `VIEW_top`, `VIEW_leading`, `VIEW_bottom`,
    /// `VIEW_trailing`; `insets` move the edges inwards.
    @discardableResult
    public mutating func pin(_ view: String, to owner: AnchorOwner, insets: EdgeInsets = .zero) throws(ModelError)
        -> MutationResult {
        _ = try self.view(named: view)
        try check(owner)
        let edges: [(String, Anchor.Attribute, Double)] = [
            ("top", .top, insets.top), ("leading", .leading, insets.left),
            ("bottom", .bottom, -insets.bottom), ("trailing", .trailing, -insets.right),
        ]
        for (suffix, _, _) in edges { try checkNewName("\(view)_\(suffix)") }
        _ = uniqueEngine()
        var result = MutationResult()
        for (suffix, attribute, constant) in edges {
            let c = LayoutConstraint(name: "\(view)_\(suffix)", first: Anchor(view, nil, attribute), relation: .equal,
                                     second: owner.anchor(attribute), constant: constant)
            result.warnings += appendConstraint(c, cause: .added).warnings
        }
        return result
    }

    /// ``pin(_:to:insets:)`` with the owner as text (`form`, `Login.view.safeArea`).
    @discardableResult
    public mutating func pin(_ view: String, to owner: String, insets: EdgeInsets = .zero) throws(ModelError)
        -> MutationResult {
        try pin(view, to: try AnchorOwner(parsing: owner), insets: insets)
    }

    /// Changes a constraint's constant in place (the solver's `setConstant`,
    /// never a remove and add). If the new constant cannot be satisfied the
    /// constraint is broken and the result says why.
    ///
    /// A keyboard handler's change (`byHandler`) keeps the constant the
    /// screen has at rest (``LayoutConstraint/restingConstant``); a
    /// command's makes the new constant the one at rest.
    @discardableResult
    public mutating func setConstant(_ value: Double, of name: String, byHandler: Bool = false) throws(ModelError) -> MutationResult {
        let i = try constraintIndex(name)
        try Screen.checkFinite("constant", value)
        if !byHandler {
            constraintList[i].restingConstant = nil
        } else if constraintList[i].restingConstant == value {
            constraintList[i].restingConstant = nil
        } else if constraintList[i].restingConstant == nil && constraintList[i].constant != value {
            constraintList[i].restingConstant = constraintList[i].constant
        }
        // The same constant changes nothing, unless the constraint is broken
        // (setting it again retries it).
        guard constraintList[i].constant != value || constraintList[i].isBroken else { return .ok }
        constraintList[i].constant = value
        let e = uniqueEngine()
        e.invalidate()
        let c = constraintList[i]
        guard c.isActive else { return .ok }
        if c.isBroken {
            constraintList[i].isBroken = false
            return readd(i, cause: .changed)
        }
        guard let sc = e.user[name] else { return .ok }
        do {
            try e.solver.setConstant(-value, of: sc)
            return .ok
        } catch let error {
            guard case let .unsatisfiable(_, conflicts) = error else { return .ok }
            let entry = ConflictEntry(name: c.name, equation: c.equation, isUser: true)
            let warning = ModelWarning.unsatisfiable(broken: entry, conflicts: e.entries(conflicts, extra: Optional<LayoutEngine.Generated>.none)
                .map { $0.name == c.name ? entry : $0 }, cause: .changed)
            e.breakUser(sc)
            constraintList[i].isBroken = true
            return MutationResult(warnings: [warning])
        }
    }

    /// Changes a constraint's priority (1…1000).
    @discardableResult
    public mutating func setPriority(_ priority: Int, of name: String) throws(ModelError) -> MutationResult {
        let i = try constraintIndex(name)
        try Screen.checkPriority(priority)
        guard constraintList[i].priority != priority else { return .ok }
        constraintList[i].priority = priority
        let e = uniqueEngine()
        e.removeUser(name)
        guard constraintList[i].isActive else { return .ok }
        constraintList[i].isBroken = false
        return readd(i, cause: .changed)
    }

    /// Activates a constraint (a broken one gets another try).
    @discardableResult
    public mutating func activate(_ name: String) throws(ModelError) -> MutationResult {
        let i = try constraintIndex(name)
        guard !constraintList[i].isEffective else { return .ok }
        constraintList[i].isActive = true
        constraintList[i].isBroken = false
        uniqueEngine().removeUser(name)
        return readd(i, cause: .activated)
    }

    /// Deactivates a constraint: it stays in the session but out of layout.
    @discardableResult
    public mutating func deactivate(_ name: String) throws(ModelError) -> MutationResult {
        let i = try constraintIndex(name)
        constraintList[i].isActive = false
        constraintList[i].isBroken = false
        let e = uniqueEngine()
        e.removeUser(name)
        e.invalidate()
        return .ok
    }

    /// Removes a constraint from the session.
    @discardableResult
    public mutating func removeConstraint(_ name: String) throws(ModelError) -> MutationResult {
        let i = try constraintIndex(name)
        let e = uniqueEngine()
        e.removeUser(name)
        e.invalidate()
        constraintList.remove(at: i)
        names[name] = nil
        for k in i..<constraintList.count { names[constraintList[k].name] = .constraint(k) }
        return .ok
    }

    // MARK: Helpers

    mutating func nextUnnamed() -> String {
        while true {
            unnamedCount += 1
            let name = "c\(unnamedCount)"
            if names[name] == nil { return name }
        }
    }

    mutating func appendConstraint(_ c: LayoutConstraint, cause: ModelWarning.Cause) -> MutationResult {
        constraintList.append(c)
        names[c.name] = .constraint(constraintList.count - 1)
        return readd(constraintList.count - 1, cause: cause)
    }

    /// Puts constraint `i` into the solver, breaking it if it cannot hold.
    mutating func readd(_ i: Int, cause: ModelWarning.Cause) -> MutationResult {
        let e = currentEngine()
        e.invalidate()
        guard let w = e.addUser(constraintList[i], self, cause: cause) else { return .ok }
        constraintList[i].isBroken = true
        return MutationResult(warnings: [w])
    }
}
