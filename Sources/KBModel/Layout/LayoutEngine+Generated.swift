import KBSolver

// Constraints the engine makes itself: root frames, embedding and guides.
// (Stack views are in LayoutEngine+Stack.swift; what is read back from the
// solver and the intrinsic content sizes, in LayoutEngine+Geometry.swift.)

/// A user constraint the engine had to break, and why.
struct BrokenConstraint: Sendable {
    let name: String
    let warning: ModelWarning
}

extension LayoutEngine {
    // MARK: Adding and removing generated constraints

    /// A generated constraint from a model constraint (its name is the label).
    func make(_ model: LayoutConstraint, _ screen: Screen) -> Generated {
        Generated(constraint: solverConstraint(model, screen),
                  entry: ConflictEntry(name: model.name, equation: model.equation, isUser: false),
                  views: model.views)
    }

    /// Adds a generated constraint under `key`. If it cannot hold with the
    /// required constraints in, it is left out and the warning returned.
    @discardableResult
    func addGenerated(_ g: Generated, key: String) -> ModelWarning? {
        if let w = addToSolver(g) { return w }
        generated[key, default: []].append(g)
        return nil
    }

    /// Adds a generated constraint to the solver (the caller keeps it). If
    /// it cannot hold with the required constraints in, it is left out and
    /// the warning returned.
    func addToSolver(_ g: Generated) -> ModelWarning? {
        change(to: g, invalidating: true) { (solver: inout Solver) throws(SolverError) in try solver.add(g.constraint) }
    }

    /// Replaces a generated constraint in the solver by another (see
    /// ``Solver/replace(_:with:)``): as removing `old` then adding `new`,
    /// which can be refused like ``addToSolver(_:)`` (`old` then stays
    /// out).
    func replaceInSolver(_ old: Generated, with new: Generated) -> ModelWarning? {
        invalidate()
        return change(to: new, invalidating: false) { (solver: inout Solver) throws(SolverError) in
            try solver.replace(old.constraint, with: new.constraint)
        }
    }

    /// Makes the solver change that puts `g` in, with `g` named in conflict
    /// reports meanwhile, and invalidates the layout when it is made (if
    /// `invalidating`); the warning when the required constraints refuse
    /// it (then `g` is named no more).
    private func change(to g: Generated, invalidating: Bool,
                        _ body: (inout Solver) throws(SolverError) -> Void) -> ModelWarning? {
        origins[ObjectIdentifier(g.constraint)] = g.entry
        do {
            try body(&solver)
        } catch let error {
            origins[ObjectIdentifier(g.constraint)] = nil
            if case let .unsatisfiable(_, conflicts) = error {
                return .unsatisfiable(broken: g.entry, conflicts: entries(conflicts, extra: g), cause: .layout)
            }
            return nil
        }
        if invalidating { invalidate() }
        return nil
    }

    func removeGenerated(key: String) {
        guard let list = generated.removeValue(forKey: key) ?? stacks.removeValue(forKey: key)?.list else { return }
        for g in list.reversed() where solver.contains(g.constraint) {
            try? solver.remove(g.constraint)
            origins[ObjectIdentifier(g.constraint)] = nil
        }
        invalidate()
    }

    /// Conflict entries for solver constraints, in the solver's order.
    func entries(_ conflicts: [Constraint], extra: Generated? = nil) -> [ConflictEntry] {
        entries(conflicts, extra: extra.map { ($0.constraint, $0.entry) })
    }

    func entries(_ conflicts: [Constraint], extra: (Constraint, ConflictEntry)?) -> [ConflictEntry] {
        conflicts.map { c in
            if let e = origins[ObjectIdentifier(c)] { return e }
            if let extra, extra.0 === c { return extra.1 }
            return ConflictEntry(name: c.name, equation: c.description, isUser: false)
        }
    }

    // MARK: Handles (generated constraints whose constants follow the state)

