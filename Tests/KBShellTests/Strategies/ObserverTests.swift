import Testing
import KBModel
import KBShell

/// `observer CONSTRAINT [padding N]`: on willShow and on willHide,
/// constant = endFrame.height + padding.
@Suite struct ObserverTests {
    @Test func iPhone8PortraitLiftsTheFormByTheKeyboardHeightPlusPadding() {
        var s = session(loginForm(device: "iphone-8") + ["handle Login with observer formBottom padding 8"])
        // safe-area bottom 667, form bottom 667 − 20 = 647, top 647 − 122 = 525
        #expect(s.frame("form") == rect(16, 525, 343, 122))
        let show = s.run("focus email")
        #expect(show.notificationNames == showBurst)
        #expect(show.notifications[1].begin == [0, 667, 375, 260])
        #expect(show.notifications[1].end == [0, 407, 375, 260])
        #expect(show.notifications[1].duration == 0.25)
        // 260 + 8 = 268: form bottom 667 − 268 = 399, top 277
        #expect(s.constant("formBottom") == 268)
        #expect(s.frames()["email"] == [16, 277, 343, 34])
        #expect(s.frames()["signIn"] == [16, 369, 343, 30])
        // email bottom 311, keyboard top 407
        #expect(show.focus?.clearance == 96)
        #expect(show.focus?.covered == 0)
        // no home indicator: nothing double-counted
        #expect(show.flawIDs.isEmpty)
    }

    @Test func hideKeepsTheHeightSoTheFormNeverComesDown() {
        var s = session(loginForm(device: "iphone-8") + ["handle Login with observer formBottom padding 8", "focus email"])
        let hide = s.run("resign")
        #expect(hide.notificationNames == hideBurst)
        // the hide end frame keeps the height, just below the screen
        #expect(hide.notifications[1].end == [0, 667, 375, 260])
        #expect(s.constant("formBottom") == 268)
        #expect(s.frame("form") == rect(16, 277, 343, 122))
        #expect(hide.flawIDs == ["hide-keeps-height"])
        #expect(hide.flawMessage("hide-keeps-height")?.contains("stays at 268") == true)
    }

    @Test func iPhone15CountsTheHomeIndicatorTwice() {
        var s = session(loginForm(device: "iphone-15") + ["handle Login with observer formBottom padding 8"])
        // safe-area bottom 852 − 34 = 818, form bottom 798, top 676
        #expect(s.frame("form") == rect(16, 676, 361, 122))
        let show = s.run("focus email")
        #expect(show.notifications[1].end == [0, 516, 393, 336])
        // 336 + 8 = 344: form bottom 818 − 344 = 474, 42 (= 8 + 34) above the keyboard's top 516
        #expect(s.constant("formBottom") == 344)
        #expect(s.frame("form") == rect(16, 352, 361, 122))
        #expect(516 - s.frame("form")!.maxY == 42)
        #expect(show.focus?.clearance == 130)
        #expect(show.flawIDs == ["safe-area-double-count"])
        #expect(show.flawMessage("safe-area-double-count")?.contains("stops 42 pt above the keyboard instead of 8") == true)
    }

    @Test func iPhone15LandscapeCountsTheLandscapeHomeIndicatorTwice() {
        var s = session(loginForm(device: "iphone-15", "landscape") + ["handle Login with observer formBottom padding 8"])
        // 852 × 393, safe bottom 393 − 21 = 372, form bottom 352, top 230
        #expect(s.frame("form")?.minY == 230)
        let show = s.run("focus email")
        #expect(show.notifications[1].end == [0, 174, 852, 219])
        // 219 + 8 = 227: form bottom 372 − 227 = 145, 29 (= 8 + 21) above the keyboard's top 174
        #expect(s.constant("formBottom") == 227)
        #expect(s.frame("form")?.minY == 23)
        #expect(s.frame("form")?.maxY == 145)
        #expect(show.flawIDs == ["safe-area-double-count"])
        #expect(show.flawMessage("safe-area-double-count")?.contains("29 pt above the keyboard instead of 8") == true)
    }

    @Test func iPadPortraitCountsItsBottomInsetTwice() {
        var s = session(loginForm(device: "ipad-pro-11") + ["handle Login with observer formBottom padding 8"])
        // 834 × 1194, safe bottom 1194 − 20 = 1174, form bottom 1154, top 1032
        #expect(s.frame("form")?.minY == 1032)
        let show = s.run("focus email")
        // keyboard 353: top 1194 − 353 = 841
        #expect(show.notifications[1].end == [0, 841, 834, 353])
        // 353 + 8 = 361: form bottom 1174 − 361 = 813, 28 (= 8 + 20) above 841
        #expect(s.frame("form")?.maxY == 813)
        #expect(show.flawIDs == ["safe-area-double-count"])
    }

    @Test func aFocusSwitchPostsTheShowBurstAgainWithBeginEqualToEnd() {
        var s = session(loginForm(device: "iphone-8") + ["handle Login with observer formBottom padding 8", "focus email"])
        let again = s.run("focus password")
        #expect(again.notificationNames == showBurst)
        #expect(again.notifications[1].begin == [0, 407, 375, 260])
        #expect(again.notifications[1].end == [0, 407, 375, 260])
        // the handler runs again with the same height: nothing moves
        #expect(s.constant("formBottom") == 268)
        #expect(s.frame("password") == rect(16, 323, 343, 34))
        // password bottom 357, keyboard top 407
        #expect(again.focus?.field == "password")
        #expect(again.focus?.clearance == 50)
    }

