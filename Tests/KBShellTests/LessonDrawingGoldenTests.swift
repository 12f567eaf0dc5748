import Foundation
import Testing
@testable import KBShell

/// Golden drawings of the workshop's lessons: every `Sessions/NN-name.kbs`
/// runs command by command, and after each one the session's drawing (what
/// `render svg` writes) and its whole page JSON (what the web pages get,
/// the drawing inside it as a JSON string) must be the bytes recorded in
/// `Golden/drawings/NN-name.steps` (each step's byte count and 64-bit
/// FNV-1a digest, so a drawing that changes by one byte at any step shows
/// as that step's line). The drawing after the lesson's last command is
/// recorded whole in `NN-name.svg`. `user-text` is a script of user text
/// that needs escaping.
/// `KBPLAY_RECORD=1 swift test --filter LessonDrawingGoldenTests` writes them anew.
@Suite("Lesson drawings")
struct LessonDrawingGoldenTests {
    static let goldenFolder = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .appendingPathComponent("Golden/drawings")
    static let scratch = "/tmp/kbplay-golden-drawings"

    /// 64-bit FNV-1a of `text`'s UTF-8 bytes, in hex.
    static func digest(_ text: String) -> String {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in text.utf8 {
            hash ^= UInt64(byte)
            hash = hash &* 0x0000_0100_0000_01b3
        }
        let hex = String(hash, radix: 16)
        return String(repeating: "0", count: 16 - hex.count) + hex
    }

    @Test func digestIsFNV1a() {
        // FNV-1a 64 of "": the offset basis itself; of "a": (basis ^ 0x61) * prime,
        // 0xcbf29ce484222325 ^ 0x61 = 0xcbf29ce484222344, times 0x100000001b3
        // modulo 2^64 = 0xaf63dc4c8601ec8c (the published test vector).
        #expect(Self.digest("") == "cbf29ce484222325")
        #expect(Self.digest("a") == "af63dc4c8601ec8c")
    }

    @Test func everyLessonHasItsDrawings() throws {
        let recorded = try FileManager.default.contentsOfDirectory(atPath: Self.goldenFolder.path).sorted()
        #expect(recorded == (LessonGoldenTests.lessons + ["user-text"]).flatMap { [$0 + ".steps", $0 + ".svg"] },
                "a drawing without its lesson, or a lesson without its drawings (KBPLAY_RECORD=1 records them)")
    }

    @Test(arguments: LessonGoldenTests.lessons)
    func drawings(_ lesson: String) throws {
        let text = try String(contentsOf: LessonGoldenTests.lessonsFolder.appendingPathComponent(lesson + ".kbs"),
                              encoding: .utf8)
        try check(text, as: lesson)
    }

    /// User text with everything the drawing escapes: markup, quotes, an
    /// apostrophe, an ampersand, C1 controls (U+0085), a noncharacter
    /// (U+FFFE) and DEL next to characters that share their first UTF-8
    /// byte but pass as they are (U+00A0, U+FF21, ✓).
    static let userText = """
        demo
        set email.text = "<script>alert(1)</script>"
        add label note to Login.view text "\\"><img src=x onerror=alert(1)>"
        set password.text = "it's & <b> \u{85} \u{FFFE} \u{A0} \u{FF21} \u{7F} end"
        add button go to Login.view text "Sign ✓ in"
        focus email
        set note.text = "a\u{9F}b\u{80}c"
        """

    @Test func drawingsOfUserText() throws {
        try check(Self.userText, as: "user-text")
    }

    /// Runs `script` command by command and compares every step's drawing
    /// and page with the goldens named `name`.
    private func check(_ script: String, as name: String) throws {
        var session = Session(sessionsDirectory: Self.scratch)
        // The files a lesson names are found beside it (the tests run in
        // the repository's folder, as `kbplay run Sessions/NN-name.kbs`).
        session.fileFolder = "Sessions"
        var lines = ScriptLines(StringLineReader(script))
        var steps = ""
        var svg = ""
        while let line = lines.next() {
            let outcome = session.execute(line.text)
            #expect(outcome.status != .rejected, "\(name) line \(line.number): \(outcome.text)")
            let page = session.page()
            svg = page["svg"]?.stringValue ?? ""
            // The drawing `render svg` writes is the page's.
            let snapshot = session.screen.cachedLayout ?? session.screen.layout()
            #expect(session.svg(snapshot) == svg, "\(name) line \(line.number)")
            let json = page.text
            steps += "\(line.number)\tsvg \(svg.utf8.count) \(Self.digest(svg))\tpage \(json.utf8.count) \(Self.digest(json))\t\(line.text)\n"
        }
        #expect(!svg.isEmpty)
        try GoldenFile.check(steps, against: Self.goldenFolder.appendingPathComponent(name + ".steps"))
        try GoldenFile.check(svg, against: Self.goldenFolder.appendingPathComponent(name + ".svg"))
    }
}
