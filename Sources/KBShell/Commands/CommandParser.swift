import KBModel

/// Matches a command line against the command table.
public enum CommandParser {
    /// Parses one line; `nil` for a blank line.
    public static func parse(_ line: String) throws(CommandError) -> ParsedCommand? {
        // File and session arguments are paths: such lines split at blanks.
        if splitsAtBlanks(line) {
            let spaced: [Token]
            do { spaced = try Lexer.words(line) } catch { throw CommandError(error.message, column: error.column) }
            if let (spec, used) = CommandTable.lookup(spaced.prefix(2).map(\.text)), takesPath(spec) {
                return try match(spec, used, spaced, line, endColumn: line.count + 1)
            }
        }
        let (tokens, endColumn): ([Token], Int)
        do { (tokens, endColumn) = try Lexer.scan(line) } catch { throw CommandError(error.message, column: error.column) }
        guard let first = tokens.first else { return nil }
        guard first.kind == .word else {
            throw CommandError("expected a command, found '\(first.text)'", column: first.column,
                               suggestion: "help lists the commands")
        }
        let words = tokens.prefix(CommandTable.maxWordCount).prefix { $0.kind == .word }.map(\.text)
        guard let (spec, used) = CommandTable.lookup(words) else {
            // A known first word with a wrong second one (`keyboard shwo`).
            let subcommands = CommandTable.all.filter { $0.words.count > 1 && $0.words[0] == first.text }
            if !subcommands.isEmpty {
                let second = tokens.count > 1 ? tokens[1] : nil
                let choices = subcommands.map { $0.words[1] }
                let near = second.flatMap { nearestName(to: $0.text, in: choices) }
                throw CommandError(
                    second.map { "unknown command '\(first.text) \($0.text)'" } ?? "'\(first.text)' needs one of: \(choices.joined(separator: ", "))",
                    column: second?.column ?? first.column + first.text.count,
                    suggestion: near.map { "\(first.text) \($0)" } ?? "one of: \(choices.joined(separator: ", "))")
            }
            throw CommandError("unknown command '\(first.text)'", column: first.column,
                               suggestion: nearestName(to: first.text, in: CommandTable.firstWords)
                                   ?? CommandTable.commandEnding(with: first.text) ?? "help lists the commands")
        }
        return try match(spec, used, tokens, line, endColumn: endColumn)
    }

    static func match(_ spec: CommandSpec, _ used: Int, _ tokens: [Token], _ line: String,
                      endColumn: Int) throws(CommandError) -> ParsedCommand {
        var matcher = Matcher(tokens: tokens, index: used, endColumn: endColumn)
        var parsed = ParsedCommand(spec: spec, values: [:], present: [], rest: [], restColumn: endColumn,
                                   line: line, endColumn: endColumn)
        try matcher.match(spec.arguments, into: &parsed)
        if matcher.index < tokens.count {
            let t = tokens[matcher.index]
            throw CommandError("unexpected '\(t.text)' after the arguments of '\(spec.name)'", column: t.column,
                               suggestion: "usage: \(spec.usage)")
        }
        return parsed
    }

    /// Whether `spec` takes a path, a device id or a strategy name (words
    /// with dots, dashes and slashes).
    static func takesPath(_ spec: CommandSpec) -> Bool {
        spec.arguments.contains { pattern in
            [ValueKind.file, .session, .device, .strategy].contains { pattern.mentions($0) } || pattern.hasHyphenatedChoice
        }
    }

    /// The line's first word: what comes before the first space or tab
    /// after any leading ones. An ASCII line (nearly every line) is read as
    /// bytes; another as characters, which is what decides there (a space
    /// with a combining mark after it is not a space).
    static func firstWord(of line: String) -> String {
        let utf8 = line.utf8
        guard utf8.allSatisfy({ $0 < 0x80 }) else {
            return String(line.drop { $0 == " " || $0 == "\t" }.prefix { $0 != " " && $0 != "\t" })
        }
        func isBlank(_ byte: UInt8) -> Bool { byte == UInt8(ascii: " ") || byte == UInt8(ascii: "\t") }
        let start = utf8.firstIndex { !isBlank($0) } ?? utf8.endIndex
        let end = utf8[start...].firstIndex(where: isBlank) ?? utf8.endIndex
        return String(Substring(utf8[start..<end]))
    }

