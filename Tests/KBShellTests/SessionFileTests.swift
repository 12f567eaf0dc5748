#if canImport(Glibc)
import Glibc
#endif
import Foundation
import Testing
import KBTestSupport
@testable import KBShell
import KBModel

@Suite("Session files and undo")
struct SessionFileTests {
    static func folder() -> String {
        TemporaryFolder.make("sessions")
    }

    /// A session with something of everything in it.
    static func rich(_ dir: String) -> Session {
        var s = Session.demo(sessionsDirectory: dir)
        for line in ["handle Login with observer formBottom padding 8",
                     "on Login keyboardWillHide: set formBottom.constant = 20",
                     "add textView notes to form", "constrain notes.height == 80 @750 as notesHeight",
                     "keyboard predictive off", "focus email", "rotate landscape"] {
            let o = s.execute(line)
            #expect(o.status == .ok, "\(line): \(o.text)")
        }
        return s
    }

    @Test func savedSessionLoadsToTheSameState() throws {
        let dir = Self.folder()
        var s = Self.rich(dir)
        #expect(s.execute("save rich").status == .ok)
        let text = try String(contentsOfFile: dir + "/rich.json", encoding: .utf8)
        #expect(text.hasPrefix("{\n  \"format\" : \"kbplay-session\","))
        var loaded = Session(sessionsDirectory: dir)
        #expect(loaded.execute("load rich").status == .ok)
        #expect(loaded.state == s.state)
        // The file holds the commands before `save`; `load` itself follows.
        #expect(loaded.history == Array(s.history.dropLast()) + ["load rich"])
        #expect(loaded.execute("frames").text == s.execute("frames").text)
        // The last notification comes back too: kb.begin, kb.end, kb.duration
        // and kb.curve read the same (the rotation's, with the keyboard up).
        for value in ["kb.begin.minY", "kb.end.minY", "kb.end.width", "kb.duration", "kb.curve"] {
            let (mine, theirs) = (s.execute("print " + value), loaded.execute("print " + value))
            #expect(theirs.status == .ok && theirs.text == mine.text, "\(value): \(theirs.text) against \(mine.text)")
        }
        // A file with no notification in it (none was posted, or it was
        // written before files kept one) has no such values.
        var empty = Session(sessionsDirectory: dir)
        #expect(empty.execute("save empty").status == .ok)
        #expect(try !String(contentsOfFile: dir + "/empty.json", encoding: .utf8).contains("lastNotification"))
        #expect(loaded.execute("load empty").status == .ok)
        #expect(loaded.execute("print kb.end.minY").text.contains("no keyboard notification has been posted yet"))
        #expect(loaded.execute("load rich").status == .ok)
        // `load` can be undone; a session decoded from the file has no
        // history to undo, and says so.
        var decoded = try SessionFile.decode(text, path: dir + "/rich.json", sessionsDirectory: dir)
        #expect(decoded.execute("undo").text.hasPrefix("nothing to undo since this session was read back from a file"))
        var fresh = Session(sessionsDirectory: dir)
        #expect(fresh.execute("undo").text == "nothing to undo")
        // Handlers and rules come back: the same event does the same thing.
        #expect(loaded.execute("resign").text == s.execute("resign").text)
        // No temporary file is left behind; saving again replaces the file.
        #expect(try FileManager.default.contentsOfDirectory(atPath: dir).sorted() == ["empty.json", "rich.json"])
        #expect(s.execute("save").status == .ok)
        #expect(try FileManager.default.contentsOfDirectory(atPath: dir).sorted() == ["empty.json", "rich.json"])
    }

