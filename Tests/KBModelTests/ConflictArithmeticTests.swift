import Testing
@testable import KBModel

/// A conflict's arithmetic: the constants left when the listed constraints
/// are combined so that every frame variable cancels.
@Suite struct ConflictArithmeticTests {
    typealias Row = ConflictArithmetic.Row

    func row(_ name: String, _ c: [String: Double], _ k: Double, _ r: LayoutRelation = .equal) -> Row {
        Row(name: name, coefficients: c, constant: k, relation: r)
    }

    @Test func aWidthChain() {
        // b.leading == root.leading + 40, b.width == 300, root.trailing == b.trailing + 40, root.width == 375:
        // (b.x − r.x − 40) + (b.w − 300) + (r.x + r.w − b.x − b.w − 40) − (r.w − 375) = −5,
        // so 40 + 300 + 40 = 380 must be 375.
        let rows = [
            row("leading", ["b.x": 1, "r.x": -1], -40),
            row("width", ["b.w": 1], -300),
            row("trailing", ["r.x": 1, "r.w": 1, "b.x": -1, "b.w": -1], -40),
            row("App.view.width", ["r.w": 1], -375),
        ]
        #expect(ConflictArithmetic.explain(rows) == "40 + 300 + 40 = 380 ≠ 375 (App.view.width)")
        // The order of the rows is the order of the terms; the sign of the basis found does not matter.
        #expect(ConflictArithmetic.explain(rows.reversed()) == "40 + 300 + 40 = 380 ≠ 375 (App.view.width)")
    }

    @Test func aHeightChainWithAnInequality() {
        // a.top == r.top + 25, a.height == 312, b.top == a.bottom + 70, b.height == 34,
        // r.bottom >= b.bottom + 391, r.height == 818: the inequality, with λ = 1, leaves
        // 818 − 25 − 312 − 70 − 34 − 391 = −14 ≥ 0, which is false: 832 > 818.
        let rows = [
            row("top", ["a.y": 1, "r.y": -1], -25),
            row("aHeight", ["a.h": 1], -312),
            row("gap", ["b.y": 1, "a.y": -1, "a.h": -1], -70),
            row("bHeight", ["b.h": 1], -34),
            row("bottom", ["r.y": 1, "r.h": 1, "b.y": -1, "b.h": -1], -391, .greaterOrEqual),
            row("App.view.height", ["r.h": 1], -818),
        ]
        #expect(ConflictArithmetic.explain(rows) == "25 + 312 + 70 + 34 + 391 = 832 > 818 (App.view.height)")
        // The same bottom as `<=`, written the other way round, is the same row.
        var flipped = rows
        flipped[4] = row("bottom", ["r.y": -1, "r.h": -1, "b.y": 1, "b.h": 1], 391, .lessOrEqual)
        #expect(ConflictArithmetic.explain(flipped) == "25 + 312 + 70 + 34 + 391 = 832 > 818 (App.view.height)")
        // With room enough (r.height 900: 832 ≤ 900) the inequality holds: nothing to show.
        var roomy = rows
        roomy[5] = row("App.view.height", ["r.h": 1], -900)
        #expect(ConflictArithmetic.explain(roomy) == nil)
    }

    @Test func aCentreWithHalfCoefficients() {
        // a.centerX == r.centerX + 10: a.x + ½a.w − r.x − ½r.w − 10; a.leading == r.leading + 20;
        // a.width == 300; r.width == 375. λ = (1, −1, −½, ½) cancels every variable and leaves
        // −10 + 20 + 150 − 187.5 = −27.5: the centres, 10 + ½ × 375 = 197.5 against 20 + ½ × 300 = 170.
        let rows = [
            row("center", ["a.x": 1, "a.w": 0.5, "r.x": -1, "r.w": -0.5], -10),
            row("leading", ["a.x": 1, "r.x": -1], -20),
            row("width", ["a.w": 1], -300),
            row("App.view.width", ["r.w": 1], -375),
        ]
        #expect(ConflictArithmetic.explain(rows) == "10 + 0.5 × 375 = 197.5 ≠ 20 + 0.5 × 300 = 170")
    }