    /// Whether what a command line does depends on more than a session
    /// file holds, so that running it again later (replaying a journal)
    /// would not do the same: its command has the trait
    /// ``CommandTraits/journaledAsSnapshot`` (it reads or writes files, or
    /// goes back or forward in the undo history, which a session file does
    /// not hold), or ``CommandTraits/journaledAsSnapshotWithAFile`` and
    /// names a file. Looked up by the first word, as a daemon asks this of
    /// every command before it runs; only a command that depends on its
    /// file is parsed.
    public static func dependsOnMoreThanASessionFile(_ line: String) -> Bool {
        let first = firstWord(of: line)
        guard let traits = traitsByFirstWord[first] else { return false }
        if traits.contains(.journaledAsSnapshot) { return true }
        // A word where its file goes (`render svg FILE`: a third word).
        guard traits.contains(.journaledAsSnapshotWithAFile), let position = fileWordPosition[first] else { return false }
        // A line that is not words (a string not closed) is refused
        // whatever it is.
        return ((try? Lexer.words(line))?.count ?? position + 1) > position
    }

    /// Whether the command line only reads the session: every command
    /// with its first word is one of the inspection commands (`print`,
    /// `frames`, `tree`, `explain`, `constraints`, `events`, `diff`,
    /// `expect`, `render`, `devices`), `history` or `help`, none of
    /// which changes the session (a file `render svg FILE` writes is no
    /// part of it). A line that is refused changes nothing either, but
    /// this is asked of the line alone. A daemon sends its web pages a
    /// new picture only after a command that can change the session.
    public static func onlyReadsTheSession(_ line: String) -> Bool {
        readOnlyFirstWords.contains(firstWord(of: line))
    }

    /// The first words of the commands that only read the session.
    static let readOnlyFirstWords: Set<String> = {
        var words = Set<String>()
        var changing = Set<String>()
        for spec in CommandTable.all {
            let reads = (spec.group == .inspection || spec.traits.contains(.onlyReads))
                && spec.traits.isDisjoint(with: [.mutates, .readsFiles, .keepsUndoStacks, .journaledAsSnapshot])
            if reads { words.insert(spec.words[0]) } else { changing.insert(spec.words[0]) }
        }
        return words.subtracting(changing)
    }()

    /// The traits of the commands with each first word, together.
    static let traitsByFirstWord: [String: CommandTraits] = CommandTable.all.reduce(into: [:]) {
        $0[$1.words[0], default: []].formUnion($1.traits)
    }

    /// For the commands journaled as a snapshot when they name a file: the
    /// 0-based word where the file goes (after the command's words and
    /// the fixed words before it in its grammar).
    static let fileWordPosition: [String: Int] = CommandTable.all.reduce(into: [:]) { positions, spec in
        guard spec.traits.contains(.journaledAsSnapshotWithAFile) else { return }
        func position(_ patterns: [Pattern], from start: Int) -> Int? {
            var k = start
            for p in patterns {
                switch p {
                case .value(_, .file): return k
                case .word, .value: k += 1
                case let .optional(inner): if let found = position(inner, from: k) { return found }
                case .options, .rest: return nil
                }
            }
            return nil
        }
        positions[spec.words[0]] = position(spec.arguments, from: spec.words.count)
    }

    /// First words of the commands that ``takesPath(_:)``.
    static let pathCommands: Set<String> = Set(CommandTable.all.filter(takesPath).map { $0.words[0] })

    /// Whether `line` is read as blank-separated words (``Lexer/words(_:)``)
    /// rather than tokens: its first word is that of a command that takes
    /// a path, a device id or a strategy name. TAB completion finds the
    /// word being typed by the same choice.
    public static func splitsAtBlanks(_ line: String) -> Bool {
        pathCommands.contains(firstWord(of: line))
    }

    /// The tokens `line` is parsed from: its words if it
    /// ``splitsAtBlanks(_:)``, else the lexer's tokens.
    static func tokens(of line: String) throws(LexError) -> [Token] {
        splitsAtBlanks(line) ? try Lexer.words(line) : try Lexer.tokenize(line)
    }

    /// The word TAB completes at the end of `prefix` (the line up to the
    /// cursor), read as the line will be: `iphone-1` in `device iphone-1`,
    /// `signIn.bo` in `constrain email.top==signIn.bo`.
    public static func wordBeingTyped(in prefix: String) -> Substring {
        Lexer.wordBeingTyped(in: prefix, blanksOnly: splitsAtBlanks(prefix))
    }

}

private struct Matcher {
    let tokens: [Token]
    var index: Int
    /// The column just past the line's end.
    let endColumn: Int

