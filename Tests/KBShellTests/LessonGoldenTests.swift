import Foundation
import Testing
@testable import KBShell

/// Golden transcripts of the workshop's lessons: every `Sessions/NN-name.kbs`
/// runs like `kbplay run --echo` and must print exactly
/// `Golden/lessons/NN-name.out` (and, in JSON mode, `NN-name.jsonl`), the
/// whole output, so a change to any command's wording, a diff line or a
/// strategy's handling shows as a changed transcript.
/// `KBPLAY_RECORD=1 swift test --filter LessonGoldenTests` writes them anew.
@Suite("Lesson transcripts")
struct LessonGoldenTests {
    static let root = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    static let lessonsFolder = root.appendingPathComponent("Sessions")
    static let goldenFolder = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .appendingPathComponent("Golden/lessons")
    /// Where the lessons' closing `save` writes: a fixed path, because the
    /// `saved …` line prints it, so the transcript is the same on every
    /// machine and every run.
    static let scratch = "/tmp/kbplay-golden-lessons"

    static let lessons: [String] = ((try? FileManager.default.contentsOfDirectory(atPath: lessonsFolder.path)) ?? [])
        .filter { $0.hasSuffix(".kbs") }.map { String($0.dropLast(4)) }.sorted()

    @Test func everyLessonHasItsTranscripts() throws {
        #expect(Self.lessons.count >= 19)
        let recorded = try FileManager.default.contentsOfDirectory(atPath: Self.goldenFolder.path).sorted()
        #expect(recorded == Self.lessons.flatMap { [$0 + ".jsonl", $0 + ".out"] },
                "a transcript without its lesson, or a lesson without its transcripts (KBPLAY_RECORD=1 records them)")
    }

    @Test(arguments: lessons)
    func transcript(_ lesson: String) throws {
        let text = try String(contentsOf: Self.lessonsFolder.appendingPathComponent(lesson + ".kbs"), encoding: .utf8)
        for (json, suffix) in [(false, ".out"), (true, ".jsonl")] {
            var runner = ScriptRunner(json: json, echo: !json, sessionsDirectory: Self.scratch)
            // As `kbplay run Sessions/NN-name.kbs` from the repository's
            // folder runs it: the files it names are found beside it.
            runner.folder = "Sessions"
            let result = runner.run(text, file: lesson + ".kbs")
            #expect(result.status == .ok, "\(lesson)\(suffix): \(result.status)")
            let saved = json ? #""path": "\#(Self.scratch)/\#(lesson).json""# : "saved \(Self.scratch)/\(lesson).json\n"
            #expect(result.output.contains(saved), "\(lesson)\(suffix) does not end by saving to the scratch folder")
            try GoldenFile.check(result.output, against: Self.goldenFolder.appendingPathComponent(lesson + suffix))
            // Deterministic: the same lesson prints the same bytes twice.
            #expect(runner.run(text, file: lesson + ".kbs").output == result.output)
        }
    }
}
