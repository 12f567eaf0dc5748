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
