import KBInterop
import KBModel

/// A run's suites as TAP (the Test Anything Protocol, version 13), for
/// smaller runners: a test line per `expect` line or refused command,
/// numbered across the whole run, each suite opened by a `#` line (every
/// description and comment one line, `#` and `\\` escaped), and
/// a YAML block under every test that did not pass (message, severity,
/// `found`/`wanted` for an expect, column and suggestion for a refused
/// command, where it is, and its time). The plan comes last, as the
/// suites stream.
public struct TAPReport: Sendable {
    /// Times in the YAML blocks and suite lines; without, the same run
    /// gives the same bytes.
    public var times: Bool
    private var count = 0

    public init(times: Bool = true) {
        self.times = times
    }

    /// The report's first line.
    public var header: String { "TAP version 13\n" }

    /// One suite's lines.
    public mutating func lines(for suite: ScriptSuite) -> String {
        // A comment is one line too: the suite's name (a file's name can
        // hold a line break) and its notes are escaped as descriptions are.
        let name = Self.escaped(suite.name)
        var out = "# \(name)\n"
        for note in suite.notes { out += "# note: \(Self.escaped(note))\n" }
        for c in suite.cases {
            count += 1
            let description = Self.escaped(suite.name(of: c))
            var yaml: [(String, String)] = []
            switch c.result {
            case .passed:
                out += "ok \(count) - \(description)\n"
                continue
            case let .failed(x):
                out += "not ok \(count) - \(description)\n"
                yaml.append(("message", Self.quoted("\(x.expression) does not hold")))
                yaml.append(("severity", "fail"))
                yaml.append(("found", formatNumber(x.left)))
                yaml.append(("wanted", Self.quoted("\(x.relation) \(formatNumber(x.right))")))
            case let .error(error):
                out += "not ok \(count) - \(description)\n"
                yaml.append(("message", Self.quoted(error.message)))
                yaml.append(("severity", "error"))
                yaml.append(("kind", error.kind.rawValue))
                if let column = error.column { yaml.append(("column", "\(column)")) }
                if let suggestion = error.suggestion { yaml.append(("suggestion", Self.quoted(suggestion))) }
            }
            out += "  ---\n"
            for (key, value) in yaml { out += "  \(key): \(value)\n" }
            out += "  at:\n    file: \(Self.quoted(suite.file))\n"
            if c.line > 0 { out += "    line: \(c.line)\n" }
            if times { out += "  duration_ms: \(formatNumber(c.time * 1000))\n" }
            out += "  ...\n"
        }
        var summary = "# \(name): \(suite.cases.count) \(suite.cases.count == 1 ? "test" : "tests"), "
            + "\(suite.failures) failed, \(suite.errors) \(suite.errors == 1 ? "error" : "errors")"
        if times { summary += ", \(formatNumber(suite.time * 1000)) ms" }
        if suite.stopped { summary += " (--bail stopped it)" }
        return out + summary + "\n"
    }

    /// The plan: how many tests the run had.
    public var plan: String { "1..\(count)\n" }

    /// A description as TAP reads it: `#` starts a directive, so it and
    /// the backslash are escaped; control characters (a line break among
    /// them) are written as `\u{…}`.
    static func escaped(_ text: String) -> String {
        text.replacing("\\", with: "\\\\").replacing("#", with: "\\#")
            .escapingScalars { $0.value < 0x20 || $0.value == 0x7F }
    }

    /// A YAML double-quoted scalar (JSON's string syntax, which YAML reads).
    static func quoted(_ text: String) -> String {
        JSON.string(text).text
    }
}
