extension Stage {
    /// Posts a keyboard transition: the layout guide follows the new frame,
    /// then each notification in order runs the handlers registered for it
    /// (strategies, then rules, in the order they were attached). Unless
    /// `listed` is false (a replay that compares the notifications instead
    /// of printing them), each notification and each handler's effect is
    /// an entry of the log. A rule's expression is the log's
    /// (``StageLog/expressions``); one that fails throws its ``ValueError``, a
    /// constraint it sets that is gone its ``ModelError``.
    public mutating func post(_ t: KeyboardTransition, _ log: inout StageLog, listed: Bool = true) throws {
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
            if listed { log.entries.append(.posted(n)) }
            var handlers: [Handling] = []
            // The handlers work on the stage's screen itself, moved into
            // the host and back: a copy would share the views, the
            // constraints and the layout cache, and the first change a
            // handler made would copy them.
            var host = ScreenHost(Self.vacantScreen)
            swap(&host.screen, &screen)
            for i in strategies.indices {
                guard let r = strategies[i].handle(n, context: context, host: &host) else { continue }
                for effect in r.effects {
                    let handling = Handling(controller: r.controller, strategy: r.strategy, effect: effect)
                    log.handled(handling, listed: listed)
                    handlers.append(handling)
                }
                for f in r.flaws where !log.flaws.contains(where: { $0.id == f.id && $0.controller == f.controller && $0.strategy == f.strategy }) {
                    log.flaws.append(f)
                }
            }
            swap(&host.screen, &screen)
            for rule in rules where rule.event == n.name {
                // The code's observers that are never removed (or only in
                // deinit) still run when the controller left the window.
                let appeared = (try? screen.controller(named: rule.controller))?.isAppeared
                let outlives = rule.codeFlaws?.contains(.observerAfterDisappear) == true
                guard appeared == true || (appeared == false && outlives) else { continue }
                let value = try evaluate(rule, log.expressions, notification: n)
                let before = (try? screen.constraint(named: rule.constraint))?.constant ?? 0
                log.warnings += try screen.setConstant(value, of: rule.constraint, byHandler: true).warnings
                let effect = HandlerEffect(.constant(rule.constraint), before: .points(before), after: .points(value),
                                           why: "(\(rule.expression))")
                let handling = Handling(controller: rule.controller, strategy: nil, effect: effect)
                log.handled(handling, listed: listed)
                handlers.append(handling)
                for f in codeFlaws(of: rule, value: value, appeared: appeared == true, n)
                where !log.flaws.contains(where: { $0.id == f.id && $0.controller == f.controller && $0.rule != nil }) {
                    log.flaws.append(f)
                }
            }
            log.events.append(EventRecord(notification: n, handlers: handlers))
        }
        let overlapAfter = keyboard.overlap(on: device, orientation)
        for s in strategies {
            let appeared = (try? screen.controller(named: s.controller))?.isAppeared ?? false
            if let f = s.missedFrameChange(posted: t.notifications, overlapBefore: overlapBefore,
                                           overlapAfter: overlapAfter, controllerAppeared: appeared) {
                log.flaws.append(f)
            }
        }
        log.flaws += missedFrameChanges(posted: t.notifications, overlapBefore: overlapBefore, overlapAfter: overlapAfter)
        if listed, t.notifications.isEmpty && overlapBefore != overlapAfter {
            log.entries.append("keyboard top now at \(formatPoints(keyboard.frame(on: device, orientation).minY)) (no notification)")
        }
    }

    /// A rule's value while `n` is posted: its expression (parsed by the
    /// front end, in `expressions`) with the paths read now.
    mutating func evaluate(_ rule: Rule, _ expressions: [String: Result<ValueExpression, ValueError>],
                           notification n: KeyboardNotification) throws(ValueError) -> Double {
        guard let parsed = expressions[rule.expression] else {
            throw ValueError("the rule '\(rule.text)' has no parsed expression", suggestion: "remove the rule and enter it again")
        }
        let e = try parsed.get()
        return try e.evaluate { path, column throws(ValueError) in try value(of: path, column: column, notification: n, last: n) }
    }

    /// `missed-frame-change` for the rules made from a developer's handler
    /// that observes show and hide only: none of them ran for a change of
    /// the keyboard's overlap.
    func missedFrameChanges(posted: [KeyboardNotification], overlapBefore: Double, overlapAfter: Double) -> [Flaw] {
        guard abs(overlapBefore - overlapAfter) > 0.5 else { return [] }
        var out: [Flaw] = []
        let flagged = rules.filter { $0.codeFlaws?.contains(.missedFrameChange) == true }
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

    /// What the stage's screen is swapped with while handlers hold it.
    private static let vacantScreen = Screen()

    /// How many leading notifications of a rotation's hide-then-show burst
    /// belong to the old orientation (0 when it is no rotation).
    public static func rotationHideCount(_ posted: [KeyboardNotification]) -> Int {
        guard let hide = posted.firstIndex(where: { $0.name == .willHide }),
              let show = posted.lastIndex(where: { $0.name == .willShow }), hide < show,
              let second = posted[hide..<show].lastIndex(where: { $0.name == .willChangeFrame }) else { return 0 }
        return second
    }

    /// Makes the screen's keyboard frame match the keyboard; the warnings
    /// are those of constraints the keyboard layout guide had to break.
    @discardableResult
    public mutating func syncKeyboard() -> [ModelWarning] {
        let k = keyboardLayoutState
        return screen.setKeyboardFrame(k.frame, docked: k.isDocked,
                                       accessory: k.accessory.map { ($0, k.accessoryHeight ?? 0) }).warnings
    }

    /// What layout sees of the keyboard: its frame, whether it is docked,
    /// and the input accessory view on its top.
    public var keyboardLayoutState: KeyboardState {
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
}
