import Testing
@testable import KBModel

@Suite struct ScrollViewTests {
    /// A full-screen scroll view `sv` on an iPhone 15 whose content view
    /// (1044 high) holds a field 10 pt from its top and a field 34 pt from
    /// its bottom; plus `badge` on the frame guide.
    func scrolling(viaQuirk: Bool = false) throws -> Screen {
        var s = try screen()
        try s.addView(.scrollView, "sv", to: "C.view")
        try s.pin("sv", to: "C.view")
        try s.addView(.view, "content", to: "sv")
        if viaQuirk {
            try s.pin("content", to: "sv") // UIKit: a subview's edges to the scroll view's mean the content
        } else {
            try s.pin("content", to: "sv.content")
        }
        try s.constrain("content.width", .equal, "sv.frameGuide.width")
        try s.addView(.textField, "f1", to: "content")
        try s.addView(.textField, "f2", to: "content")
        try s.constrain("f1.top", .equal, "content.top", constant: 10)
        try s.constrain("f1.leading", .equal, "content.leading", constant: 16)
        try s.constrain("f1.trailing", .equal, "content.trailing", constant: -16)
        try s.constrain("f2.leading", .equal, "f1.leading")
        try s.constrain("f2.trailing", .equal, "f1.trailing")
        try s.constrain("content.bottom", .equal, "f2.bottom", constant: 34)
        try s.constrain("content.height", .equal, constant: 1044)
        try s.addView(.view, "badge", to: "sv")
        try s.constrain("badge.top", .equal, "sv.frameGuide.top", constant: 100)
        try s.constrain("badge.leading", .equal, "sv.frameGuide.leading")
        try s.constrain("badge.width", .equal, constant: 50)
        try s.constrain("badge.height", .equal, constant: 50)
        return s
    }

    @Test(arguments: [false, true])
    func startsAtMinusTheAdjustedInset(viaQuirk: Bool) throws {
        var s = try scrolling(viaQuirk: viaQuirk)
        let l = s.layout()
        let sv = try #require(l.view("sv")?.scroll)
        #expect(sv.contentSize == Size(width: 393, height: 1044))
        #expect(sv.adjustedContentInset == EdgeInsets(top: 59, left: 0, bottom: 34, right: 0))
        #expect(sv.contentOffset == Point(x: 0, y: -59))
        #expect(l.frame("content") == rect(0, 59, 393, 1044))
        #expect(l.local("content") == rect(0, 0, 393, 1044))
        #expect(l.frame("f1") == rect(16, 69, 361, 34))
        #expect(l.local("f1") == rect(16, 10, 361, 34))
        #expect(l.frame("f2") == rect(16, 1035, 361, 34))
        #expect(l.frame("badge") == rect(0, 100, 50, 50))
        // Inside a scroll view the safe area is the scroll view's business.
        #expect(l.view("content")?.safeAreaInsets == .zero)
        #expect(s.ambiguousViews().isEmpty)
    }

