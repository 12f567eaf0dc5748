import KBModel

extension Session {
    /// Posts a keyboard transition: the layout guide follows the new frame,
    /// then each notification in order runs the handlers registered for it
    /// (strategies, then rules, in the order they were attached). Unless
    /// `listed` is false (a replay that compares the notifications instead
    /// of printing them), each notification and each handler's effect is
    /// an entry of the report.
    mutating func post(_ t: KeyboardTransition, _ log: inout ChangeLog, listed: Bool = true) throws {
        let device = screen.device, orientation = screen.orientation
        let overlapBefore = keyboard.overlap(on: device, orientation)
        keyboard = t.keyboard
        log.warnings += syncKeyboard()
        let context = KeyboardContext(keyboard: keyboard, device: device, orientation: orientation)
        // A rotation with the keyboard up posts the hide burst before the
        // interface turns: its handlers must see the old orientation's
        // screen (the end frame is below the old screen, not on the new one).
        let oldHalf = Self.rotationHideCount(t.notifications)
        if oldHalf > 0 {
            _ = screen.rotate(to: orientation == .portrait ? .landscape : .portrait)
            _ = screen.setKeyboardFrame(nil, docked: keyboard.mode == .docked)
        }
        for (index, n) in t.notifications.enumerated() {
            if oldHalf > 0 && index == oldHalf {
                _ = screen.rotate(to: orientation)
                log.warnings += syncKeyboard()
            }
            log.notifications.append(n)
            if listed { log.lines.append(.posted(n)) }
            var handlers: [ChangeReport.Handling] = []
            // The handlers work on the session's screen itself, moved into
            // the host and back: a copy would share the views, the
            // constraints and the layout cache, and the first change a
            // handler made would copy them.
            var host = ScreenHost(Self.vacantScreen)
            swap(&host.screen, &screen)
            for i in state.strategies.indices {
                guard let r = state.strategies[i].handle(n, context: context, host: &host) else { continue }
                for effect in r.effects {
                    let handling = ChangeReport.Handling(controller: r.controller, strategy: r.strategy, effect: effect)
                    log.report.handled(handling, listed: listed)
                    handlers.append(handling)
                }
                for f in r.flaws where !log.flaws.contains(where: { $0.id == f.id && $0.controller == f.controller && $0.strategy == f.strategy }) {
                    log.flaws.append(f)
                }
            }
            swap(&host.screen, &screen)
            for rule in state.rules where rule.event == n.name {
                // The code's observers that are never removed (or only in
                // deinit) still run when the controller left the window.
                let appeared = (try? screen.controller(named: rule.controller))?.isAppeared
                let outlives = rule.codeFlaws?.contains(.observerAfterDisappear) == true
                guard appeared == true || (appeared == false && outlives) else { continue }
                let value = try evaluate(rule.expression, notification: n)
                let before = (try? screen.constraint(named: rule.constraint))?.constant ?? 0
                log.warnings += try screen.setConstant(value, of: rule.constraint, byHandler: true).warnings
                let effect = HandlerEffect(.constant(rule.constraint), before: .points(before), after: .points(value),
                                           why: "(\(rule.expression))")
                let handling = ChangeReport.Handling(controller: rule.controller, strategy: nil, effect: effect)
                log.report.handled(handling, listed: listed)
                handlers.append(handling)
                for f in codeFlaws(of: rule, value: value, appeared: appeared == true, n)
                where !log.flaws.contains(where: { $0.id == f.id && $0.controller == f.controller && $0.rule != nil }) {
                    log.flaws.append(f)
                }
            }
            record(EventRecord(notification: n, handlers: handlers))
        }
        let overlapAfter = keyboard.overlap(on: device, orientation)
        for s in state.strategies {
            let appeared = (try? screen.controller(named: s.controller))?.isAppeared ?? false
            if let f = s.missedFrameChange(posted: t.notifications, overlapBefore: overlapBefore,
                                           overlapAfter: overlapAfter, controllerAppeared: appeared) {
                log.flaws.append(f)
            }
        }
        log.flaws += missedFrameChanges(posted: t.notifications, overlapBefore: overlapBefore, overlapAfter: overlapAfter)
        if listed, t.notifications.isEmpty && overlapBefore != overlapAfter {
            log.lines.append("keyboard top now at \(formatPoints(keyboard.frame(on: device, orientation).minY)) (no notification)")
        }
    }

