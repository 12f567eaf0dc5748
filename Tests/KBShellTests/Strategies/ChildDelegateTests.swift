import Testing
import KBModel
import KBShell

/// `child-delegate FIELD_CONSTRAINT parent PARENT_CONSTRAINT expand VIEW`:
/// child constant = show ? endFrame.height : 0; parent constant =
/// show ? −VIEW.height : 0; observers between viewWillAppear and
/// viewDidDisappear.
@Suite struct ChildDelegateTests {
    static let attach = "handle Form with child-delegate commentBottom parent headerTop expand header"

    @Test func iPhone8UsesScreenCoordinatesInTheChild() {
        var s = session(childForm() + [Self.attach])
        #expect(s.frame("comment") == rect(16, 572, 343, 34))
        let show = s.run("focus comment")
        #expect(s.constant("commentBottom") == 260)
        #expect(s.constant("headerTop") == -160)
        // header 20 − 160 = −140; container and Form.view (0 20; 375 598), bottom still 618
        #expect(s.frame("header") == rect(0, -140, 375, 160))
        #expect(s.frame("Form.view") == rect(0, 20, 375, 598))
        // comment bottom 618 − 260 = 358: the overlap was only 618 − 407 = 211,
        // so it sits 49 (the tab bar) higher than needed
        #expect(s.frame("comment") == rect(16, 324, 343, 34))
        #expect(show.focus?.clearance == 49)
        #expect(show.flawIDs == ["screen-coordinates"])
        #expect(show.flawMessage("screen-coordinates")?.contains("Form.view ends at 618, 49 pt above the screen's bottom") == true)
        #expect(show.flawMessage("screen-coordinates")?.contains("overshoots by 49 pt") == true)
        let hide = s.run("resign")
        // both back to 0 (commentBottom was 12 before)
        #expect(s.constant("commentBottom") == 0)
        #expect(s.constant("headerTop") == 0)
        #expect(s.frame("comment") == rect(16, 584, 343, 34))
        #expect(hide.flawIDs.isEmpty)
    }

    @Test func iPhone15TabBarOnTheSafeArea() {
        var s = session(childForm(device: "iphone-15") + [Self.attach])
        // tabBar (0 769; 393 49): Form.view ends 852 − 769 = 83 above the bottom
        #expect(s.frame("tabBar") == rect(0, 769, 393, 49))
        let show = s.run("focus comment")
        #expect(s.constant("commentBottom") == 336)
        #expect(s.frame("comment")?.maxY == 433)
        #expect(show.flawIDs == ["screen-coordinates"])
        #expect(show.flawMessage("screen-coordinates")?.contains("overshoots by 83 pt") == true)
    }

    @Test func observersGoAwayAtViewDidDisappear() {
        var s = session(childForm() + [Self.attach, "disappear Form"])
        let show = s.run("keyboard show")
        #expect(show.notificationNames == showBurst)
        #expect(s.constant("commentBottom") == 12)
        #expect(s.constant("headerTop") == 0)
        #expect(show.flawIDs.isEmpty)
    }

    @Test func undockedIPadKeyboardIsTreatedAsGone() {
        var s = session(childForm(device: "ipad-pro-11") + [Self.attach, "focus comment"])
        #expect(s.constant("commentBottom") == 353)
        let undock = s.run("keyboard undock")
        #expect(s.constant("commentBottom") == 0)
        #expect(undock.flawIDs == ["undocked-hide-only"])
    }
}
