import Foundation
import Testing
import KBTestSupport
@testable import KBShell

/// A file a script names (`source`, `import`, `import log`, `render svg`,
/// `export … FILE`) is found beside the script, as a C `#include "…"` is;
/// typed at the prompt, in the current folder. Run through the built
/// binary, from folders other than the scripts'.
@Suite("Files named in scripts", .serialized)
struct ScriptFolderTests {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()
    static let lessons = root.appendingPathComponent("Sessions").path

    static func write(_ text: String, _ path: String) throws {
        try text.write(toFile: path, atomically: true, encoding: .utf8)
    }

    /// `cd /tmp && kbplay run …/Sessions/NN-name.kbs`: every lesson runs
    /// cleanly, and its `save` goes to the sessions folder, not beside it.
    @Test func everyLessonRunsFromAnyFolder() throws {
        let names = try FileManager.default.contentsOfDirectory(atPath: Self.lessons).filter { $0.hasSuffix(".kbs") }.sorted()
        #expect(names.count >= 27)
        for name in names {
            let elsewhere = TemporaryFolder.make("elsewhere")
            let r = try EndToEndTests.run(["run", Self.lessons + "/" + name, "--sessions", elsewhere + "/saved"],
                                          directory: elsewhere)
            #expect(r.status == 0, "\(name): \(r.out.split(separator: "\n").filter { $0.contains("error") }.prefix(3))")
            #expect(!r.out.contains("error:"), "\(name)")
            let saved = elsewhere + "/saved/" + name.dropLast(4) + ".json"
            #expect(FileManager.default.fileExists(atPath: saved), "\(name) did not save to \(saved)")
        }
    }

    /// `kbplay run sub/a.kbs`, where a.kbs sources b.kbs beside it and b.kbs
    /// imports, renders and exports with names relative to sub/.
    @Test func aSourcedScriptsFilesAreFoundBesideIt() throws {
        let dir = TemporaryFolder.make("folders")
        let sub = dir + "/sub"
        try FileManager.default.createDirectory(atPath: sub + "/deeper", withIntermediateDirectories: true)
        try FileManager.default.copyItem(atPath: Self.lessons + "/26-imported-login.storyboard", toPath: sub + "/deeper/login.storyboard")
        try Self.write("source deeper/b.kbs\nexpect emailField.frame.height == 34\n", sub + "/a.kbs")
        try Self.write("import login.storyboard\nrender svg login.svg\nexport kbs login.kbs\n", sub + "/deeper/b.kbs")
        let r = try EndToEndTests.run(["run", "sub/a.kbs", "--sessions", dir + "/Sessions"], directory: dir)
        #expect(r.status == 0, "\(r.out)")
        #expect(r.out.contains("imported Login from sub/deeper/login.storyboard"))
        #expect(FileManager.default.fileExists(atPath: sub + "/deeper/login.svg"))
        // The storyboard's placeholders come with the fields.
        let exported = try String(contentsOfFile: sub + "/deeper/login.kbs", encoding: .utf8)
        #expect(exported.contains("add textField emailField to Login.view placeholder \"Email\""), "\(exported)")
        #expect(!FileManager.default.fileExists(atPath: dir + "/login.svg"))
        // A missing file is named with the folder it was looked for in.
        try Self.write("source nothere.kbs\n", sub + "/c.kbs")
        let missing = try EndToEndTests.run(["run", "sub/c.kbs"], directory: dir)
        #expect(missing.status == 2)
        #expect(missing.out.contains("sub/c.kbs:1: error: no file 'sub/nothere.kbs'"), "\(missing.out)")
    }

    /// At the prompt a name is the current folder's; the script it sources
    /// finds its own names beside itself.
    @Test func atThePromptNamesAreTheCurrentFolders() throws {
        let dir = TemporaryFolder.make("prompt")
        try FileManager.default.createDirectory(atPath: dir + "/sub", withIntermediateDirectories: true)
        try Self.write("demo\nsource c.kbs\n", dir + "/sub/b.kbs")
        try Self.write("focus email\nrender svg here.svg\n", dir + "/sub/c.kbs")
        let r = try EndToEndTests.run([], input: "source sub/b.kbs\nrender svg top.svg\nquit\n", directory: dir)
        #expect(r.status == 0)
        #expect(!r.out.contains("error"), "\(r.out)")
        #expect(FileManager.default.fileExists(atPath: dir + "/sub/here.svg"))
        #expect(FileManager.default.fileExists(atPath: dir + "/top.svg"))
    }

    /// `import log` in a script reads the log beside it; `-` stays standard input.
    @Test func importLogReadsTheLogBesideTheScript() throws {
        let dir = TemporaryFolder.make("log")
        let logs = Self.root.appendingPathComponent("Tests/KBShellTests/Golden/console-logs").path
        try FileManager.default.createDirectory(atPath: dir + "/s", withIntermediateDirectories: true)
        try FileManager.default.copyItem(atPath: logs + "/modern.log", toPath: dir + "/s/modern.log")
        try Self.write("import log modern.log\n", dir + "/s/log.kbs")
        var session = Session(sessionsDirectory: dir)
        session.fileFolder = dir + "/s"
        #expect(session.path(of: "modern.log") == dir + "/s/modern.log")
        #expect(session.path(of: "/abs/x.log") == "/abs/x.log")
        #expect(session.path(of: "-") == "-")
        let r = try EndToEndTests.run(["run", "s/log.kbs"], directory: dir)
        #expect(r.status == 0, "\(r.out)")
        #expect(r.out.contains("in s/modern.log"), "\(r.out.prefix(300))")
    }
}
