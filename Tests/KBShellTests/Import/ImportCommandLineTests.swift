import Foundation
import Testing
import KBTestSupport

/// `kbplay import FILE`, the binary: a script on standard output that
/// `kbplay run` turns back into the same frames, a saved session, and the
/// exit status of a refused document.
@Suite("kbplay import: the binary", .serialized)
struct ImportCommandLineTests {
    static let login = InterfaceBuilderImportTests.fixture("login.storyboard")

    @Test func theScriptRunsToTheSameFrames() throws {
        let dir = TemporaryFolder.make("import-cli")
        let r = try EndToEndTests.run(["import", Self.login, "--script"])
        #expect(r.status == 0)
        #expect(r.out.hasPrefix("# kbplay script (export kbs)"))
        #expect(r.err.hasPrefix("imported Login from "))
        try (r.out + "frames\n").write(toFile: dir + "/login.kbs", atomically: true, encoding: .utf8)
        let direct = try EndToEndTests.run(["run", "-"], input: "import \(Self.login)\nframes\n")
        let rebuilt = try EndToEndTests.run(["run", dir + "/login.kbs"])
        #expect(rebuilt.status == 0)
        // What `frames` printed: from the last line that starts with the root view.
        func frames(_ out: String) -> String { String(out[out.range(of: "\nLogin.view ", options: .backwards)!.lowerBound...]) }
        #expect(frames(rebuilt.out) == frames(direct.out))
        #expect(frames(direct.out).contains("signInButton     165 257 63 30"))
    }

    @Test func dashOSavesTheSession() throws {
        let dir = TemporaryFolder.make("import-cli")
        let r = try EndToEndTests.run(["import", Self.login, "--device", "iphone-13", "-o", "login", "--sessions", dir])
        #expect(r.status == 0)
        #expect(r.out.contains("on iphone-13 portrait"))
        #expect(r.out.hasSuffix("saved \(dir)/login.json\n"))
        let loaded = try EndToEndTests.run(["repl", dir + "/login.json"], input: "print emailField.frame.width\n")
        #expect(loaded.out == "350\n")   // 390 − 20 − 20
    }

    @Test func aRefusedDocumentExitsWithStatus2() throws {
        let r = try EndToEndTests.run(["import", Self.login, "--scene", "Nowhere"])
        #expect(r.status == 2)
        #expect(r.err.contains("no scene 'Nowhere'"))
        #expect(r.out.isEmpty)
        #expect(try EndToEndTests.run(["import", Self.login, "--script", "-o", "x"]).status == 64)
    }
}
