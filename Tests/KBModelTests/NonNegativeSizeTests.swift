import Testing
@testable import KBModel

/// UIKit's engine never lets a width or height go negative: constraints
/// that need one are a conflict, reported and recovered from as any other.
@Suite struct NonNegativeSizeTests {
    /// The conflict a change caused: reported by the change, or by the
    /// layout pass after it (where a size would have gone negative).
    func conflict(_ r: MutationResult, _ s: inout Screen) -> (broken: String, names: [String], cause: ModelWarning.Cause)? {
        guard case let .unsatisfiable(broken, conflicts, cause) = (r.warnings + s.layout().warnings).first else { return nil }
        return (broken.name, conflicts.map(\.name), cause)
    }

    @Test func aViewCannotEndAboveItsTop() throws {
        var s = try screen()
        try s.addView(.view, "v", to: "C.view")
        // v.height = −20 would be needed.
        let r = try s.constrain("v.bottom", .equal, "v.top", constant: -20, name: "upsideDown")
        let c = try #require(conflict(r, &s))
        #expect(c.broken == "upsideDown")
        #expect(c.cause == .added)
        #expect(c.names.sorted() == ["UIKit-height-non-negative", "upsideDown"])
        #expect(s.layout().frame("v").height == 0)
        #expect(try s.constraint(named: "upsideDown").isBroken)
    }

    @Test func aLabelNarrowerThanNothingConflicts() throws {
        // label.width == view.width − 32, view.width == other.width,
        // other.width == 30: the label would be 30 − 32 = −2 wide.
        var s = try screen()
        for v in ["label", "view", "other"] { try s.addView(.view, v, to: "C.view") }
        try s.constrain("label.width", .equal, "view.width", constant: -32, name: "a")
        try s.constrain("view.width", .equal, "other.width", name: "b")
        let r = try s.constrain("other.width", .equal, constant: 30, name: "c")
        let c = try #require(conflict(r, &s))
        #expect(c.broken == "c")
        #expect(Set(c.names) == ["UIKit-width-non-negative", "a", "b", "c"])
        // UIKit's recovery: c broken, the others hold with the label at 0.
        #expect(s.layout().frame("label").width == 0)
        #expect(s.layout().frame("view").width == 32)
    }

    @Test func guidesAreNeverNegativeEither() throws {
        var s = try screen()
        try s.addView(.scrollView, "sv", to: "C.view")
        try s.pin("sv", to: "C.view")
        // The content guide's height = −10 is a conflict.
        let r = try s.constrain("sv.content.height", .equal, constant: -10, name: "negativeContent")
        let c = try #require(conflict(r, &s))
        #expect(c.names.contains("UIKit-height-non-negative"))
        #expect(s.layout().view("sv")?.scroll?.contentSize.height == 0)
    }
}
