import Foundation
import Testing
@testable import KBModel

@Suite("Keyboard: iOS's notifications and frames")
struct KeyboardTests {
    let phone = DeviceCatalog.standard.device("iphone-15")!
    let homeButtonPhone = DeviceCatalog.standard.device("iphone-8")!
    let pad = DeviceCatalog.standard.device("ipad-pro-11")!

    func names(_ t: KeyboardTransition) -> [KeyboardNotification.Name] { t.notifications.map(\.name) }

    @Test func showPostsTheShowBurstWithScreenFrames() throws {
        let t = try Keyboard().applying(.beginEditing(alreadyEditing: false), on: phone, .portrait)
        #expect(names(t) == [.willChangeFrame, .willShow, .didChangeFrame, .didShow])
        for n in t.notifications {
            #expect(n.begin == Rect(x: 0, y: 852, width: 393, height: 336))
            #expect(n.end == Rect(x: 0, y: 516, width: 393, height: 336))
            #expect(n.duration == 0.25 && n.curve == 7 && n.isLocal)
        }
        #expect(t.keyboard.isUp)
        #expect(t.keyboard.layoutState(on: phone, .portrait).frame == Rect(x: 0, y: 516, width: 393, height: 336))
    }

    @Test func hideKeepsTheHeightAndMovesBelowTheScreen() throws {
        let up = try Keyboard().applying(.beginEditing(alreadyEditing: false), on: homeButtonPhone, .portrait).keyboard
        let t = try up.applying(.endEditing, on: homeButtonPhone, .portrait)
        #expect(names(t) == [.willChangeFrame, .willHide, .didChangeFrame, .didHide])
        #expect(t.notifications[1].begin == Rect(x: 0, y: 407, width: 375, height: 260))
        #expect(t.notifications[1].end == Rect(x: 0, y: 667, width: 375, height: 260))
        #expect(t.keyboard.layoutState(on: homeButtonPhone, .portrait).frame == nil)
        // Hiding a hidden keyboard posts nothing.
        #expect(try t.keyboard.applying(.endEditing, on: homeButtonPhone, .portrait).notifications.isEmpty)
    }

    @Test func focusingAnotherFieldRepostsShowWithBeginEqualToEnd() throws {
        let up = try Keyboard().applying(.beginEditing(alreadyEditing: false), on: phone, .portrait).keyboard
        let t = try up.applying(.beginEditing(alreadyEditing: true), on: phone, .portrait)
        #expect(names(t) == [.willChangeFrame, .willShow, .didChangeFrame, .didShow])
        #expect(t.notifications.allSatisfy { $0.begin == $0.end && $0.end.minY == 516 })
    }

    @Test func predictiveBarAndKeyboardTypeAreFrameOnlyChanges() throws {
        let up = try Keyboard().applying(.beginEditing(alreadyEditing: false), on: phone, .portrait).keyboard
        let off = try up.applying(.predictive(false), on: phone, .portrait)
        #expect(names(off) == [.willChangeFrame, .willShow, .didChangeFrame, .didShow])
        #expect(off.notifications[0].begin.height == 336 && off.notifications[0].end == Rect(x: 0, y: 560, width: 393, height: 292))
        let number = try up.applying(.type(.number), on: phone, .portrait)
        #expect(number.notifications[0].end.height == 292)
        let emoji = try off.keyboard.applying(.type(.emoji), on: phone, .portrait)
        #expect(emoji.notifications[0].end.height == 336)
        // The same frame again posts nothing.
        #expect(try up.applying(.type(.emoji), on: phone, .portrait).notifications.isEmpty)
    }

