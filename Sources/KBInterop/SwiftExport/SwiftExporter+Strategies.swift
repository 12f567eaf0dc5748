import KBModel

/// The exporter is the host of the strategies' own templates (`KeyboardStrategy.writeSwift`).
extension SwiftExporter: SwiftTemplateHost {
    public func literal(_ x: Double) -> String { SwiftExporter.number(x) }

    public func setupFlawComments(_ strategy: Strategy) -> [String] {
        flawLines(strategy, .register, slots: [.register])
    }

    public func tableView(ofController name: String) -> String? {
        classes[name]?.controller.tableView
    }

    public func usesKeyboardGuide(inClassOf name: String) -> Bool {
        screen.constraints.contains { c in
            placement[c.name] == name && (c.first.guide == .keyboard || c.second?.guide == .keyboard)
        }
    }

    public mutating func useSupportCode(of kind: StrategyKind) {
        guard let code = SwiftSupport.Kind.strategyCode.first(where: { $0.strategy == kind }) else { return }
        use(code)
    }

    public mutating func setLoadView(_ lines: [String], of name: String) {
        update(name) { $0.loadView = lines }
    }

    public func flawComments(_ strategy: Strategy, at slot: SwiftTemplateSlot) -> [String] {
        switch slot {
        case .register: flawLines(strategy, .register)
        case .show: flawLines(strategy, .show)
        case .hide: flawLines(strategy, .hide)
        }
    }

    public func keyboardHeight(fixing fixes: Set<Flaw.ID>) -> String { Self.keyboardHeight(fixes) }

    public func isTextView(_ name: String) -> Bool {
        (try? screen.view(named: name))?.kind == .textView
    }

    public func textInputs(inside ancestor: String) -> [String] {
        screen.views.filter { v in v.kind.isTextInput && !excluded.contains(v.name) && isInside(v.name, ancestor) }.map(\.name)
    }

    public func parent(of child: String) -> (controller: String, property: String)? {
        guard let parent = classes[child]?.controller.parent, let prop = classes[parent]?.childProperty[child] else { return nil }
        return (parent, prop)
    }

    public func observerLines(_ notification: String, calling call: String) -> [String] {
        SwiftSupport.observer(notification, call)
    }

    public var endFrameExpression: String { SwiftSupport.endFrame }

    public func observesFrameChange(fixing fixes: Set<Flaw.ID>) -> Bool { Self.observesFrameChange(fixes) }

    public mutating func addConformances(_ protocols: [String], to name: String) {
        update(name) { $0.conformances += protocols }
    }

    public mutating func addProperty(_ declaration: String, to name: String) {
        update(name) { $0.properties.append(declaration) }
    }

    public mutating func appendLifecycle(_ method: String, _ lines: [String], to name: String) {
        update(name) { $0.lifecycle[method, default: []] += lines }
    }

    public mutating func addMember(_ lines: [String], to name: String) {
        update(name) { $0.members.append(lines) }
    }

    public mutating func importIfAvailable(_ module: String) {
        if !optionalImports.contains(module) { optionalImports.append(module) }
    }

    public mutating func appendSetup(_ lines: [String], to name: String) {
        update(name) { $0.strategySetup += lines }
    }
}

extension SwiftExporter {
    /// Writes each attached strategy as the code of its source, in the
    /// controller it is attached to, with the flaws the session showed at
    /// the lines they concern. One whose constraint or view its class
    /// cannot reach is a `// kbplay:` comment.
    mutating func writeStrategies() {
        for s in strategies {
            guard classes[s.controller] != nil else {
                note("// kbplay: \(s.kind.rawValue) on \(s.controller): no such controller")
                continue
            }
            // A controller has at most one strategy of each kind (`handle` refuses a second).
            let summary = "\(s.kind.rawValue) (\(s.kind.source)): \(s.kind.registration)"
            s.kind.type.writeSwift(s, summary: summary, into: &self)
        }
        // Flaws of strategies no longer attached.
        let orphans = flaws.filter { f in !strategies.contains { $0.kind == f.strategy && $0.controller == f.controller } }
        if !orphans.isEmpty {
            note("// kbplay: flaws this session showed by strategies no longer attached:")
            for line in SwiftSupport.comments(orphans, naming: true) { note(line) }
        }
    }

    /// The `// kbplay:` comments of the flaws of `s` that go at `slot`.
    func flawLines(_ s: Strategy, _ slot: SwiftSupport.Slot, slots: [SwiftSupport.Slot] = [.register, .show, .hide, .animation]) -> [String] {
        SwiftSupport.comments(SwiftSupport.flaws(flaws, s.kind, controller: s.controller, at: slot, slots: slots), naming: false, fixing: fixed)
    }

    /// `K.constant = EXPR` when class `controller` reaches constraint
    /// `name`, else a comment saying why not.
    public func setConstant(_ name: String?, _ expression: String, from controller: String) -> String {
        guard let name else { return "// kbplay: no constraint" }
        guard let ref = constraintReference(name, from: controller) else {
            return "// kbplay: \(name).constant = \(expression) — \(name) is not made in this class or a child's, so it is left out here"
        }
        return "\(ref).constant = \(expression)"
    }

    /// Whether view `name` is inside view `ancestor`.
    func isInside(_ name: String, _ ancestor: String) -> Bool {
        var current = (try? screen.view(named: name))?.parent
        while let c = current {
            if c == ancestor { return true }
            current = (try? screen.view(named: c))?.parent
        }
        return false
    }
}
