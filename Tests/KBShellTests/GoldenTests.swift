import Foundation
import Testing
@testable import KBShell

/// Golden transcripts: every `Golden/NN-name.kbs` runs like `kbplay run
/// --echo` and must print exactly `NN-name.out` (and, in JSON mode,
/// `NN-name.jsonl`). `KBPLAY_RECORD=1 swift test --filter GoldenTests`
/// writes the expected files anew; review the diff before committing.
@Suite("Golden transcripts")
struct GoldenTests {
    static let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Golden")
    static let record = ProcessInfo.processInfo.environment["KBPLAY_RECORD"] == "1"

    static var scripts: [String] {
        ((try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? [])
            .filter { $0.hasSuffix(".kbs") }.sorted()
    }

    @Test(arguments: scripts)
    func transcript(_ script: String) throws {
        let text = try String(contentsOf: Self.folder.appendingPathComponent(script), encoding: .utf8)
        let sessions = NSTemporaryDirectory() + "kbplay-golden"
        let base = String(script.dropLast(4))
        for (json, suffix) in [(false, ".out"), (true, ".jsonl")] {
            let result = ScriptRunner(json: json, echo: !json, sessionsDirectory: sessions).run(text, file: script)
            let expectedURL = Self.folder.appendingPathComponent(base + suffix)
            if Self.record {
                try result.output.write(to: expectedURL, atomically: true, encoding: .utf8)
                continue
            }
            let expected = try String(contentsOf: expectedURL, encoding: .utf8)
            if result.output != expected {
                let a = expected.split(separator: "\n", omittingEmptySubsequences: false)
                let b = result.output.split(separator: "\n", omittingEmptySubsequences: false)
                let first = zip(a, b).enumerated().first { $0.element.0 != $0.element.1 }?.offset ?? min(a.count, b.count)
                Issue.record("""
                \(base + suffix) differs from line \(first + 1):
                  expected: \(first < a.count ? String(a[first]) : "<end>")
                  actual:   \(first < b.count ? String(b[first]) : "<end>")
                (KBPLAY_RECORD=1 re-records)
                """)
            }
            // Deterministic: the same script prints the same bytes twice.
            let again = ScriptRunner(json: json, echo: !json, sessionsDirectory: sessions).run(text, file: script)
            #expect(again.output == result.output)
        }
    }
}
