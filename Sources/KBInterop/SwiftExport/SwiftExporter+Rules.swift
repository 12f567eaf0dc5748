import KBModel

extension SwiftExporter {
    /// What a rule's code reads from the notification or the window,
    /// declared once at the top of its handler.
    enum RuleRead: Int, CaseIterable, Comparable {
        case endFrame, beginFrame, visible, windowFrame

        static func < (a: RuleRead, b: RuleRead) -> Bool { a.rawValue < b.rawValue }

        var declaration: String {
            switch self {
            case .endFrame:
                "let endFrame = (note.userInfo?[UIResponder.keyboardFrameEndUserInfoKey] as? NSValue)?.cgRectValue ?? .zero"
            case .beginFrame:
                "let beginFrame = (note.userInfo?[UIResponder.keyboardFrameBeginUserInfoKey] as? NSValue)?.cgRectValue ?? .zero"
            case .visible:
                "let keyboardVisible: CGFloat = note.name == UIResponder.keyboardWillHideNotification || note.name == UIResponder.keyboardDidHideNotification ? 0 : 1"
            case .windowFrame:
                // The window in screen coordinates, as kbplay's window.frame.
                "let windowFrame = view.window.map { $0.convert($0.bounds, to: $0.windowScene?.screen.coordinateSpace ?? UIScreen.main.coordinateSpace) } ?? .zero"
            }
        }
    }

    /// A rule's expression as Swift, with what it reads.
    struct RuleCode {
        var text: String
        /// 0 `+ -`, 1 `* /`, 2 a sign, 3 a name, number or call.
        var precedence: Int
    }


    /// The constraints a rule's expression reads (`NAME.constant`, `NAME.priority`).
    func constraintsRead(by rule: Rule) -> [String] {
        guard let e = parseRule(rule) else { return [] }
        return e.paths.compactMap { path, _ in
            let parts = RulePath.parts(of: path)
            guard parts.count == 2, parts[1] == "constant" || parts[1] == "priority",
                  (try? screen.constraint(named: parts[0])) != nil else { return nil }
            return parts[0]
        }
    }

    /// `e` as a Swift expression of `CGFloat`s in class `controller`, or
    /// why it cannot be (a name the class cannot reach).
    func swift(_ e: ValueExpression, from controller: String, reads: inout Set<RuleRead>,
               helpers: inout Set<SwiftSupport.Kind>) -> Result<RuleCode, RuleFailure> {
        func atom(_ text: String) -> Result<RuleCode, RuleFailure> { .success(RuleCode(text: text, precedence: 3)) }
        switch e {
        case let .number(x):
            return atom(SwiftExporter.number(x))
        case let .path(p, _):
            return path(p, from: controller, reads: &reads, helpers: &helpers).map { RuleCode(text: $0, precedence: 3) }
        case let .negate(inner):
            return swift(inner, from: controller, reads: &reads, helpers: &helpers).map { c in
                RuleCode(text: c.precedence < 3 || c.text.hasPrefix("-") ? "-(\(c.text))" : "-" + c.text, precedence: 2)
            }
        case let .binary(op, a, b):
            let level = op == "+" || op == "-" ? 0 : 1
            let left: RuleCode, right: RuleCode
            switch swift(a, from: controller, reads: &reads, helpers: &helpers) {
            case let .success(c): left = c
            case let .failure(f): return .failure(f)
            }
            switch swift(b, from: controller, reads: &reads, helpers: &helpers) {
            case let .success(c): right = c
            case let .failure(f): return .failure(f)
            }
            // Left to right, as kbplay evaluates: a right operand of the
            // same level keeps its parentheses.
            let l = left.precedence < level ? "(\(left.text))" : left.text
            let r = right.precedence <= level ? "(\(right.text))" : right.text
            return .success(RuleCode(text: "\(l) \(op) \(r)", precedence: level))
        case let .call(name, args, _):
            var codes: [String] = []
            for a in args {
                switch swift(a, from: controller, reads: &reads, helpers: &helpers) {
                case let .success(c): codes.append(c.text)
                case let .failure(f): return .failure(f)
                }
            }
            // min and max of one value are that value.
            if codes.count == 1 && name != "abs" { return atom("(\(codes[0]))") }
            return atom("\(name)(\(codes.joined(separator: ", ")))")
        }
    }