    /// The flaws `import swift` found in the handler a rule was made from
    /// that its run shows, in the built-in strategies' words:
    /// `hide-keeps-height` when a hide notification sets the keyboard's
    /// height, `safe-area-double-count` when a show sets it, without the
    /// safe area's bottom inset, on a constraint measured from the safe
    /// area, `curve-not-shifted` when the animation's curve is not 0,
    /// `observer-after-disappear` when the controller is not in the window.
    mutating func codeFlaws(of rule: Rule, value: Double, appeared: Bool, _ n: KeyboardNotification) -> [Flaw] {
        guard let ids = rule.codeFlaws, !ids.isEmpty else { return [] }
        var out: [Flaw] = []
        func flaw(_ id: Flaw.ID, _ shares: StrategyKind, _ message: String) {
            var f = Flaw(id, shares, rule.controller, message)
            f.rule = rule.text
            out.append(f)
        }
        let screenHeight = screen.screenSize.height
        let usesHeight = rule.expression.contains("kb.end.height") || rule.expression.contains("kb.begin.height")
        let onScreen = max(0, screenHeight - n.end.minY)
        if ids.contains(.observerAfterDisappear), !appeared {
            flaw(.observerAfterDisappear, .observer, Flaw.observerAfterDisappearMessage(
                rule.controller, handler: "imported", event: n.name,
                registration: "the code does not remove its observers when the controller disappears"))
        }
        if ids.contains(.hideKeepsHeight), n.name == .willHide || n.name == .didHide, usesHeight, n.end.minY >= screenHeight {
            flaw(.hideKeepsHeight, .observer,
                 Flaw.hideKeepsHeightMessage(rule.constraint, height: n.end.height, value: value, screenHeight: screenHeight))
        }
        if ids.contains(.safeAreaDoubleCount), n.name != .willHide && n.name != .didHide, onScreen > 0,
           rule.expression.contains("kb.end.height"), !rule.expression.contains("safeAreaInsets"),
           let c = try? screen.constraint(named: rule.constraint), c.first.guide == .safeArea || c.second?.guide == .safeArea {
            let bottom = screen.safeAreaInsets(of: rule.controller + ".view")?.bottom ?? 0
            if bottom > 0 {
                flaw(.safeAreaDoubleCount, .observer, Flaw.safeAreaDoubleCountMessage(
                    rule.constraint, height: n.end.height, bottom: bottom, extra: value - n.end.height, controller: rule.controller))
            }
        }
        if ids.contains(.curveNotShifted), let message = Flaw.curveNotShiftedMessage(curve: n.curve) {
            flaw(.curveNotShifted, .layoutConstraint, message)
        }
        return out
    }

    /// `missed-frame-change` for the rules made from a developer's handler
    /// that observes show and hide only: none of them ran for a change of
    /// the keyboard's overlap.
    func missedFrameChanges(posted: [KeyboardNotification], overlapBefore: Double, overlapAfter: Double) -> [Flaw] {
        guard abs(overlapBefore - overlapAfter) > 0.5 else { return [] }
        var out: [Flaw] = []
        let flagged = state.rules.filter { $0.codeFlaws?.contains(.missedFrameChange) == true }
        for controller in flagged.map(\.controller).reduce(into: [String](), { if !$0.contains($1) { $0.append($1) } }) {
            guard (try? screen.controller(named: controller))?.isAppeared == true else { continue }
            let rules = flagged.filter { $0.controller == controller }
            let observed = KeyboardNotification.Name.allCases.filter { name in rules.contains { $0.event == name } }
            guard !posted.contains(where: { observed.contains($0.name) }) else { continue }
            var f = Flaw(.missedFrameChange, .observer, controller, Flaw.missedFrameChangeMessage(
                controller, who: "the code", observed: observed, posted: posted, overlapBefore: overlapBefore, overlapAfter: overlapAfter))
            f.rule = rules[0].text
            out.append(f)
        }
        return out
    }

    /// What the session's screen is swapped with while handlers hold it.
    private static let vacantScreen = Screen()

