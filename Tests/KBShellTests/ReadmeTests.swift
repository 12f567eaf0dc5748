import Foundation
import Testing
@testable import KBShell

/// The command reference (docs/commands.md) is generated from the command
/// table; `scripts/record-goldens` (or `KBPLAY_RECORD=1 swift test --filter
/// ReadmeTests`) writes it anew.
@Suite("README")
struct ReadmeTests {
    @Test func commandReferenceIsUpToDate() throws {
        let url = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("docs/commands.md")
        let text = try String(contentsOf: url, encoding: .utf8)
        let begin = "<!-- commands:begin -->\n", end = "<!-- commands:end -->"
        let start = try #require(text.range(of: begin)), stop = try #require(text.range(of: end))
        let current = String(text[start.upperBound..<stop.lowerBound])
        let generated = Help.markdownReference()
        if ProcessInfo.processInfo.environment["KBPLAY_RECORD"] == "1" {
            try (String(text[..<start.upperBound]) + generated + String(text[stop.lowerBound...]))
                .write(to: url, atomically: true, encoding: .utf8)
            return
        }
        #expect(current == generated, "docs/commands.md's command reference is stale: scripts/record-goldens")
    }

    @Test func everyCommandHasHelp() {
        for spec in CommandTable.all {
            #expect(!spec.summary.isEmpty, "\(spec.name)")
            #expect(Help.command(spec).hasPrefix("usage: \(spec.name)"))
        }
        // `describe` and `help` come from the same table as the parser.
        #expect(Set(CommandTable.firstWords).count == CommandTable.firstWords.count)
    }
}
