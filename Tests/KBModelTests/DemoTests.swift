import Testing
@testable import KBModel

@Suite struct DemoTests {
    @Test func demoFramesOnIPhone15Portrait() {
        var s = Screen.demo()
        let l = s.layout()
        #expect(l.frame("Login.view") == rect(0, 0, 393, 852))
        #expect(l.frame("form") == rect(16, 676, 361, 122))
        #expect(l.frame("email") == rect(16, 676, 361, 34))
        #expect(l.frame("password") == rect(16, 722, 361, 34))
        #expect(l.frame("signIn") == rect(16, 768, 361, 30))
        // Frames in the superview: the stack's subviews from the stack's origin.
        #expect(l.local("password") == rect(0, 46, 361, 34))
        #expect(l.constant("formBottom") == 20)
        #expect(s.constraints.count == 3)
    }

    /// The demo declares formBottom's constant 20: a keyboard handler's
    /// change keeps 20 as the constant at rest, a command's replaces it,
    /// and a handler that sets the constant at rest back leaves none kept.
    @Test func aHandlersConstantKeepsTheOneAtRest() throws {
        var s = Screen.demo()
        try s.setConstant(344, of: "formBottom", byHandler: true)
        try s.setConstant(310, of: "formBottom", byHandler: true)
        var c = try s.constraint(named: "formBottom")
        #expect(c.constant == 310 && c.restingConstant == 20 && c.constantAtRest == 20)
        try s.setConstant(20, of: "formBottom", byHandler: true)
        c = try s.constraint(named: "formBottom")
        #expect(c.constant == 20 && c.restingConstant == nil)
        try s.setConstant(344, of: "formBottom", byHandler: true)
        try s.setConstant(50, of: "formBottom")
        c = try s.constraint(named: "formBottom")
        #expect(c.constant == 50 && c.restingConstant == nil && c.constantAtRest == 50)
        // A command that sets the handler's value makes it the one at rest.
        try s.setConstant(344, of: "formBottom", byHandler: true)
        try s.setConstant(344, of: "formBottom")
        #expect(try s.constraint(named: "formBottom").restingConstant == nil)
    }

    @Test func formBottomConstantMovesTheForm() throws {
        var s = Screen.demo()
        let before = s.layout()
        let result = try s.setConstant(344, of: "formBottom")
        #expect(result.warnings.isEmpty)
        let after = s.layout()
        #expect(after.frame("form") == rect(16, 352, 361, 122))
        #expect(after.frame("email") == rect(16, 352, 361, 34))
        #expect(after.frame("password") == rect(16, 398, 361, 34))
        #expect(after.frame("signIn") == rect(16, 444, 361, 30))
        let lines = LayoutDiff.changes(from: before, to: after).map(\.description)
        #expect(lines == [
            "~ form (16 676; 361 122) → (16 352; 361 122)",
            "~ email (16 676; 361 34) → (16 352; 361 34)",
            "~ password (16 722; 361 34) → (16 398; 361 34)",
            "~ signIn (16 768; 361 30) → (16 444; 361 30)",
            "~ formBottom.constant 20 → 344",
        ])
    }

    @Test func unsatisfiableSecondHeightIsBrokenWithMinimalConflict() throws {
        var s = Screen.demo()
        _ = s.layout()
        let first = try s.constrain("email.height", .equal, constant: 40, name: "emailHeight")
        #expect(first.warnings.isEmpty)
        let grown = s.layout()
        #expect(grown.frame("form") == rect(16, 670, 361, 128))
        #expect(grown.frame("email") == rect(16, 670, 361, 40))
        let second = try s.constrain("email.height", .equal, constant: 50)
        #expect(second.broken == ["c3"])
        guard case let .unsatisfiable(broken, conflicts, cause) = second.warnings.first else {
            Issue.record("expected an unsatisfiable warning")
            return
        }
        #expect(broken.name == "c3")
        #expect(cause == .added)
        #expect(conflicts.map(\.name) == ["emailHeight", "c3"])
        #expect(conflicts.map(\.equation) == ["email.height == 40", "email.height == 50"])
        #expect(try s.constraint(named: "c3").isBroken)
        #expect(try s.constraint(named: "c3").isActive)
        // The layout stays valid and nothing moved.
        #expect(LayoutDiff.changes(from: grown, to: s.layout()).isEmpty)
    }

    @Test func unsatisfiableConstantChangeBreaksTheChangedConstraint() throws {
        var s = Screen.demo()
        try s.constrain("email.height", .equal, constant: 40, name: "emailHeight")
        try s.constrain("email.height", .greaterOrEqual, constant: 30, name: "emailMin")
        _ = s.layout()
        let r = try s.setConstant(45, of: "emailMin")
        #expect(r.broken == ["emailMin"])
        if case let .unsatisfiable(_, conflicts, cause) = r.warnings.first {
            #expect(cause == .changed)
            #expect(conflicts.map(\.equation) == ["email.height == 40", "email.height >= 45"])
        } else {
            Issue.record("expected a warning")
        }
        #expect(s.layout().frame("email") == rect(16, 670, 361, 40))
        // Deactivating the other one lets it back in.
        try s.deactivate("emailHeight")
        try s.activate("emailMin")
        #expect(s.layout().frame("email") == rect(16, 665, 361, 45))
    }
}
