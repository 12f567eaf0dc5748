/// One command of a script, with where it starts.
public struct ScriptLine: Equatable, Sendable {
    /// The command text: comments removed, continued lines joined.
    public var text: String
    /// The 1-based line number of its first line.
    public var number: Int

    /// `line` without its `#` comment (``Lexer/commentStart(in:)``: a `#`
    /// in a string, escaped quotes included, is text) and the blanks
    /// before it.
    public static func withoutComment(_ line: String) -> String {
        var out = line[..<(Lexer.commentStart(in: line) ?? line.endIndex)]
        while out.last == " " || out.last == "\t" { out.removeLast() }
        return String(out)
    }
}

/// Turns raw lines into commands: `#` starts a comment (outside a quoted
/// string, as the ``Lexer`` reads it), a line ending in `\` continues on the next, blank lines are
/// skipped.
public struct ScriptLines<Reader: LineReader> {
    public var reader: Reader
    private var lineNumber = 0

    public init(_ reader: Reader) {
        self.reader = reader
    }

    /// The next command, or nil at the end of input. `prompt` and
    /// `continuation` are the prompts of an interactive reader.
    public mutating func next(prompt: String = "", continuation: String = "") -> ScriptLine? {
        var text = ""
        var first = 0
        var currentPrompt = prompt
        while let raw = reader.readLine(prompt: currentPrompt, continuing: text) {
            lineNumber += 1
            if text.isEmpty { first = lineNumber }
            var line = ScriptLine.withoutComment(raw)
            if line.hasSuffix("\\") {
                line.removeLast()
                text += line
                currentPrompt = continuation
                continue
            }
            text += line
            if text.allSatisfy(\.isWhitespace) {
                text = ""
                currentPrompt = prompt
                continue
            }
            return ScriptLine(text: text, number: first)
        }
        if !text.allSatisfy(\.isWhitespace) { return ScriptLine(text: text, number: first) }
        return nil
    }
}
