import Testing
@testable import KBModel

/// A finger dragging a scroll view: the offset's range, and what each
/// keyboardDismissMode does to the keyboard. The phone is an iPhone 15
/// (393 × 852; safe area 59 top, 34 bottom; keyboard 336, up at 516). The
/// scroll view fills the screen; its content is 1044 high, with a field
/// 10 pt from its top. Its adjusted inset is the safe area's, so its
/// offset runs from −59 to 1044 + 34 − 852 = 226.
@Suite struct StageScrollTests {
    static func stage(_ mode: KeyboardDismissMode? = nil) throws -> Stage {
        var s = try Screen(deviceID: "iphone-15", orientation: .portrait)
        try s.addController("C")
        try s.addView(.scrollView, "sv", to: "C.view")
        try s.pin("sv", to: "C.view")
        try s.addView(.view, "content", to: "sv")
        try s.pin("content", to: "sv.content")
        try s.constrain("content.width", .equal, "sv.frameGuide.width")
        try s.constrain("content.height", .equal, constant: 1044)
        try s.addView(.textField, "f1", to: "content")
        try s.constrain("f1.top", .equal, "content.top", constant: 10)
        try s.constrain("f1.leading", .equal, "content.leading", constant: 16)
        try s.constrain("f1.trailing", .equal, "content.trailing", constant: -16)
        if let mode { try s.setKeyboardDismissMode(mode, of: "sv") }
        return Stage(screen: s)
    }

    func offset(_ stage: inout Stage) -> Double? { stage.screen.layout().view("sv")?.scroll?.contentOffset.y }

    @Test func theOffsetStaysWithinTheScrollableRange() throws {
        var stage = try Self.stage()
        let g = try #require(stage.screen.layout().view("sv"))
        #expect(Stage.scrollRange(try #require(g.scroll), height: g.frame.height) == -59...226)
        var log = StageLog()
        // −59 + 300 = 241, past the end: 226.
        try stage.scroll("sv", by: 300, &log)
        #expect(offset(&stage) == 226)
        #expect(log.notes == ["sv dragged by 300: contentOffset.y -59 → 226 (the end of the scrollable range, -59…226)"])
        log = StageLog()
        try stage.scroll("sv", by: -100, &log)
        #expect(offset(&stage) == 126)
        #expect(log.notes == ["sv dragged by -100: contentOffset.y 226 → 126"])
    }

    @Test func onDragEndsEditing() throws {
        var stage = try Self.stage(.onDrag)
        var log = StageLog()
        try stage.focus("f1", &log)
        #expect(stage.keyboard.isUp)
        log = StageLog()
        try stage.scroll("sv", by: 50, &log)
        #expect(offset(&stage) == -9)
        #expect(stage.screen.focus == nil && !stage.keyboard.isUp)
        #expect(log.notifications.map(\.name).contains(.willHide))
        #expect(log.notes.contains("keyboardDismissMode .onDrag: the drag ends editing"))
    }

    @Test func interactiveHidesPastHalfTheKeyboardsHeight() throws {
        var stage = try Self.stage(.interactive)
        var log = StageLog()
        try stage.focus("f1", &log)
        log = StageLog()
        // The finger moves down 200 from the keyboard's top at 516: 716,
        // past half of 336 (168), so the release hides it.
        try stage.scroll("sv", by: -200, &log)
        #expect(log.notes.contains("keyboardDismissMode .interactive: the keyboard followed the finger from 516 to 716, then the finger lifted"))
        #expect(stage.screen.focus == nil && !stage.keyboard.isUp)
        #expect(log.notifications.map(\.name).contains(.willHide))
    }

    @Test func interactiveSpringsBackShortOfHalf() throws {
        var stage = try Self.stage(.interactive)
        var log = StageLog()
        try stage.focus("f1", &log)
        log = StageLog()
        // 100 of 336 is short of 168: the keyboard springs back to 516.
        try stage.scroll("sv", by: -100, &log)
        #expect(log.notes.contains("keyboardDismissMode .interactive: the keyboard followed the finger from 516 to 616, then the finger lifted"))
        #expect(stage.screen.focus == "f1" && stage.keyboard.isUp)
        #expect(stage.keyboard.frame(on: stage.screen.device, .portrait).minY == 516)
    }

    @Test func aScrollOfWhatIsNotAScrollViewIsRefused() throws {
        var stage = try Self.stage()
        var log = StageLog()
        #expect(throws: ModelError.notAScrollView("f1")) { try stage.scroll("f1", by: 10, &log) }
        #expect(log.notes.isEmpty)
    }
}