    /// How many leading notifications of a rotation's hide-then-show burst
    /// belong to the old orientation (0 when it is no rotation).
    static func rotationHideCount(_ posted: [KeyboardNotification]) -> Int {
        guard let hide = posted.firstIndex(where: { $0.name == .willHide }),
              let show = posted.lastIndex(where: { $0.name == .willShow }), hide < show,
              let second = posted[hide..<show].lastIndex(where: { $0.name == .willChangeFrame }) else { return 0 }
        return second
    }

    /// What `frames N` takes.
    static let framesMessage = "frames takes a whole number from 1 to 60"

    /// `keyboard show frames N`: asks the report for N moments of the
    /// animation.
    func animate(_ n: Int, _ t: KeyboardTransition, _ log: inout ChangeLog) {
        guard let first = t.notifications.first else { return }
        log.animation = ChangeReport.Animation(count: n, begin: first.begin, end: first.end)
    }

    /// `handle CONTROLLER with STRATEGY ARGS`: the arguments read as the
    /// strategy's type declares them (``KeyboardStrategy/arguments``).
    mutating func attach(_ controller: String, _ kindToken: Token, _ arguments: RestArgument, _ log: inout ChangeLog) throws {
        _ = try screen.controller(named: controller)
        guard let kind = StrategyKind(rawValue: kindToken.text) else {
            throw CommandError("unknown strategy '\(kindToken.text)'", column: kindToken.column,
                               suggestion: nearestName(to: kindToken.text, in: StrategyKind.allCases.map(\.rawValue))
                                   ?? StrategyKind.allCases.map(\.rawValue).joined(separator: ", "))
        }
        let usage = "usage: handle \(controller) with \(kind.usage)"
        var s = Strategy(kind: kind, controller: controller)
        var rest = arguments.tokens[...]
        /// Reads the value of `argument` from the words left.
        func read(_ argument: StrategyArgument) throws {
            if argument.value == .number {
                var sign = 1.0
                if let t = rest.first, t.text == "-" { sign = -1; rest = rest.dropFirst() }
                guard let t = rest.first, let x = t.number else {
                    throw CommandError("expected a number", column: rest.first?.column ?? arguments.endColumn)
                }
                rest = rest.dropFirst()
                s.set(argument.field, number: sign * x)
                return
            }
            guard let t = rest.first, t.kind == .word else {
                throw CommandError("\(kind.rawValue) needs \(argument.what)", column: rest.first?.column ?? arguments.endColumn,
                                   suggestion: argument.value == .constraint ? usage : nil)
            }
            rest = rest.dropFirst()
            switch argument.value {
            case .constraint: _ = try screen.constraint(named: t.text)
            case .view: _ = try screen.view(named: t.text)
            case .scrollView:
                guard (try screen.view(named: t.text)).scroll != nil else { throw ModelError.notAScrollView(t.text) }
            case .number: break
            }
            s.set(argument.field, name: t.text)
        }
        for argument in kind.arguments where argument.keyword == nil { try read(argument) }
        let options = kind.arguments.filter { $0.keyword != nil }
        while let t = rest.first {
            rest = rest.dropFirst()
            guard t.kind == .word, let option = options.first(where: { $0.keyword == t.text }) else {
                throw CommandError("unexpected '\(t.text)' for \(kind.rawValue)", column: t.column, suggestion: usage)
            }
            try read(option)
        }
        kind.type.attached(&s) { try? screen.constraint(named: $0).constant }
        // What the arguments must be is what a session file's strategy must
        // be (a required option missing, a second strategy of its kind).
        do { try checkStrategy(s, among: state.strategies) } catch {
            guard var e = error.error as? CommandError else { throw error.error }
            e.column = e.column ?? (error.member == "kind" ? kindToken.column : arguments.endColumn)
            throw e
        }
        state.strategies.append(s)
        if let unpinned = unpinnedLayoutGuide(of: s.controller) {
            // The guide moves only what is pinned to it.
            log.notes.append("\(s.controller) uses \(unpinned.guide) (no observers), but no constraint is pinned to it: nothing follows the keyboard")
            log.notes.append("  pin: \(unpinned.pin)")
        } else {
            log.notes.append(s.attachSummary)
        }
    }

