import KBSolver

// The constraints UIStackView generates for its arranged subviews.

extension LayoutEngine {
    /// Replaces a stack view's generated constraints with the ones its
    /// current configuration and arranged subviews call for.
    func regenerateStack(_ stack: String, _ screen: Screen) -> [ModelWarning] {
        let key = "stack:\(stack)"
        guard case let .view(i) = screen.names[stack], let config = screen.viewList[i].stack else {
            removeGenerated(key: key)
            return []
        }
        let arranged = screen.subviews(of: stack)
        let items = arranged.filter { !$0.isHidden }
        let vertical = config.axis == .vertical
        let start: Anchor.Attribute = vertical ? .top : .leading
        let end: Anchor.Attribute = vertical ? .bottom : .trailing
        let size: Anchor.Attribute = vertical ? .height : .width
        let crossStart: Anchor.Attribute = vertical ? .leading : .top
        let crossEnd: Anchor.Attribute = vertical ? .trailing : .bottom
        let crossCenter: Anchor.Attribute = vertical ? .centerX : .centerY
        let crossSize: Anchor.Attribute = vertical ? .width : .height
        let s = AnchorOwner(view: stack)

        var out: [Generated] = []
        func add(_ label: String, _ a: Anchor, _ r: LayoutRelation, _ b: Anchor?, _ constant: Double = 0,
                 priority: Int = 1000) {
            out.append(make(LayoutConstraint(name: label, first: a, relation: r, second: b, constant: constant,
                                             priority: priority), screen))
        }
        func anchor(_ v: View, _ a: Anchor.Attribute) -> Anchor { Anchor(v.name, nil, a) }

        // Along the axis.
        if let first = items.first, let last = items.last {
            add("UISV-canvas-connection", anchor(first, start), .equal, s.anchor(start))
            for k in 1..<max(items.count, 1) where items.count > 1 {
                let a = items[k], b = items[k - 1]
                switch config.distribution {
                case .fill, .fillEqually:
                    add("UISV-spacing", anchor(a, start), .equal, anchor(b, end), config.spacing)
                case .equalSpacing:
                    add("UISV-spacing", anchor(a, start), .greaterOrEqual, anchor(b, end), config.spacing)
                    if k >= 2 {
                        out.append(equalGap(items[k - 1], a, items[0], items[1], start, end, screen))
                    }
                }
                if config.distribution == .fillEqually {
                    add("UISV-fill-equally", anchor(a, size), .equal, anchor(items[0], size))
                }
            }
            add("UISV-canvas-connection", s.anchor(end), .equal, anchor(last, end))
        }
        // Hidden arranged subviews collapse at the start.
        for v in arranged where v.isHidden {
            add("UISV-hiding", anchor(v, size), .equal, nil)
            add("UISV-hiding", anchor(v, start), .equal, s.anchor(start))
        }
        // Across the axis.
        for v in arranged {
            switch config.alignment {
            case .fill:
                add("UISV-alignment", anchor(v, crossStart), .equal, s.anchor(crossStart))
                add("UISV-alignment", anchor(v, crossEnd), .equal, s.anchor(crossEnd))
            case .leading:
                add("UISV-alignment", anchor(v, crossStart), .equal, s.anchor(crossStart))
                add("UISV-spanning-boundary", anchor(v, crossEnd), .lessOrEqual, s.anchor(crossEnd))
            case .trailing:
                add("UISV-alignment", anchor(v, crossEnd), .equal, s.anchor(crossEnd))
                add("UISV-spanning-boundary", anchor(v, crossStart), .greaterOrEqual, s.anchor(crossStart))
            case .center:
                add("UISV-alignment", anchor(v, crossCenter), .equal, s.anchor(crossCenter))
                add("UISV-spanning-boundary", anchor(v, crossStart), .greaterOrEqual, s.anchor(crossStart))
            }
            if config.alignment != .fill {
                add("UISV-ambiguity-suppression", anchor(v, crossSize), .equal, nil, priority: 25)
            }
        }
        if config.alignment != .fill, !arranged.isEmpty {
            add("UISV-canvas-fit", s.anchor(crossSize), .equal, nil, priority: 24)
        }
        var warnings: [ModelWarning] = []
        // The list keeps the order the constraints are made in, kept or
        // new, as a stack built from scratch has it (`explain` lists them so).
        var list: [Generated] = []
        for (g, kept) in keepingUnchanged(out, key: key) {
            if !kept, let w = addGenerated(g, key: key) { warnings.append(w) }
            if kept || solver.contains(g.constraint) { list.append(g) }
        }
        generated[key] = list.isEmpty ? nil : list
        return warnings
    }

