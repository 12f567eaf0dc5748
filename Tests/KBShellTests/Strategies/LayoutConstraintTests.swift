import Testing
import KBModel
import KBShell

/// `layout-constraint CONSTRAINT [down-offset N]`: offset = the constant at
/// attach; willShow: offset + endFrame.height; willHide: offset +
/// down-offset; the curve is used as animation options without `<< 16`.
@Suite struct LayoutConstraintTests {
    @Test func iPhone8ShowAndHide() {
        var s = session(loginForm(device: "iphone-8") + ["handle Login with layout-constraint formBottom"])
        let show = s.run("focus email")
        // 20 + 260 = 280: form bottom 667 − 280 = 387, top 265
        #expect(s.constant("formBottom") == 280)
        #expect(s.frame("form") == rect(16, 265, 343, 122))
        #expect(show.flawIDs == ["curve-not-shifted"])
        // 7 << 16 = 458752, devices.json's animationOptionsRaw
        #expect(show.flawMessage("curve-not-shifted")?.contains("rawValue: 7), the curve itself, not 7 << 16 = 458752") == true)
        #expect(show.flawMessage("curve-not-shifted")?.contains(".layoutSubviews/.allowUserInteraction/.beginFromCurrentState") == true)
        let hide = s.run("resign")
        #expect(s.constant("formBottom") == 20)
        #expect(s.frame("form")?.minY == 525)
        #expect(hide.flawIDs == ["curve-not-shifted"])
    }

    @Test func downOffsetOnHide() {
        var s = session(loginForm(device: "iphone-8") + ["handle Login with layout-constraint formBottom down-offset 10", "focus email"])
        s.run("resign")
        #expect(s.constant("formBottom") == 30)
        #expect(s.frame("form")?.maxY == 637)
    }

    @Test func curveZeroIsTheSameEitherWay() {
        var s = session(loginForm(device: "iphone-8") + ["handle Login with layout-constraint formBottom"])
        let show = s.run("keyboard show curve 0")
        #expect(show.notifications[1].end == [0, 407, 375, 260])
        #expect(s.constant("formBottom") == 280)
        #expect(show.flawIDs.isEmpty)
    }

    @Test func iPhone15OffsetPlusHeightDoubleCountsTheSafeArea() {
        var s = session(loginForm(device: "iphone-15") + ["handle Login with layout-constraint formBottom"])
        let show = s.run("focus email")
        // 20 + 336 = 356: form bottom 818 − 356 = 462, 54 (= 20 + 34) above 516
        #expect(s.constant("formBottom") == 356)
        #expect(s.frame("form")?.maxY == 462)
        #expect(show.flawIDs == ["safe-area-double-count", "curve-not-shifted"])
        #expect(show.flawMessage("safe-area-double-count")?.contains("54 pt above the keyboard instead of 20") == true)
    }

    @Test func iPhone15Landscape() {
        var s = session(loginForm(device: "iphone-15", "landscape") + ["handle Login with layout-constraint formBottom"])
        s.run("focus email")
        // 20 + 219 = 239: form bottom 372 − 239 = 133
        #expect(s.frame("form")?.maxY == 133)
    }

    @Test func removedOnlyAtDeinit() {
        var s = session(loginForm(device: "iphone-8") + ["controller Settings", "handle Login with layout-constraint formBottom",
                                                         "disappear Login"])
        let show = s.run("keyboard show")
        #expect(s.constant("formBottom") == 280)
        #expect(show.flawIDs == ["observer-after-disappear", "curve-not-shifted"])
    }
}
