/// Runs a script of commands from an empty session, as `kbplay run` does:
/// the text each command prints (or its JSON line), and the worst status.
public struct ScriptRunner {
    public var json = false
    public var echo = false
    public var bail = false
    public var sessionsDirectory = "Sessions"

    public init(json: Bool = false, echo: Bool = false, bail: Bool = false, sessionsDirectory: String = "Sessions") {
        self.json = json
        self.echo = echo
        self.bail = bail
        self.sessionsDirectory = sessionsDirectory
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
        var session = Session(sessionsDirectory: sessionsDirectory)
        var lines = ScriptLines(reader)
        var worst = CommandOutcome.Status.ok
        while let line = lines.next() {
            let outcome = session.execute(line.text)
            if json {
                write(outcome.jsonText + "\n")
            } else {
                if echo { write("> \(line.text)\n") }
                if outcome.status == .rejected {
                    write("\(file):\(line.number): \(outcome.text)\n")
                } else if !outcome.text.isEmpty {
                    write(outcome.text + "\n")
                }
            }
            worst = max(worst, outcome.status)
            if outcome.quit { break }
            if bail && outcome.status != .ok { return (worst, true) }
        }
        return (worst, false)
    }
}
