import Foundation
#if canImport(FoundationXML)
import FoundationXML
#endif
import Testing
import KBModel
@testable import KBInterop
@testable import KBShell
import KBTestSupport

/// `kbplay run --junit REPORT.xml`, `--tap`, `--devices` and
/// `--orientations`, run as a CI job runs them: the built binary, from the
/// folder of the scripts in `Golden/reports`. The reports are golden
/// (written with `--no-times`, so byte for byte; `KBPLAY_RECORD=1`
/// re-records them), and every JUnit report is validated with xmllint
/// against `Golden/reports/junit.xsd`.
@Suite("CI reports", .serialized)
struct ReportTests {
    static let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .appendingPathComponent("Golden/reports")
    static let root = folder.deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()
    static let record = ProcessInfo.processInfo.environment["KBPLAY_RECORD"] == "1"

    /// Runs `kbplay run` with `arguments` in `directory` (the reports'
    /// folder unless given), sessions kept in a scratch folder; with a
    /// `--junit` report, returns its text too.
    static func run(_ arguments: [String], directory: String = folder.path, junit: Bool = false, scratchSessions: Bool = true)
        throws -> (out: String, err: String, status: Int32, report: String?) {
        let scratch = TemporaryFolder.make("report")
        let reportPath = scratch + "/report.xml"
        let r = try EndToEndTests.run(["run"] + arguments + (junit ? ["--junit", reportPath] : [])
                                      + (scratchSessions ? ["--sessions", scratch + "/Sessions"] : []), directory: directory)
        let report = junit ? try? String(contentsOfFile: reportPath, encoding: .utf8) : nil
        return (r.out, r.err, r.status, report)
    }

    /// `actual` is exactly the golden file `name`, or the first line that
    /// differs is reported with both sides.
    static func expectGolden(_ actual: String, _ name: String, sourceLocation: SourceLocation = #_sourceLocation) throws {
        let url = folder.appendingPathComponent(name)
        if record {
            try actual.write(to: url, atomically: true, encoding: .utf8)
            return
        }
        let expected = try String(contentsOf: url, encoding: .utf8)
        guard actual != expected else { return }
        let a = expected.split(separator: "\n", omittingEmptySubsequences: false)
        let b = actual.split(separator: "\n", omittingEmptySubsequences: false)
        let first = zip(a, b).enumerated().first { $0.element.0 != $0.element.1 }?.offset ?? min(a.count, b.count)
        Issue.record("""
            \(name) differs from line \(first + 1):
              expected: \(first < a.count ? String(a[first]) : "<end>")
              actual:   \(first < b.count ? String(b[first]) : "<end>")
            (KBPLAY_RECORD=1 re-records)
            """, sourceLocation: sourceLocation)
    }

