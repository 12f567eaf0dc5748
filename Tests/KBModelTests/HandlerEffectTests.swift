import Testing
@testable import KBModel

/// A handler's effect is a typed value; `what` is only its printed form.
@Suite struct HandlerEffectTests {
    @Test func eachTargetPrintsAsBefore() {
        let i = EdgeInsets(top: 0, left: 0, bottom: 302, right: 0)
        let r = Rect(x: 0, y: 0, width: 393, height: 516)
        #expect(HandlerEffect(.constant("formBottom"), before: .points(20), after: .points(344), why: "").what
            == "formBottom.constant 20 → 344")
        #expect(HandlerEffect(.contentInset("scroll"), before: .insets(.zero), after: .insets(i), why: "").what
            == "scroll.contentInset \(EdgeInsets.zero) → \(i)")
        #expect(HandlerEffect(.contentInsetBottom("table"), before: .points(302), after: .points(0), why: "").what
            == "table.contentInset.bottom 302 → 0")
        #expect(HandlerEffect(.frame("Login.view"), before: .frame(r), after: .frame(r), why: "").what
            == "Login.view.frame \(r) → \(r)")
        #expect(HandlerEffect(.frameMinY("Login.view"), before: .points(0), after: .points(-120.5), why: "").what
            == "Login.view.frame.minY 0 → -120.5")
        #expect(HandlerEffect(.frameRestored("Login.view"), why: "").what == "Login.view moved back")
        #expect(HandlerEffect(.scrolledToVisible("email"), why: "").what == "scrolled email to visible")
        #expect(HandlerEffect(.rowScrolledToVisible(table: "table", row: 3), why: "").what == "scrolled row 3 to visible")
        #expect(HandlerEffect.Target.rowScrolledToVisible(table: "table", row: 3).name == "table")
    }

    @Test func theObserversEffectNamesItsConstraint() throws {
        var host = StandInHost(constants: ["formBottom": 20])
        var s = StrategyTypeTests.strategy(.observer) { $0.constraint = "formBottom"; $0.padding = 8 }
        // 336 + 8 = 344
        let shown = try #require(s.handle(StrategyTypeTests.show, context: StrategyTypeTests.context, host: &host))
        #expect(shown.effects.map(\.target) == [.constant("formBottom")])
        #expect(shown.effects.map(\.before) == [.points(20)])
        #expect(shown.effects.map(\.after) == [.points(344)])
    }
}
