import Testing
@testable import KBModel

/// A session that runs for a whole workshop (a daemon's) adds and removes
/// views and constraints for hours; its solver holds what the screen has
/// now, not everything it ever had.
@Suite struct LongSessionTests {
    @Test func viewsAddedAndRemovedLeaveTheSolverNoBigger() throws {
        var s = try screen("iphone-15")
        try s.addView(.stackView, "form", to: "C.view",
                      options: ViewOptions(stack: StackConfiguration(axis: .vertical, spacing: 8)))
        try s.pin("form", to: "C.view.safeArea", insets: EdgeInsets(top: 0, left: 0, bottom: 0, right: 0))
        try s.addView(.textField, "email", to: "form")
        let shown = s.device.dockedKeyboardFrame(s.orientation)
        _ = s.layout()
        let start = s.solverStorage()
        var largest = start
        for k in 0..<3_000 {
            try s.addView(.label, "hint", to: "form", options: ViewOptions(text: "hint \(k)"))
            try s.constrain("hint.height", .greaterOrEqual, constant: 30, priority: 700)
            s.setKeyboardFrame(k % 2 == 0 ? shown : nil)
            s.rotate(to: k % 3 == 0 ? .landscape : .portrait)
            _ = s.layout()
            try s.remove("hint")
            let now = s.solverStorage()
            largest = (max(largest.symbols, now.symbols), max(largest.slots, now.slots))
        }
        // Without compaction: 16 more symbols and 4 more slots for every
        // pass, 48,000 and 12,000 in all.
        #expect(largest.symbols < start.symbols + 1_000)
        #expect(largest.slots < start.slots + 1_000)
        // The last pass left it portrait with the keyboard down: the field
        // fills the stack, which fills the safe area.
        #expect(s.layout().frame("email") == rect(0, 59, 393, 759))
    }
}

/// A script that adds its views first and constrains them afterwards, one
/// line at a time with a layout after each (as `run` does): each view's
/// variables get their solver slots only when a constraint first names
/// them, and the frames read must be those slots'.
@Suite struct ViewsConstrainedAfterTheyWereAddedTests {
    @Test func eachViewTakesItsFrameWhenConstrained() throws {
        var s = try screen("iphone-15")
        for k in 0..<40 {
            try s.addView(.view, "v\(k)", to: "C.view")
            _ = s.layout()
        }
        for k in 0..<40 {
            // v0 at top 100, each next 20 below: top k = 100 + 20k, height 12.
            let above = k == 0 ? "C.view.top" : "v\(k - 1).bottom"
            try s.constrain("v\(k).top", .equal, above, constant: k == 0 ? 100 : 8)
            _ = s.layout()
            try s.constrain("v\(k).leading", .equal, "C.view.leading", constant: Double(k))
            try s.constrain("v\(k).width", .equal, constant: 50)
            _ = s.layout()
            try s.constrain("v\(k).height", .equal, constant: 12)
            let layout = s.layout()
            // By hand: top = 100 + 20k (12 high plus 8 between), x = k.
            #expect(layout.frame("v\(k)") == rect(Double(k), Double(100 + 20 * k), 50, 12))
            // The views not constrained yet have no frame.
            if k + 1 < 40 { #expect(layout.frame("v\(k + 1)") == rect(0, 0, 0, 0)) }
        }
        // Removing one and adding it back: its new variables get new slots.
        try s.remove("v39")
        try s.addView(.view, "v39", to: "C.view")
        _ = s.layout()
        try s.constrain("v39.top", .equal, "v38.bottom", constant: 8)
        try s.constrain("v39.leading", .equal, "C.view.leading", constant: 1)
        try s.constrain("v39.width", .equal, constant: 5)
        try s.constrain("v39.height", .equal, constant: 6)
        // Top: 100 + 20·38 + 12 + 8 = 880.
        #expect(s.layout().frame("v39") == rect(1, 880, 5, 6))
    }
}