    @Test(arguments: [
        ("truncated", "{\n  \"format\": \"kbplay-session\",\n  \"version\": 1,\n  \"screen\": {", "broken.json:4:14: not a valid session file: the text ends inside an object (truncated?)"),
        ("not JSON", "hello", "broken.json:1:1: not a valid session file: expected a value"),
        ("another format", "{\"format\": \"xcode\", \"version\": 1}", "broken.json: format: not a kbplay session file (format is \"xcode\", expected \"kbplay-session\")"),
        ("newer version", "{\"format\": \"kbplay-session\", \"version\": 7}", "broken.json: version: the session file is version 7, newer than this kbplay reads (2)"),
        ("missing member", "{\"format\": \"kbplay-session\", \"version\": 1}", "broken.json: screen: missing (a session file has it)"),
        ("version past Int", "{\"format\": \"kbplay-session\", \"version\": 1e300}", "broken.json: version: the session file is version 1e+300, newer than this kbplay reads (2)"),
        ("version below 1", "{\"format\": \"kbplay-session\", \"version\": -1e300}", "broken.json: version: the session file has no version number (a whole number from 1)"),
        ("version a fraction", "{\"format\": \"kbplay-session\", \"version\": 1.5}", "broken.json: version: the session file has no version number (a whole number from 1)"),
    ])
    func badFilesAreRefusedAndTheSessionIsUntouched(kind: String, text: String, message: String) throws {
        let dir = Self.folder()
        try text.write(toFile: dir + "/broken.json", atomically: true, encoding: .utf8)
        var s = Session.demo(sessionsDirectory: dir)
        _ = s.execute("focus email")
        let before = s.state
        let outcome = s.execute("load broken")
        #expect(outcome.status == .rejected, "\(kind)")
        #expect(outcome.text.contains(message), "\(kind): \(outcome.text)")
        #expect(s.state == before)
    }

    /// A version 1 file (written before views had `clipsToBounds` and
    /// `alpha`) loads with UIKit's defaults for them: on for scroll and text
    /// views, alpha 1.
    @Test func aVersionOneFileLoadsWithUIKitsDefaults() throws {
        let session = Self.rich(TemporaryFolder.make("v1"))
        var json = try JSONReader.parse(try SessionFile.encode(session))
        guard case var .object(body) = json, case var .object(screen)? = body["screen"],
              case let .array(views)? = screen["views"] else { Issue.record("no views"); return }
        screen["views"] = .array(views.map { view in
            guard case var .object(v) = view else { return view }
            v["alpha"] = nil
            v["clipsToBounds"] = nil
            return .object(v)
        })
        body["screen"] = .object(screen)
        body["version"] = .number(1)
        json = .object(body)
        let loaded = try SessionFile.decode(json.text, path: "v1.json")
        #expect(loaded.screen.views.map(\.clipsToBounds) == session.screen.views.map { $0.kind.isScrollView })
        #expect(loaded.screen.views.allSatisfy { $0.alpha == 1 })
        #expect(loaded.state == session.state)
        // The same file as version 2 lacks members a version 2 file has.
        body["version"] = .number(2)
        #expect(throws: FileError.self) { try SessionFile.decode(JSON.object(body).text, path: "v2.json") }
    }

    @Test func inconsistentFilesAreRefused() throws {
        let dir = Self.folder()
        var s = Session.demo(sessionsDirectory: dir)
        #expect(s.execute("save good").status == .ok)
        let good = try String(contentsOfFile: dir + "/good.json", encoding: .utf8)
        // A constraint that names a view the file does not have.
        let bad = good.replacingOccurrences(of: "\"view\" : \"form\"", with: "\"view\" : \"ghost\"")
        #expect(bad != good)
        try bad.write(toFile: dir + "/bad.json", atomically: true, encoding: .utf8)
        let outcome = s.execute("load bad")
        #expect(outcome.status == .rejected)
        #expect(outcome.text.contains("bad.json: screen.constraints[0].first: unknown view 'ghost'"))
        // A strategy on a controller that is not there.
        _ = s.execute("handle Login with observer formBottom")
        #expect(s.execute("save withStrategy").status == .ok)
        let strategy = try String(contentsOfFile: dir + "/withStrategy.json", encoding: .utf8)
            .replacingOccurrences(of: "\"controller\" : \"Login\"", with: "\"controller\" : \"Gone\"")
        try strategy.write(toFile: dir + "/noController.json", atomically: true, encoding: .utf8)
        let refused = s.execute("load noController")
        #expect(refused.status == .rejected)
        #expect(refused.text.contains("noController.json: screen.views[0].controller: unknown controller 'Gone'"))
    }

