import Foundation
import Testing
import KBTestSupport
@testable import KBShell

/// A session that shares its sessions folder (a daemon's) replaces only
/// the file its own `save` wrote, and only while nobody changed it; a file
/// kbplay rewrites keeps its mode.
@Suite("save and files that are not the session's")
struct SaveGuardTests {
    static func mode(_ path: String) -> Int {
        ((try? FileManager.default.attributesOfItem(atPath: path))?[.posixPermissions] as? Int) ?? -1
    }

    @Test func aGuardedSessionReplacesOnlyItsOwnFile() throws {
        let dir = TemporaryFolder.make("guard")
        let teacher = dir + "/lesson.json"
        try "{}".write(toFile: teacher, atomically: true, encoding: .utf8)
        var s = Session.demo(sessionsDirectory: dir)
        s.guardsOthersFiles = true
        let refused = s.execute("save lesson")
        #expect(refused.status == .rejected)
        #expect(refused.text.contains("\(teacher) is not this session's to replace: another session or a person wrote it"), "\(refused.text)")
        #expect(refused.members["error"]?["suggestion"]?.stringValue == "save under a name of your own: save lesson-2")
        #expect(try String(contentsOfFile: teacher, encoding: .utf8) == "{}")
        // Its own file, again and again.
        #expect(s.execute("save mine").status == .ok)
        #expect(s.execute("set formBottom.constant 30").status == .ok)
        #expect(s.execute("save").status == .ok)
        // A file changed since it saved it is not its own any more.
        try "{}".write(toFile: dir + "/mine.json", atomically: true, encoding: .utf8)
        let changed = s.execute("save")
        #expect(changed.status == .rejected)
        #expect(changed.text.contains("it changed since this session saved it"), "\(changed.text)")
        // A loaded file is read, not written, by the session.
        var other = Session(sessionsDirectory: dir)
        other.guardsOthersFiles = true
        try FileManager.default.removeItem(atPath: dir + "/mine.json")
        #expect(s.execute("save mine").status == .ok)
        #expect(other.execute("load mine").status == .ok)
        #expect(other.execute("save").status == .rejected)
        // Unguarded (the shell and `kbplay run`), a person's own files are theirs to replace.
        var local = Session.demo(sessionsDirectory: dir)
        #expect(local.execute("save lesson").status == .ok)
    }

    @Test func aRewrittenFileKeepsItsMode() throws {
        let dir = TemporaryFolder.make("mode")
        var s = Session.demo(sessionsDirectory: dir)
        #expect(s.execute("save kept").status == .ok)
        let file = dir + "/kept.json"
        for mode in [0o640, 0o604, 0o600] {
            #expect(chmod(file, mode_t(mode)) == 0)
            #expect(s.execute("save").status == .ok)
            #expect(Self.mode(file) == mode)
            #expect(s.execute("export kbs \(dir)/kept.json").status == .ok)
            #expect(Self.mode(file) == mode)
        }
    }
}
