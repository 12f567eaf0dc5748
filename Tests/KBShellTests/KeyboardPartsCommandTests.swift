import Testing
@testable import KBShell

/// The commands of the keyboard parts of real apps: what they print, and
/// every bad input refused with what would work, the session unchanged.
@Suite("Commands: accessories, tables, sheets, windows")
struct KeyboardPartsCommandTests {
    /// The demo (iPhone 15, Login: form of email, password, signIn) with
    /// `lines` run, each of which must pass.
    func session(_ lines: [String]) -> Session {
        var s = Session.demo(sessionsDirectory: "/nonexistent-kbplay-parts")
        for line in lines {
            let o = s.execute(line)
            #expect(o.status == .ok, "\(line): \(o.text)")
        }
        return s
    }

    /// `line` is refused with `message` (and `suggestion` when given), and the session stays as it was.
    func refused(_ s: inout Session, _ line: String, _ message: String, suggestion: String? = nil,
                 sourceLocation: SourceLocation = #_sourceLocation) {
        let before = s.state
        let o = s.execute(line)
        #expect(o.status == .rejected, "\(line)", sourceLocation: sourceLocation)
        #expect(o.text.contains(message), "\(line): \(o.text)", sourceLocation: sourceLocation)
        if let suggestion { #expect(o.text.contains(suggestion), "\(line): \(o.text)", sourceLocation: sourceLocation) }
        #expect(s.state == before, "\(line) changed the session", sourceLocation: sourceLocation)
    }

    @Test func badInputIsRefusedWithWhatWouldWork() {
        var s = session(["add tableView items to Login.view rows 40", "controller Sheet", "present Sheet as sheet",
                         "add scrollView sv to Login.view"])
        refused(&s, "accessory signIn height 44", "'signIn' cannot have an input accessory view: only a textField, a textView or a controller")
        refused(&s, "accessory emial height 44", "unknown name 'emial'", suggestion: "email")
        refused(&s, "accessory email height -4", "a height must be more than 0")
        refused(&s, "add textField q to items row 40", "items has 40 rows (0…39), so there is no row 40")
        refused(&s, "add textField q to items row 2.5", "a row is a whole number from 0")
        refused(&s, "add label l to Login.view rows 3", "'rows' is a table-view option; label has none")
        refused(&s, "present Sheet as formSheet", "cannot present Sheet: it is already presented (as sheet from Login); dismiss Sheet first")
        refused(&s, "present Login as sheet", "cannot present Login: it is the window's root controller")
        refused(&s, "dismiss Login", "Login is not presented")
        refused(&s, "window split-half", "'window split-half' needs an iPad")
        refused(&s, "inputView signIn height 216", "'signIn' cannot become first responder")
        refused(&s, "inputView email height", "needs the input view's height", suggestion: "inputView email height 216")
        refused(&s, "scroll email by 10", "'email' is not a scroll view")
        refused(&s, "set sv.keyboardDismissMode = sideways", "'sideways' is not a keyboardDismissMode")
        refused(&s, "set email.alpha 1.5", "alpha 1.5 is out of range")
        refused(&s, "set items.rows -1", "rows is a whole number from 0")
        var pad = session(["device ipad-pro-11 landscape"])
        refused(&pad, "window stage 0 0 5000 5000", "does not fit the 1194×834 screen")
        refused(&pad, "window stage", "a Stage Manager window needs its frame", suggestion: "window stage 100 100 700 600")
        refused(&pad, "window split-half 1 2 3 4", "only a Stage Manager window takes a frame")
        refused(&pad, "window sideways", "one of full, split-half, split-third, slide-over, stage")
    }

    @Test func undoTakesAnAccessoryAwayWithItsNotifications() {
        var s = session(["focus email"])
        let before = s.state
        let o = s.execute("accessory email height 44 as toolbar")
        // The keyboard's frame grows by the toolbar: 336 + 44 = 380, top 472.
        #expect(o.text.contains("keyboardWillChangeFrame  (0 516; 393 336) → (0 472; 393 380)"))
        #expect(o.text.contains("+ toolbar (0 472; 393 44)"))
        _ = s.execute("undo")
        #expect(s.state == before)
    }

    @Test func theVerdictInJSON() {
        var s = session(["constrain email.height == 34", "set form.alpha 0"])
        let o = s.execute("focus email")
        guard case let .object(focus)? = o.json["focus"] else { Issue.record("no focus in \(o.jsonText)"); return }
        #expect(focus["visible"] == .bool(false))
        // Hidden first (alpha 0 on form), then the keyboard (710 − 516 = 194).
        #expect(focus["obscuredBy"] == .array([
            .object(["by": .string("hidden"), "view": .string("form"), "points": .number(34)]),
            .object(["by": .string("keyboard"), "points": .number(194)]),
        ]))
        #expect(focus["covered"] == .number(194))
        #expect(o.text.contains("✗ email is hidden: form.alpha is 0"))
        #expect(s.execute("expect email.visible == 0").status == .ok)
    }
}