    /// Why a rule is not code.
    struct RuleFailure: Error {
        var reason: String
    }

    /// A path of the rule language as Swift.
    private func path(_ path: String, from controller: String, reads: inout Set<RuleRead>,
                      helpers: inout Set<SwiftSupport.Kind>) -> Result<String, RuleFailure> {
        let parts = RulePath.parts(of: path)
        let unknown = RuleFailure(reason: "'\(path)' is not a value kbplay's rules read")
        if parts.first == "kb" {
            switch (parts.count, parts.count > 1 ? parts[1] : "") {
            case (2, "visible"): reads.insert(.visible); return .success("keyboardVisible")
            case (2, "duration"): return .success("CGFloat(duration)")
            case (2, "curve"): return .success("CGFloat(curve)")
            case (3, "begin") where RulePath.rectMembers.contains(parts[2]):
                reads.insert(.beginFrame); return .success("beginFrame." + parts[2])
            // While a notification is handled the keyboard's frame is its end frame.
            case (3, "end"), (3, "frame"):
                guard RulePath.rectMembers.contains(parts[2]) else { return .failure(unknown) }
                reads.insert(.endFrame); return .success("endFrame." + parts[2])
            default: return .failure(unknown)
            }
        }
        if parts.first == "window" {
            guard parts.count == 3, parts[1] == "frame", RulePath.rectMembers.contains(parts[2]) else { return .failure(unknown) }
            reads.insert(.windowFrame)
            return .success("windowFrame." + parts[2])
        }
        if parts.count == 2, parts[1] == "constant" || parts[1] == "priority", (try? screen.constraint(named: parts[0])) != nil {
            guard let ref = constraintReference(parts[0], from: controller) else {
                return .failure(RuleFailure(reason: "\(parts[0]) is not made in this class or a child's"))
            }
            return .success(parts[1] == "constant" ? "self.\(ref).constant" : "CGFloat(self.\(ref).priority.rawValue)")
        }
        /// A view of the path as the class writes it.
        func view(_ name: String) -> Result<String, RuleFailure> {
            guard let ref = viewReference(name, from: controller) else {
                return .failure(RuleFailure(reason: "\(name) is not a view of this class or a child's"))
            }
            return .success("self." + ref)
        }
        if parts.count >= 2, RulePath.viewScalars.contains(parts[parts.count - 1]) {
            let name = parts.dropLast().joined(separator: ".")
            if (try? screen.view(named: name)) != nil {
                return view(name).map { ref in
                    if let read = ViewProperty.named(parts[parts.count - 1])?.swiftScalar { return read(ref) }
                    reads.insert(.endFrame)
                    helpers.insert(.visibility)
                    return "keyboardVisibility(of: \(ref), keyboardEndFrame: endFrame)"
                }
            }
        }
        guard let k = parts.firstIndex(where: { RulePath.viewProperties.contains($0) }), k > 0, parts.count == k + 2 else {
            return .failure(unknown)
        }
        let member = parts[k + 1]
        return view(parts[..<k].joined(separator: ".")).map { ref in
            switch parts[k] {
            // kbplay's frame is in the window's coordinates.
            case "frame": return "\(ref).convert(\(ref).bounds, to: nil).\(member)"
            default: return "\(ref).\(parts[k]).\(member)"
            }
        }
    }

    /// The view a constraint belongs to (UIKit's: the nearest view that
    /// holds every view it mentions; a guide's is its owning view).
    func owner(of constraint: LayoutConstraint) -> String? {
        func ancestors(_ name: String) -> [String] {
            var out: [String] = []
            var current: String? = name
            while let c = current {
                out.append(c)
                current = (try? screen.view(named: c))?.parent
            }
            return out
        }
        let first = ancestors(constraint.first.view)
        guard let second = constraint.second else {
            // A size: set on the view, laid out by its superview.
            return first.count > 1 ? first[1] : first.first
        }
        let others = Set(ancestors(second.view))
        return first.first { others.contains($0) }
    }

