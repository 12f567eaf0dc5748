/// Where the shell's lines come from: GNU readline on a terminal (in the
/// executable, which alone links readline), plain lines otherwise.
public protocol LineReader {
    /// The next line without its newline, or nil at the end of input.
    /// `prompt` is shown only by interactive readers.
    mutating func readLine(prompt: String) -> String?
    /// The next line of a command whose earlier lines (ending in `\`) read
    /// `continuing`, joined: an interactive reader completes the new line
    /// as part of the command (`keyboard \` then `sh` TAB gives `show`).
    mutating func readLine(prompt: String, continuing: String) -> String?
    /// Records a line the shell ran, for history.
    mutating func record(_ line: String)
}

extension LineReader {
    public mutating func readLine(prompt: String, continuing: String) -> String? {
        readLine(prompt: prompt)
    }

    public mutating func record(_ line: String) {}
}

/// Reads standard input line by line; shows no prompt and echoes nothing,
/// so piped output is exactly the commands' output.
public struct PlainLineReader: LineReader {
    public init() {}

    public mutating func readLine(prompt: String) -> String? {
        Swift.readLine(strippingNewline: true)
    }
}

/// Reads lines from a string (a script file's contents).
public struct StringLineReader: LineReader {
    private var lines: [Substring]
    private var index = 0

    public init(_ text: String) {
        var lines = text.split(separator: "\n", omittingEmptySubsequences: false)
        if lines.last == "" { lines.removeLast() }
        self.lines = lines
    }

    public mutating func readLine(prompt: String) -> String? {
        guard index < lines.count else { return nil }
        defer { index += 1 }
        var line = String(lines[index])
        if line.hasSuffix("\r") { line.removeLast() }
        return line
    }
}
