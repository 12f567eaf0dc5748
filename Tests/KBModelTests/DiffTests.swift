import Testing
@testable import KBModel

@Suite struct DiffTests {
    @Test func numberFormatting() {
        #expect(formatPoints(16) == "16")
        #expect(formatPoints(2.5) == "2.5")
        #expect(formatPoints(0.125) == "0.13")
        #expect(formatPoints(-3.456) == "-3.46")
        #expect(formatPoints(-0.001) == "0")
        #expect(formatPoints(-0.0) == "0")
        #expect(formatPoints(1.05) == "1.05")
        #expect(roundPoints(-0.004) == 0 && roundPoints(-0.004).sign == .plus)
        #expect(rect(-0.0, 1.234, 10.999, -0.0).description == "(0 1.23; 11 0)")
        #expect(EdgeInsets(top: 59, left: 0, bottom: 34, right: 0).description == "(59 0 34 0)")
    }

    /// The rounding without the C library's call is `rounded()` (halves
    /// away from zero), and whole numbers print as `Int` does; checked
    /// against the standard library on halves, near-halves, signs and
    /// sizes on both sides of 2^52, and every whole number up to 10,000.
    @Test func roundingAndWholeNumbersAgreeWithTheStandardLibrary() {
        var values: [Double] = [0, -0.0, 0.5, -0.5, 1.5, -1.5, 2.5, -2.5, 0.49999999999999994, -0.49999999999999994,
                                4_503_599_627_370_495.5, 4_503_599_627_370_496, -4_503_599_627_370_497, 9e15, 1e300,
                                .infinity, -.infinity, 0.3, -0.3, 12_345.675, 99.995, -99.995]
        var seed: UInt64 = 7
        for _ in 0 ..< 10_000 {
            // A deterministic spread of magnitudes and signs (SplitMix64).
            seed &+= 0x9E37_79B9_7F4A_7C15
            var z = seed
            z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
            z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
            z ^= z >> 31
            let unit = Double(z >> 11) / Double(1 << 53)
            let scale = [1.0, 100, 10_000, 1e8, 1e16][Int(z % 5)]
            values.append((unit - 0.5) * scale)
            values.append(((unit - 0.5) * scale * 2).rounded() / 2)
        }
        // Mismatches gathered, then expected empty (one expectation, not
        // one per value).
        let wrongRounding = values.lazy.filter { y in
            let r = roundedHalfAway(y)
            let e = (y * 100).rounded() / 100, expected = e == 0 ? 0 : e
            return r != y.rounded() || roundPoints(y) != expected || roundPoints(y).sign != expected.sign
        }
        #expect(Array(wrongRounding.prefix(5)) == [])
        #expect(roundedHalfAway(.nan).isNaN)
        let wrongDigits = (0 ... 10_000).lazy.filter { formatPoints(Double($0)) != String($0) }
        #expect(Array(wrongDigits.prefix(5)) == [])
        #expect(formatPoints(9_999.5) == "9999.5" && formatPoints(-7) == "-7" && formatPoints(10_000.25) == "10000.25")
    }

    @Test func naturalNameOrder() {
        #expect(LayoutDiff.naturalLess("c2", "c10"))
        #expect(!LayoutDiff.naturalLess("c10", "c2"))
        #expect(LayoutDiff.naturalLess("a", "b"))
        #expect(LayoutDiff.naturalLess("c", "c1"))
        #expect(LayoutDiff.naturalLess("formBottom", "formTop"))
    }

    func snapshot(_ views: [(String, Rect)], constants: [(String, Double)] = []) -> LayoutSnapshot {
        LayoutSnapshot(
            screenSize: Size(width: 393, height: 852), keyboardFrame: nil,
            views: views.enumerated().map { i, v in
                ViewLayout(name: v.0, kind: .view, parent: i == 0 ? nil : views[0].0, depth: i == 0 ? 0 : 1,
                           isHidden: false, frame: v.1, windowFrame: v.1, safeAreaInsets: .zero, scroll: nil)
            },
            constraints: constants.map {
                ConstraintValue(name: $0.0, constant: $0.1, priority: 1000, isActive: true, isBroken: false)
            })
    }

