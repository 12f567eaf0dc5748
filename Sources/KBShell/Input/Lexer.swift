/// A token of a command line, with the 1-based column it starts at.
public struct Token: Equatable, Sendable {
    public enum Kind: Equatable, Sendable {
        /// A name or a dotted path: `email`, `Login.view.safeArea.bottom`.
        case word
        case number
        /// A double-quoted string; `text` is its contents.
        case string
        /// `== <= >= < > = + - * / ( ) @ : ,`
        case symbol
    }

    public var kind: Kind
    public var text: String
    public var column: Int

    public init(_ kind: Kind, _ text: String, column: Int) {
        self.kind = kind
        self.text = text
        self.column = column
    }

    public var number: Double? { kind == .number ? Double(text) : nil }
}

/// A lexing error: an unexpected character or an unterminated string.
public struct LexError: Error, Equatable, Sendable {
    public var message: String
    public var column: Int
}

/// Splits a command line into tokens. Operators need no spaces around them:
/// `a.top==b.top+8` is five tokens.
public enum Lexer {
    public static func tokenize(_ line: String) throws(LexError) -> [Token] {
        try scan(line).tokens
    }

    /// The tokens of `line` and the column just past its end.
    ///
    /// A line of ASCII without carriage returns (nearly every line) is read
    /// as UTF-8 bytes: each byte is then exactly one character, so the
    /// tokens, columns and errors are those of reading characters, without
    /// the cost of Unicode's grapheme breaking. Any other line is read as
    /// characters.
    static func scan(_ line: String) throws(LexError) -> (tokens: [Token], endColumn: Int) {
        let fromBytes = line.utf8.withContiguousStorageIfAvailable { bytes -> Result<[Token], LexError>? in
            guard bytes.allSatisfy({ $0 < 0x80 && $0 != UInt8(ascii: "\r") }) else { return nil }
            return Result { () throws(LexError) in try tokens(of: bytes) }
        }
        if let result = fromBytes ?? nil {
            return (try result.get(), line.utf8.count + 1)
        }
        let characters = Array(line)
        return (try tokens(of: characters), characters.count + 1)
    }

    /// The tokens of a line given as characters, or as bytes when each
    /// byte is a character.
    private static func tokens<Units: RandomAccessCollection<Unit>, Unit: LexUnit>(
        of units: Units
    ) throws(LexError) -> [Token] where Units.Index == Int {
        /// The ASCII code of the unit at `k`; nil past the end or outside ASCII.
        func code(_ k: Int) -> UInt8? { k < units.endIndex ? units[k].asciiCode : nil }
        func isStart(_ c: UInt8?) -> Bool {
            guard let c else { return false }
            return c == UInt8(ascii: "_") || (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(c)
                || (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains(c)
        }
        func isDigit(_ c: UInt8?) -> Bool {
            guard let c else { return false }
            return (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(c)
        }
        func isPart(_ c: UInt8?) -> Bool { isStart(c) || isDigit(c) }
        func isSymbol(_ c: UInt8?, in symbols: String) -> Bool { c.map(symbols.utf8.contains) ?? false }
        let dot = UInt8(ascii: ".")
        let quote = UInt8(ascii: "\"")

        var tokens: [Token] = []
        var i = 0
        while i < units.endIndex {
            let c = code(i)
            let column = i + 1
            if c == UInt8(ascii: " ") || c == UInt8(ascii: "\t") {
                i += 1
            } else if isStart(c) {
                var j = i
                while let d = code(j) {
                    if isPart(d) {
                        j += 1
                    } else if d == dot, isStart(code(j + 1)) {
                        j += 1
                    } else if d == dot, !isPart(code(j + 1)) {
                        // A trailing dot (`email.`) stays in the word, for completion.
                        j += 1
                        break
                    } else {
                        break
                    }
                }
                tokens.append(Token(.word, Unit.string(units[i..<j]), column: column))
                i = j
            } else if isDigit(c) || (c == dot && isDigit(code(i + 1))) {
                var j = i
                var seenDot = false
                while isDigit(code(j)) || (code(j) == dot && !seenDot) {
                    if code(j) == dot {
                        guard isDigit(code(j + 1)) else { break }
                        seenDot = true
                    }
                    j += 1
                }
                tokens.append(Token(.number, Unit.string(units[i..<j]), column: column))
                i = j
            } else if c == quote {
                var j = i + 1
                var text: [Unit] = []
                while j < units.endIndex, code(j) != quote {
                    if code(j) == UInt8(ascii: "\\"), j + 1 < units.endIndex { j += 1 }
                    text.append(units[j])
                    j += 1
                }
                guard j < units.endIndex else { throw LexError(message: "unterminated string", column: column) }
                tokens.append(Token(.string, Unit.string(text), column: column))
                i = j + 1
            } else if isSymbol(c, in: "=<>"), code(i + 1) == UInt8(ascii: "=") {
                tokens.append(Token(.symbol, Unit.string(units[i...i + 1]), column: column))
                i += 2
            } else if isSymbol(c, in: "=<>+-*/()@:,") {
                tokens.append(Token(.symbol, Unit.string(units[i...i]), column: column))
                i += 1
            } else {
                throw LexError(message: "unexpected character '\(units[i].character)'", column: column)
            }
        }
        return tokens
    }
}

/// One unit of a line as the lexer reads it: a character, or a byte of a
/// line where bytes and characters correspond one to one.
private protocol LexUnit {
    /// The unit's ASCII code, nil outside ASCII. Every test the lexer makes
    /// is on this code, so a character and its byte are read alike.
    var asciiCode: UInt8? { get }
    var character: Character { get }
    static func string(_ units: some Collection<Self>) -> String
}

extension Character: LexUnit {
    // `asciiValue` is 10 for CR-LF, which the lexer treats like any other
    // control character (it is unexpected, or part of a string).
    var asciiCode: UInt8? { asciiValue }
    var character: Character { self }
    static func string(_ units: some Collection<Character>) -> String { String(units) }
}

extension UInt8: LexUnit {
    var asciiCode: UInt8? { self < 0x80 ? self : nil }
    var character: Character { Character(Unicode.Scalar(self)) }
    static func string(_ units: some Collection<UInt8>) -> String { String(decoding: units, as: UTF8.self) }
}
