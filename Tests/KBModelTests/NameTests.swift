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
        // Names of the same great length are compared near the diagonal
        // only, and still found.
        let long = String(repeating: "field", count: 4_000)
        #expect(nearestName(to: long + "x", in: ["email", long + "y"]) == long + "y")
        let fourApart = "12" + long.dropFirst(2).dropLast(2) + "34"
        #expect(nearestName(to: fourApart, in: [long]) == nil)
    }

    @Test func theBandedDistanceIsTheDistanceUpToItsLimit() {
        var state: UInt64 = 11
        func next(_ n: Int) -> Int {
            state = state &* 6364136223846793005 &+ 1442695040888963407
            return Int((state >> 33) % UInt64(n))
        }
        let letters: [Character] = ["a", "b", "c"]
        for _ in 0..<3_000 {
            let a = (0..<next(9)).map { _ in letters[next(3)] }
            var b = a
            for _ in 0..<next(5) {
                switch next(4) {
                case 0 where !b.isEmpty: b.remove(at: next(b.count))
                case 1: b.insert(letters[next(3)], at: next(b.count + 1))
                case 2 where b.count > 1:
                    let k = next(b.count - 1)
                    b.swapAt(k, k + 1)
                default: if !b.isEmpty { b[next(b.count)] = letters[next(3)] }
                }
            }
            let limit = next(4)
            #expect(editDistance(a, b, atMost: limit) == min(editDistance(a, b), limit + 1),
                    "\(String(a)) → \(String(b)) within \(limit)")
        }
    }
}