    /// Sets a handle's constant; if a required user constraint stands in
    /// the way, that user constraint is broken (the newest of the conflict)
    /// and the change retried.
    func set(_ handle: inout Handle, to target: Double, _ screen: Screen, broken: inout [BrokenConstraint]) -> Bool {
        guard handle.value != target else { return false }
        for _ in 0..<16 {
            do {
                try solver.setConstant(-target, of: handle.constraint)
                handle.value = target
                invalidate()
                return true
            } catch let error {
                guard case let .unsatisfiable(_, conflicts) = error,
                      let victim = newestUserConstraint(in: conflicts, screen) else { return false }
                let warning = ModelWarning.unsatisfiable(broken: origins[ObjectIdentifier(victim)]!,
                                                         conflicts: entries(conflicts), cause: .layout)
                breakUser(victim)
                broken.append(BrokenConstraint(name: victim.name, warning: warning))
            }
        }
        return false
    }

    /// The user constraint of a conflict added last.
    func newestUserConstraint(in conflicts: [Constraint], _ screen: Screen) -> Constraint? {
        var best: (Constraint, Int)?
        for c in conflicts {
            guard let e = origins[ObjectIdentifier(c)], e.isUser, user[e.name] === c,
                  case let .constraint(i) = screen.names[e.name] else { continue }
            if best == nil || i > best!.1 { best = (c, i) }
        }
        return best?.0
    }

    /// Adds a user constraint; if it cannot be satisfied it stays out and
    /// the warning says which constraints it conflicts with.
    func addUser(_ c: LayoutConstraint, _ screen: Screen, cause: ModelWarning.Cause) -> ModelWarning? {
        recentCauses[c.name] = cause
        let sc = solverConstraint(c, screen)
        let entry = ConflictEntry(name: c.name, equation: c.equation, isUser: true)
        origins[ObjectIdentifier(sc)] = entry
        do {
            try solver.add(sc)
            user[c.name] = sc
            invalidate()
            return nil
        } catch let error {
            origins[ObjectIdentifier(sc)] = nil
            guard case let .unsatisfiable(_, conflicts) = error else { return nil }
            return .unsatisfiable(broken: entry, conflicts: entries(conflicts, extra: (sc, entry)), cause: cause)
        }
    }

    /// Takes a user constraint out of the solver, if it is in.
    func removeUser(_ name: String) {
        guard let c = user[name] else { return }
        breakUser(c)
    }

    func breakUser(_ c: Constraint) {
        try? solver.remove(c)
        user[c.name] = nil
        origins[ObjectIdentifier(c)] = nil
        invalidate()
    }

    // MARK: Root views

    /// Pins a top-level controller's root view to its frame (the screen, or
    /// the override) with four constraints whose constants follow the state.
    func addRootFrame(_ controller: Controller, _ screen: Screen) {
        rootFrames[controller.name] = pinFrame(controller.rootView, to: rootFrame(controller, screen),
                                               label: "UIView-Encapsulated-Layout", key: "frame:\(controller.name)", screen)
    }

    /// Four constraints `LABEL-left|top|width|height` pinning `view`'s frame
    /// to `f`, under `key`, as handles whose constants follow the state.
    func pinFrame(_ view: String, to f: Rect, label: String, key: String, _ screen: Screen) -> [Handle] {
        let owner = AnchorOwner(view: view)
        var handles: [Handle] = []
        let parts: [(Anchor.Attribute, Double)] = [(.left, f.x), (.top, f.y), (.width, f.width), (.height, f.height)]
        for (attribute, value) in parts {
            let model = LayoutConstraint(name: "\(label)-\(attribute.rawValue)",
                                         first: owner.anchor(attribute), relation: .equal, constant: value)
            let g = make(model, screen)
            addGenerated(g, key: key)
            handles.append(Handle(constraint: g.constraint, value: value))
        }
        return handles
    }

    /// Moves frame handles made by ``pinFrame(_:to:label:key:_:)`` to `f`;
    /// whether any constant changed.
    func move(_ handles: inout [Handle], to f: Rect, _ screen: Screen, broken: inout [BrokenConstraint]) -> Bool {
        let targets = [f.x, f.y, f.width, f.height]
        var changed = false
        for k in handles.indices where k < targets.count && set(&handles[k], to: targets[k], screen, broken: &broken) {
            changed = true
        }
        return changed
    }

    /// Pins an input accessory view to where the keyboard carries it.
    func addAccessoryFrame(_ view: String, _ screen: Screen) {
        accessoryFrames[view] = pinFrame(view, to: accessoryFrame(view, screen), label: "UIInputSetHost-accessory",
                                         key: "accessory:\(view)", screen)
    }

