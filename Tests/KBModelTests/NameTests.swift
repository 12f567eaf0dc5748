import Testing
@testable import KBModel

@Suite struct NameTests {
    @Test func misspeltViewSuggestsTheNearestName() {
        var s = Screen.demo()
        do {
            try s.constrain("emial.height", .equal, constant: 40)
            Issue.record("expected an error")
        } catch {
            #expect(error.description == "unknown view 'emial' — did you mean 'email'?")
            #expect(error.suggestion == "email")
        }
        #expect(throws: ModelError.unknownName("zzzzzz", kind: .view, suggestion: nil)) {
            _ = try s.view(named: "zzzzzz")
        }
        #expect(throws: ModelError.unknownName("formBotom", kind: .constraint, suggestion: "formBottom")) {
            try s.setConstant(1, of: "formBotom")
        }
    }

    @Test func namesAreUniqueValidAndNotReserved() {
        var s = Screen.demo()
        #expect(throws: ModelError.duplicateName("email", existing: .view)) {
            try s.addView(.label, "email", to: "form")
        }
        #expect(throws: ModelError.duplicateName("formBottom", existing: .constraint)) {
            try s.addView(.label, "formBottom", to: "form")
        }
        #expect(throws: ModelError.duplicateName("Login", existing: .controller)) {
            try s.constrain("email.height", .equal, constant: 1, name: "Login")
        }
        #expect(throws: ModelError.reservedName("keyboard")) { try s.addView(.view, "keyboard", to: "form") }
        #expect(throws: ModelError.invalidName("9lives")) { try s.addView(.view, "9lives", to: "form") }
        #expect(throws: ModelError.invalidName("a-b")) { try s.addController("a-b") }
        #expect(s == Screen.demo())
    }

    @Test func anchorsParseAndCheck() throws {
        #expect(try Anchor(parsing: "Login.view.safeArea.bottom") == Anchor("Login.view", .safeArea, .bottom))
        #expect(try Anchor(parsing: "email.top") == Anchor("email", nil, .top))
        #expect(try Anchor(parsing: "Login.view.centerX") == Anchor("Login.view", nil, .centerX))
        #expect(throws: ModelError.unknownName("botom", kind: .anchor, suggestion: "bottom")) {
            try Anchor(parsing: "email.botom")
        }
        #expect(throws: ModelError.unknownName("safearea", kind: .guide, suggestion: "safeArea")) {
            try Anchor(parsing: "email.safearea.top")
        }
        var s = Screen.demo()
        #expect(throws: ModelError.guideNeedsScrollView(view: "form", guide: "content")) {
            try s.constrain("email.top", .equal, "form.content.top")
        }
        #expect(throws: ModelError.incompatibleAnchors("email.top", "form.leading")) {
            try s.constrain("email.top", .equal, "form.leading")
        }
        #expect(throws: ModelError.positionNeedsAnchor("email.top")) {
            try s.constrain("email.top", .equal, constant: 3)
        }
        #expect(throws: ModelError.invalidPriority(1001)) {
            try s.constrain("email.height", .equal, constant: 3, priority: 1001)
        }
    }

    @Test func editDistanceHasASimilarityFloor() {
        #expect(nearestName(to: "emial", in: ["password", "email", "signIn"]) == "email")
        #expect(nearestName(to: "passwrd", in: ["password", "email"]) == "password")
        #expect(nearestName(to: "xyz", in: ["password", "email"]) == nil)
        // Lengths too far apart are never compared edit by edit; near
        // lengths still are.
        #expect(nearestName(to: String(repeating: "e", count: 1_000_000), in: ["email"]) == nil)
        #expect(nearestName(to: "emailll", in: ["email"]) == "email")
        #expect(nearestName(to: "emaillll", in: ["email"]) == nil)
    }
}
