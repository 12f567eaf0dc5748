import Foundation
import Testing
import KBTestSupport

/// The built `kbplay` binary, run as a user runs it: through a pipe and
/// through a real pseudo-terminal.
@Suite("End to end: the kbplay binary", .serialized)
struct EndToEndTests {
    static var binary: URL { Kbplay.binary }

    static func temporaryFolder() -> String {
        TemporaryFolder.make("e2e")
    }

    /// Runs kbplay with `arguments`, feeding `input`; returns stdout, stderr
    /// and the exit status.
    static func run(_ arguments: [String], input: String = "", environment: [String: String] = [:],
                    directory: String? = nil) throws -> (out: String, err: String, status: Int32) {
        let process = Process()
        process.executableURL = binary
        process.arguments = arguments
        var env = ProcessInfo.processInfo.environment
        for (k, v) in environment { env[k] = v }
        process.environment = env
        if let directory { process.currentDirectoryURL = URL(fileURLWithPath: directory) }
        let stdin = Pipe(), stdout = Pipe(), stderr = Pipe()
        process.standardInput = stdin
        process.standardOutput = stdout
        process.standardError = stderr
        try process.run()
        stdin.fileHandleForWriting.write(Data(input.utf8))
        try stdin.fileHandleForWriting.close()
        let out = stdout.fileHandleForReading.readDataToEndOfFile()
        let err = stderr.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return (String(decoding: out, as: UTF8.self), String(decoding: err, as: UTF8.self), process.terminationStatus)
    }

