import Testing
@testable import KBShell

/// `set V.accessibilityIdentifier` as a user types it: kept by `export kbs`
/// (its script gives it back) and by the session file.
@Suite("accessibilityIdentifier in the shell")
struct AccessibilityIdentifierRoundTripTests {
    @Test func keptByExportKbsAndTheSessionFile() throws {
        var s = Session()
        #expect(s.execute("demo").status == .ok)
        let set = s.execute("set email.accessibilityIdentifier = \"email, please\"")
        #expect(set.status == .ok)
        #expect(set.text.contains("a UI test finds email as \"email, please\""))
        let script = s.execute("export kbs").text
        #expect(script.contains("set email.accessibilityIdentifier = \"email, please\""))
        // The script rebuilds it.
        var rebuilt = Session()
        for line in script.split(separator: "\n") where !line.hasPrefix("#") {
            #expect(rebuilt.execute(String(line)).status != .rejected, "\(line)")
        }
        #expect(try rebuilt.screen.view(named: "email").accessibilityIdentifier == "email, please")
        // The session file keeps it.
        let loaded = try SessionFile.decode(try SessionFile.encode(s), path: "t.json")
        #expect(try loaded.screen.view(named: "email").accessibilityIdentifier == "email, please")
    }
}