    @Test func malformedAndRepeatedNamesAreRefused() throws {
        let dir = Self.folder()
        var s = Session.demo(sessionsDirectory: dir)
        #expect(s.execute("save names").status == .ok)
        let good = try String(contentsOfFile: dir + "/names.json", encoding: .utf8)
        #expect(good.contains("\"name\" : \"email\""))
        let cases = [
            ("e mail", "badName.json: screen.views[2].name: 'e mail' is not a valid name: use letters, digits and _"),
            ("password", "badName.json: screen.views[3].name: the name 'password' is used twice (by a view at views[2].name and a view)"),
            ("Login", "badName.json: screen.views[2].name: the name 'Login' is used twice (by a controller at controllers[0].name and a view)"),
        ]
        for (name, message) in cases {
            let bad = good.replacingOccurrences(of: "\"name\" : \"email\"", with: "\"name\" : \"\(name)\"")
            try bad.write(toFile: dir + "/badName.json", atomically: true, encoding: .utf8)
            let before = s.state
            let outcome = s.execute("load badName")
            #expect(outcome.status == .rejected, "\(name)")
            #expect(outcome.text.contains(message), "\(name): \(outcome.text)")
            #expect(s.state == before)
        }
    }

    @Test func boundedStackDropsTheOldestAndPopsNewestFirst() {
        var stack = BoundedStack<Int>(limit: 3)
        #expect(stack.last == nil && stack.removeLast() == nil)
        for k in 1...5 { stack.append(k) }
        #expect(stack.count == 3 && stack.last == 5)
        #expect(stack.removeLast() == 5)
        stack.append(6)
        stack.append(7)
        var popped: [Int] = []
        while let k = stack.removeLast() { popped.append(k) }
        #expect(popped == [7, 6, 4])
        #expect(stack.isEmpty)
    }