    /// An accessory's frame: on the keyboard's top when it is the one on
    /// screen, else its height just below the screen.
    func accessoryFrame(_ view: String, _ screen: Screen) -> Rect {
        let s = screen.windowSize
        let height = (try? screen.view(named: view))?.accessory?.height ?? 0
        if screen.keyboard.accessory == view, let f = screen.keyboardFrameInWindow {
            return Rect(x: f.minX, y: f.minY, width: f.width, height: screen.keyboard.accessoryHeight ?? height)
        }
        return Rect(x: 0, y: s.height, width: s.width, height: height)
    }

    func rootFrame(_ controller: Controller, _ screen: Screen) -> Rect {
        controller.rootFrameOverride ?? screen.presentedFrame(controller) ?? Rect(origin: .zero, size: screen.windowSize)
    }

    /// Pins a child controller's root view to its container (required).
    func addEmbedding(_ controller: Controller, _ screen: Screen) -> [ModelWarning] {
        guard let container = controller.container else { return [] }
        let root = AnchorOwner(view: controller.rootView), box = AnchorOwner(view: container)
        var warnings: [ModelWarning] = []
        for attribute in [Anchor.Attribute.left, .top, .width, .height] {
            let model = LayoutConstraint(name: "\(controller.name)-embedding-\(attribute.rawValue)",
                                         first: root.anchor(attribute), relation: .equal,
                                         second: box.anchor(attribute))
            if let w = addGenerated(make(model, screen), key: "embed:\(controller.name)") { warnings.append(w) }
        }
        return warnings
    }

    // MARK: Guides

    func makeGuide(_ key: GuideKey, _ screen: Screen) -> Box {
        let box = Box("\(key.view).\(key.guide.rawValue)")
        let index = guides.count
        guideIndex[key] = index
        guides.append(GuideRecord(key: key, box: box, handles: []))
        solver.updateVariables()
        let targets = guideTargets(key, screen, hierarchy(screen))
        let g = AnchorOwner(view: key.view, guide: key.guide), v = AnchorOwner(view: key.view)
        let label = "\(key.view).\(key.guide.rawValue)"
        func model(_ a: Anchor.Attribute, _ b: Anchor?, _ constant: Double) -> LayoutConstraint {
            LayoutConstraint(name: "UILayoutGuide-\(key.guide.rawValue)-\(a.rawValue)", first: g.anchor(a),
                             relation: .equal, second: b, constant: constant)
        }
        var handleModels: [LayoutConstraint] = []
        var fixed: [LayoutConstraint] = []
        switch key.guide {
        case .safeArea, .margins:
            handleModels = [model(.left, v.anchor(.left), targets[0]), model(.top, v.anchor(.top), targets[1]),
                            model(.width, v.anchor(.width), targets[2]), model(.height, v.anchor(.height), targets[3])]
        case .keyboard:
            handleModels = [model(.height, nil, targets[0])]
            fixed = [model(.left, v.anchor(.left), 0), model(.width, v.anchor(.width), 0),
                     model(.bottom, v.anchor(.bottom), 0)]
        case .content:
            handleModels = [model(.left, v.anchor(.left), targets[0]), model(.top, v.anchor(.top), targets[1])]
        case .frameGuide:
            break
        }
        var handles: [Handle] = []
        for m in handleModels {
            let gen = make(m, screen)
            addGenerated(gen, key: "guide:\(label)")
            handles.append(Handle(constraint: gen.constraint, value: m.constant))
        }
        for m in fixed { addGenerated(make(m, screen), key: "guide:\(label)") }
        guides[index]!.handles = handles
        return box
    }

    /// The constants a guide's handles should have for the current frames.
    func guideTargets(_ key: GuideKey, _ screen: Screen, _ h: Hierarchy) -> [Double] {
        guard case let .view(i) = screen.names[key.view] else { return [] }
        let frame = currentFrame(key.view)
        let safe = safeAreaInsets(i, frame, screen, h)
        switch key.guide {
        case .safeArea:
            return insetTargets(safe)
        case .margins:
            return insetTargets(safe + margins(screen.viewList[i], screen))
        case .keyboard:
            return [keyboardGuideHeight(frame, safeBottom: safe.bottom, screen)]
        case .content:
            let offset = contentOffset(i, frame, screen, h)
            return [-offset.x, -offset.y]
        case .frameGuide:
            return []
        }
    }