    @Test func pipedShellPrintsNoPromptAndStartsOnTheDemo() throws {
        let r = try Self.run([], input: "frames\nquit\n")
        #expect(r.status == 0)
        #expect(r.out == """
        Login.view 0 0 393 852
        form       16 676 361 122
        email      16 676 361 34
        password   16 722 361 34
        signIn     16 768 361 30
        bye

        """)
    }

    @Test func runExitStatuses() throws {
        let dir = Self.temporaryFolder()
        let good = dir + "/good.kbs", expectFails = dir + "/expect.kbs", bad = dir + "/bad.kbs"
        try "demo\nexpect email.frame.height == 34\n".write(toFile: good, atomically: true, encoding: .utf8)
        try "demo\nexpect email.frame.height == 35\nprint 1\n".write(toFile: expectFails, atomically: true, encoding: .utf8)
        try "demo\nfocsu email\nprint 2\n".write(toFile: bad, atomically: true, encoding: .utf8)
        #expect(try Self.run(["run", good]).status == 0)
        let e = try Self.run(["run", expectFails])
        #expect(e.status == 1)
        #expect(e.out.contains("✗ email.frame.height == 35  (34 == 35)"))
        #expect(e.out.hasSuffix("1\n"))
        let b = try Self.run(["run", bad])
        #expect(b.status == 2)
        #expect(b.out.contains("\(bad):2: error: unknown command 'focsu'"))
        #expect(try Self.run(["run", dir + "/missing.kbs"]).status == 3)
        // The worst status wins; --bail stops at the first failure.
        #expect(try Self.run(["run", good, expectFails, bad]).status == 2)
        let bailed = try Self.run(["run", "--bail", expectFails])
        #expect(bailed.status == 1 && !bailed.out.hasSuffix("1\n"))
        // stdin, --json and --echo.
        let json = try Self.run(["run", "--json", "-"], input: "demo\nprint 2 * 3\n")
        let lines = json.out.split(separator: "\n")
        #expect(lines.count == 2)
        #expect(lines[1] == #"{"command": "print 2 * 3", "ok": true, "output": "6", "value": 6}"#)
        let echo = try Self.run(["run", "--echo", "-"], input: "print 1 # a comment\nprint \\\n 2\n")
        #expect(echo.out == "> print 1\n1\n> print  2\n2\n")
    }

    @Test func runFromStandardInputAnswersEachCommandAsItComes() throws {
        let process = Process()
        process.executableURL = Self.binary
        process.arguments = ["run", "-"]
        let stdin = Pipe(), stdout = Pipe()
        process.standardInput = stdin
        process.standardOutput = stdout
        try process.run()
        // The first reply must arrive while standard input is still open.
        stdin.fileHandleForWriting.write(Data("print 40 + 2\n".utf8))
        let fd = stdout.fileHandleForReading.fileDescriptor
        var received = ""
        var waits = 0
        while !received.contains("\n") && waits < 100 {
            var p = pollfd(fd: fd, events: Int16(POLLIN), revents: 0)
            if poll(&p, 1, 100) > 0 {
                var bytes = [UInt8](repeating: 0, count: 256)
                let n = read(fd, &bytes, bytes.count)
                if n <= 0 { break }
                received += String(decoding: bytes[..<n], as: UTF8.self)
            }
            waits += 1
        }
        #expect(received == "42\n")
        stdin.fileHandleForWriting.write(Data("print 1\n".utf8))
        try stdin.fileHandleForWriting.close()
        let rest = stdout.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        #expect(String(decoding: rest, as: UTF8.self) == "1\n")
        #expect(process.terminationStatus == 0)
    }

    /// `export swift` and `export swift fixed` through `kbplay run`: the
    /// screen at rest, the rule as code, the flaw fixed in the second file.
    @Test func runExportsSwiftAndItsFixedVersion() throws {
        let dir = Self.temporaryFolder()
        let script = dir + "/export.kbs"
        try """
        demo
        handle Login with observer formBottom padding 8
        on Login keyboardWillShow: set formBottom.constant = kb.end.height - Login.view.safeAreaInsets.bottom + 8
        focus email
        export swift \(dir)/Login.swift
        export swift fixed \(dir)/Login+fixed.swift
        export kbs fixed
        """.write(toFile: script, atomically: true, encoding: .utf8)
        let r = try Self.run(["run", script])
        // The last line is refused: exit status 2 (a rejected command), the files written before it.
        #expect(r.status == 2)
        #expect(r.out.contains("\(script):7: error: 'fixed' goes with export swift only"))
        let plain = try String(contentsOfFile: dir + "/Login.swift", encoding: .utf8)
        let fixed = try String(contentsOfFile: dir + "/Login+fixed.swift", encoding: .utf8)
        #expect(plain.contains("constraint(equalTo: form.bottomAnchor, constant: 20).named(\"formBottom\")"))
        #expect(!plain.contains("becomeFirstResponder"))
        #expect(plain.contains("self.formBottom.constant = endFrame.height - self.view.safeAreaInsets.bottom + 8"))
        #expect(plain.contains("formBottom.constant = endFrame.height + 8"))
        #expect(fixed.contains("formBottom.constant = max(0, view.keyboardOverlap(endFrame) - view.safeAreaInsets.bottom) + 8"))
        #expect(fixed.contains("// kbplay: fixed ⚑ safe-area-double-count:"))
    }

    @Test func runIsDeterministic() throws {
        let script = "demo\nhandle Login with observer formBottom padding 8\nfocus email\nrotate\nrender\nevents 3\n"
        let a = try Self.run(["run", "-"], input: script)
        let b = try Self.run(["run", "-"], input: script)
        #expect(a.status == 0 && a.out == b.out && !a.out.isEmpty)
    }

    @Test func saveAndReplFromASavedSession() throws {
        let dir = Self.temporaryFolder()
        let r = try Self.run(["run", "-"], input: "demo\nfocus email\nsave login\n", environment: ["KBPLAY_SESSIONS": dir])
        #expect(r.status == 0)
        #expect(FileManager.default.fileExists(atPath: dir + "/login.json"))
        let repl = try Self.run(["repl", "login", "--sessions", dir], input: "print kb.frame.minY\nprint email.frame.minY\n")
        #expect(repl.out == "516\n676\n")
        let broken = dir + "/broken.json"
        try "{\"format\": \"kbplay-session\", \"version\": 1, \"screen\": {".write(toFile: broken, atomically: true, encoding: .utf8)
        let refused = try Self.run(["repl", broken])
        #expect(refused.status == 3)
        #expect(refused.err.contains("\(broken):1:"))
    }

    /// Issue #26's reproduction: `form` made its own parent in a saved file
    /// loaded, then vanished from `tree`. Now `load` and `kbplay repl` refuse
    /// the file, saying where and why, and `tree` shows the session as it was;
    /// a file that is not UTF-8 is refused with the byte.
    @Test func aFileNoCommandsCouldHaveMadeIsRefusedByLoadAndRepl() throws {
        let dir = Self.temporaryFolder()
        let env = ["KBPLAY_SESSIONS": dir]
        #expect(try Self.run(["run", "-"], input: "demo\nadd label L1 to form text \"hi\"\nsave x\n", environment: env).status == 0)
        let saved = try String(contentsOfFile: dir + "/x.json", encoding: .utf8)
        let own = "\"name\" : \"form\",\n        \"parent\" : \"Login.view\""
        #expect(saved.contains(own))
        try saved.replacingOccurrences(of: own, with: "\"name\" : \"form\",\n        \"parent\" : \"form\"")
            .write(toFile: dir + "/x.json", atomically: true, encoding: .utf8)
        let where_ = "\(dir)/x.json: screen.views[1].parent: form → form is a cycle: a view cannot contain itself; its parent is a view made before it"
        let load = try Self.run(["run", "-"], input: "demo\nload x\ntree\n", environment: env)
        #expect(load.status == 2)
        #expect(load.out.contains("<stdin>:2: error: \(where_)"), "\(load.out)")
        #expect(load.out.contains("    form (16 676; 361 122)  [stackView]\n      email"), "\(load.out)")
        let repl = try Self.run(["repl", "x", "--sessions", dir])
        #expect(repl.status == 3)
        #expect(repl.err == "kbplay: \(where_)\n")
        var bytes = Array(saved.utf8)
        let at = bytes.firstRange(of: Array("\"hi\"".utf8))!.lowerBound + 2
        bytes[at] = 0xC3
        try Data(bytes).write(to: URL(fileURLWithPath: dir + "/utf8.json"))
        let utf8 = try Self.run(["repl", "utf8", "--sessions", dir])
        #expect(utf8.status == 3)
        #expect(utf8.err == "kbplay: \(dir)/utf8.json: byte \(at): not valid UTF-8 (0xC3); a session file is UTF-8 text, as JSON is\n")
    }

    /// Runs kbplay at a real pseudo-terminal, through `steps`.
    static func terminal(_ steps: [[String]], environment: [String: String]) throws -> (ok: Bool, screen: String) {
        try PseudoTerminal.run(steps, [binary.path], environment: environment)
    }

    /// TAB after `source`, `import`, `import log`, `render svg` and
    /// `export kbs|swift` completes a file's name from the file system, as
    /// readline completes file names (a folder with its slash).
    @Test func readlineCompletesFileNamesWhereAFileGoes() throws {
        let dir = Self.temporaryFolder()
        try FileManager.default.createDirectory(atPath: dir + "/sub", withIntermediateDirectories: true)
        try "focus email\n".write(toFile: dir + "/lesson-one.kbs", atomically: true, encoding: .utf8)
        try "".write(toFile: dir + "/sub/login.storyboard", atomically: true, encoding: .utf8)
        try "".write(toFile: dir + "/sub/app.log", atomically: true, encoding: .utf8)
        let env = ["KBPLAY_HISTFILE": dir + "/history", "HOME": dir, "KBPLAY_SESSIONS": dir]
        let r = try Self.terminal([
            ["expect", "kbplay> "],
            ["send", "source \(dir)/less\t"], ["expect", "lesson-one.kbs"], ["send", "\r"], ["expect", "email is covered"],
            ["send", "render svg \(dir)/su\t"], ["expect", "sub/"], ["send", "pic.svg\r"], ["expect", "wrote \(dir)/sub/pic.svg"],
            ["send", "import \(dir)/sub/lo\t"], ["expect", "login.storyboard"], ["send", "\u{3}"], ["expect", "kbplay> "],
            ["send", "import log \(dir)/sub/ap\t"], ["expect", "app.log"], ["send", "\u{3}"], ["expect", "kbplay> "],
            ["send", "export kbs \(dir)/sub/pi\t"], ["expect", "pic.svg"], ["send", "\u{3}"], ["expect", "kbplay> "],
            // Elsewhere TAB still completes the session's names.
            ["send", "foc\t"], ["expect", "focus "], ["send", "pass\t\r"], ["expect", "password is covered"],
            ["send", "quit\r"],
        ], environment: env)
        #expect(r.ok, "\(r.screen)")
        #expect(FileManager.default.fileExists(atPath: dir + "/sub/pic.svg"))
    }

    @Test func readlineCompletesKeepsHistoryAndDropsTheLineOnCtrlC() throws {
        let dir = Self.temporaryFolder()
        let env = ["KBPLAY_HISTFILE": dir + "/history", "HOME": dir, "KBPLAY_SESSIONS": dir]
        let first = try Self.terminal([
            ["expect", "kbplay> "],
            ["send", "foc\t"], ["expect", "focus "],
            ["send", "em\t\r"], ["expect", "email is covered"],
            ["send", "constrain email.to\t"], ["expect", "email.top"],
            ["send", "\u{3}"], ["expect", "kbplay> "],
            ["send", "print 40 + 2\r"], ["expect", "42"],
            // The word TAB completes is the lexer's: after an operator.
            ["send", "print 1+kb.fr\t"], ["expect", "kb.frame."], ["send", "minY\r"], ["expect", "517"],
            // A continued line completes as part of its command.
            ["send", "keyboard \\\r"], ["expect", "...> "],
            ["send", "hi\t"], ["expect", "hide "], ["send", "\r"], ["expect", "keyboardWillHide"],
            ["send", "\u{4}"],
        ], environment: env)
        #expect(first.ok, "\(first.screen)")
        #expect(first.screen.contains("try:  focus email"))
        // The line dropped by Ctrl-C never ran.
        #expect(!first.screen.contains("email.top42"))
        let history = try String(contentsOfFile: dir + "/history", encoding: .utf8)
        #expect(history.contains("focus email") && history.contains("print 40 + 2"))
        #expect(!history.contains("constrain"))
        // A continued command is one entry, as it ran.
        #expect(history.hasSuffix("keyboard hide\n"))
        // History survives: the up arrow brings back the last commands.
        let second = try Self.terminal([
            ["expect", "kbplay> "],
            ["send", "\u{1b}[A"], ["expect", "keyboard hide"],
            ["send", "\u{1b}[A"], ["expect", "print 1+kb.frame.minY"],
            ["send", "\u{1b}[A\r"], ["expect", "42"],
            ["send", "quit\r"],
        ], environment: env)
        #expect(second.ok, "\(second.screen)")
    }
}
