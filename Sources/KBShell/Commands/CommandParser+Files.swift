import KBInterop

extension CommandParser {
    /// `line` with each relative file argument (`source FILE`, `render svg
    /// FILE`) made absolute against `directory`. A daemon reads and writes
    /// files from its own folder; `kbplay attach` sends its lines through
    /// this, so `source lesson.kbs` means the file beside the person typing
    /// it, as in the local shell; such a line comes back without its
    /// comment. A line that does not parse, or has no relative file, comes
    /// back as it is (the daemon then says what is wrong with it).
    public static func resolvingFiles(in line: String, against directory: String) -> String {
        let command = line.utf8.contains(UInt8(ascii: "#")) ? ScriptLine.withoutComment(line) : line
        guard let parsed = try? parse(command) else { return line }
        let names = parsed.spec.arguments.flatMap { $0.names(of: .file) }
        // Right to left, so the columns of the ones before stay right.
        let files = names.compactMap { parsed.values[$0] }
            .filter { !$0.text.hasPrefix("/") && !$0.text.isEmpty }
            .sorted { $0.column > $1.column }
        guard !files.isEmpty else { return line }
        var characters = Array(command)
        let base = directory.hasSuffix("/") ? directory : directory + "/"
        for token in files {
            let quoted = token.kind == .string
            let start = token.column - 1
            let written = quoted ? quote(token.text) : token.text
            let end = start + written.count
            // The token as it stands in the line, or nothing is changed.
            guard start >= 0, end <= characters.count, String(characters[start..<end]) == written else { return line }
            let absolute = base + token.text
            characters.replaceSubrange(start..<end, with: quoted ? quote(absolute) : absolute)
        }
        return String(characters)
    }

    /// `text` as a string the ``Lexer`` reads back as `text`, on one line
    /// (``ScriptText/quote(_:)``).
    public static func quote(_ text: String) -> String { ScriptText.quote(text) }
}
