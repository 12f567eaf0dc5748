import ArgumentParser
import Foundation
import KBShell

/// `kbplay run FILE... [--json] [--echo] [--bail] [--junit REPORT.xml]
/// [--tap] [--devices all|ID,…] [--orientations portrait,landscape]`:
/// session scripts, each from an empty session. Exit status: 0 all good,
/// 1 an `expect` failed, 2 a command was rejected, 3 a file could not be
/// read or written.
struct Run: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "run",
        abstract: "Run session scripts non-interactively (- reads standard input)."
    )

    @Argument(help: "Script files, one command a line; - for standard input.")
    var files: [String]

    @Flag(help: "Print one JSON object per command.") var json = false
    @Flag(help: "Print each command before its output.") var echo = false
    @Flag(help: "Stop at the first failed expect or rejected command.") var bail = false
    @Option(name: .customLong("junit"), help: ArgumentHelp("Also write a JUnit XML report (a suite per script, a case per expect line or refused command).", valueName: "REPORT.xml"))
    var junit: String?
    @Flag(help: "Print a TAP report on standard output instead of the commands' output.") var tap = false
    @Option(help: ArgumentHelp("Run each script on these device presets: all, or ids separated by commas.", valueName: "all|ID,…"))
    var devices: String?
    @Option(help: ArgumentHelp("Run each script in these orientations.", valueName: "portrait,landscape"))
    var orientations: String?
    @Flag(name: .customLong("no-times"), help: "Report every time as 0, so a report is byte-identical run to run.")
    var noTimes = false
    @OptionGroup var sessions: SessionsOption

    func validate() throws {
        if tap && json {
            throw ValidationError("--tap and --json both write standard output: pick one (--junit REPORT.xml can go with --json)")
        }
        if let junit, junit.isEmpty { throw ValidationError("--junit needs a file to write the report to") }
        if files.filter({ $0 == "-" }).count > 1 { throw ValidationError("standard input (-) can be read only once") }
        do { _ = try matrix() } catch { throw ValidationError("\(error)") }
    }

    /// The devices and orientations asked for, or nil when neither was.
    func matrix() throws -> DeviceMatrix? {
        guard devices != nil || orientations != nil else { return nil }
        return try DeviceMatrix(devices: devices, orientations: orientations)
    }

    func run() throws {
        let matrix = try matrix()
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

        var rawFiles = Self.namesNotUTF8()
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
                    Self.fail("kbplay: \(error)")
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
                var runner = ScriptRunner(json: json, echo: echo, bail: bail, sessionsDirectory: sessions.resolved, device: device)
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
                Self.fail("kbplay: the JUnit report: \(error)")
                worst = max(worst, .ioError)
            }
        }
        if worst != .ok { throw ExitCode(Int32(worst.rawValue)) }
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

    /// The command line's arguments that are not UTF-8, as their bytes
    /// (Swift gives every argument as text, each byte that is not UTF-8
    /// replaced by U+FFFD, so such a name opens nothing).
    static func namesNotUTF8() -> [[UInt8]] {
        (1..<Int(CommandLine.argc)).compactMap { i -> [UInt8]? in
            guard let p = CommandLine.unsafeArgv[i] else { return nil }
            let bytes = Array(UnsafeBufferPointer(start: UnsafeRawPointer(p).assumingMemoryBound(to: UInt8.self), count: strlen(p)))
            return FileIO.firstInvalidUTF8(bytes) == nil ? nil : bytes
        }
    }

    /// An error on standard error, after what standard output holds so far.
    static func fail(_ message: String) {
        fflush(nil)
        FileHandle.standardError.write(Data((message + "\n").utf8))
    }
}