    /// Keeps the constraints under `key` that `wanted` holds again (the
    /// same relation between the same variables, constant and priority)
    /// and removes the others from the solver; returns `wanted` in order,
    /// each with the constraint kept for it (then `kept`) or as made, still
    /// to add. A view added to a stack of n views changes a few constraints
    /// in the solver, not all 3n of them (which made a long form built in a
    /// stack view cubic).
    private func keepingUnchanged(_ wanted: [Generated], key: String) -> [(Generated, kept: Bool)] {
        let old = generated.removeValue(forKey: key) ?? []
        var pool: [GeneratedSignature: [Int]] = [:]
        pool.reserveCapacity(old.count)
        for (k, g) in old.enumerated().reversed() where solver.contains(g.constraint) {
            pool[GeneratedSignature(g, constant: solver.constant(of: g.constraint)), default: []].append(k)
        }
        var kept = Array(repeating: false, count: old.count)
        var plan: [(Generated, kept: Bool)] = []
        plan.reserveCapacity(wanted.count)
        for g in wanted {
            let signature = GeneratedSignature(g, constant: g.constraint.expression.constant)
            if let k = pool[signature]?.popLast() {
                kept[k] = true
                plan.append((old[k], true))
            } else {
                plan.append((g, false))
            }
        }
        var removed = false
        for k in old.indices.reversed() where !kept[k] && solver.contains(old[k].constraint) {
            try? solver.remove(old[k].constraint)
            origins[ObjectIdentifier(old[k].constraint)] = nil
            removed = true
        }
        if removed { invalidate() }
        return plan
    }

    /// `gap(a → b) == gap(first → second)` for equal spacing.
    private func equalGap(_ a: View, _ b: View, _ first: View, _ second: View, _ start: Anchor.Attribute,
                          _ end: Anchor.Attribute, _ screen: Screen) -> Generated {
        let gap = expression(Anchor(b.name, nil, start), screen) - expression(Anchor(a.name, nil, end), screen)
        let firstGap = expression(Anchor(second.name, nil, start), screen)
            - expression(Anchor(first.name, nil, end), screen)
        let equation = "\(b.name).\(start.rawValue) - \(a.name).\(end.rawValue) == "
            + "\(second.name).\(start.rawValue) - \(first.name).\(end.rawValue)"
        return Generated(constraint: Constraint(gap, .equal, firstGap, name: "UISV-distributing-edge"),
                         entry: ConflictEntry(name: "UISV-distributing-edge", equation: equation, isUser: false),
                         views: [a.name, b.name, first.name, second.name])
    }
}

/// What makes two generated constraints the same for the solver: their
/// terms (the same variable objects, the same coefficients), constant,
/// relation and strength, and their label in conflict reports (the
/// equation there follows from the rest: the stack's constraints name the
/// same variables by the same anchors).
private struct GeneratedSignature: Hashable {
    let variables: [ObjectIdentifier]
    let coefficients: [Double]
    let constant: Double?
    let relation: Relation
    let strength: Strength
    let name: String

    init(_ g: LayoutEngine.Generated, constant: Double?) {
        let expression = g.constraint.expression
        variables = expression.terms.map { ObjectIdentifier($0.variable) }
        coefficients = expression.terms.map(\.coefficient)
        self.constant = constant
        relation = g.constraint.relation
        strength = g.constraint.strength
        name = g.entry.name
    }
}
