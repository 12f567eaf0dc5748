import Testing
import KBModel
import KBShell

/// `layout-guide`: constraints to `V.keyboard.*` (UIKeyboardLayoutGuide)
/// follow the keyboard; with the keyboard off screen the guide's top is the
/// safe area's bottom.
@Suite struct LayoutGuideTests {
    static func form(_ device: String, _ orientation: String = "portrait") -> [String] {
        loginForm(device: device, orientation, bottomConstant: 8, bottom: "Login.view.keyboard.top == form.bottom + ")
            + ["handle Login with layout-guide"]
    }

    @Test func iPhone15FollowsShowAndHide() {
        var s = session(Self.form("iphone-15"))
        // guide top = safe-area bottom 818: form bottom 810, top 688
        #expect(s.frame("form") == rect(16, 688, 361, 122))
        let show = s.run("focus email")
        #expect(show.notificationNames == showBurst)
        // keyboard top 516: form bottom 508, top 386; email bottom 420
        #expect(s.frame("form") == rect(16, 386, 361, 122))
        #expect(show.focus?.clearance == 96)
        #expect(show.flawIDs.isEmpty)
        #expect(s.constant("formBottom") == 8)
        let hide = s.run("resign")
        #expect(s.frame("form") == rect(16, 688, 361, 122))
        #expect(hide.flawIDs.isEmpty)
    }

    @Test func iPhone8PortraitAndLandscape() {
        var s = session(Self.form("iphone-8"))
        // no home indicator: guide top 667 → form bottom 659
        #expect(s.frame("form")?.maxY == 659)
        s.run("focus email")
        #expect(s.frame("form")?.maxY == 399)
        let turn = s.run("rotate landscape")
        #expect(turn.notificationNames == hideBurst + showBurst)
        // 375 − 200 = 175: form bottom 167
        #expect(s.frame("form")?.maxY == 167)
        #expect(turn.flawIDs.isEmpty)
    }

    @Test func iPhone15LandscapeFollowsTheKeyboard() {
        var s = session(Self.form("iphone-15", "landscape"))
        // safe bottom 372 → form bottom 364
        #expect(s.frame("form")?.maxY == 364)
        s.run("focus email")
        // 393 − 219 = 174 → 166
        #expect(s.frame("form")?.maxY == 166)
    }

    @Test func followsPredictiveBarAndInteractiveDismissal() {
        var s = session(Self.form("iphone-15") + ["focus email"])
        s.run("keyboard predictive off")
        // 292 high: top 560, form bottom 552
        #expect(s.frame("form")?.maxY == 552)
        let drag = s.run("keyboard drag 700")
        #expect(drag.notifications.isEmpty)
        #expect(drag.flawIDs.isEmpty)
        #expect(s.frame("form")?.maxY == 692)
        // 700 − 560 = 140 < 292 / 2: the keyboard springs back
        let back = s.run("keyboard release")
        #expect(back.notificationNames == showBurst)
        #expect(s.frame("form")?.maxY == 552)
    }

    @Test func hardwareKeyboardLeavesTheFormAtTheSafeArea() {
        var s = session(Self.form("iphone-15") + ["keyboard hardware on"])
        let show = s.run("focus email")
        #expect(show.notificationNames == showBurst)
        #expect(s.frame("form")?.maxY == 810)
        #expect(show.flawIDs.isEmpty)
    }

    @Test func iPadUndockedKeyboardIsNotFollowed() {
        var s = session(Self.form("ipad-pro-11") + ["focus email"])
        // keyboard top 841: form bottom 833
        #expect(s.frame("form")?.maxY == 833)
        let undock = s.run("keyboard undock")
        #expect(undock.flawIDs.isEmpty)
        // followsUndockedKeyboard is off: the guide drops to the safe area, 1174
        #expect(s.frame("form")?.maxY == 1166)
        // an iPad hardware keyboard leaves the 55 pt assistant bar: top 1139
        s.run(["keyboard dock", "keyboard hardware on"])
        #expect(s.frame("form")?.maxY == 1131)
    }
}
