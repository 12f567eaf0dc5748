import KBInterop
import KBModel

/// Runs a script of commands from an empty session, as `kbplay run` does:
/// the text each command prints (or its JSON line), and the worst status.
public struct ScriptRunner {
    public var json = false
    public var echo = false
    public var bail = false
    public var sessionsDirectory = "Sessions"
    /// The device and orientation each script starts on, and that `new`
    /// (without a device) and `demo` use; nil: the default device, portrait.
    public var device: DeviceSetting?
    /// Whether `import log -` may read standard input (the script itself is not read from it).
    public var standardInputForImport = false
    /// The folder of the script: the relative file names it gives
    /// (`source`, `import`, `render svg`, …) are found there
    /// (``Session/fileFolder``); nil for the current folder (standard input).
    public var folder: String?

    public init(json: Bool = false, echo: Bool = false, bail: Bool = false, sessionsDirectory: String = "Sessions",
                device: DeviceSetting? = nil) {
        self.json = json
        self.echo = echo
        self.bail = bail
        self.sessionsDirectory = sessionsDirectory
        self.device = device
    }

    public struct Result {
        public var output: String
        public var status: CommandOutcome.Status
        /// `bail` stopped the script early.
        public var stopped: Bool
    }

    /// Runs `text` (named `file` in messages), its output collected.
    public func run(_ text: String, file: String) -> Result {
        var out = ""
        let (status, stopped) = run(StringLineReader(text), file: file) { out += $0 }
        return Result(output: out, status: status, stopped: stopped)
    }

    /// Runs the commands `reader` gives (named `file` in messages), handing
    /// each command's output to `write` as soon as the command has run: a
    /// long script's output streams, and is never held whole.
    public func run<Reader: LineReader>(_ reader: Reader, file: String,
                                        write: (String) -> Void) -> (status: CommandOutcome.Status, stopped: Bool) {
        run(reader, file: file, clock: nil, write: write) { _, _, _, _ in }
    }

    /// Runs the commands `reader` gives as the test suite `suite`: every
    /// `expect` and every refused command becomes a case, timed with
    /// `clock` (seconds; a clock that stands still makes every time 0).
    /// What the script prints goes to `write` and into the suite's output.
    public func run<Reader: LineReader>(_ reader: Reader, suite: ScriptSuite, clock: @escaping () -> Double,
                                        write: (String) -> Void) -> (suite: ScriptSuite, status: CommandOutcome.Status) {
        var suite = suite
        let start = clock()
        let file = suite.file
        let (status, stopped) = run(reader, file: suite.file, clock: clock, write: write) { line, outcome, seconds, written in
            // The report holds the text form, whatever the run prints.
            let printed = json ? Self.text(of: outcome, line: line, file: file, echo: false) : written
            suite.output += printed
            if let expectation = outcome.expectation, outcome.status == .ok || outcome.status == .expectFailed {
                suite.cases.append(ScriptCase(line: line.number, command: line.text,
                                              result: expectation.passed ? .passed : .failed(expectation),
                                              time: seconds, output: printed))
            } else if outcome.status == .rejected || outcome.status == .ioError {
                let detail = outcome.error
                let error = CaseError(kind: outcome.status == .ioError ? .io : .rejected,
                                      message: detail?.message ?? outcome.text,
                                      column: detail?.column, suggestion: detail?.suggestion)
                suite.cases.append(ScriptCase(line: line.number, command: line.text, result: .error(error),
                                              time: seconds, output: printed))
            }
        }
        suite.time = clock() - start
        suite.stopped = stopped
        return (suite, status)
    }

    /// The loop both forms share: each command run, its output written,
    /// and `observe` told the line, the outcome, the seconds it took (0
    /// without a clock) and the text written for it.
    private func run<Reader: LineReader>(_ reader: Reader, file: String, clock: (() -> Double)?, write: (String) -> Void,
                                         observe: (ScriptLine, CommandOutcome, Double, String) -> Void)
        -> (status: CommandOutcome.Status, stopped: Bool) {
        var session: Session
        if let device {
            // Checked by the caller (a device id from the catalog).
            session = (try? Session(sessionsDirectory: sessionsDirectory, device: device))
                ?? Session(sessionsDirectory: sessionsDirectory)
        } else {
            session = Session(sessionsDirectory: sessionsDirectory)
        }
        session.standardInputForImport = standardInputForImport
        session.fileFolder = folder
        var lines = ScriptLines(reader)
        var worst = CommandOutcome.Status.ok
        while let line = lines.next() {
            let started = clock?() ?? 0
            let outcome = session.execute(line.text)
            let seconds = (clock?() ?? 0) - started
            let printed = json ? outcome.jsonText + "\n" : Self.text(of: outcome, line: line, file: file, echo: echo)
            if !printed.isEmpty { write(printed) }
            observe(line, outcome, seconds, printed)
            worst = max(worst, outcome.status)
            if outcome.quit { break }
            if bail && outcome.status != .ok { return (worst, true) }
        }
        return (worst, false)
    }

    /// What the text form prints for one command: the command after `> `
    /// with `echo`, then its text; a refused command's with the script's
    /// name and line before it.
    static func text(of outcome: CommandOutcome, line: ScriptLine, file: String, echo: Bool) -> String {
        var printed = echo ? "> \(line.text)\n" : ""
        if outcome.status == .rejected {
            printed += "\(file):\(line.number): \(outcome.text)\n"
        } else if !outcome.text.isEmpty {
            printed += outcome.text + "\n"
        }
        return printed
    }
}
