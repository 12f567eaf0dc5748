import Testing
import KBModel
import KBShell

/// `controllable CONSTRAINT [inset N] [fallback H]`: willShow: constant =
/// −(inset + endFrame.height); willHide: constant = −inset. Observers live
/// between viewWillAppear and viewWillDisappear.
@Suite struct ControllableTests {
    /// The form's bottom 20 above the root view's bottom (not the safe area).
    static func form(_ device: String, _ orientation: String = "portrait", safeArea: Bool = false) -> [String] {
        loginForm(device: device, orientation, bottomConstant: -20,
                  bottom: safeArea ? "form.bottom == Login.view.safeArea.bottom + " : "form.bottom == Login.view.bottom + ")
    }

    @Test func iPhone8ShowAndHide() {
        var s = session(Self.form("iphone-8") + ["handle Login with controllable formBottom inset 8"])
        #expect(s.frame("form") == rect(16, 525, 343, 122))
        let show = s.run("focus email")
        // −(8 + 260) = −268: form bottom 667 − 268 = 399
        #expect(s.constant("formBottom") == -268)
        #expect(s.frame("form") == rect(16, 277, 343, 122))
        #expect(show.focus?.clearance == 96)
        #expect(show.flawIDs.isEmpty)
        let hide = s.run("resign")
        // −8: form bottom 659, top 537 (the inset, not the −20 it started with)
        #expect(s.constant("formBottom") == -8)
        #expect(s.frames()["form"] == [16, 537, 343, 122])
        #expect(hide.flawIDs.isEmpty)
    }

    @Test func iPhone8LandscapeUsesTheLandscapeKeyboard() {
        var s = session(Self.form("iphone-8", "landscape") + ["handle Login with controllable formBottom inset 8"])
        // 667 × 375: form bottom 355, top 233
        #expect(s.frame("form")?.minY == 233)
        s.run("focus email")
        // −(8 + 200) = −208: form bottom 375 − 208 = 167, keyboard top 175
        #expect(s.constant("formBottom") == -208)
        #expect(s.frame("form")?.maxY == 167)
    }

    @Test func iPhone15AgainstTheSafeAreaCountsTheHomeIndicatorTwice() {
        var s = session(Self.form("iphone-15", safeArea: true) + ["handle Login with controllable formBottom inset 8"])
        #expect(s.frame("form")?.maxY == 798)
        let show = s.run("focus email")
        // −(8 + 336) = −344: form bottom 818 − 344 = 474, keyboard top 516: 42 apart
        #expect(s.constant("formBottom") == -344)
        #expect(s.frame("form")?.maxY == 474)
        #expect(show.flawIDs == ["safe-area-double-count"])
        #expect(show.flawMessage("safe-area-double-count")?.contains("42 pt above the keyboard instead of 8") == true)
    }

    @Test func iPhone15AgainstTheRootViewIsRight() {
        var s = session(Self.form("iphone-15") + ["handle Login with controllable formBottom inset 8"])
        let show = s.run("focus email")
        // the root view's bottom is the screen's: 852 − 344 = 508, 8 above 516
        #expect(s.frame("form")?.maxY == 508)
        #expect(show.flawIDs.isEmpty)
    }

    @Test func iPhone15LandscapeAgainstTheRootView() {
        var s = session(Self.form("iphone-15", "landscape") + ["handle Login with controllable formBottom inset 8"])
        s.run("focus email")
        // −(8 + 219) = −227: form bottom 393 − 227 = 166, 8 above 174
        #expect(s.constant("formBottom") == -227)
        #expect(s.frame("form")?.maxY == 166)
    }

    @Test func removedAtViewWillDisappear() {
        var s = session(Self.form("iphone-8") + ["controller Settings", "handle Login with controllable formBottom inset 8",
                                                 "disappear Login"])
        let show = s.run("keyboard show")
        #expect(show.notificationNames == showBurst)
        #expect(s.constant("formBottom") == -20)
        #expect(show.flawIDs.isEmpty)
        s.run(["keyboard hide", "appear Login"])
        s.run("keyboard show")
        #expect(s.constant("formBottom") == -268)
    }

    @Test func undockedIPadKeyboardDropsTheForm() {
        var s = session(Self.form("ipad-pro-11") + ["handle Login with controllable formBottom inset 8", "focus email"])
        // iPad: −(8 + 353) = −361; form bottom 1194 − 361 = 833
        #expect(s.frame("form")?.maxY == 833)
        let undock = s.run("keyboard undock")
        #expect(undock.notificationNames == hideBurst)
        #expect(s.constant("formBottom") == -8)
        #expect(undock.flawIDs == ["undocked-hide-only"])
    }

    @Test func hardwareKeyboardUsesTheFullHeight() {
        var s = session(Self.form("iphone-8") + ["handle Login with controllable formBottom inset 8", "focus email"])
        let hw = s.run("keyboard hardware on")
        // the show burst again, the keyboard below the screen with its height
        #expect(hw.notificationNames == showBurst)
        #expect(hw.notifications[1].end == [0, 667, 375, 260])
        #expect(s.constant("formBottom") == -268)
        #expect(hw.flawIDs == ["hardware-keyboard-height"])
    }
}
