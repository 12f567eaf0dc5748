import Testing
@testable import KBModel

/// Changing the device under a focused field: the keyboard goes down on
/// the old screen and comes up on the new one. The demo starts on an
/// iPhone 15 (keyboard 336, up at 852 − 336 = 516); the iPhone 8 is
/// 375 × 667 with a keyboard 260 tall, up at 667 − 260 = 407.
@Suite struct StageDeviceTests {
    @Test func theKeyboardFollowsTheFieldToTheNewDevice() throws {
        var stage = Stage(screen: Screen.demo())
        var log = StageLog()
        try stage.focus("email", &log)
        log = StageLog()
        try stage.setDevice("iphone-8", orientation: nil, &log)
        #expect(stage.screen.device.id == "iphone-8")
        #expect(stage.keyboard.frame(on: stage.screen.device, .portrait) == Rect(x: 0, y: 407, width: 375, height: 260))
        let names = log.notifications.map(\.name)
        let hide = try #require(names.firstIndex(of: .willHide)), show = try #require(names.firstIndex(of: .willShow))
        #expect(hide < show)
        // The hide starts from the old device's keyboard; the show ends on the new one's.
        #expect(log.notifications[hide].begin == Rect(x: 0, y: 516, width: 393, height: 336))
        #expect(log.notifications[show].end == Rect(x: 0, y: 407, width: 375, height: 260))
        #expect(log.notes.last == "iphone-8 (iPhone 6/7/8, SE 2nd/3rd gen): 375×667 portrait, keyboard 260")
    }

    @Test func anUnknownDeviceIsRefusedBeforeTheKeyboardMoves() throws {
        var stage = Stage(screen: Screen.demo())
        var log = StageLog()
        try stage.focus("email", &log)
        log = StageLog()
        #expect(throws: ModelError.self) { try stage.setDevice("iphone-99", orientation: nil, &log) }
        #expect(stage.screen.device.id == "iphone-15" && stage.keyboard.isUp)
        #expect(log.notifications.isEmpty)
    }
}
