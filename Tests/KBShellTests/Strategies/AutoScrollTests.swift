import Testing
import KBModel
import KBShell

/// `auto-scroll [distance N]`: the root view moves up so the focused field
/// ends N (default 10) above the keyboard; back on willHide.
@Suite struct AutoScrollTests {
    @Test func iPhone8MovesTheRootUp() {
        var s = session(loginForm(device: "iphone-8") + ["handle Login with auto-scroll distance 20"])
        let show = s.run("focus email")
        // email bottom 559, keyboard top 407: 407 − 20 − 559 = −172
        #expect(s.frame("Login.view") == rect(0, -172, 375, 667))
        #expect(s.frame("email") == rect(16, 353, 343, 34))
        #expect(show.focus?.clearance == 20)
        #expect(show.flawIDs.isEmpty)
        let next = s.run("focus password")
        // password bottom 605: 407 − 20 − 605 = −218
        #expect(next.notifications[1].begin == next.notifications[1].end)
        #expect(s.frame("Login.view")?.minY == -218)
        #expect(next.focus?.clearance == 20)
        s.run("resign")
        #expect(s.frame("Login.view") == rect(0, 0, 375, 667))
        #expect(s.frame("email")?.minY == 525)
    }

    @Test func iPhone15SettlesAfterTheSafeAreaChanges() {
        var s = session(loginForm(device: "iphone-15") + ["handle Login with auto-scroll"])
        let show = s.run("focus email")
        // willShow: 516 − 10 − 710 = −204; the root then ends at 648, above the
        // home indicator, so its safe-area bottom drops to 0 and the form 34 lower:
        // didChangeFrame: 516 − 10 − 744 = −238
        #expect(s.frame("Login.view")?.minY == -238)
        #expect(s.value("Login.view.safeAreaInsets.bottom") == 0)
        #expect(s.frame("email") == rect(16, 472, 361, 34))
        #expect(show.focus?.clearance == 10)
    }

    @Test func iPhone15Landscape() {
        var s = session(loginForm(device: "iphone-15", "landscape") + ["handle Login with auto-scroll"])
        s.run("focus email")
        // email bottom 230 + 34 = 264; keyboard top 174: 174 − 10 − 264 = −100; the
        // root (−100…293) leaves the home-indicator area, so the form drops 21:
        // 174 − 10 − 285 = −121
        #expect(s.frame("Login.view")?.minY == -121)
        #expect(s.frame("email")?.maxY == 164)
    }

    @Test func nothingMovesWhenTheFieldIsAlreadyClear() {
        var s = session(loginForm(device: "iphone-8", bottomConstant: 400) + ["handle Login with auto-scroll"])
        // form bottom 267: email bottom 179, far above 407
        s.run("focus email")
        #expect(s.frame("Login.view")?.minY == 0)
    }
}