    /// xmllint's verdict on `xml` against the schema: nil when it validates.
    static func schemaProblems(_ xml: String) throws -> String? {
        let scratch = TemporaryFolder.make("xsd")
        let path = scratch + "/report.xml"
        try xml.write(toFile: path, atomically: true, encoding: .utf8)
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["xmllint", "--noout", "--schema", folder.appendingPathComponent("junit.xsd").path, path]
        let err = Pipe()
        process.standardError = err
        process.standardOutput = Pipe()
        try process.run()
        let text = String(decoding: err.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        return process.terminationStatus == 0 ? nil : "xmllint (status \(process.terminationStatus)): \(text)"
    }

    // MARK: Golden reports

    @Test func aPassingScript() throws {
        let junit = try Self.run(["pass.kbs", "--no-times"], junit: true)
        #expect(junit.status == 0, "\(junit.err)")
        let report = try #require(junit.report)
        try Self.expectGolden(report, "pass.junit.xml")
        #expect(try Self.schemaProblems(report) == nil)
        // the report goes to its file; standard output keeps the commands' text
        #expect(junit.out.contains("✓ email is visible"))
        // with --json on standard output, the report is the same: it holds the text form
        let json = try Self.run(["pass.kbs", "--no-times", "--json"], junit: true)
        #expect(json.out.hasPrefix(#"{"changes": [{"after": [0, 0, 393, 852], "kind": "added""#))
        #expect(json.report == report)
        let tap = try Self.run(["pass.kbs", "--tap", "--no-times"])
        #expect(tap.status == 0)
        try Self.expectGolden(tap.out, "pass.tap")
    }

    @Test func aFailingScriptAndOneThatCannotBeRead() throws {
        // A failed expect (1), a refused command (2) and a missing file (3):
        // the worst wins, as without a report.
        let junit = try Self.run(["fail.kbs", "missing.kbs", "--no-times"], junit: true)
        #expect(junit.status == 3)
        #expect(junit.err == "kbplay: cannot read missing.kbs: no such file\n")
        let report = try #require(junit.report)
        try Self.expectGolden(report, "fail.junit.xml")
        #expect(try Self.schemaProblems(report) == nil)
        let tap = try Self.run(["fail.kbs", "missing.kbs", "--tap", "--no-times"])
        #expect(tap.status == 3)
        try Self.expectGolden(tap.out, "fail.tap")
        // without the missing file, the refused command decides the status
        #expect(try Self.run(["fail.kbs", "--tap"]).status == 2)
    }

    @Test func markupQuotesAndControlCharactersAreEscaped() throws {
        let junit = try Self.run(["escaping.kbs", "--no-times"], junit: true)
        #expect(junit.status == 2)
        let report = try #require(junit.report)
        try Self.expectGolden(report, "escaping.junit.xml")
        #expect(try Self.schemaProblems(report) == nil)
        // what the script held comes back out of the XML unchanged (the
        // control character as its visible escape)
        let document = try XMLDocumentReader(report)
        let names = document.values(of: "name", in: "testcase")
        #expect(names.contains(#"escaping.kbs:5: add label M to nowhere text "a < b && c > \"d\" 'e' ]]>""#))
        #expect(names.contains(#"escaping.kbs:6: focus L\u{1}x"#))
        #expect(document.text(of: "system-out").contains(#"L.frame.width == 0  (160 == 0)"#))
        let tap = try Self.run(["escaping.kbs", "--tap", "--no-times"])
        try Self.expectGolden(tap.out, "escaping.tap")
        #expect(!tap.out.unicodeScalars.contains { $0.value < 0x20 && $0 != "\n" })
    }

    @Test func aLessonWithItsOwnDeviceLineOnEveryDevice() throws {
        // Its `device iphone-15` line wins: one run, and the report says why.
        // (run from a copy, as a team's CI job would: its `save` writes
        // Sessions/07-layout-guide.json beside it)
        let copy = TemporaryFolder.make("lesson")
        try FileManager.default.createDirectory(atPath: copy + "/Sessions", withIntermediateDirectories: true)
        try FileManager.default.copyItem(atPath: Self.root.appendingPathComponent("Sessions/07-layout-guide.kbs").path,
                                         toPath: copy + "/Sessions/07-layout-guide.kbs")
        let r = try Self.run(["Sessions/07-layout-guide.kbs", "--devices", "all", "--no-times"],
                             directory: copy, junit: true, scratchSessions: false)
        #expect(r.status == 0, "\(r.err)")
        let report = try #require(r.report)
        try Self.expectGolden(report, "lesson-devices.junit.xml")
        #expect(try Self.schemaProblems(report) == nil)
        #expect(r.out.hasPrefix("== Sessions/07-layout-guide.kbs on iphone-15 portrait\nnote: Sessions/07-layout-guide.kbs:"))
        #expect(r.out.components(separatedBy: "\nnote: ").count == 2, "the note is said once")
    }

    @Test func aScriptOnEveryDeviceInBothOrientations() throws {
        let r = try Self.run(["every-device.kbs", "--devices", "all", "--orientations", "portrait,landscape", "--no-times"],
                             junit: true)
        // the form does not fit above the keyboard of an iPhone SE in landscape
        #expect(r.status == 1)
        let report = try #require(r.report)
        try Self.expectGolden(report, "every-device.junit.xml")
        #expect(try Self.schemaProblems(report) == nil)
        let document = try XMLDocumentReader(report)
        let suites = document.values(of: "name", in: "testsuite")
        let expected = DeviceCatalog.standard.devices.flatMap { d in
            ["portrait", "landscape"].map { "every-device.kbs on \(d.id) \($0)" }
        }
        #expect(suites == expected)
        #expect(document.values(of: "failures", in: "testsuite").filter { $0 != "0" }.count == 1)
        let tap = try Self.run(["every-device.kbs", "--devices", "all", "--orientations", "portrait,landscape",
                                "--tap", "--no-times"])
        try Self.expectGolden(tap.out, "every-device.tap")
        // text mode: each run under its own heading
        let text = try Self.run(["every-device.kbs", "--devices", "iphone-se1,ipad-pro-11"])
        #expect(text.out.hasPrefix("== every-device.kbs on iphone-se1 portrait\n+ Login.view (0 0; 320 568)\n"))
        #expect(text.out.contains("\n== every-device.kbs on ipad-pro-11 portrait\n+ Login.view (0 0; 834 1194)\n"))
    }

    /// Each run's tests read apart: the device and orientation are in each
    /// TAP test's name and each JUnit case's name, and no JUnit classname
    /// holds a dot but the one between the script and the device (Jenkins
    /// splits a classname at its last dot into package and class).
    @Test func testNamesCarryTheDeviceAndClassNamesNoDottedIds() throws {
        let dir = TemporaryFolder.make("names")
        try "expect 1 == 2\n".write(toFile: dir + "/t.kbs", atomically: true, encoding: .utf8)
        let tap = try Self.run(["t.kbs", "--devices", "ipad-9.7,iphone-15", "--tap", "--no-times"], directory: dir)
        let lines = tap.out.split(separator: "\n").filter { $0.hasPrefix("not ok") }
        #expect(lines == ["not ok 1 - t.kbs:1: expect 1 == 2 (ipad-9.7 portrait)",
                          "not ok 2 - t.kbs:1: expect 1 == 2 (iphone-15 portrait)"])
        let r = try Self.run(["t.kbs", "--devices", "ipad-9.7", "--no-times"], directory: dir, junit: true)
        let document = try XMLDocumentReader(try #require(r.report))
        #expect(document.values(of: "classname", in: "testcase") == ["t_kbs.ipad-9_7-portrait"])
        #expect(document.values(of: "name", in: "testcase") == ["t.kbs:1: expect 1 == 2 (ipad-9.7 portrait)"])
        // Without devices: the script alone, its dot made `_` too.
        let plain = try Self.run(["t.kbs", "--no-times"], directory: dir, junit: true)
        #expect(try XMLDocumentReader(try #require(plain.report)).values(of: "classname", in: "testcase") == ["t_kbs"])
    }