    @Test func predictiveOffPostsTheShowBurstAgainWhichTheObserverFollows() {
        var s = session(loginForm(device: "iphone-8") + ["handle Login with observer formBottom padding 8", "focus email"])
        let off = s.run("keyboard predictive off")
        #expect(off.notificationNames == showBurst)
        #expect(off.notifications[1].begin == [0, 407, 375, 260])
        // 260 − the 44 pt bar = 216, top 667 − 216 = 451
        #expect(off.notifications[1].end == [0, 451, 375, 216])
        #expect(s.constant("formBottom") == 224)
        #expect(s.frame("form")?.maxY == 443)
        #expect(!off.flawIDs.contains("missed-frame-change"))
    }

    @Test func rotationWithTheKeyboardUpHidesThenShowsWithoutAnimation() {
        var s = session(loginForm(device: "iphone-8") + ["handle Login with observer formBottom padding 8", "focus email"])
        let turn = s.run("rotate landscape")
        #expect(turn.notificationNames == hideBurst + showBurst)
        #expect(turn.notifications.allSatisfy { $0.duration == 0 })
        // hidden in portrait, shown in landscape (667 × 375, keyboard 200, top 175)
        #expect(turn.notifications[1].begin == [0, 407, 375, 260])
        #expect(turn.notifications[1].end == [0, 667, 375, 260])
        #expect(turn.notifications[5].begin == [0, 375, 667, 200])
        #expect(turn.notifications[5].end == [0, 175, 667, 200])
        // 200 + 8 = 208: form bottom 375 − 208 = 167, top 45
        #expect(s.constant("formBottom") == 208)
        #expect(s.frame("form") == rect(16, 45, 635, 122))
        // the hide half ran the willHide handler with the portrait height
        #expect(turn.flawIDs == ["hide-keeps-height"])
    }

    @Test func rotationBackToPortraitJudgesTheHideHalfInLandscape() {
        var s = session(loginForm(device: "iphone-8", "landscape") + ["handle Login with observer formBottom padding 8", "focus email"])
        #expect(s.constant("formBottom") == 208)
        let turn = s.run("rotate portrait")
        #expect(turn.notificationNames == hideBurst + showBurst)
        // hidden in landscape: its end frame is below the landscape screen (375), not on the portrait one
        #expect(turn.notifications[1].end == [0, 375, 667, 200])
        #expect(turn.notifications[5].end == [0, 407, 375, 260])
        #expect(s.constant("formBottom") == 268)
        #expect(s.frame("form")?.maxY == 399)
        #expect(turn.flawIDs == ["hide-keeps-height"])
    }

    @Test func aHardwareKeyboardStillReportsTheFullHeight() {
        var s = session(loginForm(device: "iphone-15") + ["handle Login with observer formBottom padding 8", "keyboard hardware on"])
        let show = s.run("focus email")
        // iOS posts the show burst; the end frame keeps its height but sits below the screen
        #expect(show.notificationNames == showBurst)
        #expect(show.notifications[1].end == [0, 852, 393, 336])
        #expect(s.constant("formBottom") == 344)
        #expect(show.flawIDs == ["hardware-keyboard-height"])
        #expect(show.flawMessage("hardware-keyboard-height")?.contains("only 0 pt of the keyboard is on screen") == true)
        // nothing on screen: the form needed to stay at 676
        #expect(s.frame("form")?.minY == 352)
    }

    @Test func undockingAnIPadKeyboardIsReportedAsAHide() {
        var s = session(loginForm(device: "ipad-pro-11") + ["handle Login with observer formBottom padding 8", "focus email"])
        let undock = s.run("keyboard undock")
        #expect(undock.notificationNames == hideBurst)
        // undocked: same size, centred: (1194 − 353) / 2 = 420.5 → 421
        #expect(undock.notifications[1].end == [0, 421, 834, 353])
        #expect(undock.flawIDs == ["undocked-hide-only"])
        // willHide still uses endFrame.height: 353 + 8
        #expect(s.constant("formBottom") == 361)
    }

    @Test func theObserverOutlivesItsControllersDisappearance() {
        var s = session(loginForm(device: "iphone-8") + [
            "controller Settings",
            "handle Login with observer formBottom padding 8",
            "disappear Login",
        ])
        let show = s.run("keyboard show")
        #expect(show.flawIDs.contains("observer-after-disappear"))
        #expect(s.constant("formBottom") == 268)
    }

    @Test func anInteractiveDragIsMissed() {
        var s = session(loginForm(device: "iphone-8") + ["handle Login with observer formBottom padding 8", "focus email"])
        let drag = s.run("keyboard drag 500")
        #expect(drag.notifications.isEmpty)
        #expect(drag.flawIDs == ["missed-frame-change"])
        // overlap 260 → 667 − 500 = 167
        #expect(drag.flawMessage("missed-frame-change")?.contains("went from 260 to 167 pt") == true)
        #expect(s.constant("formBottom") == 268)
        #expect(s.value("kb.frame.minY") == 500)
    }
}