    /// `on CONTROLLER EVENT: set NAME.constant = EXPR`, checked when entered.
    mutating func addRule(_ controller: String, _ rule: RestArgument, _ log: inout ChangeLog) throws {
        _ = try screen.controller(named: controller)
        let rest = rule.tokens
        let usage = "usage: on \(controller) keyboardWillShow: set NAME.constant = EXPR"
        guard let eventToken = rest.first, eventToken.kind == .word else {
            throw CommandError("expected a notification name", column: rule.column, suggestion: usage)
        }
        guard let event = KeyboardNotification.Name(rawValue: eventToken.text) else {
            throw CommandError("unknown notification '\(eventToken.text)'", column: eventToken.column,
                               suggestion: nearestName(to: eventToken.text, in: KeyboardNotification.Name.allCases.map(\.rawValue))
                                   ?? KeyboardNotification.Name.allCases.map(\.rawValue).joined(separator: ", "))
        }
        guard rest.count > 1, rest[1].text == ":" else {
            throw CommandError("expected ':' after \(event.rawValue)", column: rest.count > 1 ? rest[1].column : rule.endColumn, suggestion: usage)
        }
        guard rest.count > 2, rest[2].text == "set" else {
            throw CommandError("expected 'set'", column: rest.count > 2 ? rest[2].column : rule.endColumn, suggestion: usage)
        }
        guard rest.count > 3, rest[3].kind == .word, rest[3].text.hasSuffix(".constant") else {
            throw CommandError("a rule sets NAME.constant", column: rest.count > 3 ? rest[3].column : rule.endColumn, suggestion: usage)
        }
        let target = String(rest[3].text.dropLast(".constant".count))
        do { _ = try screen.constraint(named: target) } catch {
            throw CommandError(error.description, column: rest[3].column,
                               suggestion: { if case let .unknownName(_, _, s) = error { return s }; return nil }())
        }
        var k = 4
        if k < rest.count, rest[k].text == "=" || rest[k].text == "==" { k += 1 }
        let exprTokens = Array(rest[k...])
        guard !exprTokens.isEmpty else { throw CommandError("expected an expression", column: rule.endColumn, suggestion: usage) }
        let expression = try parseExpression(exprTokens, endColumn: rule.endColumn)
        try check(expression)
        let text = rule.line(from: exprTokens[0].column).trimmingCharacters(in: .whitespaces)
        state.rules.append(Rule(controller: controller, event: event, constraint: target, expression: text))
        log.notes.append("\(controller) runs on \(event.rawValue): \(target).constant = \(text)")
    }

