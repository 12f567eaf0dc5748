import Foundation
import Testing
import KBModel
import KBShell

/// Every workshop lesson in `Sessions/` runs cleanly through
/// `Session.execute`, and its committed `.json` is exactly the state the
/// run saves.
@Suite struct LessonTests {
    static let sessions: URL = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Sessions")

    static let lessons: [String] = ((try? FileManager.default.contentsOfDirectory(atPath: sessions.path)) ?? [])
        .filter { $0.hasSuffix(".kbs") }.map { String($0.dropLast(4)) }.sorted()

    @Test func thereIsALessonPerStrategyAndProblem() {
        #expect(Self.lessons.count >= 19)
        for strategy in StrategyKind.allCases {
            #expect(Self.lessons.contains { $0.hasSuffix("-" + strategy.rawValue) }, "no lesson for \(strategy.rawValue)")
        }
    }

    @Test(arguments: lessons)
    func lessonRunsAndMatchesItsSavedSession(_ name: String) throws {
        let text = try String(contentsOf: Self.sessions.appendingPathComponent(name + ".kbs"), encoding: .utf8)
        let scratch = FileManager.default.temporaryDirectory
            .appendingPathComponent("kbplay-lesson-\(name)-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: scratch) }
        var session = Session(sessionsDirectory: scratch.path)
        session.fileFolder = Self.sessions.path
        var lines = ScriptLines(StringLineReader(text))
        var saved: (state: Session.State, history: [String])?
        var expects = 0
        while let line = lines.next() {
            if line.text.hasPrefix("save ") { saved = (session.state, session.history) }
            let outcome = session.execute(line.text)
            #expect(outcome.status == .ok, "\(name).kbs:\(line.number): \(line.text)\n\(outcome.text)")
            #expect(outcome.jsonText == outcome.json.text, "\(name).kbs:\(line.number): \(line.text)")
            if line.text.hasPrefix("expect ") { expects += 1 }
        }
        #expect(expects >= 3, "\(name) pins its point with expect lines")
        #expect(text.hasPrefix("#"), "\(name) opens with its workshop comment")
        let last = text.split(separator: "\n").last.map(String.init)
        #expect(last == "save \(name)")
        let fresh = try #require(saved)
        // what the run wrote to the scratch folder is what the repository holds
        let written = try String(contentsOf: scratch.appendingPathComponent(name + ".json"), encoding: .utf8)
        let committedPath = Self.sessions.appendingPathComponent(name + ".json").path
        let committed = try String(contentsOfFile: committedPath, encoding: .utf8)
        #expect(written == committed, "\(name).json is stale: run it again with KBPLAY_SESSIONS=Sessions")
        let loaded = try SessionFile.decode(committed, path: committedPath)
        #expect(loaded.state == fresh.state)
        #expect(loaded.history == fresh.history)
    }
}