    @Test func contentOffsetMovesContentNotTheFrameGuide() throws {
        var s = try scrolling()
        let before = s.layout()
        try s.setContentOffset(Point(x: 0, y: 200), of: "sv")
        let after = s.layout()
        #expect(after.frame("content") == rect(0, -200, 393, 1044))
        #expect(after.local("content") == rect(0, 0, 393, 1044))
        #expect(after.frame("f1") == rect(16, -190, 361, 34))
        #expect(after.frame("badge") == rect(0, 100, 50, 50))
        #expect(after.local("badge") == rect(0, 300, 50, 50))
        #expect(LayoutDiff.changes(from: before, to: after).map(\.description) == [
            "~ sv.contentOffset (0 -59) → (0 200)",
            "~ content (0 59; 393 1044) → (0 -200; 393 1044)",
            "~ f1 (16 69; 361 34) → (16 -190; 361 34)",
            "~ f2 (16 1035; 361 34) → (16 776; 361 34)",
        ])
    }

    @Test func contentInsetAddsToTheAdjustedInset() throws {
        var s = try scrolling()
        try s.setContentInset(EdgeInsets(top: 0, left: 0, bottom: 336, right: 0), of: "sv")
        try s.setIndicatorInsets(EdgeInsets(top: 0, left: 0, bottom: 302, right: 0), of: "sv")
        let sv = try #require(s.layout().view("sv")?.scroll)
        #expect(sv.contentInset == EdgeInsets(top: 0, left: 0, bottom: 336, right: 0))
        #expect(sv.adjustedContentInset == EdgeInsets(top: 59, left: 0, bottom: 370, right: 0))
        #expect(sv.indicatorInsets.bottom == 302)
        #expect(sv.contentOffset == Point(x: 0, y: -59))
        #expect(throws: ModelError.notAScrollView("content")) {
            try s.setContentInset(.zero, of: "content")
        }
    }

    /// A keyboard handler's inset keeps the one at rest (zero here); a
    /// command's replaces it; a handler setting it back leaves none kept.
    @Test func aHandlersContentInsetKeepsTheOneAtRest() throws {
        var s = try scrolling()
        let up = EdgeInsets(top: 0, left: 0, bottom: 302, right: 0)
        try s.setContentInset(up, of: "sv", byHandler: true)
        var sv = try #require(try s.view(named: "sv").scroll)
        #expect(sv.contentInset == up && sv.restingContentInset == .zero && sv.contentInsetAtRest == .zero)
        try s.setContentInset(.zero, of: "sv", byHandler: true)
        sv = try #require(try s.view(named: "sv").scroll)
        #expect(sv.restingContentInset == nil)
        try s.setContentInset(up, of: "sv", byHandler: true)
        let command = EdgeInsets(top: 0, left: 0, bottom: 10, right: 0)
        try s.setContentInset(command, of: "sv")
        sv = try #require(try s.view(named: "sv").scroll)
        #expect(sv.restingContentInset == nil && sv.contentInsetAtRest == command)
    }

    @Test func scrollRectToVisibleScrollsAsLittleAsNeeded() throws {
        var s = try scrolling()
        // Visible content y: from offset + 59 to offset + 852 − 34.
        try s.scrollRectToVisible(rect(0, 900, 10, 34), in: "sv")
        #expect(s.layout().view("sv")?.scroll?.contentOffset == Point(x: 0, y: 116))
        // Already visible: nothing moves.
        try s.scrollRectToVisible(rect(0, 200, 10, 34), in: "sv")
        #expect(s.layout().view("sv")?.scroll?.contentOffset == Point(x: 0, y: 116))
        // Above: scrolls back so its top sits under the top inset.
        try s.scrollRectToVisible(rect(0, 100, 10, 34), in: "sv")
        #expect(s.layout().view("sv")?.scroll?.contentOffset == Point(x: 0, y: 41))
        // Below: its bottom comes to rest on the bottom inset.
        try s.scrollToVisible("f2")
        #expect(s.layout().view("sv")?.scroll?.contentOffset == Point(x: 0, y: 192))
        #expect(s.layout().frame("f2") == rect(16, 784, 361, 34))
        // Past the end: clamped to contentSize + bottom inset − height = 226.
        try s.scrollRectToVisible(rect(0, 1100, 10, 34), in: "sv")
        #expect(s.layout().view("sv")?.scroll?.contentOffset == Point(x: 0, y: 226))
    }

    @Test func textViewIsAScrollView() throws {
        var s = try screen()
        try s.addView(.textView, "notes", to: "C.view")
        try s.pin("notes", to: "C.view.safeArea")
        let l = s.layout()
        #expect(l.frame("notes") == rect(0, 59, 393, 759))
        #expect(l.view("notes")?.scroll?.adjustedContentInset == .zero)
        #expect(l.view("notes")?.scroll?.contentOffset == .zero)
        try s.setFocus("notes")
        #expect(s.focus == "notes")
    }
}
