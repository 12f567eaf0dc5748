import Foundation
import KBInterop
import KBModel

/// `kbplay run FILE... [--json] [--echo] [--bail] [--junit REPORT.xml]
/// [--tap] [--devices all|ID,…] [--orientations portrait,landscape]`:
/// session scripts, each from an empty session. Exit status: 0 all good,
/// 1 an `expect` failed, 2 a command was rejected, 3 a file could not be
/// read or written.
public struct RunCommand: Sendable {
    public var files: [String]
    public var json = false
    public var echo = false
    public var bail = false
    public var junit: String?
    public var tap = false
    public var devices: String?
    public var orientations: String?
    public var noTimes = false
    public var sessionsDirectory: String

    public init(files: [String], json: Bool, echo: Bool, bail: Bool, junit: String?, tap: Bool, devices: String?,
                orientations: String?, noTimes: Bool, sessionsDirectory: String) {
        (self.files, self.json, self.echo, self.bail, self.junit, self.tap) = (files, json, echo, bail, junit, tap)
        (self.devices, self.orientations, self.noTimes) = (devices, orientations, noTimes)
        self.sessionsDirectory = sessionsDirectory
    }

    /// What is wrong with the options together, if anything.
    public var problem: String? {
        if tap && json {
            return "--tap and --json both write standard output: pick one (--junit REPORT.xml can go with --json)"
        }
        if let junit, junit.isEmpty { return "--junit needs a file to write the report to" }
        if files.filter({ $0 == "-" }).count > 1 { return "standard input (-) can be read only once" }
        do { _ = try matrix() } catch { return "\(error)" }
        return nil
    }

    /// The devices and orientations asked for, or nil when neither was.
    func matrix() throws -> DeviceMatrix? {
        guard devices != nil || orientations != nil else { return nil }
        return try DeviceMatrix(devices: devices, orientations: orientations)
    }

    public func run() throws(CommandLineExit) {
        let matrix = try? matrix()
        var worst = CommandOutcome.Status.ok
        var suites: [ScriptSuite] = []
        var tapReport = TAPReport(times: !noTimes)
        let start = ContinuousClock.now
        let clock: () -> Double = noTimes ? { 0 } : {
            let d = ContinuousClock.now - start
            return Double(d.components.seconds) + Double(d.components.attoseconds) / 1e18
        }
        // With --tap standard output is the report; the commands' text
        // still goes into each suite (and a JUnit report's system-out).
        let out: (String) -> Void = tap ? { _ in } : { print($0, terminator: "") }
        if tap { print(tapReport.header, terminator: "") }

        var rawFiles = CommandLine.argumentsNotUTF8()
        fileLoop: for file in files {
            // A name that is not UTF-8 comes as text with U+FFFD in place
            // of its odd bytes: its own bytes open the file, and it is
            // shown with those bytes escaped (`n\xFF.kbs`).
            let raw = file.unicodeScalars.contains("\u{FFFD}")
                ? rawFiles.firstIndex { String(decoding: $0, as: UTF8.self) == file }.map { rawFiles.remove(at: $0) } : nil
            let name = file == "-" ? "<stdin>" : raw.map(FileIO.shownPath) ?? file
            // Standard input streams, each command's output flushed, when
            // the script runs once: a program that feeds kbplay through a
            // pipe reads each reply in turn. Several runs need its text.
            var text: String?
            if file != "-" || matrix != nil {
                do {
                    // Standard input is read whole, as a file is (a pipe or
                    // a redirected file, at most the script limit).
                    if let raw {
                        text = try FileIO.read(pathBytes: raw, limit: FileIO.scriptLimit)
                    } else {
                        text = try FileIO.read(file == "-" ? "/dev/stdin" : file, limit: FileIO.scriptLimit)
                    }
                    if text == nil { throw FileError("cannot read \(name): no such file") }
                } catch {
                    CommandLine.fail("kbplay: \(error)")
                    worst = max(worst, .ioError)
                    var suite = ScriptSuite(name: name, file: name)
                    suite.cases = [ScriptCase(line: 0, command: "the script could not be read",
                                              result: .error(CaseError(kind: .io, message: "\(error)")), time: 0, output: "")]
                    suites.append(suite)
                    if tap { print(tapReport.lines(for: suite), terminator: "") }
                    if bail { break } else { continue }
                }
            }
            var plan: (runs: [DeviceSetting], note: String?)?
            if let matrix, let text { plan = matrix.runs(of: text, file: name) }
            let runs: [DeviceSetting?] = plan.map { $0.runs.map(Optional.some) } ?? [nil]
            for (index, device) in runs.enumerated() {
                var runner = ScriptRunner(json: json, echo: echo, bail: bail, sessionsDirectory: sessionsDirectory, device: device)
                runner.standardInputForImport = !files.contains("-")
                // The script's relative file names are found beside it.
                runner.folder = file == "-" ? nil : FileIO.folder(of: file)
                var suite = ScriptSuite(name: device.map { "\(name) on \($0.description)" } ?? name, file: name, device: device)
                if index == 0, let note = plan?.note { suite.notes.append(note) }
                if matrix != nil && !tap {
                    out(json ? Self.runLine(suite) : "== \(suite.name)\n" + suite.notes.map { "note: \($0)\n" }.joined())
                }
                let result: (suite: ScriptSuite, status: CommandOutcome.Status)
                if let text {
                    // Standard output is buffered: a script's output goes
                    // out in blocks as it runs, never held whole.
                    result = runner.run(StringLineReader(text), suite: suite, clock: clock, write: out)
                } else {
                    result = runner.run(PlainLineReader(), suite: suite, clock: clock) { line in
                        out(line)
                        fflush(nil)
                    }
                }
                worst = max(worst, result.status)
                suites.append(result.suite)
                if tap { print(tapReport.lines(for: result.suite), terminator: "") }
                if result.suite.stopped { break fileLoop }
            }
        }
        if tap { print(tapReport.plan, terminator: "") }
        fflush(nil)
        if let junit {
            do {
                try FileIO.atomicWrite(junit, JUnitReport.xml(suites, times: !noTimes))
            } catch {
                CommandLine.fail("kbplay: the JUnit report: \(error)")
                worst = max(worst, .ioError)
            }
        }
        if worst != .ok { throw CommandLineExit(status: Int32(worst.rawValue)) }
    }

    /// The JSON line that opens each run of `--devices`/`--orientations`
    /// in `--json` mode.
    static func runLine(_ suite: ScriptSuite) -> String {
        var run: [String: JSON] = ["suite": .string(suite.name), "file": .string(suite.file)]
        if let device = suite.device {
            run["device"] = .string(device.id)
            run["orientation"] = .string(device.orientation.rawValue)
        }
        if !suite.notes.isEmpty { run["notes"] = .array(suite.notes.map { .string($0) }) }
        return JSON.object(["run": .object(run)]).text + "\n"
    }
}
