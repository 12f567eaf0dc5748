import Testing
@testable import KBModel

@Suite struct GuideTests {
    @Test(arguments: [
        ("iphone-15", Orientation.portrait, rect(0, 59, 393, 759), rect(16, 59, 361, 759)),
        ("iphone-15", .landscape, rect(59, 0, 734, 372), rect(75, 0, 702, 372)),
        ("iphone-8", .portrait, rect(0, 20, 375, 647), rect(16, 20, 343, 647)),
        ("iphone-8", .landscape, rect(0, 0, 667, 375), rect(16, 0, 635, 375)),
        ("ipad-pro-11", .portrait, rect(0, 24, 834, 1150), rect(20, 24, 794, 1150)),
    ])
    func safeAreaAndMarginsOfTheRootView(device: String, orientation: Orientation, safe: Rect, margins: Rect) throws {
        var s = try screen(device, orientation)
        try s.addView(.view, "safe", to: "C.view")
        try s.addView(.view, "inMargins", to: "C.view")
        try s.pin("safe", to: "C.view.safeArea")
        try s.pin("inMargins", to: "C.view.margins")
        let l = s.layout()
        #expect(l.frame("safe") == safe)
        #expect(l.frame("inMargins") == margins)
        #expect(l.frame("C.view").size == s.screenSize)
        #expect(l.view("C.view")?.safeAreaInsets == s.windowSafeAreaInsets)
        #expect(l.view("safe")?.safeAreaInsets == .zero)
        #expect(s.ambiguousViews().isEmpty)
    }

    @Test func aSubviewGetsTheSafeAreaItOverlapsAndEightPointMargins() throws {
        var s = try screen()
        try s.addView(.view, "box", to: "C.view")
        try s.addView(.view, "inner", to: "box")
        try s.constrain("box.top", .equal, "C.view.top")
        try s.constrain("box.leading", .equal, "C.view.leading")
        try s.constrain("box.trailing", .equal, "C.view.trailing")
        try s.constrain("box.height", .equal, constant: 200)
        try s.pin("inner", to: "box.margins")
        let l = s.layout()
        #expect(l.frame("box") == rect(0, 0, 393, 200))
        #expect(l.view("box")?.safeAreaInsets == EdgeInsets(top: 59, left: 0, bottom: 0, right: 0))
        #expect(l.frame("inner") == rect(8, 67, 377, 125))
        #expect(l.local("inner") == rect(8, 67, 377, 125))
        // Moving the box down out of the unsafe area drops its inset and the margins follow.
        try s.constrain("box.top", .equal, "C.view.top", constant: 100, name: "down")
        #expect(s.constraints.last?.isBroken == true)
        try s.remove("c1")
        try s.activate("down")
        let moved = s.layout()
        #expect(moved.frame("box") == rect(0, 100, 393, 200))
        #expect(moved.view("box")?.safeAreaInsets == .zero)
        #expect(moved.frame("inner") == rect(8, 108, 377, 184))
    }

    /// An input bar on the keyboard layout guide.
    func barScreen(_ device: String, _ orientation: Orientation) throws -> Screen {
        var s = try screen(device, orientation)
        try s.addView(.view, "bar", to: "C.view")
        try s.constrain("bar.leading", .equal, "C.view.leading")
        try s.constrain("bar.trailing", .equal, "C.view.trailing")
        try s.constrain("bar.bottom", .equal, "C.view.keyboard.top")
        try s.constrain("bar.height", .equal, constant: 44)
        return s
    }

    @Test(arguments: [
        ("iphone-15", Orientation.portrait, rect(0, 774, 393, 44), rect(0, 472, 393, 44)),
        ("iphone-15", .landscape, rect(0, 328, 852, 44), rect(0, 130, 852, 44)),
        ("iphone-8", .portrait, rect(0, 623, 375, 44), rect(0, 363, 375, 44)),
        ("iphone-8", .landscape, rect(0, 331, 667, 44), rect(0, 131, 667, 44)),
    ])
    func keyboardGuideFollowsTheDockedKeyboard(device: String, orientation: Orientation, hidden: Rect, shown: Rect)
        throws {
        var s = try barScreen(device, orientation)
        let before = s.layout()
        #expect(before.frame("bar") == hidden)
        s.setKeyboardFrame(s.device.dockedKeyboardFrame(orientation))
        let after = s.layout()
        #expect(after.frame("bar") == shown)
        #expect(LayoutDiff.changes(from: before, to: after) == [.frame(view: "bar", before: hidden, after: shown)])
        // Undocked: the guide goes back to the safe-area bottom.
        s.setKeyboardFrame(rect(0, 100, 300, 200), docked: false)
        #expect(s.layout().frame("bar") == hidden)
        s.setKeyboardFrame(nil)
        #expect(s.layout().frame("bar") == hidden)
    }

    @Test func rotationMovesTheDemoForm() throws {
        var s = Screen.demo()
        _ = s.layout()
        s.rotate(to: .landscape)
        let l = s.layout()
        #expect(l.frame("Login.view") == rect(0, 0, 852, 393))
        #expect(l.frame("form") == rect(75, 230, 702, 122))
        #expect(l.frame("signIn") == rect(75, 322, 702, 30))
        s.rotate()
        #expect(s.layout().frame("form") == rect(16, 676, 361, 122))
        try s.setDevice("iphone-8", orientation: .portrait)
        #expect(s.layout().frame("form") == rect(16, 525, 343, 122))
    }
}
