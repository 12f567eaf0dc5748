import Testing
@testable import KBModel

/// The focus verdict sees the whole screen: the window's edges, clipping
/// ancestors, the status bar and home indicator bands, hidden views and
/// the keyboard. iPhone 15 portrait: 393 × 852, safe area top 59, bottom 34;
/// docked keyboard 336 high (top at 852 − 336 = 516).
@Suite struct VisibilityTests {
    /// A field `f` (200 × 34) at (16, y) in C.view.
    func field(at y: Double, in parent: String = "C.view", _ s: inout Screen) throws {
        try s.addView(.textField, "f", to: parent)
        try s.constrain("f.top", .equal, "\(parent).top", constant: y)
        try s.constrain("f.leading", .equal, "\(parent).leading", constant: 16)
        try s.constrain("f.width", .equal, constant: 200)
        try s.setFocus("f")
    }

    @Test func aFieldAboveTheScreenIsOffScreenNotVisible() throws {
        var s = try screen()
        try field(at: -100, &s)
        let r = try #require(s.focusReport(in: s.layout()))
        // f spans y −100…−66: entirely above the window's top (0); to be
        // clear of the top edge it must move 0 − (−100) = 100 pt.
        #expect(!r.isVisible)
        #expect(r.obscuredBy.first == Obstruction(.offscreen, points: 100, edge: .top))
        // It does not reach the status bar band (0…59): its bottom is −66.
        #expect(!r.obscuredBy.contains { $0.cause == .statusBar })
        #expect(r.covered == 0)
    }

    @Test func aFieldUnderTheStatusBar() throws {
        var s = try screen()
        try field(at: 40, &s)
        let r = try #require(s.focusReport(in: s.layout()))
        // f spans 40…74; the top safe-area inset is 59: 59 − 40 = 19 pt in it.
        #expect(r.obscuredBy == [Obstruction(.statusBar, points: 19)])
    }

    @Test func aFieldOverTheHomeIndicatorOnlyWhileNoKeyboardCoversIt() throws {
        var s = try screen()
        try field(at: 800, &s)
        var r = try #require(s.focusReport(in: s.layout()))
        // f spans 800…834; the band starts at 852 − 34 = 818: 834 − 818 = 16.
        #expect(r.obscuredBy == [Obstruction(.homeIndicator, points: 16)])
        s.setKeyboardFrame(s.device.dockedKeyboardFrame(.portrait))
        r = try #require(s.focusReport(in: s.layout()))
        // Now the keyboard (top 516) covers it: 834 − 516 = 318; the band is under the keyboard.
        #expect(r.obscuredBy == [Obstruction(.keyboard, points: 318)])
        #expect(r.covered == 318)
    }

    @Test func aScrollViewClipsWhatIsPastItsBounds() throws {
        var s = try screen()
        try s.addView(.scrollView, "sv", to: "C.view")
        try s.constrain("sv.top", .equal, "C.view.top", constant: 100)
        try s.constrain("sv.leading", .equal, "C.view.leading")
        try s.constrain("sv.width", .equal, constant: 393)
        try s.constrain("sv.height", .equal, constant: 200)
        try s.addView(.view, "content", to: "sv")
        try s.pin("content", to: "sv.content")
        try s.constrain("content.width", .equal, "sv.frameGuide.width")
        try s.constrain("content.height", .equal, constant: 1000)
        try field(at: 180, in: "content", &s)
        let r = try #require(s.focusReport(in: s.layout()))
        // sv spans 100…300 (it does not reach the safe area: no adjusted
        // inset, offset 0); f spans 100 + 180 = 280…314: 314 − 300 = 14 pt
        // past sv's bottom.
        #expect(r.fieldFrame.rounded == rect(16, 280, 200, 34))
        #expect(r.obscuredBy == [Obstruction(.clipped, view: "sv", points: 14, edge: .bottom)])
    }

    @Test func clipsToBoundsMakesAPlainViewClip() throws {
        var s = try screen()
        try s.addView(.view, "box", to: "C.view")
        try s.constrain("box.top", .equal, "C.view.top", constant: 100)
        try s.constrain("box.leading", .equal, "C.view.leading")
        try s.constrain("box.width", .equal, constant: 100)
        try s.constrain("box.height", .equal, constant: 100)
        try field(at: 0, in: "box", &s)
        // f spans x 16…216; box spans x 0…100: 216 − 100 = 116 pt past its right edge.
        #expect(s.focusReport(in: s.layout())?.obscuredBy == [])
        try s.setClipsToBounds(true, of: "box")
        #expect(s.focusReport(in: s.layout())?.obscuredBy == [Obstruction(.clipped, view: "box", points: 116, edge: .right)])
    }

    @Test func aHiddenAncestorOrAlphaZeroHidesTheField() throws {
        var s = try screen()
        try s.addView(.view, "form", to: "C.view")
        try s.pin("form", to: "C.view")
        try field(at: 200, in: "form", &s)
        try s.setAlpha(0, of: "form")
        var r = try #require(s.focusReport(in: s.layout()))
        // Hidden: all 34 pt of the field.
        #expect(r.obscuredBy == [Obstruction(.hidden, view: "form", points: 34, byAlpha: true)])
        try s.setAlpha(0.5, of: "form")
        try s.setHidden(true, of: "f")
        r = try #require(s.focusReport(in: s.layout()))
        #expect(r.obscuredBy == [Obstruction(.hidden, view: "f", points: 34)])
    }

    @Test func alphaIsFromZeroToOne() throws {
        var s = try screen()
        #expect(throws: ModelError.invalidAlpha(1.5)) { try s.setAlpha(1.5, of: "C.view") }
        #expect(throws: ModelError.invalidAlpha(-0.1)) { try s.setAlpha(-0.1, of: "C.view") }
        #expect(s.views.first?.alpha == 1)
    }

    @Test func scrollViewsClipByDefaultAsInUIKit() throws {
        var s = try screen()
        try s.addView(.scrollView, "sv", to: "C.view")
        try s.addView(.view, "v", to: "C.view")
        #expect(try s.view(named: "sv").clipsToBounds)
        #expect(try !s.view(named: "v").clipsToBounds)
    }
}