    /// What a TAP consumer makes of a report: Perl's TAP::Parser (the
    /// parser under `prove`), as `(tests, failed, parse errors)`.
    static func tapParsed(_ tap: String) throws -> (tests: Int, failed: Int, errors: String) {
        let scratch = TemporaryFolder.make("tap")
        let path = scratch + "/report.tap"
        try tap.write(toFile: path, atomically: true, encoding: .utf8)
        let script = """
            use TAP::Parser; my $p = TAP::Parser->new({tap => do { local $/; open my $f, '<', $ARGV[0] or die; <$f> }});
            while (my $r = $p->next) {} print $p->tests_run, " ", scalar($p->failed), "\n", join("\n", $p->parse_errors);
            """
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["perl", "-e", script, path]
        let out = Pipe()
        process.standardOutput = out
        try process.run()
        let text = String(decoding: out.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
        let counts = lines.first?.split(separator: " ").compactMap { Int($0) } ?? []
        guard counts.count == 2 else { return (-1, -1, text) }
        return (counts[0], counts[1], lines.dropFirst().joined(separator: "\n"))
    }

    /// Every golden TAP report reads as TAP: no parse errors, its tests
    /// and failures counted as the report says.
    @Test func tapReportsParseAsTAP() throws {
        let expected: [String: (Int, Int)] = ["pass.tap": (3, 0), "fail.tap": (5, 4), "escaping.tap": (3, 3),
                                              "every-device.tap": (90, 1)]
        for (name, (tests, failed)) in expected {
            let tap = try String(contentsOf: Self.folder.appendingPathComponent(name), encoding: .utf8)
            let parsed = try Self.tapParsed(tap)
            #expect(parsed.errors.isEmpty, "\(name): \(parsed.errors)")
            #expect(parsed.tests == tests && parsed.failed == failed, "\(name): \(parsed)")
        }
    }

    // MARK: Options and times

    @Test func reportsCarryMeasuredTimes() throws {
        let r = try Self.run(["pass.kbs"], junit: true)
        let document = try XMLDocumentReader(try #require(r.report))
        let suiteTime = try #require(document.values(of: "time", in: "testsuite").first.flatMap(Double.init))
        #expect(suiteTime > 0)
        let caseTimes = document.values(of: "time", in: "testcase").compactMap(Double.init)
        #expect(caseTimes.count == 3)
        #expect(caseTimes.allSatisfy { $0 >= 0 && $0 <= suiteTime })
        #expect(try Self.schemaProblems(try #require(r.report)) == nil)
    }

    @Test func badOptionsAreRefusedWithWhatWouldWork() throws {
        let device = try Self.run(["pass.kbs", "--devices", "iphone-15,iphone-s"])
        #expect(device.status == 64)
        #expect(device.err.contains("--devices: unknown device 'iphone-s'"))
        #expect(device.err.contains("all, iphone-se1, iphone-8"))
        let orientation = try Self.run(["pass.kbs", "--orientations", "portrait,landscap"])
        #expect(orientation.err.contains("unknown orientation 'landscap' — did you mean 'landscape'?"))
        let both = try Self.run(["pass.kbs", "--tap", "--json"])
        #expect(both.status == 64)
        #expect(both.err.contains("--tap and --json both write standard output"))
        #expect(both.out.isEmpty)
        // a report that cannot be written: status 3, the commands still ran
        let unwritable = try EndToEndTests.run(["run", "pass.kbs", "--junit", "/nonexistent-folder/r.xml",
                                                "--sessions", TemporaryFolder.make("report")],
                                               directory: Self.folder.path)
        #expect(unwritable.status == 3)
        #expect(unwritable.err.hasPrefix("kbplay: the JUnit report: "))
        #expect(unwritable.out.contains("✓ email is visible"))
    }

    @Test func standardInputRunsOnEveryDeviceAsked() throws {
        let scratch = TemporaryFolder.make("report")
        let r = try EndToEndTests.run(["run", "-", "--devices", "iphone-se1,iphone-15", "--tap", "--no-times",
                                       "--sessions", scratch],
                                      input: "demo\nexpect Login.view.frame.width == 320\n")
        #expect(r.out == """
            TAP version 13
            # <stdin> on iphone-se1 portrait
            ok 1 - <stdin>:2: expect Login.view.frame.width == 320 (iphone-se1 portrait)
            # <stdin> on iphone-se1 portrait: 1 test, 0 failed, 0 errors
            # <stdin> on iphone-15 portrait
            not ok 2 - <stdin>:2: expect Login.view.frame.width == 320 (iphone-15 portrait)
              ---
              message: "Login.view.frame.width == 320 does not hold"
              severity: fail
              found: 393
              wanted: "== 320"
              at:
                file: "<stdin>"
                line: 2
              ...
            # <stdin> on iphone-15 portrait: 1 test, 1 failed, 0 errors
            1..2

            """)
        #expect(r.status == 1)
    }
}

/// The matrix of devices and orientations, and what is a case, without
/// the binary.
@Suite struct DeviceMatrixTests {
    @Test func allIsTheCatalogInItsOrder() throws {
        let m = try DeviceMatrix(devices: "all", orientations: nil)
        #expect(m.devices == DeviceCatalog.standard.devices.map(\.id))
        #expect(m.orientations == [.portrait])
        let runs = m.runs(of: "demo\n", file: "a.kbs")
        #expect(runs.runs.count == DeviceCatalog.standard.devices.count)
        #expect(runs.note == nil)
    }

    @Test func idsAreKeptInOrderOnce() throws {
        let m = try DeviceMatrix(devices: " ipad-pro-11, iphone-8 ,ipad-pro-11", orientations: "landscape,portrait")
        #expect(m.runs(of: "# comment\n\ndemo\n", file: "a.kbs").runs == [
            DeviceSetting(id: "ipad-pro-11", orientation: .landscape), DeviceSetting(id: "ipad-pro-11", orientation: .portrait),
            DeviceSetting(id: "iphone-8", orientation: .landscape), DeviceSetting(id: "iphone-8", orientation: .portrait),
        ])
    }

    @Test func aScriptsOwnDeviceLineWins() throws {
        let m = try DeviceMatrix(devices: "iphone-se1,iphone-15", orientations: "portrait,landscape")
        // no orientation on the line: the orientations asked for still apply
        let own = m.runs(of: "# setup\ndevice iphone-8\ndemo\n", file: "a.kbs")
        #expect(own.runs == [DeviceSetting(id: "iphone-8", orientation: .portrait),
                             DeviceSetting(id: "iphone-8", orientation: .landscape)])
        #expect(own.note == "a.kbs:2 sets its own device ('device iphone-8'), which wins: it runs on iphone-8 only, not on the 2 devices asked for")
        // with one, the line decides both
        let both = m.runs(of: "device ipad-pro-11 landscape\n", file: "b.kbs")
        #expect(both.runs == [DeviceSetting(id: "ipad-pro-11", orientation: .landscape)])
        #expect(both.note == "b.kbs:1 sets its own device ('device ipad-pro-11 landscape'), which wins: it runs on ipad-pro-11 landscape only, not on the 2 devices asked for or the orientations asked for")
        // `new ID` starts on ID in portrait
        #expect(m.runs(of: "new iphone-x\n", file: "c.kbs").runs == [DeviceSetting(id: "iphone-x", orientation: .portrait)])
        // a device line that is not the first command is part of the script
        #expect(m.runs(of: "demo\ndevice iphone-8\n", file: "d.kbs").runs.count == 4)
        // the same device as asked for: nothing overridden, nothing said
        let same = try DeviceMatrix(devices: "iphone-8", orientations: nil).runs(of: "device iphone-8\n", file: "e.kbs")
        #expect(same.note == nil)
    }

    @Test func unknownValuesAreRefused() {
        #expect(throws: DeviceMatrix.OptionError.self) { try DeviceMatrix(devices: "ipad-pro", orientations: nil) }
        #expect(throws: DeviceMatrix.OptionError.self) { try DeviceMatrix(devices: ",", orientations: nil) }
        #expect(throws: DeviceMatrix.OptionError.self) { try DeviceMatrix(devices: nil, orientations: "upside-down") }
    }

    @Test func theRunStartsOnItsDeviceAndNewAndDemoKeepIt() {
        let runner = ScriptRunner(device: DeviceSetting(id: "iphone-se1", orientation: .landscape))
        let suite = runner.run(StringLineReader("""
            expect kb.frame.width == 568
            demo
            expect Login.view.frame.height == 320
            new
            controller C
            expect C.view.frame.width == 568
            new iphone-15
            controller D
            expect D.view.frame.width == 393
            """), suite: ScriptSuite(name: "s", file: "s.kbs"), clock: { 0 }, write: { _ in }).suite
        #expect(suite.cases.map(\.result) == [.passed, .passed, .passed, .passed])
        #expect(suite.cases.map(\.line) == [1, 3, 6, 9])
    }

    @Test func casesAreExpectsAndRefusedCommands() {
        var tick = 0.0
        let (suite, status) = ScriptRunner().run(StringLineReader("""
            demo
            print email.frame.maxY
            expect email.frame.maxY == 710  # holds
            expect email.frame.maxY > \\
                710
            remove emial
            expect 1 ==
            """), suite: ScriptSuite(name: "s", file: "s.kbs"), clock: { tick += 0.5; return tick }, write: { _ in })
        #expect(status == .rejected)
        #expect(suite.cases.map(\.line) == [3, 4, 6, 7])
        #expect(suite.cases.map(\.command) == ["expect email.frame.maxY == 710", "expect email.frame.maxY >     710",
                                               "remove emial", "expect 1 =="])
        #expect(suite.cases[0].result == .passed)
        #expect(suite.cases[1].result == .failed(ExpectResult(expression: "email.frame.maxY >     710", relation: ">",
                                                              left: 710, right: 710, passed: false)))
        guard case let .error(error) = suite.cases[2].result else { Issue.record("not an error case"); return }
        #expect(error == CaseError(kind: .rejected, message: "unknown name 'emial' — did you mean 'email'?", column: 8,
                                   suggestion: "email"))
        guard case .error = suite.cases[3].result else { Issue.record("a refused expect is an error case"); return }
        // each command timed between two readings of the clock
        #expect(suite.cases.allSatisfy { $0.time == 0.5 })
        #expect(suite.failures == 1)
        #expect(suite.errors == 2)
    }

    @Test func tapDescriptionsAndXMLTextAreEscaped() {
        #expect(TAPReport.escaped(##"a # b \ c"##) == ##"a \# b \\ c"##)
        #expect(TAPReport.escaped("a\u{1}b\u{7F}") == "a\\u{1}b\\u{7f}")
        #expect(JUnitReport.clean("ok\ttab\u{0}\u{1B}\u{FFFE}é") == "ok\ttab\\u{0}\\u{1b}\\u{fffe}é")
        #expect(JUnitReport.seconds(1.2345678, true) == "1.234568")
        #expect(JUnitReport.seconds(1.2345678, false) == "0.000000")
    }
}

/// A small reader of kbplay's JUnit reports for assertions: attribute
/// values of every element with a name, and the text of elements.
struct XMLDocumentReader {
    let document: XMLDocument

    init(_ text: String) throws {
        document = try XMLDocument(xmlString: text, options: [])
    }

    func values(of attribute: String, in element: String) -> [String] {
        ((try? document.nodes(forXPath: "//\(element)/@\(attribute)")) ?? []).compactMap(\.stringValue)
    }

    func text(of element: String) -> String {
        ((try? document.nodes(forXPath: "//\(element)")) ?? []).compactMap(\.stringValue).joined(separator: "\n")
    }
}