    @Test func landscapeHeightsAndRotationWithTheKeyboardUp() throws {
        let up = try Keyboard().applying(.beginEditing(alreadyEditing: false), on: phone, .landscape)
        #expect(up.notifications[0].end == Rect(x: 0, y: 174, width: 852, height: 219))
        let t = try up.keyboard.applying(.rotate(to: .portrait), on: phone, .landscape)
        #expect(names(t) == [.willChangeFrame, .willHide, .didChangeFrame, .didHide,
                             .willChangeFrame, .willShow, .didChangeFrame, .didShow])
        #expect(t.notifications.allSatisfy { $0.duration == 0 })
        #expect(t.notifications[1].end == Rect(x: 0, y: 393, width: 852, height: 219))
        #expect(t.notifications[5].begin == Rect(x: 0, y: 852, width: 393, height: 336))
        #expect(t.notifications[5].end == Rect(x: 0, y: 516, width: 393, height: 336))
        // Rotating with the keyboard down posts nothing.
        #expect(try Keyboard().applying(.rotate(to: .landscape), on: phone, .portrait).notifications.isEmpty)
    }

    @Test func hardwareKeyboardReportsTheFullHeightMostlyOffScreen() throws {
        var k = Keyboard()
        k.hardware = true
        let onPhone = try k.applying(.beginEditing(alreadyEditing: false), on: phone, .portrait)
        #expect(onPhone.notifications[1].end == Rect(x: 0, y: 852, width: 393, height: 336))
        #expect(onPhone.keyboard.layoutState(on: phone, .portrait).frame == nil)
        let onPad = try k.applying(.beginEditing(alreadyEditing: false), on: pad, .portrait)
        #expect(onPad.notifications[1].end == Rect(x: 0, y: 1194 - 55, width: 834, height: 353))
        #expect(onPad.keyboard.overlap(on: pad, .portrait) == 55)
    }

    @Test func undockingAnIPadKeyboardIsReportedAsAHide() throws {
        let up = try Keyboard().applying(.beginEditing(alreadyEditing: false), on: pad, .portrait).keyboard
        let t = try up.applying(.setMode(.undocked), on: pad, .portrait)
        #expect(names(t) == [.willChangeFrame, .willHide, .didChangeFrame, .didHide])
        #expect(t.notifications[1].end == Rect(x: 0, y: 421, width: 834, height: 353))
        #expect(t.keyboard.layoutState(on: pad, .portrait).isDocked == false)
        #expect(t.keyboard.overlap(on: pad, .portrait) == 0)
        let float = try t.keyboard.applying(.setMode(.floating), on: pad, .portrait)
        #expect(names(float) == [.willChangeFrame, .didChangeFrame])
        #expect(float.notifications[0].end == Rect(x: 257, y: 924, width: 320, height: 250))
        let dock = try float.keyboard.applying(.setMode(.docked), on: pad, .portrait)
        #expect(names(dock) == [.willChangeFrame, .willShow, .didChangeFrame, .didShow])
        #expect(dock.notifications[1].end == Rect(x: 0, y: 841, width: 834, height: 353))
        #expect(throws: KeyboardError.padOnly("undocked")) { try up.applying(.setMode(.undocked), on: phone, .portrait) }
    }

    @Test func interactiveDismissalPostsNothingUntilRelease() throws {
        let up = try Keyboard().applying(.beginEditing(alreadyEditing: false), on: phone, .portrait).keyboard
        let dragged = try up.applying(.drag(600), on: phone, .portrait)
        #expect(dragged.notifications.isEmpty)
        #expect(dragged.keyboard.layoutState(on: phone, .portrait).frame?.minY == 600)
        // 84 pt down of 336: springs back up.
        let back = try dragged.keyboard.applying(.release, on: phone, .portrait)
        #expect(back.notifications.map(\.name) == [.willChangeFrame, .willShow, .didChangeFrame, .didShow])
        #expect(back.notifications[0].begin.minY == 600 && back.notifications[0].end.minY == 516)
        #expect(!back.endedEditing)
        // 284 pt down: dismissed.
        let far = try up.applying(.drag(800), on: phone, .portrait).keyboard
        let gone = try far.applying(.release, on: phone, .portrait)
        #expect(gone.notifications.map(\.name) == [.willChangeFrame, .willHide, .didChangeFrame, .didHide])
        #expect(gone.endedEditing && !gone.keyboard.isUp)
        #expect(throws: KeyboardError.notUp("keyboard drag")) { try Keyboard().applying(.drag(600), on: phone, .portrait) }
    }

    @Test func curveSevenIsACriticallyDampedSpringSettledAtHalfASecond() {
        #expect(Keyboard.progress(at: 0) == 0)
        #expect(abs(Keyboard.progress(at: 0.1) - (1 - (1 + 1.82574) * exp(-1.82574))) < 1e-12)
        #expect(Keyboard.progress(at: 0.5) > 0.998)
        #expect(Keyboard.animationTimes(4) == [0.125, 0.25, 0.375, 0.5])
    }

    @Test func userInfoIsListedInUIKitsOrder() throws {
        let t = try Keyboard().applying(.beginEditing(alreadyEditing: false), on: phone, .portrait)
        let keys = t.notifications[0].userInfo.map(\.key)
        #expect(keys == keys.sorted())
        #expect(t.notifications[0].userInfo.first { $0.key == "UIKeyboardCenterEndUserInfoKey" }?.value == "(196.5 684)")
    }
}
