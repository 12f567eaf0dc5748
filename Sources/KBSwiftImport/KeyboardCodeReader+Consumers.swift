import SwiftSyntax

extension KeyboardCodeReader {
    /// The types of the files that receive what `helper` forwards: through
    /// a delegate protocol they adopt, or a closure they hand it.
    func consumers(of helper: String, forwards: [(via: String, method: String)], through parameters: [String: String] = [:]) -> [Consumer] {
        guard let h = index.types[helper] else { return [] }
        var out: [Consumer] = []
        let delegateMethods = Set(forwards.filter { $0.method != "call" }.map(\.method))
        let protocols = Set(forwards.filter { $0.method != "call" }.compactMap { f in
            parameters[f.via] ?? h.properties[f.via].flatMap { p in index.protocols.first { KeyboardNames.words(p.type).contains($0) } }
        })
        let helperRegisters = Set(h.routines.filter { r in registrations.contains { $0.routine === r } }.map(\.name))
        let helperRemoves = Set(h.routines.filter { r in removals.contains { $0.routine === r } }.map(\.name))
        for name in index.order where name != helper {
            let t = index.types[name]!
            // Delegate: adopts the protocol and implements what is called.
            if !protocols.isEmpty, t.inherits.contains(where: { protocols.contains($0) }) {
                let handlers = t.routines.filter { delegateMethods.contains($0.name) && $0.body != nil }.map { Handler.routine($0) }
                if !handlers.isEmpty {
                    out.append(Consumer(owner: name, handlers: handlers,
                                        registers: registration(in: t, helper: h, helperRegisters: helperRegisters),
                                        removes: removal(in: t, helper: h, helperRemoves: helperRemoves),
                                        helper: helper, viaDelegate: true))
                    continue
                }
            }
            // Closure: a call on the helper (or its initializer) that hands it one.
            var closures: [Handler] = []
            var moments: [(label: String, moments: [String])] = []
            for r in t.routines {
                guard let body = r.body else { continue }
                for node in body.allDescendants {
                    guard let call = node.as(FunctionCallExprSyntax.self) else { continue }
                    let (fname, base) = HandlerWalk.calleeName(call.calledExpression)
                    let onHelper = fname == helper || base.map { b in
                        t.properties[b].map { KeyboardNames.words($0.type + " " + $0.initializer).contains(helper) } ?? false
                    } ?? false
                    guard onHelper else { continue }
                    let given = ([call.trailingClosure].compactMap { $0 } + call.arguments.compactMap { $0.expression.as(ClosureExprSyntax.self) })
                    for c in given { closures.append(.closure(c, owner: name, file: r.file)) }
                    if !given.isEmpty { moments.append(lifecycleLabel(r, owner: name)) }
                }
            }
            if !closures.isEmpty {
                let labels = moments.map(\.label)
                out.append(Consumer(owner: name, handlers: closures,
                                    registers: (Array(Set(labels)).sorted().joined(separator: ", "), moments.flatMap(\.moments)),
                                    removes: removal(in: t, helper: h, helperRemoves: helperRemoves),
                                    helper: helper, viaDelegate: false))
            }
        }
        return out
    }

    /// Where a delegate consumer hands itself to the helper.
    private func registration(in t: TypeInfo, helper h: TypeInfo, helperRegisters: Set<String>) -> (label: String, moments: [String]) {
        for r in t.routines {
            guard let body = r.body else { continue }
            for node in body.allDescendants {
                guard let call = node.as(FunctionCallExprSyntax.self) else { continue }
                let (fname, _) = HandlerWalk.calleeName(call.calledExpression)
                guard call.arguments.contains(where: { $0.expression.trimmedDescription == "self" }) else { continue }
                if fname == h.name || helperRegisters.contains(fname ?? "") || h.routines.contains(where: { $0.name == fname }) {
                    let l = lifecycleLabel(r, owner: t.name)
                    return ("\(l.label) (\(call.calledExpression.trimmedDescription))", l.moments)
                }
            }
        }
        return ("not in the files read", [])
    }

    /// Where a consumer stops receiving: a helper routine that removes the
    /// observers, or the helper released with it (removed in its deinit).
    private func removal(in t: TypeInfo, helper h: TypeInfo, helperRemoves: Set<String>) -> (label: String, moments: [String]) {
        for r in t.routines {
            guard let body = r.body else { continue }
            for node in body.allDescendants {
                guard let call = node.as(FunctionCallExprSyntax.self) else { continue }
                let (fname, _) = HandlerWalk.calleeName(call.calledExpression)
                if let fname, helperRemoves.contains(fname), fname != "deinit" {
                    let l = lifecycleLabel(r, owner: t.name)
                    return ("\(l.label) (\(fname))", l.moments)
                }
            }
        }
        let holds = t.properties.values.contains { KeyboardNames.words($0.type + " " + $0.initializer).contains(h.name) }
        // A selector observer goes with its object (iOS 9 and later), so a
        // helper held by the consumer stops when the consumer goes.
        if holds { return ("deinit (its \(h.name) is released with it)", ["deinit"]) }
        return ("not in the files read", [])
    }