    @Test func orderAndRounding() {
        let old = snapshot([("root", rect(0, 0, 393, 852)), ("b", rect(1, 1, 1, 1)), ("gone", rect(0, 0, 5, 5)),
                            ("a", rect(0.001, 2, 3, 4))],
                           constants: [("c10", 1), ("c2", 1), ("x", 5.001)])
        let new = snapshot([("root", rect(0, 0, 393, 852)), ("b", rect(1, 1.004, 1, 1)), ("a", rect(-0.002, 8, 3, 4)),
                            ("fresh", rect(1, 2, 3, 4))],
                           constants: [("c10", 3), ("c2", -0.001), ("x", 5.004), ("y", 7)])
        let changes = LayoutDiff.changes(from: old, to: new)
        #expect(changes.map(\.description) == [
            "~ a (0 2; 3 4) → (0 8; 3 4)",
            "+ fresh (1 2; 3 4)",
            "- gone",
            "~ c2.constant 1 → 0",
            "~ c10.constant 1 → 3",
        ])
        #expect(changes[0] == .frame(view: "a", before: rect(0, 2, 3, 4), after: rect(0, 8, 3, 4)))
        #expect(changes.map(\.kind) == ["frame", "added", "removed", "constant", "constant"])
        #expect(changes.map(\.target) == ["a", "fresh", "gone", "c2", "c10"])
        #expect(LayoutDiff.changes(from: new, to: new).isEmpty)
    }

    @Test func focusCoverageAndClearance() throws {
        var s = Screen.demo()
        try s.setFocus("email")
        let noKeyboard = try #require(s.focusReport(in: s.layout()))
        #expect(noKeyboard.covered == 0)
        #expect(noKeyboard.clearance == 142)
        s.setKeyboardFrame(rect(0, 516, 393, 336))
        let covered = try #require(s.focusReport(in: s.layout()))
        #expect(covered.covered == 194)
        #expect(covered.clearance == 0)
        #expect(covered.keyboardTop == 516)
        #expect(!covered.isVisible)
        try s.setConstant(344, of: "formBottom")
        let visible = try #require(s.focusReport(in: s.layout()))
        #expect(visible.covered == 0)
        #expect(visible.clearance == 130)
        #expect(visible.fieldFrame == rect(16, 352, 361, 34))
        try s.setFocus(nil)
        #expect(s.focusReport(in: s.layout()) == nil)
    }

    @Test func explainListsTheConstraintsBehindAFrame() throws {
        var s = Screen.demo()
        let form = try s.explain("form")
        #expect(form.filter { $0.isUser }.map { $0.name } == ["c1", "c2", "formBottom"])
        #expect(form.first { $0.name == "formBottom" }?.equation == "Login.view.safeArea.bottom == form.bottom + 20")
        #expect(form.contains { !$0.isUser && $0.name == "UISV-canvas-connection" })
        let email = try s.explain("email")
        #expect(email.contains { $0.name == "content-size-compression" && $0.equation == "email.height >= 34 @750" && $0.isBinding })
        #expect(email.contains { $0.name == "UISV-spacing" && $0.equation == "password.top == email.bottom + 12" })
    }

    @Test func ambiguity() throws {
        var s = Screen.demo()
        #expect(s.ambiguousViews().isEmpty)
        try s.addView(.view, "loose", to: "Login.view")
        #expect(s.ambiguousViews() == ["loose"])
        try s.constrain("loose.leading", .equal, "Login.view.leading")
        try s.constrain("loose.top", .equal, "Login.view.top")
        try s.constrain("loose.width", .greaterOrEqual, constant: 10)
        #expect(s.ambiguousViews() == ["loose"])
        try s.constrain("loose.width", .equal, constant: 10)
        try s.constrain("loose.height", .equal, constant: 10)
        #expect(s.ambiguousViews().isEmpty)
    }
}
