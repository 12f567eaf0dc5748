import KBSolver

// The constraints UIStackView generates for its arranged subviews.

extension LayoutEngine {
    /// A stack view's generated constraints, kept by part in the order a
    /// stack built from scratch makes them (`explain` lists them so): the
    /// canvas connection at the start, the gaps (spacing, equal-spacing
    /// edges, equal fills), the canvas connection at the end, the hidden
    /// views' collapse, the alignment across the axis, the canvas fit.
    /// Kept by part, a view appended to the stack changes a few constraints
    /// and a few entries, whatever the stack's length.
    struct StackRecord: Sendable {
        enum Part: Int, CaseIterable {
            case head, gaps, tail, hiding, cross, fit
        }

        /// The configuration the constraints were made for.
        var config: StackConfiguration
        /// The arranged subviews they were made for, in order.
        var arranged: [String] = []
        /// The visible ones among them, in order.
        var items: [String] = []
        /// Every constraint the stack wants is in the solver (none was
        /// refused as unsatisfiable: the next change makes them all again,
        /// and so tries the refused ones again).
        var isComplete = true
        var parts = [[Generated]](repeating: [], count: Part.allCases.count)

        init(config: StackConfiguration) { self.config = config }

        /// Every constraint, in order.
        var list: [Generated] { Array(parts.joined()) }

        subscript(_ part: Part) -> [Generated] {
            get { parts[part.rawValue] }
            set { parts[part.rawValue] = newValue }
        }
    }

    /// The generated constraints kept under `key` (a stack's, in order, or
    /// the others').
    func generatedList(_ key: String) -> [Generated] {
        stacks[key]?.list ?? generated[key] ?? []
    }

    /// Replaces a stack view's generated constraints with the ones its
    /// current configuration and arranged subviews call for. `appended`
    /// names the view just added as its last subview: then the constraints
    /// that change are made alone (the end's connection moves, the new
    /// view's gap and alignment are added), when the stack's constraints
    /// are otherwise as they were made.
    func regenerateStack(_ stack: String, _ screen: Screen, appended: String? = nil) -> [ModelWarning] {
        let key = "stack:\(stack)"
        guard case let .view(i) = screen.names[stack], let config = screen.viewList[i].stack else {
            removeGenerated(key: key)
            return []
        }
        if let appended, case let .view(j) = screen.names[appended], screen.viewList[j].parent == stack,
           j == screen.viewList.count - 1, let record = stacks[key], record.isComplete, record.config == config {
            return appendToStack(stack, appended, isHidden: screen.viewList[j].isHidden, key: key, screen)
        }
        let arranged = screen.subviews(of: stack)
        var record = StackRecord(config: config)
        record.arranged = arranged.map(\.name)
        record.items = arranged.filter { !$0.isHidden }.map(\.name)
        let maker = StackMaker(engine: self, stack: stack, config: config, screen: screen)
        var out: [(StackRecord.Part, Generated)] = []
        maker.makeAll(items: record.items, arranged: arranged.map { ($0.name, $0.isHidden) }, into: &out)

        var warnings: [ModelWarning] = []
        for ((part, _), (g, kept)) in zip(out, keepingUnchanged(out.map(\.1), key: key)) {
            if !kept, let w = addToSolver(g) { warnings.append(w) }
            if kept || solver.contains(g.constraint) {
                record.parts[part.rawValue].append(g)
            } else {
                record.isComplete = false
            }
        }
        stacks[key] = record.parts.allSatisfy(\.isEmpty) && record.isComplete ? nil : record
        return warnings
    }