    /// A consumer's report: it observes the helper's notifications its
    /// code acts on.
    func consumerReport(_ c: Consumer, helperObserves: [KeyboardNotificationKind],
                        methods: [KeyboardNotificationKind: Set<String>] = [:]) -> (Place, KeyboardCodeReport) {
        var walks: [KeyboardNotificationKind: HandlerWalk] = [:]
        for k in helperObserves {
            // On each notification, the delegate methods the helper calls
            // on it (when it calls any), and the closures.
            let called = methods[k] ?? []
            let handlers = c.handlers.filter { h in
                guard !called.isEmpty, case let .routine(r) = h else { return true }
                return called.contains(r.name)
            }
            walks[k] = walk(handlers, kind: k)
        }
        let observes = helperObserves.filter { walks[$0]!.hasEffect }
        let all = walk(c.handlers, kind: nil)
        let showWalks = observes.filter { !$0.isHide }.compactMap { walks[$0] }
        let t = index.types[c.owner]
        let decided = classify(showWalks.isEmpty ? [all] : showWalks, owner: t, consumer: c)
        let flaws = self.flaws(observes: observes, walks: walks, all: all, owner: t,
                               registers: c.registers.moments, removes: c.removes.moments)
        let place: Place
        switch c.handlers[0] {
        case let .routine(r): place = r.place
        case let .closure(cl, _, file): place = index.place(cl, file: file)
        }
        let report = KeyboardCodeReport(
            type: c.owner, file: place.file, line: place.line, column: place.column, observes: observes,
            registers: c.registers.label, removes: c.removes.label,
            onShow: formula(observes.first(where: \.isShow).flatMap { walks[$0] } ?? showWalks.first ?? all),
            onHide: observes.first(where: \.isHide).flatMap { walks[$0] }.map(formula) ?? "",
            strategy: decided.strategy, why: decided.why, flaws: flaws, target: decided.target)
        return (place, report)
    }

    /// Routines no handler reaches that take or read a keyboard frame and
    /// compute a layout from it (a presented view's frame moved up).
    func handlerOnlyReports(excluding reached: Set<ObjectIdentifier>) -> [(order: Place, report: KeyboardCodeReport)] {
        var out: [(order: Place, report: KeyboardCodeReport)] = []
        for name in index.order {
            let t = index.types[name]!
            for r in t.routines where !reached.contains(ObjectIdentifier(r)) && r.body != nil {
                let keyboardParams = r.parameters.filter { $0.name.lowercased().contains("keyboard") && $0.type.contains("CGRect") }.map(\.name)
                guard !keyboardParams.isEmpty else { continue }
                let w = HandlerWalk(index: index, kind: nil)
                w.walk(r, seeds: keyboardParams)
                let decided = classify([w], owner: t, consumer: nil)
                guard decided.strategy != .other, decided.strategy != .observer else { continue }
                guard !out.contains(where: { $0.report.type == name }) else { continue }
                out.append((r.place, KeyboardCodeReport(
                    type: name, file: r.place.file, line: r.place.line, column: r.place.column, observes: [],
                    registers: "not in the files read (\(r.name) is given the keyboard's frame)", removes: "not in the files read",
                    onShow: formula(w), onHide: "", strategy: decided.strategy, why: decided.why, flaws: [], target: decided.target)))
            }
        }
        return out
    }

    /// Types that pin views to the keyboard layout guide.
    func layoutGuideReports() -> [(order: Place, report: KeyboardCodeReport)] {
        var out: [(order: Place, report: KeyboardCodeReport)] = []
        for name in index.order {
            let t = index.types[name]!
            for r in t.routines {
                guard let body = r.body else { continue }
                guard let use = body.allDescendants.first(where: {
                    $0.as(MemberAccessExprSyntax.self)?.declName.baseName.text == "keyboardLayoutGuide"
                }) else { continue }
                let p = index.place(use, file: r.file)
                out.append((p, KeyboardCodeReport(
                    type: name, file: p.file, line: p.line, column: p.column, observes: [],
                    registers: "n/a (the keyboard layout guide, no notifications)", removes: "n/a",
                    onShow: "constraints to keyboardLayoutGuide follow the keyboard's top", onHide: "the guide's top returns to the safe area's bottom",
                    strategy: .layoutGuide, why: "constrains a view to view.keyboardLayoutGuide", flaws: [], target: nil)))
                break
            }
        }
        var seen: Set<String> = []
        return out.filter { seen.insert($0.report.type).inserted }
    }
}
