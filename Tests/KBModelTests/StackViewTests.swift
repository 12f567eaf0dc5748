import Testing
@testable import KBModel

@Suite struct StackViewTests {
    /// A vertical stack pinned to the safe area's top, leading and trailing
    /// on an iPhone 8, holding labels "aa" (16 × 21) and "bbbb" (32 × 21).
    func vertical(_ alignment: StackConfiguration.Alignment, spacing: Double = 10) throws -> Screen {
        var s = try screen("iphone-8")
        try s.addView(.stackView, "s", to: "C.view",
                      options: ViewOptions(stack: StackConfiguration(axis: .vertical, spacing: spacing,
                                                                     alignment: alignment)))
        try s.addView(.label, "a", to: "s", options: ViewOptions(text: "aa"))
        try s.addView(.label, "b", to: "s", options: ViewOptions(text: "bbbb"))
        try s.constrain("s.top", .equal, "C.view.safeArea.top")
        try s.constrain("s.leading", .equal, "C.view.safeArea.leading")
        try s.constrain("s.trailing", .equal, "C.view.safeArea.trailing")
        return s
    }

    @Test(arguments: [
        (StackConfiguration.Alignment.fill, rect(0, 20, 375, 21), rect(0, 51, 375, 21)),
        (.leading, rect(0, 20, 16, 21), rect(0, 51, 32, 21)),
        (.center, rect(179.5, 20, 16, 21), rect(171.5, 51, 32, 21)),
        (.trailing, rect(359, 20, 16, 21), rect(343, 51, 32, 21)),
    ])
    func verticalAlignments(alignment: StackConfiguration.Alignment, a: Rect, b: Rect) throws {
        var s = try vertical(alignment)
        let l = s.layout()
        #expect(l.frame("s") == rect(0, 20, 375, 52))
        #expect(l.frame("a") == a)
        #expect(l.frame("b") == b)
        #expect(l.local("b") == b.offsetBy(dx: 0, dy: -20).rounded)
        #expect(s.ambiguousViews().isEmpty)
    }

    @Test func hiddenArrangedSubviewsDropOut() throws {
        var s = try vertical(.fill)
        try s.setHidden(true, of: "a")
        var l = s.layout()
        #expect(l.frame("s") == rect(0, 20, 375, 21))
        #expect(l.frame("b") == rect(0, 20, 375, 21))
        #expect(l.frame("a").height == 0)
        try s.setHidden(false, of: "a")
        l = s.layout()
        #expect(l.frame("b") == rect(0, 51, 375, 21))
        try s.setStack("s", spacing: 4)
        #expect(s.layout().frame("b") == rect(0, 45, 375, 21))
    }

    /// A horizontal stack of height 44 across the safe area's top.
    func horizontal(_ distribution: StackConfiguration.Distribution, spacing: Double) throws -> Screen {
        var s = try screen("iphone-8")
        try s.addView(.stackView, "h", to: "C.view",
                      options: ViewOptions(stack: StackConfiguration(axis: .horizontal, spacing: spacing,
                                                                     distribution: distribution)))
        try s.pin("h", to: "C.view.safeArea", insets: EdgeInsets(top: 0, left: 0, bottom: 603, right: 0))
        return s
    }

    @Test func fillEquallySplitsTheWidth() throws {
        var s = try horizontal(.fillEqually, spacing: 15)
        for name in ["x", "y", "z"] { try s.addView(.view, name, to: "h") }
        let l = s.layout()
        #expect(l.frame("h") == rect(0, 20, 375, 44))
        #expect(l.frame("x") == rect(0, 20, 115, 44))
        #expect(l.frame("y") == rect(130, 20, 115, 44))
        #expect(l.frame("z") == rect(260, 20, 115, 44))
        #expect(s.ambiguousViews().isEmpty)
    }

    @Test func equalSpacingSharesTheRestBetweenGaps() throws {
        var s = try horizontal(.equalSpacing, spacing: 0)
        try s.addView(.label, "a", to: "h", options: ViewOptions(text: "a"))
        try s.addView(.label, "b", to: "h", options: ViewOptions(text: "bb"))
        try s.addView(.label, "c", to: "h", options: ViewOptions(text: "ccc"))
        let l = s.layout()
        // Items 8 + 16 + 24 = 48; two gaps of (375 − 48) / 2 = 163.5.
        #expect(l.frame("a") == rect(0, 20, 8, 44))
        #expect(l.frame("b") == rect(171.5, 20, 16, 44))
        #expect(l.frame("c") == rect(351, 20, 24, 44))
    }

    @Test func fillStretchesTheViewWithoutIntrinsicWidth() throws {
        var s = try horizontal(.fill, spacing: 8)
        try s.addView(.label, "a", to: "h", options: ViewOptions(text: "a"))
        try s.addView(.textField, "f", to: "h")
        let l = s.layout()
        #expect(l.frame("a") == rect(0, 20, 8, 44))
        #expect(l.frame("f") == rect(16, 20, 359, 44))
        // Removing an arranged subview re-lays the stack.
        try s.remove("a")
        #expect(s.layout().frame("f") == rect(0, 20, 375, 44))
    }
}