    private func insetTargets(_ i: EdgeInsets) -> [Double] {
        [i.left, i.top, -(i.left + i.right), -(i.top + i.bottom)]
    }
}

extension LayoutEngine {
    /// Drops everything the engine made for a removed view.
    func forget(_ view: String) {
        removeGenerated(key: "stack:\(view)")
        removeGenerated(key: "size:\(view).width")
        removeGenerated(key: "size:\(view).height")
        removeGenerated(key: "accessory:\(view)")
        accessoryFrames[view] = nil
        removeGenerated(key: "table:\(view)")
        removeGenerated(key: "cell:\(view)")
        removeGenerated(key: "intrinsic:\(view).width")
        removeGenerated(key: "intrinsic:\(view).height")
        intrinsic[view] = nil
        for guide in Anchor.Guide.allCases {
            let key = GuideKey(view: view, guide: guide)
            guard let i = guideIndex.removeValue(forKey: key) else { continue }
            removeGenerated(key: "guide:\(view).\(guide.rawValue)")
            removeGenerated(key: "size:\(view).\(guide.rawValue).width")
            removeGenerated(key: "size:\(view).\(guide.rawValue).height")
            guides[i] = nil
        }
        if let b = boxes.removeValue(forKey: view) {
            for part in 0 ..< 4 { boxParts[ObjectIdentifier(b.variable(part))] = nil }
        }
        cachedBoxes = nil
        cachedBoxesAreCurrent = false
        invalidate(structure: true)
    }
}

extension LayoutEngine {
    /// UIKit's engine never lets a size go negative: every view's and
    /// layout guide's width and height is at least 0, required. kbplay
    /// holds a size to it when the solution would make it negative (the
    /// bound is a constraint like any other from then on, until the view
    /// goes); a solution that needs none of them is the one all of them
    /// would give, so most layouts never pay for them. A bound that cannot
    /// hold breaks the newest user constraint it conflicts with, as any
    /// required conflict does. Returns whether a bound was added.
    func enforceSizeBounds(_ screen: Screen, broken: inout [BrokenConstraint], warnings: inout [ModelWarning]) -> Bool {
        // The settle pass that calls this has just updated the variables.
        var added = false
        // The solver changes only when a bound is tried.
        var tried = false
        func bound(_ variable: Variable, _ label: String, _ attribute: String, views: [String]) {
            tried = true
            let key = "size:\(label).\(attribute)"
            guard generated[key] == nil else { return }
            let g = Generated(constraint: Constraint(Expression(variable), .greaterOrEqual, Expression(constant: 0),
                                                     name: "size-non-negative"),
                              entry: ConflictEntry(name: "UIKit-\(attribute)-non-negative", equation: "\(label).\(attribute) >= 0",
                                                   isUser: false),
                              views: views)
            origins[ObjectIdentifier(g.constraint)] = g.entry
            for _ in 0..<16 {
                do {
                    try solver.add(g.constraint)
                    generated[key] = [g]
                    added = true
                    invalidate()
                    return
                } catch let error {
                    guard case let .unsatisfiable(_, conflicts) = error else { break }
                    if let victim = newestUserConstraint(in: conflicts, screen), let entry = origins[ObjectIdentifier(victim)] {
                        let warning = ModelWarning.unsatisfiable(broken: entry, conflicts: entries(conflicts, extra: g),
                                                                 cause: recentCauses[entry.name] ?? .layout)
                        breakUser(victim)
                        broken.append(BrokenConstraint(name: victim.name, warning: warning))
                    } else if let victim = conflicts.last(where: { $0.name != "size-non-negative" && solver.contains($0) }),
                              let entry = origins[ObjectIdentifier(victim)] {
                        // Only constraints UIKit makes itself (a hidden stack's
                        // UISV-hiding against its spacing): one of them gives
                        // way, as UIKit breaks one and logs it.
                        let warning = ModelWarning.unsatisfiable(broken: entry, conflicts: entries(conflicts, extra: g), cause: .layout)
                        try? solver.remove(victim)
                        invalidate()
                        warnings.append(warning)
                    } else {
                        break
                    }
                }
            }
            origins[ObjectIdentifier(g.constraint)] = nil
        }
        // Only a size below 0 needs a look (reading a value is cheap; its
        // bound's key is made only then).
        func negative(_ v: Variable) -> Bool { solver.value(of: v) < -1e-7 }
        let boxes = boxesByIndex(screen)
        var slots = boxSlotIndices(screen)
        // Most passes find no size below 0: the views with one are known
        // from the last look and what moved since, without touching a box.
        for i in negativeSizes(slots, boxes) {
            guard let b = boxes[i] else { continue }
            // A bound tried may have renumbered the solver's slots (the
            // values change only at the next solve).
            if tried {
                slots = boxSlotIndices(screen)
                tried = false
            }
            guard solver.value(atSlot: slots[4 * i + 2]) < -1e-7 || solver.value(atSlot: slots[4 * i + 3]) < -1e-7
            else { continue }
            let name = screen.viewList[i].name
            if negative(b.w) { bound(b.w, name, "width", views: [name]) }
            if negative(b.h) { bound(b.h, name, "height", views: [name]) }
        }
        for record in guides {
            guard let record, negative(record.box.w) || negative(record.box.h) else { continue }
            let label = "\(record.key.view).\(record.key.guide.rawValue)"
            if negative(record.box.w) { bound(record.box.w, label, "width", views: [record.key.view]) }
            if negative(record.box.h) { bound(record.box.h, label, "height", views: [record.key.view]) }
        }
        return added
    }