    /// `set NAME.ATTR [=] VALUE`.
    mutating func set(_ targetToken: Token, _ value: RestArgument, usage: String, _ log: inout ChangeLog) throws {
        let path = targetToken.text
        var rest = value.tokens
        if let first = rest.first, first.text == "=" || first.text == "==" { rest.removeFirst() }
        guard !rest.isEmpty else { throw CommandError("'set' needs a value", column: value.endColumn, suggestion: "usage: \(usage)") }
        let parts = path.split(separator: ".").map(String.init)
        guard parts.count >= 2 else {
            throw CommandError("'\(path)' names no property: write NAME.constant, NAME.priority, V.hidden, V.text, …", column: targetToken.column)
        }
        // The longest prefix that names something is the object.
        var objectParts = parts.count - 1
        while objectParts > 1 && screen.kind(of: parts[0..<objectParts].joined(separator: ".")) == nil { objectParts -= 1 }
        let object = parts[0..<objectParts].joined(separator: ".")
        let property = parts[objectParts...].joined(separator: ".")
        func numberValue() throws -> Double {
            let e = try parseExpression(rest, endColumn: value.endColumn)
            try check(e)
            return try e.evaluate { path, column throws(CommandError) in try self.value(of: path, column: column, notification: nil) }
        }
        func priorityValue() throws -> Int {
            guard let v = wholeNumber(try numberValue(), in: 1...1000) else {
                throw CommandError("a priority is a whole number from 1 to 1000", column: rest[0].column)
            }
            return v
        }
        func word() throws -> String {
            guard rest.count == 1 else { throw CommandError("expected one value", column: rest.first?.column) }
            return rest[0].text
        }
        func take(_ r: MutationResult) { log.take(r) }
        switch property {
        case "constant": take(try screen.setConstant(try numberValue(), of: object))
        case "priority":
            take(try screen.setPriority(try priorityValue(), of: object))
        case "hugging.horizontal", "hugging.vertical", "compression.horizontal", "compression.vertical":
            let v = try priorityValue()
            let axis: Axis = property.hasSuffix("horizontal") ? .horizontal : .vertical
            if property.hasPrefix("hugging") {
                take(try screen.setHugging(v, axis, of: object))
            } else {
                take(try screen.setCompressionResistance(v, axis, of: object))
            }
        case "hidden":
            let w = try word()
            guard w == "on" || w == "off" || w == "true" || w == "false" else {
                throw CommandError("hidden is on or off", column: rest[0].column)
            }
            take(try screen.setHidden(w == "on" || w == "true", of: object))
        case "clipsToBounds":
            let w = try word()
            guard ["on", "off", "true", "false"].contains(w) else {
                throw CommandError("clipsToBounds is on or off", column: rest[0].column)
            }
            take(try screen.setClipsToBounds(w == "on" || w == "true", of: object))
            log.notes.append("\(object).clipsToBounds is \(w == "on" || w == "true" ? "on: its subviews are cut at its bounds" : "off")")
        case "alpha":
            take(try screen.setAlpha(try numberValue(), of: object))
            log.notes.append("\(object).alpha is \(formatNumber(try screen.view(named: object).alpha))")
        case "text":
            guard rest.count == 1, rest[0].kind == .string else {
                throw CommandError("text takes a quoted string", column: rest.first?.column, suggestion: "set \(object).text \"Sign in\"")
            }
            take(try screen.setText(rest[0].text, of: object))
        case "placeholder":
            guard rest.count == 1, rest[0].kind == .string else {
                throw CommandError("placeholder takes a quoted string", column: rest.first?.column, suggestion: "set \(object).placeholder = \"Email\"")
            }
            take(try screen.setPlaceholder(rest[0].text, of: object))
            log.notes.append("\(object) shows \(CommandParser.quote(rest[0].text)) while it has no text")
        case "rows":
            guard let n = wholeNumber(try numberValue(), in: 0...TableConfiguration.maxRows) else {
                throw CommandError("rows is a whole number from 0 to \(TableConfiguration.maxRows)", column: rest[0].column)
            }
            take(try screen.setTable(object, rows: n))
        case "rowHeight":
            take(try screen.setTable(object, rowHeight: try numberValue()))
        case "keyboardDismissMode":
            let w = try word()
            guard let mode = KeyboardDismissMode(rawValue: w) else {
                let all = KeyboardDismissMode.allCases.map(\.rawValue)
                throw CommandError("'\(w)' is not a keyboardDismissMode: \(all.joined(separator: ", "))", column: rest[0].column,
                                   suggestion: nearestName(to: w, in: all))
            }
            take(try screen.setKeyboardDismissMode(mode, of: object))
            log.notes.append("\(object).keyboardDismissMode is .\(mode.rawValue)")
        case "contentInset.top", "contentInset.left", "contentInset.bottom", "contentInset.right":
            let v = try numberValue()
            guard let current = screen.layout().view(object)?.scroll?.contentInset else { throw ModelError.notAScrollView(object) }
            var insets = current
            switch property {
            case "contentInset.top": insets.top = v
            case "contentInset.left": insets.left = v
            case "contentInset.bottom": insets.bottom = v
            default: insets.right = v
            }
            take(try screen.setContentInset(insets, of: object))
        case "contentOffset.x", "contentOffset.y":
            let v = try numberValue()
            guard let current = screen.layout().view(object)?.scroll?.contentOffset else { throw ModelError.notAScrollView(object) }
            let offset = property.hasSuffix(".x") ? Point(x: v, y: current.y) : Point(x: current.x, y: v)
            take(try screen.setContentOffset(offset, of: object))
        default:
            let known = ["constant", "priority", "hugging.horizontal", "hugging.vertical", "compression.horizontal",
                         "compression.vertical", "hidden", "clipsToBounds", "alpha", "text", "placeholder", "contentInset.bottom", "contentOffset.y", "keyboardDismissMode", "rows", "rowHeight"]
            throw CommandError("'\(object)' has no settable property '\(property)'",
                               column: targetToken.column + object.count + 1,
                               suggestion: nearestName(to: property, in: known).map { "\(object).\($0)" } ?? "one of: \(known.joined(separator: ", "))")
        }
    }