    /// Writes the rules of controller `c` as the observer code that does
    /// what each does: one observer per notification, registered with the
    /// strategies and after them (NotificationCenter calls observers in the
    /// order they were added, and kbplay runs rules after strategies): in
    /// `viewWillAppear`, removed in `viewWillDisappear`, when a strategy of
    /// the class registers there, else in `viewDidLoad` with a handler
    /// that does nothing while the view is not in a window. Each handler
    /// reads the userInfo the rules use, sets the constants in the order
    /// they were attached and animates the layout with the keyboard's
    /// duration and curve. Called once the strategies are written.
    mutating func writeRules(of c: Controller) {
        let name = c.name
        let own = rules.filter { $0.controller == name }
        guard !own.isEmpty else { return }
        let whileAppeared = classes[name]?.lifecycle["viewWillAppear"]?.isEmpty == false
        var events: [KeyboardNotification.Name] = []
        for r in own where !events.contains(r.event) { events.append(r.event) }
        var setup: [String] = []
        var observers: [String] = []
        var methods: [[String]] = []
        var helpersUsed: Set<SwiftSupport.Kind> = []
        for event in events {
            var reads: Set<RuleRead> = []
            var body: [String] = []
            var layout: [String] = []
            var comments: [String] = []
            for rule in own where rule.event == event {
                comments.append("///   \(rule.text)")
                guard let e = parseRule(rule) else {
                    body.append("// kbplay: \(rule.text) — its expression does not parse")
                    continue
                }
                var helpers: Set<SwiftSupport.Kind> = []
                var ruleReads = reads
                let target = constraintReference(rule.constraint, from: name)
                switch swift(e, from: name, reads: &ruleReads, helpers: &helpers) {
                case let .failure(f):
                    body.append("// kbplay: \(rule.text) — left out: \(f.reason)")
                case let .success(code):
                    guard let target else {
                        body.append("// kbplay: \(rule.text) — left out: \(rule.constraint) is not made in this class or a child's")
                        continue
                    }
                    reads = ruleReads
                    helpersUsed.formUnion(helpers)
                    body.append("self.\(target).constant = \(code.text)")
                    let ownerView = (try? screen.constraint(named: rule.constraint)).flatMap(owner(of:))
                        .flatMap { viewReference($0, from: name) } ?? "view"
                    if !layout.contains(ownerView) { layout.append(ownerView) }
                }
            }
            let method = classes[name]?.names.declareMember(event.rawValue + "Rules") ?? event.rawValue + "Rules"
            var lines = ["/// kbplay's rules on \(event.rawValue), run after the strategies' handlers:"] + comments + [
                "private func \(method)(_ note: Notification) {",
            ] + (whileAppeared ? [] : [
                "    // kbplay runs a rule only while its controller is in the window.",
                "    guard viewIfLoaded?.window != nil else { return }",
            ])
            lines += reads.sorted().map { "    " + $0.declaration }
            if !layout.isEmpty {
                lines += [
                    "    let duration = note.userInfo?[UIResponder.keyboardAnimationDurationUserInfoKey] as? Double ?? 0",
                    "    let curve = note.userInfo?[UIResponder.keyboardAnimationCurveUserInfoKey] as? UInt ?? 0",
                ]
            }
            lines += body.map { "    " + $0 }
            if !layout.isEmpty {
                lines.append("    UIView.animate(withDuration: duration, delay: 0, options: UIView.AnimationOptions(rawValue: curve << 16), animations: {")
                lines += layout.map { "        self.\($0).layoutIfNeeded()" }
                lines.append("    })")
            }
            lines.append("}")
            methods.append(lines)
            observers += SwiftSupport.observer("\(event.rawValue)Notification", method).map { "    " + $0 }.withComma()
        }
        let tokens = classes[name]?.names.declareMember("keyboardRuleTokens") ?? "keyboardRuleTokens"
        setup.append("// kbplay: this session's rules, run after the strategies' handlers, as observers:")
        setup.append("\(tokens) = [")
        setup += observers
        setup.append("]")
        if helpersUsed.contains(.visibility) { use(.visibility) }
        update(name) { code in
            code.properties.append("private var \(tokens): [NSObjectProtocol] = []")
            if whileAppeared {
                code.lifecycle["viewWillAppear", default: []] += setup
                code.lifecycle["viewWillDisappear", default: []] += [
                    "\(tokens).forEach { NotificationCenter.default.removeObserver($0) }",
                    "\(tokens) = []",
                ]
            } else {
                code.strategySetup += setup
            }
            code.members += methods
        }
    }
}

extension Array where Element == String {
    /// The lines with a comma after the last one (an element of an array literal).
    func withComma() -> [String] {
        guard let last else { return self }
        return dropLast() + [last + ","]
    }
}