    @Test func aProportionalHeight() {
        // v1.top == r.top, v2.top == v1.bottom, v2.bottom == r.bottom, v2.height == 0.2 × r.height,
        // v1.height == 200, r.height == 896: the chain says r.height = 200 + 0.2 × r.height, so
        // 200 = 0.8 × 896 = 716.8 (λ 1 for the five rows, −0.8 for the root's height).
        let rows = [
            row("App.view.height", ["r.h": 1], -896),
            row("top", ["v1.y": 1, "r.y": -1], 0),
            row("stack", ["v2.y": 1, "v1.y": -1, "v1.h": -1], 0),
            row("bottom", ["r.y": 1, "r.h": 1, "v2.y": -1, "v2.h": -1], 0),
            row("share", ["v2.h": 1, "r.h": -0.2], 0),
            row("height", ["v1.h": 1], -200),
        ]
        #expect(ConflictArithmetic.explain(rows) == "0.8 × 896 = 716.8 (App.view.height) ≠ 200 (height)")
    }

    @Test func twoBoundsThatDoNotMeet() {
        // w <= 100 and w >= 150: (100 − w) + (w − 150) = −50 ≥ 0 is false.
        #expect(ConflictArithmetic.explain([
            row("atMost", ["w": 1], -100, .lessOrEqual), row("atLeast", ["w": 1], -150, .greaterOrEqual),
        ]) == "150 (atLeast) > 100 (atMost)")
        // w <= 150 and w >= 100 hold together.
        #expect(ConflictArithmetic.explain([
            row("atMost", ["w": 1], -150, .lessOrEqual), row("atLeast", ["w": 1], -100, .greaterOrEqual),
        ]) == nil)
    }

    @Test func nothingWhenTheListedRowsAloneDoNotConflict() {
        // a.leading == r.leading + 300, r.trailing == a.trailing + 100, r.width == 375: a.width = −25,
        // a conflict only with the engine's a.width ≥ 0, which is not listed.
        #expect(ConflictArithmetic.explain([
            row("leading", ["a.x": 1, "r.x": -1], -300),
            row("trailing", ["r.x": 1, "r.w": 1, "a.x": -1, "a.w": -1], -100),
            row("App.view.width", ["r.w": 1], -375),
        ]) == nil)
        // a.width == 2 × b.width and a.width == b.width: no constant to disagree.
        #expect(ConflictArithmetic.explain([
            row("double", ["a.w": 1, "b.w": -2], 0), row("same", ["a.w": 1, "b.w": -1], 0),
        ]) == nil)
        #expect(ConflictArithmetic.explain([]) == nil)
    }

    @Test func aScreensConflictAsRows() throws {
        // In a screen: b 40 from each side of C.view (393 wide on iPhone 15) and 300 wide:
        // 40 + 300 + 40 = 380 ≠ 393. The root's width is the engine's own constraint.
        var s = try screen()
        try s.addView(.view, "b", to: "C.view")
        try s.constrain("b.leading", .equal, "C.view.leading", constant: 40, name: "l")
        try s.constrain("C.view.trailing", .equal, "b.trailing", constant: 40, name: "t")
        let r = try s.constrain("b.width", .equal, constant: 300, name: "w")
        guard case let .unsatisfiable(_, conflicts, _) = try #require((r.warnings + s.layout().warnings).first) else {
            Issue.record("no conflict")
            return
        }
        let found = s.conflictRows(conflicts)
        let rows = try #require(found)
        #expect(rows.count == conflicts.count)
        #expect(rows.first { $0.name == "l" } == Row(name: "l", coefficients: ["b.x": 1, "C.view.x": -1], constant: -40, relation: .equal))
        let line = try #require(ConflictArithmetic.explain(rows))
        #expect(line.hasSuffix("= 380 ≠ 393 (\(try #require(rows.first { $0.coefficients == ["C.view.width": 1] }).name))"), "\(line)")
        // A constraint the screen does not have: no rows.
        let missing = s.conflictRows([ConflictEntry(name: "nowhere", equation: "b.width == 1", isUser: true)])
        #expect(missing == nil)
    }

    @Test func theEnginesNonNegativeRowWhenListed() throws {
        // label.width == view.width − 32, view.width == other.width, other.width == 30, and the
        // engine's label.width ≥ 0 listed with them: 0 ≤ label.width = 30 − 32, so 32 > 30.
        var s = try screen()
        for v in ["label", "view", "other"] { try s.addView(.view, v, to: "C.view") }
        try s.constrain("label.width", .equal, "view.width", constant: -32, name: "a")
        try s.constrain("view.width", .equal, "other.width", name: "b")
        let r = try s.constrain("other.width", .equal, constant: 30, name: "c")
        guard case let .unsatisfiable(_, conflicts, _) = try #require((r.warnings + s.layout().warnings).first) else {
            Issue.record("no conflict")
            return
        }
        let found = s.conflictRows(conflicts)
        let rows = try #require(found)
        #expect(ConflictArithmetic.explain(rows) == "32 (a) > 30 (c)")
    }
}
