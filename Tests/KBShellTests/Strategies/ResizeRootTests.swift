import Testing
import KBModel
import KBShell

/// `resize-root`: on willChangeFrame the root view's height becomes the
/// keyboard's top − the root's top; full size when the keyboard is below
/// the view or ends above its bottom.
@Suite struct ResizeRootTests {
    @Test func iPhone15ShrinksTheRootToTheKeyboardTop() {
        var s = session(loginForm(device: "iphone-15") + ["handle Login with resize-root"])
        let show = s.run("focus email")
        #expect(show.notificationNames == showBurst)
        // 852 − 336 = 516 high; the root no longer reaches the home indicator, so
        // its safe-area bottom is 0: form bottom 516 − 20 = 496, top 374
        #expect(s.frame("Login.view") == rect(0, 0, 393, 516))
        #expect(s.value("Login.view.safeAreaInsets.bottom") == 0)
        #expect(s.frame("form") == rect(16, 374, 361, 122))
        // email bottom 408
        #expect(show.focus?.clearance == 108)
        #expect(show.flawIDs.isEmpty)
        s.run("keyboard predictive off")
        // 852 − 292 = 560
        #expect(s.frame("Login.view")?.height == 560)
        #expect(s.frame("form")?.minY == 418)
        s.run("resign")
        #expect(s.frame("Login.view") == rect(0, 0, 393, 852))
        #expect(s.frame("form")?.minY == 676)
    }

    @Test func iPhone8Landscape() {
        var s = session(loginForm(device: "iphone-8", "landscape") + ["handle Login with resize-root"])
        s.run("focus email")
        // 375 − 200 = 175: form bottom 155, top 33
        #expect(s.frame("Login.view") == rect(0, 0, 667, 175))
        #expect(s.frame("form")?.minY == 33)
    }

    @Test func anUndockedIPadKeyboardLeavesTheRootFullSize() {
        var s = session(loginForm(device: "ipad-pro-11") + ["handle Login with resize-root", "focus email"])
        // 1194 − 353 = 841
        #expect(s.frame("Login.view")?.height == 841)
        let undock = s.run("keyboard undock")
        // the undocked keyboard (421…774) ends above the view's bottom: full size
        #expect(s.frame("Login.view")?.height == 1194)
        #expect(undock.flawIDs.isEmpty)
        // a move of the undocked keyboard posts willChangeFrame, which it observes
        let float = s.run("keyboard float")
        #expect(float.notificationNames == ["keyboardWillChangeFrame", "keyboardDidChangeFrame"])
        // floating 320 × 250, (834 − 320) / 2 = 257, 1194 − 250 − 20 = 924
        #expect(float.notifications[0].end == [257, 924, 320, 250])
        #expect(float.flawIDs.isEmpty)
        #expect(s.frame("Login.view")?.height == 1194)
    }

    @Test func aChildRootViewTakesTheKeyboardTopAsItsHeight() {
        var s = session(childForm() + ["handle Form with resize-root"])
        let show = s.run("focus comment")
        // the source sets height = 407 (the keyboard's top in screen coordinates) − 0;
        // converted it would be 407 − 180 = 227. 180 + 407 = 587, 180 below 407.
        #expect(show.flawIDs == ["screen-coordinates"])
        let message = show.flawMessage("screen-coordinates") ?? ""
        #expect(message.contains("its height becomes 407 instead of 227"))
        #expect(message.contains("its bottom is at 587, 180 pt below the keyboard's top"))
        // the child's root view is pinned to its container: layout keeps it there
        #expect(s.frame("Form.view") == rect(0, 180, 375, 438))
    }

    @Test func aDragIsMissedEvenThoughItObservesWillChangeFrame() {
        var s = session(loginForm(device: "iphone-15") + ["handle Login with resize-root", "focus email"])
        let drag = s.run("keyboard drag 700")
        #expect(drag.flawIDs == ["missed-frame-change"])
        // overlap 336 → 852 − 700 = 152; no notification, so only the layout guide helps
        let message = drag.flawMessage("missed-frame-change") ?? ""
        #expect(message.contains("went from 336 to 152 pt"))
        #expect(message.contains("fix: pin to Login.view.keyboard"))
        #expect(!message.contains("observe keyboardWillChangeFrame"))
        #expect(s.frame("Login.view")?.height == 516)
    }
}