    /// Matches `patterns`, consuming their tokens.
    mutating func match(_ patterns: [Pattern], into parsed: inout ParsedCommand) throws(CommandError) {
        for pattern in patterns {
            switch pattern {
            case let .word(w):
                guard index < tokens.count else {
                    throw CommandError("'\(parsed.spec.name)' expects '\(w)' here", column: endColumn,
                                       suggestion: "usage: \(parsed.spec.usage)")
                }
                let t = tokens[index]
                guard t.kind == .word, t.text == w else {
                    throw CommandError("expected '\(w)', found '\(t.text)'", column: t.column,
                                       suggestion: "usage: \(parsed.spec.usage)")
                }
                parsed.present.insert(w)
                index += 1
            case let .value(name, kind):
                parsed.values[name] = try value(name, kind, spec: parsed.spec)
            case let .optional(items):
                if startsMatching(items) {
                    try match(items, into: &parsed)
                }
            case let .options(options):
                while index < tokens.count, tokens[index].kind == .word,
                      let option = options.first(where: { $0.keyword == tokens[index].text }) {
                    let t = tokens[index]
                    if parsed.present.contains(option.keyword) {
                        throw CommandError("'\(option.keyword)' is given twice", column: t.column)
                    }
                    parsed.present.insert(option.keyword)
                    index += 1
                    for (name, kind) in option.values {
                        parsed.values[name] = try value(name, kind, spec: parsed.spec, after: option.keyword)
                    }
                }
                if index < tokens.count, tokens[index].kind == .word {
                    let t = tokens[index]
                    let keywords = options.map(\.keyword)
                    throw CommandError("unknown option '\(t.text)' for '\(parsed.spec.name)'", column: t.column,
                                       suggestion: nearestName(to: t.text, in: keywords) ?? "options: \(keywords.joined(separator: ", "))")
                }
            case .rest:
                parsed.restColumn = index < tokens.count ? tokens[index].column : endColumn
                parsed.rest = Array(tokens[index...])
                index = tokens.count
            }
        }
    }

    /// Whether the next token can begin `items` (for optional groups).
    func startsMatching(_ items: [Pattern]) -> Bool {
        guard index < tokens.count, let first = items.first else { return false }
        switch first {
        case let .word(w): return tokens[index].kind == .word && tokens[index].text == w
        case .value(_, .number): return tokens[index].kind == .number || tokens[index].text == "-"
        case .value(_, .string): return tokens[index].kind == .string
        case .value: return tokens[index].kind == .word || tokens[index].kind == .string
        default: return true
        }
    }

    mutating func value(_ name: String, _ kind: ValueKind, spec: CommandSpec,
                        after keyword: String? = nil) throws(CommandError) -> Token {
        let what = keyword.map { "'\($0)' needs \(name)" } ?? "'\(spec.name)' needs \(name)"
        guard index < tokens.count else {
            throw CommandError(what, column: endColumn, suggestion: "usage: \(spec.usage)")
        }
        var t = tokens[index]
        switch kind {
        case .number:
            if t.kind == .symbol, t.text == "-", index + 1 < tokens.count, tokens[index + 1].kind == .number {
                index += 1
                t = Token(.number, "-" + tokens[index].text, column: t.column)
            }
            guard t.kind == .number else {
                throw CommandError("\(what): a number, found '\(t.text)'", column: t.column, suggestion: "usage: \(spec.usage)")
            }
        case .string:
            guard t.kind == .string else {
                throw CommandError("\(what): a quoted text, found '\(t.text)'", column: t.column,
                                   suggestion: t.kind == .word ? "\"\(t.text)\"" : nil)
            }
        case let .choice(words):
            guard t.kind == .word, words.contains(t.text) else {
                throw CommandError("\(what): one of \(words.joined(separator: ", ")), found '\(t.text)'", column: t.column,
                                   suggestion: nearestName(to: t.text, in: words) ?? words.joined(separator: "|"))
            }
        case .newName:
            guard t.kind == .word, !t.text.contains("."), !t.text.hasSuffix(".") else {
                throw CommandError("\(what): a name like [A-Za-z_][A-Za-z0-9_]*, found '\(t.text)'", column: t.column)
            }
        case .file, .session, .scene:
            guard t.kind == .word || t.kind == .string else {
                throw CommandError("\(what), found '\(t.text)'", column: t.column)
            }
        default:
            guard t.kind == .word else {
                throw CommandError("\(what), found '\(t.text)'", column: t.column, suggestion: "usage: \(spec.usage)")
            }
        }
        index += 1
        return t
    }
}
