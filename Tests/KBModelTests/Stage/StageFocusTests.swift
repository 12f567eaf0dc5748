import Testing
@testable import KBModel

/// The focus verdict: for a text view, its caret. An iPhone 8 (375 × 667,
/// status bar 20, keyboard 260, up at 407); the text view `body` fills the
/// safe area (20 to 667) and holds 500 pt of content, so its caret, 21 pt
/// tall at the content's last line, has its top at 20 + 500 − 21 = 499 and
/// its bottom at 520: 520 − 407 = 113 pt under the keyboard.
@Suite struct StageFocusTests {
    static func notes() throws -> Stage {
        var s = try Screen(deviceID: "iphone-8", orientation: .portrait)
        try s.addController("Notes")
        try s.addView(.textView, "body", to: "Notes.view")
        try s.pin("body", to: "Notes.view.safeArea")
        try s.addView(.label, "lines", to: "body", options: ViewOptions(intrinsic: Size(width: 343, height: 500)))
        try s.constrain("lines.top", .equal, "body.content.top")
        try s.constrain("lines.bottom", .equal, "body.content.bottom")
        try s.constrain("lines.leading", .equal, "body.content.leading", constant: 16)
        try s.constrain("lines.trailing", .equal, "body.content.trailing", constant: -16)
        return Stage(screen: s)
    }

    @Test func aTextViewsVerdictIsItsCaret() throws {
        var stage = try Self.notes()
        var log = StageLog()
        try stage.focus("body", &log)
        let snapshot = stage.screen.layout()
        let caret = try #require(stage.caretReport(in: snapshot))
        #expect(caret.field == "the caret of body")
        #expect(caret.fieldFrame == Rect(x: 0, y: 499, width: 2, height: 21))
        #expect(caret.keyboardTop == 407 && caret.covered == 113 && caret.clearance == 0)
        #expect(stage.focusReport(in: snapshot) == caret)
        #expect(caret.verdict(keyboardUp: true)
            == "✗ the caret of body is covered by the keyboard: its bottom is at 520, the keyboard's top at 407 (113 pt hidden)")
    }

    @Test func aTextFieldHasNoCaretReport() throws {
        var stage = Stage(screen: Screen.demo())
        var log = StageLog()
        try stage.focus("email", &log)
        let snapshot = stage.screen.layout()
        #expect(stage.caretReport(in: snapshot) == nil)
        #expect(stage.focusReport(in: snapshot)?.field == "email")
    }

    @Test func verdictsSayWhatHidesTheField() {
        let frame = Rect(x: 16, y: 500, width: 361, height: 40)
        // Its bottom at 540, the keyboard's top at 516: 24 pt hidden.
        var r = FocusReport(field: "email", fieldFrame: frame, keyboardTop: 516, covered: 24, clearance: 0,
                            obscuredBy: [Obstruction(.keyboard, points: 24)])
        #expect(r.verdict(keyboardUp: true)
            == "✗ email is covered by the keyboard: its bottom is at 540, the keyboard's top at 516 (24 pt hidden)")
        r = FocusReport(field: "email", fieldFrame: frame, keyboardTop: 852, covered: 0, clearance: 312)
        #expect(r.verdict(keyboardUp: false) == "✓ email is visible (no keyboard on screen)")
        #expect(r.verdict(keyboardUp: true) == "✓ email is visible, 312 pt above the keyboard")
        r.accessory = "toolbar"
        #expect(r.verdict(keyboardUp: true) == "✓ email is visible, on the input accessory view toolbar")
    }

    @Test func aLayoutGuideWithNothingPinnedSaysWhatToPin() throws {
        var stage = Stage(screen: Screen.demo())
        stage.strategies = [Strategy(kind: .layoutGuide, controller: "Login")]
        let unpinned = try #require(stage.unpinnedLayoutGuide(of: "Login"))
        // `form` holds the first text field; formBottom is on its bottom.
        #expect(unpinned.guide == "Login.view.keyboard")
        #expect(unpinned.pin == "deactivate formBottom, then constrain Login.view.keyboard.top == form.bottom + 8")
        stage.strategies = []
        #expect(stage.unpinnedLayoutGuide(of: "Login") == nil)
    }
}
