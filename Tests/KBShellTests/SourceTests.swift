import Foundation
import Testing
import KBTestSupport
@testable import KBShell

/// `source FILE`: a script's commands run in the session, all or nothing,
/// and no script can make it run forever or read without end.
@Suite("source: scripts run from a session")
struct SourceTests {
    static func folder() -> String {
        TemporaryFolder.make("source")
    }

    static func write(_ text: String, _ path: String) throws {
        try text.write(toFile: path, atomically: true, encoding: .utf8)
    }

    @Test func aScriptRunsItsCommandsOrNoneOfThem() throws {
        let dir = Self.folder()
        try Self.write("# the form\nfocus email\nkeyboard height 300\n", dir + "/ok.kbs")
        try Self.write("focus email\nfocus nobody\n", dir + "/bad.kbs")
        var s = Session.demo(sessionsDirectory: dir)
        let ran = s.execute("source \(dir)/ok.kbs")
        #expect(ran.status == .ok)
        #expect(ran.text.contains("> focus email") && ran.text.contains("> keyboard height 300"))
        #expect(s.screen.focus == "email")
        var t = Session.demo(sessionsDirectory: dir)
        let before = t.state
        let refused = t.execute("source \(dir)/bad.kbs")
        #expect(refused.status == .rejected)
        #expect(refused.text.contains("bad.kbs:2: error: unknown view 'nobody'"))
        #expect(t.state == before)
    }

    @Test func aScriptThatSourcesItselfIsRefusedNotRunForever() throws {
        let dir = Self.folder()
        try Self.write("focus email\nsource \(dir)/self.kbs\n", dir + "/self.kbs")
        try Self.write("source \(dir)/b.kbs\n", dir + "/a.kbs")
        try Self.write("keyboard show\nsource \(dir)/a.kbs\n", dir + "/b.kbs")
        for (script, chain) in [("self.kbs", "self.kbs → self.kbs"), ("a.kbs", "a.kbs → b.kbs → a.kbs")] {
            var s = Session.demo(sessionsDirectory: dir)
            let before = s.state
            let outcome = s.execute("source \(dir)/\(script)")
            #expect(outcome.status == .rejected)
            #expect(outcome.text.contains("sources itself (\(chain)): it would never end"), "\(outcome.text)")
            #expect(s.state == before)
        }
    }

    @Test func scriptsNestSixteenDeepAtMost() throws {
        let dir = Self.folder()
        // s0 sources s1, …, s15 sources s16; s16 focuses email.
        for i in 0..<17 {
            try Self.write(i == 16 ? "focus email\n" : "source \(dir)/s\(i + 1).kbs\n", dir + "/s\(i).kbs")
        }
        var s = Session.demo(sessionsDirectory: dir)
        let tooDeep = s.execute("source \(dir)/s0.kbs")
        #expect(tooDeep.status == .rejected)
        #expect(tooDeep.text.contains("scripts source scripts 16 deep at most"))
        let deepest = s.execute("source \(dir)/s1.kbs")
        #expect(deepest.status == .ok, "\(deepest.text)")
        #expect(s.screen.focus == "email")
    }

    @Test func devicesFoldersAndHugeFilesAreRefusedUnread() throws {
        let dir = Self.folder()
        let huge = dir + "/huge.kbs"
        #expect(FileManager.default.createFile(atPath: huge, contents: Data(repeating: UInt8(ascii: "#"), count: FileIO.scriptLimit + 1)))
        for (file, message) in [("/dev/zero", "cannot read /dev/zero: it is a device, not a file"),
                                (dir, "cannot read \(dir): it is a folder, not a file"),
                                (huge, "cannot read \(huge): it is larger than 16 MB")] {
            var s = Session.demo(sessionsDirectory: dir)
            let outcome = s.execute("source \(file)")
            #expect(outcome.status == .rejected && outcome.text.contains(message), "\(outcome.text.prefix(200))")
        }
    }
}
