import Testing
import KBTestSupport
@testable import KBShell

/// `handle X with layout-guide` says so when nothing is pinned to X's
/// keyboard layout guide (nothing then follows the keyboard), and what to
/// pin; a field the keyboard covers then gets the same hint.
@Suite("layout-guide with nothing pinned")
struct LayoutGuideHintTests {
    @Test func theDemoWithNothingPinnedSaysWhatToPin() {
        var s = Session.demo(sessionsDirectory: TemporaryFolder.make("guide"))
        let handle = s.execute("handle Login with layout-guide")
        #expect(handle.status == .ok)
        #expect(handle.text == """
            Login uses Login.view.keyboard (no observers), but no constraint is pinned to it: nothing follows the keyboard
              pin: deactivate formBottom, then constrain Login.view.keyboard.top == form.bottom + 8
            """)
        #expect(!handle.text.contains("the guide follows the keyboard"))
        let focus = s.execute("focus password")
        #expect(focus.text.contains("✗ password is covered by the keyboard: its bottom is at 756, the keyboard's top at 516 (240 pt hidden)\n  hint: Login is handled with layout-guide, but nothing is pinned to Login.view.keyboard: deactivate formBottom, then constrain Login.view.keyboard.top == form.bottom + 8"), "\(focus.text)")
        #expect(focus.members["hint"] != nil)
        // Pinned as the hint says, the form follows the keyboard and the hint is gone.
        #expect(s.execute("deactivate formBottom").status == .ok)
        #expect(s.execute("constrain Login.view.keyboard.top == form.bottom + 8").status == .ok)
        let after = s.execute("focus email")
        #expect(!after.text.contains("hint:"), "\(after.text)")
        #expect(s.execute("expect form.frame.maxY == kb.frame.minY - 8").status == .ok)
    }

    @Test func somethingPinnedKeepsTheUsualLine() {
        var s = Session.demo(sessionsDirectory: TemporaryFolder.make("guide"))
        #expect(s.execute("deactivate formBottom").status == .ok)
        #expect(s.execute("constrain Login.view.keyboard.top == form.bottom + 8").status == .ok)
        #expect(s.execute("handle Login with layout-guide").text
            == "Login uses Login.view.keyboard: no observers: the guide follows the keyboard")
    }
}
