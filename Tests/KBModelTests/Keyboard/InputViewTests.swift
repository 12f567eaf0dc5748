import Testing
@testable import KBModel

/// Accessories, input views and resting accessories in the keyboard's
/// frames. iPhone 15 portrait: 393 × 852, keyboard 336 (292 without the
/// predictive bar), bottom safe area 34; landscape 852 × 393, keyboard 219,
/// bottom 21. iPad Pro 11 portrait: 834 × 1194, keyboard 353, bottom 20.
@Suite("Keyboard: accessories and input views")
struct InputViewTests {
    let phone = DeviceCatalog.standard.device("iphone-15")!
    let pad = DeviceCatalog.standard.device("ipad-pro-11")!
    typealias Inputs = Keyboard.Inputs

    func r(_ x: Double, _ y: Double, _ w: Double, _ h: Double) -> Rect { Rect(x: x, y: y, width: w, height: h) }

    @Test func aFieldsToolbarIsPartOfTheFrame() throws {
        let t = try Keyboard().applying(.beginEditing(alreadyEditing: false), on: phone, .portrait,
                                        inputs: Inputs(accessory: 44))
        // 336 + 44 = 380, from below the screen to 852 − 380 = 472
        #expect(t.notifications.map(\.name) == [.willChangeFrame, .willShow, .didChangeFrame, .didShow])
        #expect(t.notifications[1].begin == r(0, 852, 393, 380))
        #expect(t.notifications[1].end == r(0, 472, 393, 380))
        #expect(t.keyboard.accessoryHeight(on: phone, .portrait) == 44)
        // Predictive bar off: 292 + 44 = 336, top 516, with the frame-change burst.
        let off = try t.keyboard.applying(.predictive(false), on: phone, .portrait)
        #expect(off.notifications[1].end == r(0, 516, 393, 336))
        // Landscape: 219 + 44 = 263, top 393 − 263 = 130.
        #expect(t.keyboard.frame(on: phone, .landscape) == r(0, 130, 852, 263))
    }

    @Test func focusMovingToAFieldWithAToolbarPostsShowWithTheNewFrame() throws {
        let up = try Keyboard().applying(.beginEditing(alreadyEditing: false), on: phone, .portrait).keyboard
        let t = try up.applying(.beginEditing(alreadyEditing: true), on: phone, .portrait, inputs: Inputs(accessory: 44))
        #expect(t.notifications[1].name == .willShow)
        #expect(t.notifications[1].begin == r(0, 516, 393, 336))
        #expect(t.notifications[1].end == r(0, 472, 393, 380))
    }

    @Test func aPickerReplacesTheKeyboardWithTheSafeAreaUnderIt() throws {
        // Phone: 216 + 34 = 250, top 602; pad: 216, top 1194 − 216 = 978.
        let onPhone = try Keyboard().applying(.beginEditing(alreadyEditing: false), on: phone, .portrait,
                                              inputs: Inputs(inputView: 216))
        #expect(onPhone.notifications[1].end == r(0, 602, 393, 250))
        let onPad = try Keyboard().applying(.beginEditing(alreadyEditing: false), on: pad, .portrait,
                                            inputs: Inputs(inputView: 216))
        #expect(onPad.notifications[1].end == r(0, 978, 834, 216))
        // With a toolbar on the picker: 250 + 44 = 294, top 558.
        let both = try Keyboard().applying(.beginEditing(alreadyEditing: false), on: phone, .portrait,
                                           inputs: Inputs(accessory: 44, inputView: 216))
        #expect(both.notifications[1].end == r(0, 558, 393, 294))
    }

    @Test func aControllersAccessoryRestsAtTheBottom() throws {
        // 50 + 34 = 84 at 852 − 84 = 768, sliding in from below at its own size.
        let rest = try Keyboard().applying(.inputsChanged, on: phone, .portrait, inputs: Inputs(resting: 50))
        #expect(rest.notifications.map(\.name) == [.willChangeFrame, .willShow, .didChangeFrame, .didShow])
        #expect(rest.notifications[1].begin == r(0, 852, 393, 84))
        #expect(rest.notifications[1].end == r(0, 768, 393, 84))
        #expect(rest.keyboard.layoutState(on: phone, .portrait).frame == r(0, 768, 393, 84))
        #expect(rest.keyboard.overlap(on: phone, .portrait) == 84)
        // Its text view edits: 336 + 50 = 386 from the resting frame, top 466.
        let up = try rest.keyboard.applying(.beginEditing(alreadyEditing: false), on: phone, .portrait,
                                            inputs: Inputs(accessory: 50, resting: 50))
        #expect(up.notifications[1].begin == r(0, 768, 393, 84))
        #expect(up.notifications[1].end == r(0, 466, 393, 386))
        // A drag stops at the resting place: top at most 768.
        let dragged = try up.keyboard.applying(.drag(800), on: phone, .portrait)
        #expect(dragged.keyboard.frame(on: phone, .portrait).minY == 768)
        // Dismissed, it goes back to rest: the hide burst ends on screen.
        let down = try up.keyboard.applying(.endEditing, on: phone, .portrait, inputs: Inputs(resting: 50))
        #expect(down.notifications.map(\.name) == [.willChangeFrame, .willHide, .didChangeFrame, .didHide])
        #expect(down.notifications[1].end == r(0, 768, 393, 84))
        // Taken away (the controller resigns): the hide burst, below the screen at its size.
        let gone = try down.keyboard.applying(.inputsChanged, on: phone, .portrait, inputs: Inputs())
        #expect(gone.notifications[1].name == .willHide)
        #expect(gone.notifications[1].end == r(0, 852, 393, 84))
        #expect(gone.keyboard.inputs == nil)
        #expect(gone.keyboard.layoutState(on: phone, .portrait).frame == nil)
    }

    @Test func aHardwareKeyboardLeavesOnlyTheAccessoryOnScreen() throws {
        var k = Keyboard()
        k.hardware = true
        // Phone: 44 + 34 = 78 on screen, top 774, the frame 336 + 44 = 380 high.
        let phoneUp = try k.applying(.beginEditing(alreadyEditing: false), on: phone, .portrait, inputs: Inputs(accessory: 44))
        #expect(phoneUp.notifications[1].end == r(0, 774, 393, 380))
        // iPad: the 55 pt assistant bar + 44 = 99 on screen, top 1095, 353 + 44 = 397 high.
        let padUp = try k.applying(.beginEditing(alreadyEditing: false), on: pad, .portrait, inputs: Inputs(accessory: 44))
        #expect(padUp.notifications[1].end == r(0, 1095, 834, 397))
        // No accessory on a phone: nothing on screen, as before.
        let bare = try k.applying(.beginEditing(alreadyEditing: false), on: phone, .portrait)
        #expect(bare.notifications[1].end == r(0, 852, 393, 336))
    }
}