    /// Ends editing (`resign`, `tap outside`; `return`, which in a text
    /// view types a newline instead).
    mutating func endEditing(byReturn: Bool, _ log: inout ChangeLog) throws {
        guard let focused = screen.focus else {
            log.notes.append("nothing is focused")
            return
        }
        if byReturn, (try? screen.view(named: focused))?.kind == .textView {
            // A text view's return key types a newline; editing goes on.
            log.notes.append("return in the text view \(focused) types a newline: it stays first responder")
            return
        }
        log.take(try screen.setFocus(nil))
        let t = try keyboard.applying(.endEditing, on: screen.device, screen.orientation, inputs: inputsNow)
        try post(t, &log)
    }

    /// Drops the strategies and rules whose controller, constraint or view
    /// no longer exists (removed with a view or on its own), saying so.
    mutating func detachDangling(_ log: inout ChangeLog) {
        let screen = self.screen
        let constraints = Names(screen: screen, kind: .constraint)
        let views = Names(screen: screen, kind: .view)
        let controllers = Names(screen: screen, kind: .controller)
        state.strategies.removeAll { s in
            // What each strategy refers to, by its type's arguments.
            let missing = s.references.filter { !($0.isConstraint ? constraints.contains($0.name) : views.contains($0.name)) }
                .map(\.name) + (controllers.contains(s.controller) ? [] : [s.controller])
            guard let first = missing.first else { return false }
            log.notes.append("\(s.controller) · \(s.kind.rawValue) detached: \(first) is gone")
            return true
        }
        state.rules.removeAll { r in
            guard !constraints.contains(r.constraint) || !controllers.contains(r.controller) else { return false }
            log.notes.append("rule removed: \(r.text)")
            return true
        }
    }

    /// The screen's names of one kind, as a set to test membership in.
    private struct Names {
        let screen: Screen
        let kind: ModelError.NameKind
        func contains(_ name: String) -> Bool { screen.kind(of: name) == kind }
    }

    /// Applies a keyboard event that is not a show or hide.
    mutating func keyboardEvent(_ event: KeyboardEvent, _ log: inout ChangeLog) throws {
        let wasUp = keyboard.isUp
        let t = try keyboard.applying(event, on: screen.device, screen.orientation)
        try post(t, &log)
        if t.notifications.isEmpty && !wasUp {
            log.notes.append("the keyboard is down: iOS posts nothing now; the change shows when a field is focused")
        }
    }

    /// Makes the screen's keyboard frame match the keyboard; the warnings
    /// are those of constraints the keyboard layout guide had to break.
    @discardableResult
    mutating func syncKeyboard() -> [ModelWarning] {
        let k = keyboardLayoutState
        return screen.setKeyboardFrame(k.frame, docked: k.isDocked,
                                       accessory: k.accessory.map { ($0, k.accessoryHeight ?? 0) }).warnings
    }

    /// What layout sees of the keyboard: its frame, whether it is docked,
    /// and the input accessory view on its top.
    var keyboardLayoutState: KeyboardState {
        var k = keyboard.layoutState(on: screen.device, screen.orientation)
        if keyboard.inputs != nil, k.frame != nil {
            let now = screen.keyboardInputs()
            if let name = keyboard.isUp ? now.accessory : now.resting {
                k.accessory = name
                k.accessoryHeight = keyboard.accessoryHeight(on: screen.device, screen.orientation)
            }
        }
        return k
    }

    /// The input views of the first responder now, for an event that
    /// changes the first responder.
    var inputsNow: Keyboard.Inputs { screen.keyboardInputs().inputs }

    /// After a command: if the first responder's input views changed (an
    /// accessory added or removed, an input view set, a controller's
    /// accessory back while nothing edits), the keyboard follows with the
    /// notifications iOS posts.
    mutating func refreshInputs(_ log: inout ChangeLog) throws {
        let wanted = inputsNow
        guard wanted.orNil != keyboard.inputs else { return }
        let t = try keyboard.applying(.inputsChanged, on: screen.device, screen.orientation, inputs: wanted)
        try post(t, &log)
    }
}
