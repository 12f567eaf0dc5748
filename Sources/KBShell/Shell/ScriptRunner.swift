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

    /// Runs `text` (named `file` in messages).
    public func run(_ text: String, file: String) -> Result {
        var session = Session(sessionsDirectory: sessionsDirectory)
        var lines = ScriptLines(StringLineReader(text))
        var out = ""
        var worst = CommandOutcome.Status.ok
        while let line = lines.next() {
            let outcome = session.execute(line.text)
            if json {
                out += outcome.json.text + "\n"
            } else {
                if echo { out += "> \(line.text)\n" }
                if outcome.status == .rejected {
                    out += "\(file):\(line.number): \(outcome.text)\n"
                } else if !outcome.text.isEmpty {
                    out += outcome.text + "\n"
                }
            }
            worst = max(worst, outcome.status)
            if outcome.quit { break }
            if bail && outcome.status != .ok { return Result(output: out, status: worst, stopped: true) }
        }
        return Result(output: out, status: worst, stopped: false)
    }
}
