import KBSolver

// What UIKit's debugging aids tell: coverage of the focused field, the
// constraints behind a frame, ambiguous layouts.

extension Screen {
    /// How much the layout's solver stores: symbols and variable slots,
    /// including those of removed constraints and views not yet compacted
    /// away (a long session's stay bounded).
    public mutating func solverStorage() -> (symbols: Int, slots: Int) {
        currentEngine().solver.storage
    }

    /// Whether the focused field can be seen in `snapshot`, what hides it
    /// and by how much (nil when nothing is focused).
    public func focusReport(in snapshot: LayoutSnapshot) -> FocusReport? {
        guard let focus else { return nil }
        return visibility(of: focus, in: snapshot)
    }

    /// Whether the view called `name` can be seen in `snapshot`, as the
    /// focus verdict judges a field (nil when there is no such view).
    public func visibility(of name: String, in snapshot: LayoutSnapshot) -> FocusReport? {
        guard let field = snapshot.view(name) else { return nil }
        let f = field.windowFrame
        let screenHeight = snapshot.screenSize.height
        var top = screenHeight
        var covered = 0.0
        if let k = snapshot.keyboardFrame, k.height > 0, k.minY < screenHeight {
            top = k.minY
            if keyboard.isDocked {
                covered = max(0, f.maxY - k.minY)
            } else if f.intersects(k) {
                covered = min(f.maxY, k.maxY) - max(f.minY, k.minY)
            }
        } else {
            covered = max(0, f.maxY - screenHeight)
        }
        // A view on an input accessory rides on the keyboard: never under it.
        let accessory = enclosingAccessory(of: name)
        if accessory != nil { covered = 0 }
        covered = roundPoints(covered)
        let clearance = covered > 0 || accessory != nil ? 0 : roundPoints(max(0, top - f.maxY))
        var report = FocusReport(field: name, fieldFrame: f, keyboardTop: top, covered: covered, clearance: clearance,
                                 obscuredBy: obstructions(of: f, view: name, in: snapshot, keyboardCovered: covered))
        report.accessory = accessory
        return report
    }

    /// The constraints that decide `view`'s frame: user constraints that
    /// mention it or its guides (in creation order, inactive and broken ones
    /// included and marked), then the ones UIKit generates for it (stack
    /// views, content size, root frame, embedding).
    public mutating func explain(_ view: String) throws(ModelError) -> [Explanation] {
        let v = try self.view(named: view)
        _ = layout()
        let e = uniqueEngine()
        var out: [Explanation] = []
        for c in constraintList where c.mentions(view) {
            let binding = c.isEffective && e.user[c.name].map { e.isBinding($0) } == true
            out.append(Explanation(name: c.name, equation: c.equation, isUser: true, isActive: c.isActive,
                                   isBroken: c.isBroken, isBinding: binding))
        }
        var keys = ["intrinsic:\(view).width", "intrinsic:\(view).height"]
        if let p = v.parent { keys.append("stack:\(p)") }
        keys.append("stack:\(view)")
        if v.isRootView { keys += ["frame:\(v.controller)", "embed:\(v.controller)"] }
        for key in keys {
            for g in e.generatedList(key) where g.views.contains(view) {
                out.append(Explanation(name: g.entry.name, equation: g.entry.equation, isUser: false, isActive: true,
                                       isBroken: false, isBinding: e.isBinding(g.constraint)))
            }
        }
        return out
    }

    /// Views whose frame the constraints do not determine: some edge or size
    /// could move without making any constraint less satisfied. A view no
    /// constraint mentions is ambiguous. Hierarchy order.
    public mutating func ambiguousViews() -> [String] {
        ambiguousViews(among: nil)
    }

    /// From how many solver symbols the ambiguity question keeps its room
    /// between questions (``ambiguousViews(among:)``). A screen of a hundred
    /// views has one to two thousand; a form of a few hundred fields
    /// imported has several thousand; an import of thousands, tens of
    /// thousands.
    static let symbolsWorthARoom = 2048

    /// The ambiguous views among `names` (all views when nil), in hierarchy order.
    public mutating func ambiguousViews(among names: [String]?) -> [String] {
        _ = layout()
        let e = uniqueEngine()
        var out: [String] = []
        let boxes = e.boxesByIndex(self)
        let h = e.hierarchy(self)
        var candidates: [Int] = []
        if let names {
            // The wanted views (a name that is not a view's is skipped), in
            // hierarchy order: found by name and sorted, in the time of
            // the names, not of the screen.
            for name in names {
                if case let .view(i) = self.names[name] { candidates.append(i) }
            }
            candidates.sort { h.position[$0] < h.position[$1] }
            var unique: [Int] = []
            for i in candidates where unique.last != i { unique.append(i) }
            candidates = unique
        } else {
            candidates = h.order
        }
        // One question to the solver for all the views.
        let groups = candidates.compactMap { i in boxes[i].map { [$0.x, $0.y, $0.w, $0.h] } }
        // The room kept between questions pays off on a large solver (a
        // long import's): a question then costs what the moved views'
        // definitions do, not the solver's size. Keeping it makes the
        // solver log what each change touches; on a small solver a room
        // made for the question costs less than that log. From the first
        // question on a large solver, the solver logs its changes (and
        // goes on logging: a room let go would have to learn it all again).
        let answers: [Bool]
        if e.solver.logsAnalysisChanges || e.solver.storage.symbols >= Self.symbolsWorthARoom {
            if !e.solver.logsAnalysisChanges { e.solver.logsAnalysisChanges = true }
            answers = e.solver.areAmbiguous(groups, scratch: &e.ambiguityScratch)
        } else {
            answers = e.solver.areAmbiguous(groups)
        }
        var next = answers.makeIterator()
        for i in candidates {
            // A view without a box is free by construction.
            if boxes[i] == nil || next.next()! { out.append(viewList[i].name) }
        }
        return out
    }
}

extension LayoutEngine {
    /// Whether a constraint holds with equality in the current solution.
    func isBinding(_ c: Constraint) -> Bool {
        guard solver.contains(c) else { return false }
        let constant = solver.constant(of: c) ?? c.expression.constant
        let value = c.expression.terms.reduce(constant) { $0 + $1.coefficient * solver.value(of: $1.variable) }
        return abs(value) < 1e-6
    }
}
