import Testing
import KBModel
@testable import KBShell

/// `CommandOutcome.jsonText`, which `--json` mode and the daemon write, is
/// byte for byte the text of `CommandOutcome.json` (the lessons and the
/// fuzzer check it on every command they run; this covers what they may
/// not reach).
@Suite struct JSONTextTests {
    @Test func everyKindOfChangeIsWrittenAsItsJSONValue() {
        let r = Rect(x: 0, y: -59.5, width: 393.333, height: 1e16)
        let s = Rect(x: -0.0, y: .infinity, width: .nan, height: 0.005)
        let i = EdgeInsets(top: 59, left: 0, bottom: 34.25, right: -1)
        let changes: [LayoutChange] = [
            .viewAdded(view: "a", frame: r), .viewRemoved(view: "b", frame: s), .frame(view: "c", before: r, after: s),
            .safeAreaInsets(view: "d", before: i, after: .zero), .contentInset(view: "e", before: .zero, after: i),
            .adjustedContentInset(view: "f", before: i, after: i), .indicatorInsets(view: "g", before: .zero, after: i),
            .contentSize(view: "h", before: Size(width: 393, height: 0), after: Size(width: 1e20, height: 0.1 + 0.2)),
            .contentOffset(view: "i", before: Point(x: 0, y: -59), after: Point(x: 1.999, y: 120)),
            .constant(constraint: "formBottom", before: -8, after: 336.5),
        ]
        // The notifications of a real keyboard show; the rest replaced.
        var session = Session.demo(sessionsDirectory: "/nonexistent-kbplay-json")
        var outcome = session.execute("keyboard show")
        #expect(outcome.json["notifications"]?.arrayValue?.count == 4)
        outcome.command = "keyboard show \"quoted\"\t"
        outcome.text = "✓ é\n\u{1}"
        outcome.members = [
            "warnings": .array([.string("w")]), "focus": .object(["field": .string("email"), "covered": .number(0)]),
            // Replaced by the outcome's own, as `json` replaces them.
            "ok": .string("member"), "changes": .null, "command": .number(1),
            "Zed": .bool(true), "é": .null, "animation": .array([]),
        ]
        outcome.changes = changes
        #expect(outcome.jsonText == outcome.json.text)
        for status in [CommandOutcome.Status.ok, .expectFailed, .rejected, .ioError] {
            outcome.status = status
            #expect(outcome.jsonText == outcome.json.text)
        }
        outcome.changes = nil
        #expect(outcome.jsonText == outcome.json.text)
        let hide = session.execute("keyboard hide")
        #expect(hide.json["notifications"]?.arrayValue?.count == 4)
        #expect(hide.jsonText == hide.json.text)
        #expect(CommandOutcome(command: "").jsonText == CommandOutcome(command: "").json.text)
    }

    /// Every escape a string can need, alone, together, at either end and
    /// beside text that needs none (the expected texts written out by hand:
    /// `"` and `\\` get a backslash, newline, return and tab their letters,
    /// other controls `\u00` and two hex digits; é, ✓ and DEL pass as they are).
    @Test func stringsAreEscapedOnceEach() {
        let cases: [(String, String)] = [
            ("", #""""#),
            ("plain", #""plain""#),
            ("\"", #""\"""#),
            ("\\", #""\\""#),
            ("<rect x=\"16\"/>\n", #""<rect x=\"16\"/>\n""#),
            ("a\r\tb", #""a\r\tb""#),
            ("\u{0}\u{1}\u{1F}", #""\u0000\u0001\u001f""#),
            ("é ✓ \u{7F}", "\"é ✓ \u{7F}\""),
            ("\u{1B}[0m\"\\", #""\u001b[0m\"\\""#),
        ]
        for (s, expected) in cases {
            #expect(JSON.string(s).text == expected, "\(s.debugDescription)")
            #expect(JSON.array([.string(s), .string(s)]).text == "[\(expected), \(expected)]")
        }
    }

    @Test func anObjectOfManyMembersIsWrittenInTheOrderOfItsKeys() {
        var members: [String: JSON] = [:]
        for k in 0..<300 { members["view\(k * 7919 % 300)"] = .number(Double(k)) }
        let text = JSON.object(members).text
        let keys = members.keys.sorted()
        let expected = "{" + keys.map { "\"\($0)\": \(formatNumber(members[$0]!.numberValue!))" }.joined(separator: ", ") + "}"
        #expect(text == expected)
    }
}