    /// A view appended to a stack whose constraints are all in: the
    /// connection of the old last item to the stack's end goes, the new
    /// view's constraints come, in the order a regeneration would take them
    /// out and put them in.
    private func appendToStack(_ stack: String, _ view: String, isHidden: Bool, key: String,
                               _ screen: Screen) -> [ModelWarning] {
        guard var record = stacks.removeValue(forKey: key) else { return [] }
        var warnings = flushIntrinsic(of: view, screen)
        let maker = StackMaker(engine: self, stack: stack, config: record.config, screen: screen)
        // Made first, then the old constraint taken out, then the new ones
        // put in, as a regeneration does (making one can give a view its
        // variables, and with them their bounds in the solver).
        var out: [(StackRecord.Part, Generated)] = []
        if !isHidden {
            if record.items.isEmpty {
                maker.head(first: view, into: &out)
            } else {
                maker.gap(record.items.count, item: view, items: record.items, into: &out)
            }
            maker.tail(last: view, into: &out)
        } else {
            maker.hiding(view, into: &out)
        }
        maker.cross(view, into: &out)
        if record.arranged.isEmpty { maker.fit(into: &out) }
        // With fill distribution the new gap only defines the new view's
        // start, so the old end connection is replaced by the new one in
        // place, after the gap, without the solver spelling the whole chain
        // of the stack's items out again. Otherwise the old end connection
        // (the only constraint that changes) is taken out first.
        var replacement: (index: Int, old: Generated)?
        if !isHidden, record.config.distribution == .fill, record[.tail].count == 1,
           solver.contains(record[.tail][0].constraint),
           let tailIndex = out.firstIndex(where: { $0.0 == .tail }),
           out[..<tailIndex].allSatisfy({ $0.0 == .gaps }) {
            replacement = (tailIndex, record[.tail][0])
            record[.tail] = []
        }
        if !isHidden {
            if !record[.tail].isEmpty {
                for g in record[.tail].reversed() where solver.contains(g.constraint) {
                    try? solver.remove(g.constraint)
                    origins[ObjectIdentifier(g.constraint)] = nil
                }
                record[.tail] = []
                invalidate()
            }
            record.items.append(view)
        }
        record.arranged.append(view)

        for (k, (part, g)) in out.enumerated() {
            let warning: ModelWarning?
            if let replacement, k == replacement.index {
                origins[ObjectIdentifier(replacement.old.constraint)] = nil
                warning = replaceInSolver(replacement.old, with: g)
            } else {
                warning = addToSolver(g)
            }
            if let warning {
                warnings.append(warning)
                record.isComplete = false
            } else {
                record.parts[part.rawValue].append(g)
            }
        }
        stacks[key] = record
        return warnings
    }

    /// Keeps the constraints under `key` that `wanted` holds again (the
    /// same relation between the same variables, constant and priority)
    /// and removes the others from the solver; returns `wanted` in order,
    /// each with the constraint kept for it (then `kept`) or as made, still
    /// to add. A change of a stack of n views changes a few constraints
    /// in the solver, not all 3n of them.
    private func keepingUnchanged(_ wanted: [Generated], key: String) -> [(Generated, kept: Bool)] {
        let old = stacks.removeValue(forKey: key)?.list ?? []
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
}

/// Makes a stack view's generated constraints, part by part.
private struct StackMaker {
    typealias Part = LayoutEngine.StackRecord.Part
    typealias Generated = LayoutEngine.Generated

    let engine: LayoutEngine
    let stack: AnchorOwner
    let config: StackConfiguration
    let screen: Screen
    let start, end, size, crossStart, crossEnd, crossCenter, crossSize: Anchor.Attribute

    init(engine: LayoutEngine, stack: String, config: StackConfiguration, screen: Screen) {
        self.engine = engine
        self.stack = AnchorOwner(view: stack)
        self.config = config
        self.screen = screen
        let vertical = config.axis == .vertical
        start = vertical ? .top : .leading
        end = vertical ? .bottom : .trailing
        size = vertical ? .height : .width
        crossStart = vertical ? .leading : .top
        crossEnd = vertical ? .trailing : .bottom
        crossCenter = vertical ? .centerX : .centerY
        crossSize = vertical ? .width : .height
    }

    private func add(_ part: Part, _ label: String, _ a: Anchor, _ r: LayoutRelation, _ b: Anchor?,
                     _ constant: Double = 0, priority: Int = 1000, into out: inout [(Part, Generated)]) {
        out.append((part, engine.make(LayoutConstraint(name: label, first: a, relation: r, second: b,
                                                       constant: constant, priority: priority), screen)))
    }

    private func anchor(_ view: String, _ a: Anchor.Attribute) -> Anchor { Anchor(view, nil, a) }

    /// Every part, for visible `items` among `arranged`.
    func makeAll(items: [String], arranged: [(name: String, isHidden: Bool)], into out: inout [(Part, Generated)]) {
        // Along the axis.
        if let first = items.first, let last = items.last {
            head(first: first, into: &out)
            for k in 1..<max(items.count, 1) where items.count > 1 {
                gap(k, item: items[k], items: items, into: &out)
            }
            tail(last: last, into: &out)
        }
        // Hidden arranged subviews collapse at the start.
        for v in arranged where v.isHidden { hiding(v.name, into: &out) }
        // Across the axis.
        for v in arranged { cross(v.name, into: &out) }
        if !arranged.isEmpty { fit(into: &out) }
    }

