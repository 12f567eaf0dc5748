import Foundation
import Testing
import KBTestSupport
@testable import KBShell

/// A dismissed controller leaves the window: nothing of it is visible or
/// drawn (text, SVG, the page), and a session file keeps it dismissed.
@Suite("Dismissed controllers")
struct DismissedControllerTests {
    static let script = """
        controller A
        controller B
        add textField f to B.view
        pin f to B.view.safeArea
        present B as pageSheet
        """

    static func run(_ lines: String, on session: inout Session) {
        for line in lines.split(separator: "\n") {
            let o = session.execute(String(line))
            #expect(o.status == .ok, "\(line): \(o.text)")
        }
    }

    @Test func aDismissedSheetIsNeitherVisibleNorDrawn() throws {
        var s = Session(sessionsDirectory: TemporaryFolder.make("dismiss"))
        Self.run(Self.script, on: &s)
        #expect(s.execute("expect f.visible == 1").status == .ok)
        #expect(s.execute("render").text.contains("[f"))
        #expect(s.execute("dismiss B").status == .ok)
        let expect = s.execute("expect f.visible == 0")
        #expect(expect.status == .ok, "\(expect.text)")
        // The text drawing and the SVG (which the page and the card show) leave it out.
        #expect(!s.execute("render").text.contains("[f"))
        let svg = s.page()["svg"]?.stringValue ?? ""
        #expect(!svg.isEmpty)
        #expect(!svg.contains(">f<") && !svg.contains("data-view=\"f\""), "\(svg)")
        #expect(s.execute("tree").text.contains("B.view (0 0; 393 852)  [root of B, dismissed, not in the window]"))
        // It cannot become first responder; presenting it again brings it back.
        let focus = s.execute("focus f")
        #expect(focus.status == .rejected)
        #expect(focus.text.contains("f is not in the window: B was dismissed (present B as sheet first)"))
        #expect(s.execute("present B as pageSheet").status == .ok)
        #expect(s.execute("expect f.visible == 1").status == .ok)
        #expect(s.execute("render").text.contains("[f"))
    }

    @Test func aSavedSessionKeepsItsSheetDismissed() throws {
        let dir = TemporaryFolder.make("dismiss-file")
        var s = Session(sessionsDirectory: dir)
        Self.run(Self.script + "\ndismiss B\nsave d", on: &s)
        var loaded = Session(sessionsDirectory: dir)
        #expect(loaded.execute("load d").status == .ok)
        #expect(loaded.execute("expect f.visible == 0").status == .ok)
        #expect(!loaded.execute("render").text.contains("[f"))
        // As `export kbs` writes it back, too.
        let script = s.script()
        #expect(script.contains("present B as sheet\ndismiss B\n"))
        var rebuilt = Session(sessionsDirectory: dir)
        Self.run(script.split(separator: "\n").filter { !$0.hasPrefix("#") }.joined(separator: "\n"), on: &rebuilt)
        #expect(rebuilt.execute("expect f.visible == 0").status == .ok)
        #expect(rebuilt.execute("frames").text == s.execute("frames").text)
    }

    /// Lesson 23's committed session: the form sheet it dismissed at its
    /// end is not drawn when the file is opened.
    @Test func lesson23sSavedSessionShowsItsSheetDismissed() throws {
        let sessions = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("Sessions").path
        var s = Session(sessionsDirectory: sessions)
        #expect(s.execute("load 23-ipad-form-sheet").status == .ok)
        #expect(s.execute("expect body.visible == 0").status == .ok)
        let svg = s.page()["svg"]?.stringValue ?? ""
        #expect(!svg.contains("Compose"), "\(svg)")
    }
}
