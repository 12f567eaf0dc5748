import KBModel
import SwiftSyntax

/// Who receives a helper's forwarded events in the files read.
struct Consumer {
    var owner: String
    var handlers: [Handler]
    var registers: (label: String, moments: [String])
    var removes: (label: String, moments: [String])
    var helper: String
    var viaDelegate: Bool
}

extension KeyboardCodeReader {
    /// Walks every handler for one notification (nil: every path).
    func walk(_ handlers: [Handler], kind: KeyboardNotificationKind?) -> HandlerWalk {
        let w = HandlerWalk(index: index, kind: kind)
        for h in handlers { h.walk(w) }
        return w
    }

    /// The reports, one per type, in the order the types are declared.
    mutating func reports() -> [KeyboardCodeReport] {
        var byOwner: [String: [Registration]] = [:]
        var owners: [String] = []
        for r in registrations {
            if byOwner[r.owner] == nil { owners.append(r.owner) }
            byOwner[r.owner, default: []].append(r)
        }
        var reports: [(order: Place, report: KeyboardCodeReport)] = []
        var reached: Set<ObjectIdentifier> = []
        var helpers: [(name: String, report: KeyboardCodeReport, consumers: [Consumer], methods: [KeyboardNotificationKind: Set<String>])] = []

        for owner in owners {
            let regs = byOwner[owner]!
            let handlers = regs.compactMap(\.handler)
            let all = walk(handlers, kind: nil)
            reached.formUnion(all.visited)
            let observes = KeyboardNotificationKind.allCases.filter { k in regs.contains { $0.kinds.contains(k) } }
            let t = index.types[owner]
            let registers = uniqueLabels(regs.map { lifecycleLabel($0.routine, owner: owner) })
            var ownRemovals = removals.filter { $0.owner == owner }.map { lifecycleLabel($0.routine, owner: owner) }
            if regs.contains(where: \.cancelledWithOwner) {
                ownRemovals.append(("deinit (the subscription is cancelled with its owner)", ["deinit"]))
            }
            let removes = ownRemovals.isEmpty ? ("never", ["never"]) : uniqueLabels(ownRemovals)
            var walks: [KeyboardNotificationKind: HandlerWalk] = [:]
            for k in observes { walks[k] = walk(regs.filter { $0.kinds.contains(k) }.compactMap(\.handler), kind: k) }
            let showWalks = observes.filter { !$0.isHide }.compactMap { walks[$0] }
            let decided = classify(showWalks.isEmpty ? [all] : showWalks, owner: t, consumer: nil)
            var flaws = self.flaws(observes: observes, walks: walks, all: all, owner: t, registers: registers.moments, removes: removes.1)
            if observes.isEmpty && regs.allSatisfy(\.followsView) { flaws = [] }
            let first = regs.map(\.place).first!
            var report = KeyboardCodeReport(
                type: owner.isEmpty ? "(file)" : owner, file: first.file, line: first.line, column: first.column,
                observes: observes, registers: registers.label, removes: removes.0,
                onShow: formula(observes.filter(\.isShow).first.flatMap { walks[$0] } ?? showWalks.first ?? all),
                onHide: observes.first(where: \.isHide).flatMap { walks[$0] }.map(formula) ?? "",
                strategy: decided.strategy, why: decided.why, flaws: flaws, target: decided.target)
            if decided.strategy == .other, let field = decided.target, let parent = parentExpansion(showWalks, owner: t) {
                // A child controller that sets its own constraint and asks
                // its parent, through a delegate, to make room.
                report.strategy = .childDelegate
                report.why = Self.childDelegateWhy(field, parent)
                report.strategyOptions = "parent \(parent.parentConstraint) expand \(parent.expand)"
            }
            if regs.allSatisfy(\.followsView) {
                report.registers = registers.label + " (observes a view that follows the keyboard)"
            }
            // Handlers that set constraint constants to what kbplay's rule
            // language can say run as rules; the rest as the strategy.
            let translated = rules(regs, owner: t)
            report.rules = translated.rules
            report.runs = report.strategy
            report.runsArguments = report.target
            if !translated.rules.isEmpty {
                let rest = regs.indices.filter { !translated.registrations.contains($0) && regs[$0].handler != nil }
                if rest.isEmpty {
                    report.runs = nil
                    report.runsArguments = nil
                } else {
                    let restWalks = observes.filter { !$0.isHide }.map { k in walk(rest.filter { regs[$0].kinds.contains(k) }.compactMap { regs[$0].handler }, kind: k) }
                    let d = classify(restWalks, owner: t, consumer: nil)
                    report.runs = d.strategy
                    report.runsArguments = d.target
                    if d.strategy == .other, let field = d.target, let parent = parentExpansion(restWalks, owner: t) {
                        // The rest is a child controller's request for room:
                        // that is the code's strategy, the rules its fix.
                        report.strategy = .childDelegate
                        report.why = Self.childDelegateWhy(field, parent)
                        report.target = field
                        report.runs = .childDelegate
                        report.runsArguments = "\(field) parent \(parent.parentConstraint) expand \(parent.expand)"
                    }
                }
            }
            if decided.strategy == .observer, !all.forwards.isEmpty, decided.why.hasPrefix("forwards") {
                // The delegate methods the helper calls on each notification.
                var methods: [KeyboardNotificationKind: Set<String>] = [:]
                for (k, w) in walks { methods[k] = Set(w.forwards.map(\.method).filter { $0 != "call" }) }
                helpers.append((owner, report, consumers(of: owner, forwards: all.forwards, through: all.forwardProtocols), methods))
            } else {
                reports.append((first, report))
            }
        }

        // Helpers: their consumers in the files are reports of their own,
        // and the helper observes what its consumers act on.
        var consumerReports: [(Place, KeyboardCodeReport)] = []
        for h in helpers {
            var union: Set<KeyboardNotificationKind> = []
            for c in h.consumers {
                let r = consumerReport(c, helperObserves: h.report.observes, methods: h.methods)
                union.formUnion(r.1.observes)
                consumerReports.append(r)
                for hh in c.handlers { if case let .routine(rr) = hh { reached.insert(ObjectIdentifier(rr)) } }
            }
            var helper = h.report
            if !h.consumers.isEmpty { helper.observes = helper.observes.filter { union.contains($0) } }
            reports.append((Place(file: helper.file, line: helper.line, column: helper.column), helper))
        }
        reports += consumerReports.map { ($0.0, $0.1) }

        // A helper nothing uses is library code beside the screen's own:
        // left out of the reports when the files have code of their own.
        let unused = Set(helpers.filter { $0.consumers.isEmpty }.map(\.name))
        let screenCode = reports.contains { !unused.contains($0.report.type) } || !layoutGuideReports().isEmpty
        if screenCode {
            for (place, r) in reports where unused.contains(r.type) {
                findings.append(Finding(file: place.file, line: place.line, column: place.column,
                                             message: "\(r.type) forwards keyboard events, but no code in the files read uses it: left out of the report"))
            }
            reports.removeAll { unused.contains($0.report.type) }
        }

        // Handler-only code: a routine of a keyboard frame that moves a
        // frame, called from code not in the files.
        reports += handlerOnlyReports(excluding: reached)
        reports += layoutGuideReports().filter { g in !reports.contains { $0.report.type == g.report.type } }
        return reports.sorted { ($0.order.file, $0.order.line, $0.order.column) < ($1.order.file, $1.order.line, $1.order.column) }
            .map { r in
                var r = r.report
                if r.rules.isEmpty { r.runs = r.strategy; r.runsArguments = r.target }
                if let a = Self.strategyArguments(r) { r.runsArguments = a }
                return r
            }
    }