    func head(first: String, into out: inout [(Part, Generated)]) {
        add(.head, "UISV-canvas-connection", anchor(first, start), .equal, stack.anchor(start), into: &out)
    }

    /// The gap before `items[k]` (`item`, which `items` may not hold yet).
    func gap(_ k: Int, item a: String, items: [String], into out: inout [(Part, Generated)]) {
        let b = items[k - 1]
        switch config.distribution {
        case .fill, .fillEqually:
            add(.gaps, "UISV-spacing", anchor(a, start), .equal, anchor(b, end), config.spacing, into: &out)
        case .equalSpacing:
            add(.gaps, "UISV-spacing", anchor(a, start), .greaterOrEqual, anchor(b, end), config.spacing, into: &out)
            if k >= 2 {
                out.append((.gaps, equalGap(b, a, items[0], items[1])))
            }
        }
        if config.distribution == .fillEqually {
            add(.gaps, "UISV-fill-equally", anchor(a, size), .equal, anchor(items[0], size), into: &out)
        }
    }

    func tail(last: String, into out: inout [(Part, Generated)]) {
        add(.tail, "UISV-canvas-connection", stack.anchor(end), .equal, anchor(last, end), into: &out)
    }

    func hiding(_ v: String, into out: inout [(Part, Generated)]) {
        add(.hiding, "UISV-hiding", anchor(v, size), .equal, nil, into: &out)
        add(.hiding, "UISV-hiding", anchor(v, start), .equal, stack.anchor(start), into: &out)
    }

    func cross(_ v: String, into out: inout [(Part, Generated)]) {
        let s = stack
        switch config.alignment {
        case .fill:
            add(.cross, "UISV-alignment", anchor(v, crossStart), .equal, s.anchor(crossStart), into: &out)
            add(.cross, "UISV-alignment", anchor(v, crossEnd), .equal, s.anchor(crossEnd), into: &out)
        case .leading:
            add(.cross, "UISV-alignment", anchor(v, crossStart), .equal, s.anchor(crossStart), into: &out)
            add(.cross, "UISV-spanning-boundary", anchor(v, crossEnd), .lessOrEqual, s.anchor(crossEnd), into: &out)
        case .trailing:
            add(.cross, "UISV-alignment", anchor(v, crossEnd), .equal, s.anchor(crossEnd), into: &out)
            add(.cross, "UISV-spanning-boundary", anchor(v, crossStart), .greaterOrEqual, s.anchor(crossStart),
                into: &out)
        case .center:
            add(.cross, "UISV-alignment", anchor(v, crossCenter), .equal, s.anchor(crossCenter), into: &out)
            add(.cross, "UISV-spanning-boundary", anchor(v, crossStart), .greaterOrEqual, s.anchor(crossStart),
                into: &out)
        }
        if config.alignment != .fill {
            add(.cross, "UISV-ambiguity-suppression", anchor(v, crossSize), .equal, nil, priority: 25, into: &out)
        }
    }

    /// The stack's fit across the axis (when it has arranged subviews).
    func fit(into out: inout [(Part, Generated)]) {
        if config.alignment != .fill {
            add(.fit, "UISV-canvas-fit", stack.anchor(crossSize), .equal, nil, priority: 24, into: &out)
        }
    }

    /// `gap(a → b) == gap(first → second)` for equal spacing.
    private func equalGap(_ a: String, _ b: String, _ first: String, _ second: String) -> Generated {
        let gap = engine.expression(Anchor(b, nil, start), screen) - engine.expression(Anchor(a, nil, end), screen)
        let firstGap = engine.expression(Anchor(second, nil, start), screen)
            - engine.expression(Anchor(first, nil, end), screen)
        let equation = "\(b).\(start.rawValue) - \(a).\(end.rawValue) == "
            + "\(second).\(start.rawValue) - \(first).\(end.rawValue)"
        return Generated(constraint: Constraint(gap, .equal, firstGap, name: "UISV-distributing-edge"),
                         entry: ConflictEntry(name: "UISV-distributing-edge", equation: equation, isUser: false),
                         views: [a, b, first, second])
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
