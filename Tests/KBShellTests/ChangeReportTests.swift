import Foundation
import Testing
import KBModel
import KBTestSupport
@testable import KBShell

/// What a command did travels as one typed value — the outcome's
/// ``ChangeReport`` and, for a refused command, its ``CommandError`` —
/// and the printed text and JSON members are rendered from it.
///
/// The screen is lesson 01's on an iPhone 8 (667 pt tall, no home
/// indicator, keyboard 260): the observer sets formBottom.constant to the
/// end frame's height + 8 = 268 on show.
@Suite("the typed change report")
struct ChangeReportTests {
    static let setup = [
        "device iphone-8", "controller Login", "add stackView form to Login.view axis vertical spacing 12",
        "add textField email to form", "add textField password to form",
        "constrain form.leading == Login.view.margins.leading", "constrain form.trailing == Login.view.margins.trailing",
        "constrain Login.view.safeArea.bottom == form.bottom + 20 as formBottom",
        "handle Login with observer formBottom padding 8",
    ]

    func session() -> Session {
        var s = Session(sessionsDirectory: TemporaryFolder.make("report"))
        for line in Self.setup { #expect(s.execute(line).status == .ok, "\(line)") }
        return s
    }

    @Test func aHandlersEffectIsATypedValueRenderedIntoTheText() throws {
        var s = session()
        let o = s.execute("focus email")
        let report = try #require(o.report)
        // The show burst, in the order iOS posts it.
        #expect(report.notifications.map(\.name) == [.willChangeFrame, .willShow, .didChangeFrame, .didShow])
        #expect(report.entries.compactMap { if case let .posted(n) = $0 { n.name } else { nil } } == report.notifications.map(\.name))
        let effects = report.handlerEffects
        // The observer handles willShow only: 260 + 8 = 268.
        #expect(effects.count == 1)
        let e = try #require(effects.first)
        #expect(e.controller == "Login" && e.strategy == .observer)
        #expect(e.effect.target == .constant("formBottom"))
        #expect(e.effect.before == .points(20) && e.effect.after == .points(268))
        #expect(e.effect.what == "formBottom.constant 20 → 268")
        // The text is the report rendered: the handler's line is there once,
        // and its constant is not repeated by the diff.
        #expect(o.text == report.text)
        #expect(o.text.contains("  Login · observer     formBottom.constant 20 → 268   \(e.effect.why)"))
        #expect(o.text.components(separatedBy: "formBottom").count == 2)
        #expect(report.changes.contains(.constant(constraint: "formBottom", before: 20, after: 268)))
        // The verdict is a field, and the printed line is rendered from it:
        // the form ends 8 above the keyboard's top at 667 − 260 = 407.
        let focus = try #require(report.focus)
        #expect(focus.field == "email" && focus.report.isVisible && focus.keyboardUp)
        #expect(o.text.contains(focus.verdict))
        // The JSON members are rendered from the same value.
        #expect(o.members["focus"]?["field"]?.stringValue == "email")
        #expect(o.members["warnings"] == .array([]))
        #expect(o.json["notifications"]?.arrayValue?.count == 4)
        // `events` prints the same effect from the typed record.
        #expect(s.execute("events 4").text.contains("  → Login · observer: formBottom.constant 20 → 268"))
    }

    @Test func flawsAreFieldsThatThePageReads() throws {
        var s = session()
        #expect(s.execute("focus email").status == .ok)
        // On hide the end frame keeps its height: hide-keeps-height.
        let hide = s.execute("resign")
        let flaws = try #require(hide.report?.flaws)
        #expect(flaws.map(\.id) == [.hideKeepsHeight])
        #expect(hide.members["flaws"]?.arrayValue?.first?["id"]?.stringValue == "hide-keeps-height")
        let page = s.page()
        #expect(page["flaws"]?.arrayValue?.map { $0["id"]?.stringValue } == ["hide-keeps-height"])
        #expect(page["flaws"]?.arrayValue?.first?["reason"]?.stringValue == flaws[0].message.splitFix().0)
    }

    @Test func aRefusedCommandCarriesItsErrorAsAValue() throws {
        var s = session()
        let o = s.execute("focus nosuchfield")
        #expect(o.status == .rejected)
        let error = try #require(o.error)
        #expect(o.report == nil)
        #expect(o.text.hasPrefix("error: \(error.message)"))
        #expect(o.members["error"]?["message"]?.stringValue == error.message)
        #expect(o.members["error"]?["column"]?.numberValue == error.column.map(Double.init))
        // A command that ran has none.
        #expect(s.execute("focus email").error == nil)
    }

    @Test func aLogReplayListsNoneOfWhatItPosted() throws {
        var s = Session(sessionsDirectory: "/nonexistent-kbplay-log")
        let path = NSTemporaryDirectory() + "kbplay-report-replay-\(getpid()).log"
        try PastedNotificationTests.bareShowAndHide.write(toFile: path, atomically: true, encoding: .utf8)
        defer { try? FileManager.default.removeItem(atPath: path) }
        let o = s.execute("import log \(CommandParser.quote(path))")
        #expect(o.status == .ok, "\(o.text)")
        let report = try #require(o.report)
        // The replay posted notifications (they are compared, and in JSON)…
        #expect(!report.notifications.isEmpty)
        #expect(o.json["notifications"]?.arrayValue?.count == report.notifications.count)
        // …but none is an entry of the report, so none is printed.
        #expect(!report.entries.contains { if case .posted = $0 { true } else { false } })
        #expect(!o.text.contains("keyboardWillShow         ("))
    }
}
