import Foundation
import Testing
import KBModel
import KBTestSupport
@testable import KBInterop
@testable import KBShell

/// `import FILE` lays a scene out on the canvas Xcode stored its frames
/// on: the root view's size, and the safe area read from the frames of
/// views pinned to it (each fixture's arithmetic is in its header comment).
@Suite("import: the canvas and safe area Xcode laid a document out on")
struct InterfaceBuilderCanvasTests {
    typealias IB = InterfaceBuilderImportTests

    @Test func theSafeAreaTopIsReadFromViewsPinnedToIt() {
        IB.expectFrames("safe-area-from-frames.storyboard", [
            "nameField": Rect(x: 20, y: 66, width: 335, height: 34),     // 50 + 16
            "emailField": Rect(x: 20, y: 108, width: 335, height: 34),   // 66 + 34 + 8
            "footer": Rect(x: 0, y: 724, width: 375, height: 44),        // 812 − 34 − 10 − 44
        ])
        let (s, outcome) = IB.imported("safe-area-from-frames.storyboard")
        #expect(s.screen.device.id == "iphone-x")
        #expect(s.screen.device.safeAreaInsets(.portrait) == EdgeInsets(top: 50, bottom: 34))
        // One finding names the cause, with the value kbplay's preset has.
        #expect(outcome.text.contains("note: safe-area insets top 50 (kbplay's iphone-x has 44): read from the stored frames of the views pinned to the safe area, as Xcode (tools 22505) laid them out"))
    }

    @Test func aChosenDeviceKeepsItsOwnSafeArea() {
        var (s, outcome) = IB.imported("safe-area-from-frames.storyboard", " device iphone-x")
        #expect(outcome.status == .ok)
        #expect(!outcome.text.contains("safe-area insets top 50"))
        #expect(IB.frames(&s)["nameField"]?.y == 60)                    // 44 + 16
    }

    @Test func anOutletNameIsKeptWhole() {
        let (s, _) = IB.imported("safe-area-from-frames.storyboard")
        #expect(s.screen.constraints.contains { $0.name == "nameFieldTopToSafeAreaConstraint" })
    }

    @Test func theSizeClassCanvasIsTheScreen() {
        IB.expectFrames("canvas-600.storyboard", [
            "Edit.view": Rect(x: 0, y: 0, width: 600, height: 600),
            "nameField": Rect(x: 20, y: 40, width: 560, height: 30),     // margins 20; 20 + 20
            "saveButton": Rect(x: 520, y: 550, width: 60, height: 30),   // 600 − 20 − 60; 600 − 20 − 30
        ])
        let (s, outcome) = IB.imported("canvas-600.storyboard")
        #expect(s.screen.device.id == "iphone-8")
        #expect(outcome.text.contains("note: the document names no device: iphone-8 is used, the preset nearest to its root view's 600×600"))
        #expect(outcome.text.contains("note: the scene was laid out on a 600×600 canvas (its root view's stored size), not iphone-8's 375×667 screen"))
    }

    @Test func aSavedSessionKeepsTheCanvas() throws {
        var (s, _) = IB.imported("canvas-600.storyboard")
        let data = try JSONEncoder().encode(s.screen)
        var back = try JSONDecoder().decode(Screen.self, from: data)
        #expect(back.device == s.screen.device)
        #expect(back.layout().windowFrame("nameField") == IB.frames(&s)["nameField"])
        // A preset as it is saves only its id.
        let plain = try JSONEncoder().encode(Screen(device: DeviceCatalog.standard.defaultDevice))
        #expect(!String(decoding: plain, as: UTF8.self).contains("canvas"))
    }

    @Test func aTableViewCellXIBIsLaidOutOnItsOwn() {
        IB.expectFrames("form-cell.xib", [
            "FormCell.view": Rect(x: 0, y: 0, width: 393, height: 60),
            "titleLabel": Rect(x: 16, y: 19.5, width: 80, height: 21),  // (60 − 21) / 2
            "valueField": Rect(x: 104, y: 13, width: 273, height: 34),  // 16 + 80 + 8; 393 − 16 − 104; 60 − 26
        ])
        let (s, outcome) = IB.imported("form-cell.xib")
        #expect(s.screen.device.safeAreaInsets(.portrait) == EdgeInsets())
        #expect(outcome.text.contains("note: tableViewCell is laid out on its own, as Xcode shows it: its content view is the screen, without a safe area"))
    }

    @Test func aScriptSaysTheCanvasIsNotItsDevices() {
        let (s, _) = IB.imported("canvas-600.storyboard")
        #expect(s.script().contains("\n# note: the imported document's canvas (600×600, safe area 20 top, 0 bottom) is not iphone-8's: this script lays the screen out on iphone-8 as it is"))
        let (plain, _) = IB.imported("login.storyboard")
        #expect(!plain.script().contains("canvas"))
    }

    @Test func aXIBViewsOwnSizeIsTheScreen() {
        IB.expectFrames("freeform.xib", [
            "Note.view": Rect(x: 0, y: 0, width: 320, height: 480),
            "noteField": Rect(x: 20, y: 100, width: 280, height: 30),    // 320 − 40
            "doneButton": Rect(x: 130, y: 430, width: 60, height: 30),   // 480 − 20 − 30
        ])
        let (s, _) = IB.imported("freeform.xib")
        #expect(s.screen.device.id == "iphone-se1")
        #expect(s.screen.device.screen == Size(width: 320, height: 480))
    }
}

/// A switch's frame is not its alignment rect: Auto Layout and stack
/// views place the rect, 2 pt narrower on the trailing side.
@Suite("import: a switch's alignment rect")
struct InterfaceBuilderSwitchTests {
    @Test func constraintsAndStacksPlaceTheSwitchesAlignmentRect() {
        InterfaceBuilderImportTests.expectFrames("switch-alignment.storyboard", [
            "pushSwitch": Rect(x: 324, y: 79, width: 51, height: 31),    // alignment right 373, frame right 375
            "nameField": Rect(x: 20, y: 79, width: 294, height: 34),     // 324 − 10 − 20
            "smsStack": Rect(x: 20, y: 133, width: 49, height: 31),      // the switch's alignment width
            "smsSwitch": Rect(x: 20, y: 133, width: 51, height: 31),
            "phoneField": Rect(x: 79, y: 131.5, width: 294, height: 34), // 20 + 49 + 10; 133 + 15.5 − 17
        ])
    }

    @Test func alignmentInsetsMoveTheAnchorsNotTheFrame() throws {
        var s = Screen(device: DeviceCatalog.standard.defaultDevice, orientation: .portrait)
        try s.addController("C")
        var o = ViewOptions(intrinsic: Size(width: 49, height: 31))
        o.alignmentInsets = EdgeInsets(right: 2)
        try s.addView(.view, "toggle", to: "C.view", options: o)
        try s.constrain(Anchor("toggle", nil, .trailing), .equal, Anchor("C.view", nil, .trailing), constant: -20, name: "t")
        try s.constrain(Anchor("toggle", nil, .top), .equal, Anchor("C.view", nil, .top), constant: 100, name: "y")
        // 393 − 20 = 373 is the alignment rect's right; the frame is 49 + 2 wide: x = 373 − 49 = 324.
        #expect(s.layout().windowFrame("toggle") == Rect(x: 324, y: 100, width: 51, height: 31))
    }
}
