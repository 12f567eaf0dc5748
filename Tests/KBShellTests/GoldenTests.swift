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
            try GoldenFile.check(result.output, against: Self.folder.appendingPathComponent(base + suffix))
            // Deterministic: the same script prints the same bytes twice.
            let again = ScriptRunner(json: json, echo: !json, sessionsDirectory: sessions).run(text, file: script)
            #expect(again.output == result.output)
        }
    }
}
