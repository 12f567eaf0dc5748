extension Stage {
    /// The flaws `import swift` found in the handler a rule was made from
    /// that its run shows, in the built-in strategies' words:
    /// `hide-keeps-height` when a hide notification sets the keyboard's
    /// height, `safe-area-double-count` when a show sets it, without the
    /// safe area's bottom inset, on a constraint measured from the safe
    /// area, `curve-not-shifted` when the animation's curve is not 0,
    /// `observer-after-disappear` when the controller is not in the window.
    public mutating func codeFlaws(of rule: Rule, value: Double, appeared: Bool, _ n: KeyboardNotification) -> [Flaw] {
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
}