    @Test func undoGoesBackTheLastThousandCommands() {
        var s = Session.demo()
        let extra = 5
        for k in 0..<(Session.undoLimit + extra) {
            #expect(s.execute("set formBottom.constant = \(k + 1)").status == .ok)
        }
        for _ in 0..<Session.undoLimit { #expect(s.execute("undo").status == .ok) }
        // The oldest commands fell off: the constant is where the first
        // remembered command found it.
        #expect(s.execute("undo").text == "nothing to undo")
        #expect(s.execute("print formBottom.constant").text == "\(extra)")
        #expect(s.execute("redo").status == .ok)
        #expect(s.execute("print formBottom.constant").text == "\(extra + 1)")
    }

    @Test func historyKeepsTheLastTenThousandCommands() throws {
        let dir = Self.folder()
        var s = Session.demo(sessionsDirectory: dir)
        let total = Session.historyLimit * 3 / 2 + 7
        for k in 0..<total { _ = s.execute(k % 2 == 0 ? "keyboard show" : "keyboard hide") }
        _ = s.execute("print \(total)")
        let history = s.history
        #expect(history.count == Session.historyLimit)
        #expect(history.last == "print \(total)")
        #expect(history.first == ((total - Session.historyLimit + 1) % 2 == 0 ? "keyboard show" : "keyboard hide"))
        let listed = s.execute("history")
        #expect(listed.json["history"] == .array(history.map { .string($0) }))
        #expect(listed.text.hasPrefix("   1  keyboard"))
        // Saved and loaded: the same ten thousand, the load the newest.
        #expect(s.execute("save long").status == .ok)
        var loaded = Session(sessionsDirectory: dir)
        #expect(loaded.execute("load long").status == .ok)
        #expect(loaded.history == Array(history.dropFirst()) + ["load long"])
    }

    /// Saving or `render svg` over what is already there: a link keeps
    /// pointing where it did, a pipe (or a device, /dev/stdout) is written
    /// to and stays what it is, a folder is refused.
    @Test func atomicWritesKeepLinksPipesAndDevicesWhatTheyAre() throws {
        let dir = Self.folder()
        try "old".write(toFile: dir + "/real.svg", atomically: false, encoding: .utf8)
        try FileManager.default.createSymbolicLink(atPath: dir + "/link.svg", withDestinationPath: dir + "/real.svg")
        try FileIO.atomicWrite(dir + "/link.svg", "new")
        #expect(try FileManager.default.destinationOfSymbolicLink(atPath: dir + "/link.svg") == dir + "/real.svg")
        #expect(try String(contentsOfFile: dir + "/real.svg", encoding: .utf8) == "new")

        let fifo = dir + "/pipe"
        #expect(mkfifo(fifo, 0o600) == 0)
        let reader = open(fifo, O_RDONLY | O_NONBLOCK)
        #expect(reader >= 0)
        defer { close(reader) }
        try FileIO.atomicWrite(fifo, "<svg/>")
        var info = stat()
        #expect(stat(fifo, &info) == 0 && info.st_mode & S_IFMT == S_IFIFO)
        var buffer = [UInt8](repeating: 0, count: 64)
        let n = read(reader, &buffer, buffer.count)
        #expect(n == 6 && String(decoding: buffer[..<max(0, n)], as: UTF8.self) == "<svg/>")

        #expect(throws: FileError("cannot write \(dir): it is a folder")) { try FileIO.atomicWrite(dir, "x") }
    }

    @Test func namesThatLeaveTheFolderAreRefused() {
        let dir = Self.folder()
        var s = Session.demo(sessionsDirectory: dir)
        for name in ["../x", "/etc/passwd", ".hidden", "a/b"] {
            #expect(s.execute("save \(name)").status == .rejected, "\(name)")
            #expect(s.execute("load \(name)").status == .rejected, "\(name)")
        }
        #expect((try? FileManager.default.contentsOfDirectory(atPath: dir)) == [])
    }

    @Test func undoAndRedoRestoreValuesForEveryKindOfCommand() {
        var s = Session.demo(sessionsDirectory: Self.folder())
        let commands = [
            "device iphone-8", "rotate", "controller Extra", "add label note to form text \"Hi\"",
            "constrain note.height == 30 as noteHeight", "pin form to Login.view.margins inset 4", "set noteHeight.constant 40",
            "set noteHeight.priority 750", "deactivate noteHeight", "activate noteHeight", "set note.hidden on",
            "handle Login with controllable formBottom inset 8", "on Login keyboardWillShow: set formBottom.constant = 30",
            "focus email", "keyboard height 300", "keyboard predictive off", "keyboard drag 500", "keyboard release",
            "resign", "disappear Login", "appear Login", "remove note", "new iphone-15",
        ]
        var states = [s.state]
        for c in commands {
            let o = s.execute(c)
            #expect(o.status == .ok, "\(c): \(o.text)")
            if s.state != states.last! { states.append(s.state) }
        }
        // Undo walks back through every state, redo forward again.
        for expected in states.dropLast().reversed() {
            #expect(s.execute("undo").status == .ok)
            #expect(s.state == expected)
        }
        #expect(s.execute("undo").text == "nothing to undo")
        for expected in states.dropFirst() {
            _ = s.execute("redo")
            #expect(s.state == expected)
        }
        #expect(s.execute("redo").text == "nothing to redo")
        // A new change after undo clears redo.
        _ = s.execute("undo")
        _ = s.execute("print 1")
        _ = s.execute("controller Another")
        #expect(s.execute("redo").text == "nothing to redo")
    }
}
