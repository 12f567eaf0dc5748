import KBModel
/// The names a session offers to completion.
public protocol CompletionContext: Sendable {
    /// Existing names of a kind (views, controllers, constraints, fields,
    /// scroll views, devices, strategies, events, sessions…), sorted.
    func names(_ kind: ValueKind) -> [String]
    /// Full paths that can follow `base.` where `base` is an object or a
    /// path (`email` → `email.top`, `email.safeArea.`, …); empty if `base`
    /// names nothing.
    func members(of base: String, for kind: ValueKind) -> [String]
}

/// TAB completion from the command table: command words, then whatever
/// the grammar expects at the cursor — names, anchors after a dot, enum
/// values, device ids, keywords.
public struct ShellCompleter: Completer {
    /// The keywords of every strategy's options, from their types.
    static let strategyKeywords: [String] = {
        var seen: Set<String> = []
        return StrategyKind.allCases.flatMap { $0.arguments.compactMap(\.keyword) }.filter { seen.insert($0).inserted }
    }()

    public let context: any CompletionContext

    public init(context: any CompletionContext) {
        self.context = context
    }

    public func completions(prefix: String, word: String) -> [String] {
        let before = String(prefix.dropLast(word.count))
        // Read as the parser will read the line (blank-separated words for
        // a command that takes a path).
        guard let tokens = try? CommandParser.tokens(of: before) else { return [] }
        let found = expected(after: tokens).flatMap { candidates(for: $0, word: word) }
        var seen = Set<String>()
        return found.filter { $0.hasPrefix(word) && seen.insert($0).inserted }.sorted()
    }

    /// Whether the grammar expects a file's name where `word` ends
    /// `prefix` (the names of files are not the session's to offer).
    public static func expectsFileName(prefix: String, word: String) -> Bool {
        let before = String(prefix.dropLast(word.count))
        guard let tokens = try? CommandParser.tokens(of: before), !tokens.isEmpty else { return false }
        return expectations(after: tokens).contains { if case .value(.file) = $0 { true } else { false } }
    }

    /// What may come next after `tokens`.
    enum Expectation {
        case words([String])
        case value(ValueKind)
    }

    func expected(after tokens: [Token]) -> [Expectation] {
        Self.expectations(after: tokens)
    }

    static func expectations(after tokens: [Token]) -> [Expectation] {
        guard !tokens.isEmpty else { return [.words(CommandTable.firstWords)] }
        let words = tokens.prefix { $0.kind == .word }.map(\.text)
        guard let (spec, used) = CommandTable.lookup(words) else {
            let subs = CommandTable.all.filter { $0.words.count > 1 && $0.words[0] == tokens[0].text }
            return tokens.count == 1 && !subs.isEmpty ? [.words(subs.map { $0.words[1] })] : []
        }
        var walker = Walker(tokens: tokens, index: used)
        return walker.next(spec.arguments)
    }

    func candidates(for expectation: Expectation, word: String) -> [String] {
        switch expectation {
        case let .words(words): return words
        case let .value(kind):
            if case let .choice(words) = kind { return words }
            if word.contains(".") {
                let base = String(word[..<word.lastIndex(of: ".")!])
                return context.members(of: base, for: kind)
            }
            switch kind {
            case .anchor:
                return context.names(.object)
            case .expression:
                return context.names(.object) + ["kb", "min", "max", "abs"]
            case .viewKind:
                return ["view", "label", "button", "textField", "textView", "scrollView", "stackView"]
            case .command:
                return CommandTable.firstWords
            default:
                return context.names(kind)
            }
        }
    }

    /// Walks a grammar over the typed tokens to find what comes next.
    struct Walker {
        let tokens: [Token]
        var index: Int

        mutating func next(_ patterns: [Pattern]) -> [Expectation] {
            for (k, pattern) in patterns.enumerated() {
                if index >= tokens.count { return starts(of: Array(patterns[k...])) }
                switch pattern {
                case .word:
                    index += 1
                case let .value(_, kind):
                    if kind == .number, tokens[index].text == "-" { index += 1 }
                    index += 1
                case let .optional(items):
                    if tokens[index].kind == .word, case let .word(w)? = items.first, tokens[index].text != w {
                        continue
                    }
                    let inner = next(items)
                    if index >= tokens.count && !inner.isEmpty { return inner }
                case let .options(options):
                    while index < tokens.count, let o = options.first(where: { $0.keyword == tokens[index].text }) {
                        index += 1
                        for (_, kind) in o.values {
                            if index >= tokens.count { return [.value(kind)] }
                            index += 1
                        }
                    }
                    if index >= tokens.count { return [.words(options.map(\.keyword))] }
                case let .rest(_, kind):
                    return restExpectations(kind, Array(tokens[index...]))
                }
            }
            return []
        }

        func starts(of patterns: [Pattern]) -> [Expectation] {
            var out: [Expectation] = []
            for pattern in patterns {
                switch pattern {
                case let .word(w): return out + [.words([w])]
                case let .value(_, kind): return out + [.value(kind)]
                case let .optional(items): out += starts(of: items)
                case let .options(options): out.append(.words(options.map(\.keyword)))
                case let .rest(_, kind): return out + restExpectations(kind, [])
                }
            }
            return out
        }

        func restExpectations(_ kind: RestKind, _ rest: [Token]) -> [Expectation] {
            switch kind {
            case .constraint:
                if rest.isEmpty { return [.value(.anchor)] }
                if rest.count == 1 { return [.words(["==", "<=", ">="])] }
                return rest.contains { $0.text == "as" } ? [] : [.value(.anchor), .words(["as"])]
            case .expression, .comparison:
                return [.value(.expression)]
            case .strategyArguments:
                return [.value(.constraint), .words(ShellCompleter.strategyKeywords)]
            case .files:
                return [.value(.file), .words(["into"])]
            case .rule:
                if rest.isEmpty { return [.value(.event)] }
                if rest.count <= 2 { return [.words(["set"])] }
                return [.value(.expression)]
            }
        }
    }
}
