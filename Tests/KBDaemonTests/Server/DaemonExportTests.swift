import Foundation
import Testing
import KBShell
import KBTestSupport
@testable import KBDaemon

/// `export swift` through a daemon, as in the shell: the source in the
/// reply's `"swift"`, or written to a file in the daemon's folder.
@Suite("Daemon: export swift")
struct DaemonExportTests {
    @Test func exportSwiftRepliesWithTheSourceAndWritesAFile() async throws {
        let dir = temporaryDirectory()
        let server = try await DaemonProcess.start(directory: dir)
        defer { server.stop() }
        let replies = try await server.evals(["demo", "handle Login with observer formBottom padding 8", "focus email",
                                              "export swift", "export swift Login.swift"], session: "s")
        let printed = try #require(replies[3]?["result"]?["swift"]?.stringValue)
        #expect(printed.contains("final class LoginViewController: UIViewController, KeyboardObserverDelegate {"))
        #expect(printed.contains("// kbplay: ⚑ safe-area-double-count:"))
        // The same session in the shell exports the same bytes.
        var local = Session.demo()
        for line in ["handle Login with observer formBottom padding 8", "focus email"] { _ = local.execute(line) }
        #expect(local.execute("export swift").members["swift"]?.stringValue == printed)
        #expect(replies[4]?["result"]?["ok"] == .bool(true))
        let written = try String(contentsOfFile: dir + "/Login.swift", encoding: .utf8)
        #expect(written == printed)
    }
}