    /// A strategy's numbers as the code writes them, after its target:
    /// `observer`'s padding (`bottom.constant = endFrame.height + 8`),
    /// `controllable`'s inset (`bottom.constant = -(8 + height)`).
    static func strategyArguments(_ r: KeyboardCodeReport) -> String? {
        guard let target = r.runsArguments, r.runs == r.strategy else { return nil }
        let show = r.onShow.split(separator: ";").map { $0.trimmingCharacters(in: .whitespaces) }
            .first { $0.hasPrefix(target + ".constant = ") }.map { String($0.dropFirst(target.count + ".constant = ".count)) }
        guard let show else { return nil }
        let words = show.replacingOccurrences(of: " ", with: "")
        func number(_ s: Substring) -> String? { Double(s).map { $0 == $0.rounded() ? String(Int($0)) : "\($0)" } }
        switch r.runs {
        case .observer:
            // `X.height + N`
            guard let plus = words.range(of: ".height+"), let n = number(words[plus.upperBound...]) else { return nil }
            return "\(target) padding \(n)"
        case .childDelegate:
            return r.strategyOptions.map { "\(target) \($0)" }
        case .controllable:
            // `-(N + height)`
            guard words.hasPrefix("-("), let plus = words.firstIndex(of: "+"), let n = number(words[words.index(words.startIndex, offsetBy: 2)..<plus]) else { return nil }
            return "\(target) inset \(n)"
        default:
            return nil
        }
    }

