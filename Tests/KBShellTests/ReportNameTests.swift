import Foundation
#if canImport(FoundationXML)
import FoundationXML
#endif
import Testing
import KBModel
@testable import KBInterop
@testable import KBShell
import KBTestSupport

/// A script's file name is whatever the file system holds: line breaks,
/// `#`, bytes that are not UTF-8. A TAP report keeps each name on its own
/// line, escaped, so it counts the tests the JUnit report counts; a name
/// that is not UTF-8 runs, shown with its odd bytes escaped.
@Suite("kbplay run: odd script names in TAP and JUnit", .serialized)
struct ReportNameTests {
    static let injected = "a\nok 9 - fake\n1..1\n.kbs"

    /// The script, in a folder of its own, under the injected name.
    static func folder(script: String) throws -> String {
        let dir = TemporaryFolder.make("odd-names")
        try script.write(toFile: dir + "/" + injected, atomically: true, encoding: .utf8)
        return dir
    }

    @Test func aLineBreakInANameStartsNoLineOfTAP() throws {
        let dir = try Self.folder(script: "demo\nexpect email.frame.width > 0\n")
        let r = try ReportTests.run([Self.injected, "--tap", "--no-times"], directory: dir)
        #expect(r.status == 0, "\(r.err)")
        let lines = r.out.split(separator: "\n").map(String.init)
        #expect(!lines.contains("ok 9 - fake"), "\(r.out)")
        #expect(lines.filter { $0.hasPrefix("1..") } == ["1..1"], "\(r.out)")
        #expect(lines.contains(#"# a\u{a}ok 9 - fake\u{a}1..1\u{a}.kbs"#), "\(r.out)")
        let parsed = try ReportTests.tapParsed(r.out)
        #expect(parsed.errors.isEmpty && parsed.tests == 1 && parsed.failed == 0, "\(parsed)")
    }

    /// On every device, with a note naming the file (its own device line
    /// wins over the devices asked for): TAP's count is JUnit's.
    @Test func onEveryDeviceTAPCountsWhatJUnitCounts() throws {
        let dir = try Self.folder(script: "device iphone-15\ncontroller C\nadd label a to nowhere\nexpect C.view.frame.width == 393\nexpect C.view.frame.width == 1\n")
        let tap = try ReportTests.run([Self.injected, "--devices", "all", "--orientations", "portrait,landscape", "--tap", "--no-times"],
                                      directory: dir)
        let junit = try ReportTests.run([Self.injected, "--devices", "all", "--orientations", "portrait,landscape", "--no-times"],
                                        directory: dir, junit: true)
        let report = try #require(junit.report)
        let document = try XMLDocumentReader(report)
        let tests = try #require(Int(document.values(of: "tests", in: "testsuites").first ?? ""))
        let parsed = try ReportTests.tapParsed(tap.out)
        #expect(parsed.errors.isEmpty, "\(parsed.errors)")
        #expect(parsed.tests == tests, "TAP \(parsed.tests), JUnit \(tests)\n\(tap.out)")
        // Every line is a test line, a YAML block's, a comment or the plan.
        for line in tap.out.split(separator: "\n") where line.hasPrefix("ok") || line.hasPrefix("not ok") {
            #expect(!line.hasPrefix("ok 9 - fake"), "\(line)")
        }
        // The note names the file escaped, `#` and `\` as TAP escapes them.
        #expect(tap.out.contains(#"# note: a\u{a}ok 9 - fake\u{a}1..1\u{a}.kbs:1 sets its own device"#), "\(tap.out)")
    }

    @Test func hashesAndBackslashesInANameAreEscapedInComments() {
        var report = TAPReport(times: false)
        var suite = ScriptSuite(name: "a#b\\c.kbs", file: "a#b\\c.kbs")
        suite.notes = ["x # y \\ z\nok 1"]
        suite.cases = [ScriptCase(line: 1, command: "demo", result: .passed, time: 0, output: "")]
        let text = report.lines(for: suite)
        #expect(text == ##"""
            # a\#b\\c.kbs
            # note: x \# y \\ z\u{a}ok 1
            ok 1 - a\#b\\c.kbs:1: demo
            # a\#b\\c.kbs: 1 test, 0 failed, 0 errors

            """##)
    }

    /// `n\xFF.kbs`: made and run through the shell, which passes its bytes
    /// as they are.
    @Test func aNameThatIsNotUTF8Runs() throws {
        let dir = TemporaryFolder.make("odd-names")
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/bin/sh")
        process.arguments = ["-c", #"cd "$2" && name="$(printf 'n\377.kbs')" && printf 'demo\nexpect email.frame.width == 361\n' > "$name" && "$1" run "$name" --tap --no-times && "$1" run "$(printf 'm\377.kbs')""#,
                             "sh", Kbplay.binary.path, dir]
        let out = Pipe(), err = Pipe()
        process.standardOutput = out
        process.standardError = err
        try process.run()
        let text = String(decoding: out.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        let errors = String(decoding: err.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        // The second run names a file that is not there: exit status 3.
        #expect(process.terminationStatus == 3, "\(text)\(errors)")
        #expect(text.contains(#"ok 1 - n\\xFF.kbs:2: expect email.frame.width == 361"#), "\(text)")
        #expect(text.contains("# n\\\\xFF.kbs: 1 test, 0 failed, 0 errors"), "\(text)")
        #expect(errors == "kbplay: cannot read m\\xFF.kbs: no such file\n", "\(errors)")
    }
}
