import Testing
import KBModel
@testable import KBShell

/// A refused command leaves the session exactly as it was, frames
/// included; a number the layout cannot hold is refused with its range.
@Suite("refused commands and numbers out of the layout's range")
struct RejectedCommandLayoutTests {
    /// The steps: with the keyboard up, `device x` used to take it
    /// down before looking the device up, so the rollback rebuilt the
    /// layout from scratch, which can settle elsewhere than the layout the
    /// commands reached one by one.
    @Test func anUnknownDeviceWithTheKeyboardUpKeepsTheLayoutAsItWas() throws {
        var s = Session.demo()
        for line in ["add textField L1 to form intrinsic 10000000 61", "focus password"] {
            let o = s.execute(line)
            #expect(o.status == .ok, "\(line): \(o.text)")
        }
        let frames = s.execute("frames").text
        let width = s.execute("print L1.frame.width").text
        let cached = try #require(s.screen.cachedLayout)
        let events = s.events.count
        let o = s.execute("device x")
        #expect(o.status == .rejected)
        #expect(o.text.contains("unknown device 'x'") || o.text.contains("'x'"), "\(o.text)")
        // The very layout it had, still cached: not rebuilt from scratch.
        #expect(s.screen.cachedLayout == cached)
        #expect(s.execute("print L1.frame.width").text == width)
        #expect(s.execute("frames").text == frames)
        #expect(s.keyboard.isUp)
        #expect(s.events.count == events, "no keyboardWillHide was posted: \(s.events.map(\.notification.name))")
    }

    @Test func aNumberTheLayoutCannotHoldIsRefusedWithItsRange() {
        var s = Session.demo()
        let before = s.execute("frames").text
        let range = "use a number from -10000000 to 10000000 points"
        let cases: [(String, String)] = [
            ("add textField L1 to form intrinsic 100000000000000000000 61", "intrinsic width 1e+20 is out of range: \(range)"),
            ("add textField L1 to form intrinsic 61 10000001", "intrinsic height 10000001 is out of range: \(range)"),
            ("constrain email.height == 20000000", "constant 20000000 is out of range: \(range)"),
            ("constrain email.top == form.top - 10000000.5", "constant -10000000.5 is out of range: \(range)"),
            ("set formBottom.constant = 99999999999", "constant 99999999999 is out of range: \(range)"),
            ("add stackView st to form spacing 100000000", "spacing 100000000 is out of range: \(range)"),
            ("constrain email.width == password.width * 10001",
             "multiplier 10001 is not allowed: use a non-zero number from -10000 to 10000"),
        ]
        for (line, message) in cases {
            let o = s.execute(line)
            #expect(o.status == .rejected, "\(line): \(o.text)")
            if !message.isEmpty { #expect(o.text.contains(message), "\(line): \(o.text)") }
        }
        #expect(s.execute("frames").text == before)
        #expect(s.execute("focus email").status == .ok)
        let up = s.execute("frames").text
        let drag = s.execute("keyboard drag 100000000")
        #expect(drag.status == .rejected && drag.text.contains("drag position 100000000 is out of range: \(range)"), "\(drag.text)")
        #expect(s.execute("frames").text == up)
        #expect(s.execute("keyboard drag 600").status == .ok)
        // The bounds themselves are taken.
        for line in ["add textField L1 to form intrinsic 10000000 61", "constrain email.height <= 10000000 as tall",
                     "set tall.constant = -10000000", "constrain email.width == password.width * 10000 @ 1"] {
            let o = s.execute(line)
            #expect(o.status == .ok, "\(line): \(o.text)")
        }
    }
}
