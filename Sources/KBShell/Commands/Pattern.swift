/// What a command's argument can be; drives parsing, completion and help.
public enum ValueKind: Equatable, Sendable {
    /// A new name (`[A-Za-z_][A-Za-z0-9_]*`).
    case newName
    /// An existing object: any named object, or one of a kind.
    case object, controller, view, field, scrollView, constraint
    /// A text input or a controller: what can become first responder.
    case responder
    /// An anchor such as `email.top` or `Login.view.safeArea.bottom`.
    case anchor
    case number
    case string
    /// One of fixed words.
    case choice([String])
    case device
    case strategy
    case event
    case viewKind
    case command
    /// A value of the rule language: a number, a path, `kb.…`, a function.
    case expression
    case file
    case session
    /// A scene of an Interface Builder document (`import … scene NAME`): a
    /// word or a quoted text.
    case scene
}

/// One element of a command's grammar.
public indirect enum Pattern: Equatable, Sendable {
    /// A fixed word (`to`, `in`, `with`).
    case word(String)
    /// One token, stored under `name`.
    case value(String, ValueKind)
    /// Elements that may be left out as a whole.
    case optional([Pattern])
    /// Keyword options in any order, each at most once: `spacing 12 axis vertical`.
    case options([KeywordOption])
    /// The rest of the line, parsed by the command itself (constraints,
    /// expressions, strategy arguments).
    case rest(String, RestKind)
}

/// What a `.rest` element holds, for completion.
public enum RestKind: Equatable, Sendable {
    case constraint
    case expression
    case comparison
    case strategyArguments
    case rule
    /// More paths (`import swift A.swift B.swift`).
    case files
}

/// A keyword option: the keyword and the values after it.
public struct KeywordOption: Equatable, Sendable {
    public var keyword: String
    public var values: [(String, ValueKind)]

    public init(_ keyword: String, _ values: [(String, ValueKind)]) {
        self.keyword = keyword
        self.values = values
    }

    public static func == (a: KeywordOption, b: KeywordOption) -> Bool {
        a.keyword == b.keyword && a.values.map(\.0) == b.values.map(\.0) && a.values.map(\.1) == b.values.map(\.1)
    }
}

extension Pattern {
    /// The usage text of a pattern list: `NAME in PARENT [spacing N]`.
    public static func usage(_ patterns: [Pattern]) -> String {
        patterns.map(\.usage).joined(separator: " ")
    }

    var usage: String {
        switch self {
        case let .word(w): return w
        case let .value(name, kind):
            if case let .choice(words) = kind { return words.joined(separator: "|") }
            return name
        case let .optional(items): return "[" + Pattern.usage(items) + "]"
        case let .options(options):
            return options.map { o in
                "[" + ([o.keyword] + o.values.map { v in
                    if case let .choice(words) = v.1 { return words.joined(separator: "|") }
                    return v.0
                }).joined(separator: " ") + "]"
            }.joined(separator: " ")
        case let .rest(name, _): return name
        }
    }
}

extension Pattern {
    /// The names of the pattern's values of `kind`, in order.
    func names(of kind: ValueKind) -> [String] {
        switch self {
        case .word, .rest: return []
        case let .value(name, k): return k == kind ? [name] : []
        case let .optional(items): return items.flatMap { $0.names(of: kind) }
        case let .options(options): return options.flatMap { $0.values.filter { $0.1 == kind }.map(\.0) }
        }
    }

    /// Whether a value of `kind` appears anywhere in the pattern.
    func mentions(_ kind: ValueKind) -> Bool {
        !names(of: kind).isEmpty
    }

    /// Whether a value is one of fixed words with a dash (`split-half`):
    /// such a command's line splits at blanks, as one taking a path does.
    var hasHyphenatedChoice: Bool {
        switch self {
        case .word, .rest: return false
        case let .value(_, .choice(words)): return words.contains { $0.contains("-") }
        case .value: return false
        case let .optional(items): return items.contains(where: \.hasHyphenatedChoice)
        case let .options(options):
            return options.contains { $0.values.contains { if case let .choice(w) = $0.1 { return w.contains { $0.contains("-") } } else { return false } } }
        }
    }
}
