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

/// The one lexical rule of a command line, and everything read by it:
/// the tokens, a `#` comment, the blank-separated words of a command that
/// takes a path, and the word being typed where TAB completes.
///
/// A `"` opens a string and the next `"` not escaped closes it; a `#`
/// outside a string starts a comment, to the end of the line. In a string
/// `\n` is a line feed, `\t` a tab, `\r` a carriage return, `\0` the NUL
/// character, `\u{…}` the Unicode scalar of 1 to 8 hexadecimal digits
/// (`\u{1F600}`), and `\` before any other character makes that character
/// part of the string (`"a \" b"` is `a " b`, `"a \\ b"` is `a \ b`).
/// Operators need no spaces around them: `a.top==b.top+8` is five tokens.
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
            guard isPlain(bytes) else { return nil }
            return Result { () throws(LexError) in try tokens(of: bytes) }
        }
        if let result = fromBytes ?? nil {
            return (try result.get(), line.utf8.count + 1)
        }
        let characters = Array(line)
        return (try tokens(of: characters), characters.count + 1)
    }

    /// The words of a command that takes a path, a device id or a strategy
    /// name (`source ../a-b.kbs`, `device iphone-15`): split at blanks only,
    /// a string (with the same escapes as ``tokenize(_:)``) being one word
    /// whatever it holds. A word that reads as a number is a number.
    public static func words(_ line: String) throws(LexError) -> [Token] {
        let fromBytes = line.utf8.withContiguousStorageIfAvailable { bytes -> Result<[Token], LexError>? in
            guard isPlain(bytes) else { return nil }
            return Result { () throws(LexError) in try words(of: bytes) }
        }
        if let result = fromBytes ?? nil { return try result.get() }
        return try words(of: Array(line))
    }

    /// Where `line`'s comment starts: its first `#` outside a string; nil
    /// if it has none (a `#` in a string that is not closed is in it).
    public static func commentStart(in line: String) -> String.Index? {
        let fromBytes = line.utf8.withContiguousStorageIfAvailable { bytes -> Int?? in
            guard isPlain(bytes) else { return nil }
            return .some(commentStart(of: bytes))
        }
        if let found = fromBytes ?? nil {
            return found.map { line.utf8.index(line.utf8.startIndex, offsetBy: $0) }
        }
        return commentStart(of: Array(line)).map { line.index(line.startIndex, offsetBy: $0) }
    }

    /// The word being typed at the end of `prefix` (the line up to the
    /// cursor), which TAB completion replaces: the characters after the
    /// last one that ``isWordBreak(_:blanksOnly:)`` (`email.to` in
    /// `constrain a.top==email.to`; with `blanksOnly`, as in a command
    /// that takes a path, `../a-b` in `source ../a-b`).
    public static func wordBeingTyped(in prefix: String, blanksOnly: Bool) -> Substring {
        var start = prefix.endIndex
        // Every break is ASCII, and no byte of a longer character is, so
        // the bytes find the break the characters would.
        let utf8 = prefix.utf8
        while start > utf8.startIndex {
            let before = utf8.index(before: start)
            if utf8[before] < 0x80, isWordBreak(utf8[before], blanksOnly: blanksOnly) { break }
            start = before
        }
        return prefix[start...]
    }

    /// Whether the ASCII character `code` ends the word being typed: a
    /// blank or a quote; outside a path (`blanksOnly` false), any ASCII
    /// character but a letter, a digit, `_` and `.` (the characters of a
    /// name or a dotted path). Any other character is part of a word.
    public static func isWordBreak(_ code: UInt8, blanksOnly: Bool) -> Bool {
        if blanksOnly { return code == UInt8(ascii: " ") || code == UInt8(ascii: "\t") || code == UInt8(ascii: "\n") || code == UInt8(ascii: "\"") }
        return !(isNameStart(code) || isDigit(code) || code == UInt8(ascii: "."))
    }

    /// Every ASCII character that ``isWordBreak(_:blanksOnly:)``, as a
    /// line editor's word-break characters are given (GNU readline's).
    public static func wordBreakCharacters(blanksOnly: Bool) -> String {
        String(decoding: (UInt8(1)...UInt8(127)).filter { isWordBreak($0, blanksOnly: blanksOnly) }, as: UTF8.self)
    }

    /// Whether the line's bytes are its characters: ASCII, and no carriage
    /// return (which joins a following line feed into one character).
    private static func isPlain(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        bytes.allSatisfy { $0 < 0x80 && $0 != UInt8(ascii: "\r") }
    }

    private static func isNameStart(_ c: UInt8?) -> Bool {
        guard let c else { return false }
        return c == UInt8(ascii: "_") || (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(c)
            || (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains(c)
    }

    private static func isDigit(_ c: UInt8?) -> Bool {
        guard let c else { return false }
        return (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(c)
    }

    private static func isBlank(_ c: UInt8?) -> Bool { c == UInt8(ascii: " ") || c == UInt8(ascii: "\t") }

    /// The string whose opening quote is at `start`: the index just past
    /// its closing quote, or nil if it is not closed. A `\` always takes
    /// the unit after it, so where a string ends does not depend on its
    /// escapes being valid.
    private static func endOfString<Units: RandomAccessCollection<Unit>, Unit: LexUnit>(
        _ units: Units, at start: Int
    ) -> Int? where Units.Index == Int {
        var j = start + 1
        while j < units.endIndex, units[j].asciiCode != UInt8(ascii: "\"") {
            if units[j].asciiCode == UInt8(ascii: "\\"), j + 1 < units.endIndex { j += 1 }
            j += 1
        }
        return j < units.endIndex ? j + 1 : nil
    }

    /// The contents of the string whose opening quote is at `start`, its
    /// escapes resolved, and the index just past its closing quote. An
    /// unterminated string, or a `\u{…}` that names no Unicode scalar, is
    /// refused.
    private static func string<Units: RandomAccessCollection<Unit>, Unit: LexUnit>(
        _ units: Units, at start: Int
    ) throws(LexError) -> (text: String, end: Int) where Units.Index == Int {
        guard let end = endOfString(units, at: start) else {
            throw LexError(message: "unterminated string", column: start + 1)
        }
        var text: [Unit] = []
        var j = start + 1
        let close = end - 1
        while j < close {
            guard units[j].asciiCode == UInt8(ascii: "\\") else {
                text.append(units[j])
                j += 1
                continue
            }
            let escape = j
            j += 1
            switch units[j].asciiCode {
            case UInt8(ascii: "n"): text.append(Unit(ascii: 0x0A))
            case UInt8(ascii: "t"): text.append(Unit(ascii: 0x09))
            case UInt8(ascii: "r"): text.append(Unit(ascii: 0x0D))
            case UInt8(ascii: "0"): text.append(Unit(ascii: 0x00))
            case UInt8(ascii: "u"):
                // `\u{` 1 to 8 hexadecimal digits `}`.
                var k = j + 1
                var value: UInt32 = 0
                var digits = 0
                let open = k < close && units[k].asciiCode == UInt8(ascii: "{")
                if open {
                    k += 1
                    while k < close, let d = units[k].asciiCode.flatMap({ hexValue($0) }), digits < 8 {
                        value = value << 4 | UInt32(d)
                        digits += 1
                        k += 1
                    }
                }
                guard open, digits > 0, k < close, units[k].asciiCode == UInt8(ascii: "}") else {
                    throw LexError(message: "\\u takes 1 to 8 hexadecimal digits in braces, as \\u{A} or \\u{1F600}",
                                   column: escape + 1)
                }
                guard let scalar = Unicode.Scalar(value) else {
                    throw LexError(message: "\\u{\(String(value, radix: 16, uppercase: true))} is no Unicode scalar (0 to 10FFFF, not D800 to DFFF)",
                                   column: escape + 1)
                }
                text += Unit.units(of: scalar)
                j = k
            default: text.append(units[j])
            }
            j += 1
        }
        return (Unit.string(text), end)
    }

    private static func hexValue(_ c: UInt8) -> UInt8? {
        switch c {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): c - UInt8(ascii: "0")
        case UInt8(ascii: "a")...UInt8(ascii: "f"): c - UInt8(ascii: "a") + 10
        case UInt8(ascii: "A")...UInt8(ascii: "F"): c - UInt8(ascii: "A") + 10
        default: nil
        }
    }

    /// The index of the first `#` outside a string.
    private static func commentStart<Units: RandomAccessCollection<Unit>, Unit: LexUnit>(
        of units: Units
    ) -> Int? where Units.Index == Int {
        var i = 0
        while i < units.endIndex {
            switch units[i].asciiCode {
            case UInt8(ascii: "#"): return i
            case UInt8(ascii: "\""):
                guard let end = endOfString(units, at: i) else { return nil }
                i = end
            default: i += 1
            }
        }
        return nil
    }

    /// The blank-separated words of a line given as characters, or as
    /// bytes when each byte is a character.
    private static func words<Units: RandomAccessCollection<Unit>, Unit: LexUnit>(
        of units: Units
    ) throws(LexError) -> [Token] where Units.Index == Int {
        var tokens: [Token] = []
        var i = 0
        while i < units.endIndex {
            if isBlank(units[i].asciiCode) {
                i += 1
            } else if units[i].asciiCode == UInt8(ascii: "\"") {
                let (text, end) = try string(units, at: i)
                tokens.append(Token(.string, text, column: i + 1))
                i = end
            } else {
                var j = i
                while j < units.endIndex, !isBlank(units[j].asciiCode), units[j].asciiCode != UInt8(ascii: "\"") { j += 1 }
                let text = Unit.string(units[i..<j])
                let number = Double(text) != nil && text.first != "."
                tokens.append(Token(number ? .number : .word, text, column: i + 1))
                i = j
            }
        }
        return tokens
    }

    /// The tokens of a line given as characters, or as bytes when each
    /// byte is a character.
    private static func tokens<Units: RandomAccessCollection<Unit>, Unit: LexUnit>(
        of units: Units
    ) throws(LexError) -> [Token] where Units.Index == Int {
        /// The ASCII code of the unit at `k`; nil past the end or outside ASCII.
        func code(_ k: Int) -> UInt8? { k < units.endIndex ? units[k].asciiCode : nil }
        func isPart(_ c: UInt8?) -> Bool { isNameStart(c) || isDigit(c) }
        func isSymbol(_ c: UInt8?, in symbols: String) -> Bool { c.map(symbols.utf8.contains) ?? false }
        let dot = UInt8(ascii: ".")
        let quote = UInt8(ascii: "\"")

        var tokens: [Token] = []
        var i = 0
        while i < units.endIndex {
            let c = code(i)
            let column = i + 1
            if isBlank(c) {
                i += 1
            } else if isNameStart(c) {
                var j = i
                while let d = code(j) {
                    if isPart(d) {
                        j += 1
                    } else if d == dot, isNameStart(code(j + 1)) {
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
                let (text, end) = try string(units, at: i)
                tokens.append(Token(.string, text, column: column))
                i = end
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
    /// The unit of an ASCII character.
    init(ascii: UInt8)
    /// The units a Unicode scalar is written as.
    static func units(of scalar: Unicode.Scalar) -> [Self]
}

extension Character: LexUnit {
    // `asciiValue` is 10 for CR-LF, which the lexer treats like any other
    // control character (it is unexpected, or part of a string).
    var asciiCode: UInt8? { asciiValue }
    var character: Character { self }
    static func string(_ units: some Collection<Character>) -> String { String(units) }
    init(ascii: UInt8) { self.init(Unicode.Scalar(ascii)) }
    static func units(of scalar: Unicode.Scalar) -> [Character] { [Character(scalar)] }
}

extension UInt8: LexUnit {
    var asciiCode: UInt8? { self < 0x80 ? self : nil }
    var character: Character { Character(Unicode.Scalar(self)) }
    static func string(_ units: some Collection<UInt8>) -> String { String(decoding: units, as: UTF8.self) }
    init(ascii: UInt8) { self = ascii }
    static func units(of scalar: Unicode.Scalar) -> [UInt8] { Array(String(scalar).utf8) }
}