    /// The registrations whose handlers only set constraint constants of
    /// the type to values kbplay's rule language can say, as rules per
    /// notification; a handler that sets a constant it cannot say is a
    /// finding with the assignment's place.
    mutating func rules(_ regs: [Registration], owner t: TypeInfo?) -> (rules: [CodeRule], registrations: Set<Int>) {
        var out: [CodeRule] = [], done: Set<Int> = []
        for (i, reg) in regs.enumerated() {
            guard let h = reg.handler, !reg.followsView, !reg.kinds.isEmpty else { continue }
            var these: [CodeRule] = []
            var ok = true
            kinds: for k in reg.kinds {
                let w = walk([h], kind: k)
                guard w.forwards.isEmpty, !w.assignments.isEmpty else { ok = false; break }
                for a in w.assignments {
                    let name = a.target.hasSuffix(".constant") ? String(a.target.dropLast(".constant".count)) : ""
                    guard !name.isEmpty, !name.contains("."), t?.properties[name] != nil else { ok = false; break kinds }
                    var translator = RuleTranslator(kind: k, locals: a.locals, owner: t)
                    guard let x = translator.translate(a.value) else {
                        findings.append(Finding(file: a.place.file, line: a.place.line, column: a.place.column,
                                                     message: "\(a.target) = \(a.value) is not run on \(k.rawValue): \(translator.failure ?? "not in kbplay's rule language")"))
                        ok = false
                        break kinds
                    }
                    var rule = CodeRule(event: k, constraint: name, expression: x, file: a.place.file, line: a.place.line, column: a.place.column)
                    rule.unshiftedCurve = !w.unshiftedCurves.isEmpty
                    these.append(rule)
                }
            }
            if ok { out += these; done.insert(i) }
        }
        return (out, done)
    }

    private func uniqueLabels(_ labels: [(label: String, moments: [String])]) -> (label: String, moments: [String]) {
        var seen: [String] = [], moments: [String] = []
        for l in labels where !seen.contains(l.label) { seen.append(l.label); moments += l.moments }
        return (seen.joined(separator: ", "), moments)
    }

    /// What a walk assigned and forwarded, as formulas: `bottom.constant =
    /// end.height + 8; calls onChange`.
    func formula(_ w: HandlerWalk) -> String {
        var seen: [String] = []
        for a in w.assignments {
            let v = a.value.split(whereSeparator: \.isNewline).map { $0.trimmingCharacters(in: .whitespaces) }.joined(separator: " ")
            let line = "\(a.target) = \(v)"
            if !seen.contains(line) { seen.append(line) }
        }
        for f in w.forwards {
            let line = f.method == "call" ? "calls \(f.via)" : "\(f.via).\(f.method)(…)"
            if !seen.contains(line) { seen.append(line) }
        }
        return seen.joined(separator: "; ")
    }

    // MARK: strategy

    static func childDelegateWhy(_ field: String, _ parent: (via: String, parentConstraint: String, expand: String)) -> String {
        "a child controller sets \(field).constant and asks its parent to make room (\(parent.via)): \(parent.parentConstraint).constant = -\(parent.expand).frame.height"
    }

    /// The parent's side of a child controller's request for room: the
    /// child's show handler calls a method through a delegate property of
    /// a protocol of the files (`expansionDelegate?.childWantsToExpand(self,
    /// true)`), and a view controller of the files implements it by setting
    /// a constraint's constant to minus a view's height (`headerTop.constant
    /// = expand ? -header.frame.height : 0`).
    func parentExpansion(_ walks: [HandlerWalk], owner: TypeInfo?) -> (via: String, parentConstraint: String, expand: String)? {
        guard let owner, owner.isViewController else { return nil }
        for f in walks.flatMap(\.forwards) where f.method != "call" {
            guard let p = owner.properties[f.via], index.protocols.contains(p.type.replacingOccurrences(of: "?", with: "").replacingOccurrences(of: "!", with: "")) else { continue }
            for name in index.order where name != owner.name {
                guard let t = index.types[name], t.isViewController else { continue }
                for r in t.routines(named: f.method) {
                    guard let body = r.body else { continue }
                    for node in body.allDescendants {
                        guard let q = node.as(SequenceExprSyntax.self) else { continue }
                        let e = Array(q.elements)
                        // `a = b`, or `a = c ? x : y` (a sequence not yet folded).
                        guard e.count >= 3, e[1].is(AssignmentExprSyntax.self) else { continue }
                        let target = HandlerWalk.normalize(e[0].trimmedDescription)
                        guard target.hasSuffix(".constant") else { continue }
                        let constraint = String(target.dropLast(".constant".count))
                        guard !constraint.contains("."), t.properties[constraint] != nil else { continue }
                        let value = e[2...].map(\.trimmedDescription).joined().replacingOccurrences(of: " ", with: "")
                        for suffix in [".frame.height", ".bounds.height", ".frame.size.height", ".bounds.size.height"] {
                            guard let r = value.range(of: suffix), let minus = value[..<r.lowerBound].lastIndex(of: "-") else { continue }
                            let view = String(value[value.index(after: minus)..<r.lowerBound])
                            guard !view.isEmpty, view.allSatisfy({ $0.isLetter || $0.isNumber || $0 == "_" }), t.properties[view] != nil else { continue }
                            return ("\(f.via).\(f.method)", constraint, view)
                        }
                    }
                }
            }
        }
        return nil
    }

    static func isLayoutTarget(_ t: String) -> Bool {
        let last = t.split(separator: ".").last.map(String.init) ?? t
        return t.contains("constant") || t.contains("Inset") || t.contains("frame") || t.contains("transform")
            || t.contains("center") || t.contains("origin") || last == "bounds" || t.contains("additionalSafeArea")
    }

    /// The strategy: the layout effect first, then the plumbing when the
    /// effect is a constraint's constant.
    func classify(_ walks: [HandlerWalk], owner: TypeInfo?, consumer: Consumer?) -> (strategy: CodeStrategy, why: String, target: String?) {
        let assigned = walks.flatMap(\.assignments)
        let targets = assigned.map(\.target)
        func before(_ t: String, _ word: String) -> String? {
            guard let r = t.range(of: "." + word) else { return nil }
            return String(t[..<r.lowerBound])
        }
        if let t = targets.first(where: { $0.contains("contentInset") || $0.lowercased().contains("scrollindicatorinsets") }) {
            return (.contentInset, "sets \(t)", before(t, "contentInset") ?? before(t, "scrollIndicatorInsets"))
        }
        if let t = targets.first(where: { ($0.split(separator: ".").last ?? "").contains("Inset") && !$0.contains("afeArea") }) {
            return (.contentInset, "sets \(t)", nil)
        }
        if let t = targets.first(where: { $0.hasPrefix("view.frame") || $0.hasPrefix("view.center") || $0 == "view.bounds" }) {
            let size = t.contains("size") || t.contains("height")
            return (size ? .resizeRoot : .frameOrigin, "sets the root view's \(t.dropFirst(5))", nil)
        }
        // A view that sets its own frame's height: the auto-resizing root view.
        if targets.contains(where: { $0 == "frame.size.height" || $0 == "frame.size" || $0 == "bounds.size.height" }),
           owner?.inherits.contains(where: { $0 == "UIView" }) == true {
            return (.resizeRoot, "a view that sets its own frame's height to the keyboard's top", nil)
        }
        let moves = targets.filter { $0.hasSuffix("constant") || $0.hasSuffix("transform") }
        if !moves.isEmpty, walks.contains(where: \.convertsToWindow) {
            return (.autoScroll, "moves \(moves[0]) by how far a view's frame in the window reaches under the keyboard", nil)
        }
        if let t = targets.first(where: { $0.contains("additionalSafeAreaInsets") }) {
            return (.additionalSafeArea, "sets \(t)", nil)
        }
        if let t = targets.first(where: { $0.hasSuffix("transform") }) {
            return (.transform, "sets \(t)", before(t, "transform"))
        }
        if let t = targets.first(where: { $0 == "constant" || $0.hasSuffix(".constant") }) {
            if t == "constant", owner?.inherits.contains(where: { $0.hasSuffix("LayoutConstraint") }) == true {
                return (.layoutConstraint, "a constraint subclass sets its own constant", nil)
            }
            let name = before(t, "constant")
            if let consumer, index.protocols.contains(consumer.helper) {
                // A protocol extension observes and hands the height to the
                // object it was given: KeyboardObserving → KeyboardControllable.
                return (.controllable, "sets \(t) from \(consumer.helper)'s protocol extension", name)
            }
            if let consumer {
                return (.observer, "sets \(t) from \(consumer.helper)'s \(consumer.viaDelegate ? "delegate" : "closure")", name)
            }
            if let owner, index.protocols.contains(owner.name) {
                return (.controllable, "a protocol extension adopted by the controller sets \(t)", name)
            }
            return (.other, "the controller's own handler sets \(t)", name)
        }
        if let f = walks.flatMap(\.forwards).first {
            return (.observer, "forwards the events to \(f.method == "call" ? "the closure \(f.via)" : "\(f.via).\(f.method)")", nil)
        }
        if walks.contains(where: \.movedFrameOrigin) {
            return (.frameOrigin, "computes a frame whose origin moves by the keyboard's frame", nil)
        }
        return (.other, assigned.isEmpty ? "no layout effect kbplay recognises" : "sets \(targets[0])", nil)
    }

    // MARK: flaws

    func flaws(observes: [KeyboardNotificationKind], walks: [KeyboardNotificationKind: HandlerWalk], all: HandlerWalk,
               owner: TypeInfo?, registers: [String], removes: [String]) -> [CodeFlaw] {
        var out: [CodeFlaw] = []
        if observes.contains(where: { $0.isHide && (walks[$0]?.assignments.contains { $0.usesHeight && Self.isLayoutTarget($0.target) } ?? false) }) {
            out.append(.hideKeepsHeight)
        }
        if !all.unshiftedCurves.isEmpty || walks.values.contains(where: { !$0.unshiftedCurves.isEmpty }) {
            out.append(.curveNotShifted)
        }
        if let owner, owner.isViewController, !observes.isEmpty {
            let appears = registers.contains { $0 == "viewWillAppear" || $0 == "viewDidAppear" || $0 == "viewIsAppearing" }
            let onlyDeinit = !removes.isEmpty && removes.allSatisfy { $0 == "deinit" }
            if removes == ["never"] || (appears && onlyDeinit) { out.append(.observerAfterDisappear) }
        }
        if !observes.isEmpty, !observes.contains(where: { $0 == .keyboardWillChangeFrame || $0 == .keyboardDidChangeFrame }) {
            out.append(.missedFrameChange)
        }
        return out
    }
}
