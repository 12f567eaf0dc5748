import KBModel

/// One value of a command's grammar, declared once and used twice: in the
/// spec (`.value(Args.name)`, its name in the usage and its kind for the
/// parser, completion and help) and in the command's `init`, which reads it
/// (`try p.required(Args.name)`, `try p[Args.rows]`) as a typed value.
///
/// `read` turns the value's token into the value, with whatever check the
/// grammar cannot make (a whole number in a range, a known view kind),
/// failing with what was wrong at the token's column. The keys are static
/// lets: a parse stores tokens by name, and `read` runs once per value the
/// command asks for.
///
///     enum Args {
///         static let name = CommandArgument.text("NAME", .newName)
///         static let rows = CommandArgument.wholeNumber("ROWS", in: 0...100, "rows is a whole number from 0 to 100")
///     }
///     static let spec = CommandSpec("list", [.value(Args.name), .options([KeywordOption("rows", Args.rows)])], …)
///     init(_ p: ParsedCommand) throws { name = try p.required(Args.name); rows = try p[Args.rows] ?? 0 }
struct CommandArgument<Value: Sendable>: ArgumentDeclaration {
    /// The value's name in the usage (`NAME`), under which the parser keeps its token.
    let name: String
    /// What the value can be: how the parser matches it, how TAB completes it.
    let kind: ValueKind
    /// The value the token stands for.
    let read: @Sendable (Token) throws(CommandError) -> Value

    init(_ name: String, _ kind: ValueKind, read: @escaping @Sendable (Token) throws(CommandError) -> Value) {
        self.name = name
        self.kind = kind
        self.read = read
    }
}

/// What the grammar knows of an argument whatever its value's type: its
/// name and kind (the values after a keyword can be of different types).
protocol ArgumentDeclaration: Sendable {
    var name: String { get }
    var kind: ValueKind { get }
}

extension CommandArgument where Value == Token {
    /// The token itself, for a command that says where its value stood
    /// (a file, a strategy's name, a path it reads later).
    static func token(_ name: String, _ kind: ValueKind) -> CommandArgument<Token> {
        CommandArgument(name, kind) { $0 }
    }
}

extension CommandArgument where Value == String {
    /// The value's text: a name, a path, a quoted text.
    static func text(_ name: String, _ kind: ValueKind) -> CommandArgument<String> {
        CommandArgument(name, kind) { $0.text }
    }
}

extension CommandArgument where Value == Double {
    /// A number (the parser matched a number token, with its sign).
    static func number(_ name: String) -> CommandArgument<Double> {
        CommandArgument(name, .number) { t throws(CommandError) in
            guard let x = Double(t.text) else { throw CommandError("expected a number", column: t.column) }
            return x
        }
    }
}

extension CommandArgument where Value == Int {
    /// A whole number in `range`, or `message` as the error at the value's
    /// column. Values above `range`'s top count as the top when `capped`.
    static func wholeNumber(_ name: String, in range: ClosedRange<Int>, capped: Bool = false,
                            _ message: String) -> CommandArgument<Int> {
        CommandArgument(name, .number) { t throws(CommandError) in
            guard var v = Double(t.text) else { throw CommandError(message, column: t.column) }
            if capped && v > Double(range.upperBound) && v == v.rounded() { v = Double(range.upperBound) }
            guard let n = KBShell.wholeNumber(v, in: range) else { throw CommandError(message, column: t.column) }
            return n
        }
    }
}

extension CommandArgument where Value == Bool {
    /// `on` or `off`, as true or false.
    static func onOff(_ name: String) -> CommandArgument<Bool> {
        CommandArgument(name, CommandTable.onOff) { $0.text == "on" }
    }
}

extension CommandArgument where Value == ViewKind {
    /// A kind of view (`label`, `stackView`…), or an error at its column
    /// with the nearest kind.
    static func viewKind(_ name: String) -> CommandArgument<ViewKind> {
        CommandArgument(name, .viewKind) { t throws(CommandError) in
            guard let kind = ViewKind(rawValue: t.text) else {
                throw CommandError("unknown view kind '\(t.text)'", column: t.column,
                                   suggestion: nearestName(to: t.text, in: ViewKind.allCases.map(\.rawValue)))
            }
            return kind
        }
    }
}

extension CommandArgument where Value: RawRepresentable<String> {
    /// One of fixed words, as the case whose raw value it is; the words are
    /// `cases`' raw values, in their order (the usage lists them so). The
    /// parser has checked the word; a token that did not pass it is
    /// refused here as the parser refuses it, with the nearest word.
    static func choice(_ name: String, _ cases: [Value]) -> CommandArgument<Value> {
        let words = cases.map(\.rawValue)
        return CommandArgument(name, .choice(words)) { t throws(CommandError) in
            guard let value = Value(rawValue: t.text), words.contains(t.text) else {
                throw CommandError("expected one of \(words.joined(separator: ", ")), found '\(t.text)'", column: t.column,
                                   suggestion: nearestName(to: t.text, in: words) ?? words.joined(separator: "|"))
            }
            return value
        }
    }
}

extension CommandArgument where Value: RawRepresentable<String> & CaseIterable {
    /// One of every case's raw value, in declaration order.
    static func choice(_ name: String, of type: Value.Type) -> CommandArgument<Value> {
        choice(name, Array(type.allCases))
    }
}

/// A fixed word whose presence a command asks about (`svg` in `render
/// [svg FILE]`): declared once, used in the grammar (`.word(k)`) and in the
/// read (`p.contains(k)`).
struct Keyword: Sendable {
    let word: String

    init(_ word: String) { self.word = word }
}

extension Pattern {
    /// The element that reads `argument`'s value.
    static func value<V>(_ argument: CommandArgument<V>) -> Pattern { .value(argument.name, argument.kind) }

    /// The fixed word `keyword`.
    static func word(_ keyword: Keyword) -> Pattern { .word(keyword.word) }
}

extension KeywordOption {
    /// A keyword and the arguments after it (none for a keyword alone,
    /// whose presence `p.contains(option)` reads).
    init(_ keyword: String, _ arguments: any ArgumentDeclaration...) {
        self.init(keyword, arguments.map { ($0.name, $0.kind) })
    }
}