    /// The views whose width or height is below 0 in the solver's values,
    /// in index order: the last look's, brought up to date with the views
    /// whose sizes the solver changed since or whose slots were read again
    /// (every view read when the solver cannot tell, or after a whole read
    /// of the slots). The same views a read of every size finds.
    func negativeSizes(_ slots: [Int32], _ boxes: [Box?]) -> [Int] {
        let values = solver.slotValues
        func isNegative(_ i: Int) -> Bool {
            boxes[i] != nil && (values.value(atSlot: slots[4 * i + 2]) < -1e-7 || values.value(atSlot: slots[4 * i + 3]) < -1e-7)
        }
        var found: [Int]?
        if slotOwnersKept, let last = sizeScan, last.wholeReads == boxSlotsWholeReads,
           last.readCount <= boxSlotsReadViews.count {
            var check: [Int] = []
            let owners = slotOwners
            // Only while what moved is a small part of the views: past a
            // quarter of them, a look at every size costs less than
            // finding the views the moved values belong to.
            if let moved = solver.slotsMoved(since: last.mark),
               moved.count + boxSlotsReadViews.count - last.readCount <= boxes.count / 4 {
                for slot in moved {
                    let s = Int(slot)
                    guard s < owners.count, owners[s] >= 0, owners[s] & 3 >= 2 else { continue }
                    check.append(Int(owners[s]) >> 2)
                }
                check += boxSlotsReadViews[last.readCount...]
                var negative = last.negative
                if negative.isEmpty {
                    // Usually none was: the views checked that are now (a
                    // view may be listed more than once).
                    negative = check.filter { $0 < boxes.count && isNegative($0) }
                    if negative.count > 1 { negative = Set(negative).sorted() }
                } else if !check.isEmpty {
                    var set = Set(negative)
                    for i in check where i < boxes.count {
                        if isNegative(i) { set.insert(i) } else { set.remove(i) }
                    }
                    negative = set.filter { $0 < boxes.count }.sorted()
                }
                found = negative
            }
        }
        let negative = found ?? slots.withUnsafeBufferPointer { slots in
            (0 ..< min(boxes.count, slots.count / 4)).filter { i in
                values.value(atSlot: slots[4 * i + 2]) < -1e-7 || values.value(atSlot: slots[4 * i + 3]) < -1e-7
            }
        }
        sizeScan = SizeScan(mark: solver.valueMark, wholeReads: boxSlotsWholeReads, readCount: boxSlotsReadViews.count,
                            negative: negative)
        return negative
    }
}
