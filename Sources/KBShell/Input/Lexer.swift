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
        let chars = Array(line)
        var tokens: [Token] = []
        var i = 0
        func isStart(_ c: Character) -> Bool { c == "_" || (c.isASCII && c.isLetter) }
        func isPart(_ c: Character) -> Bool { isStart(c) || (c.isASCII && c.isNumber) }
        while i < chars.count {
            let c = chars[i]
            let column = i + 1
            if c == " " || c == "\t" {
                i += 1
            } else if isStart(c) {
                var j = i
                while j < chars.count {
                    if isPart(chars[j]) {
                        j += 1
                    } else if chars[j] == ".", j + 1 < chars.count, isStart(chars[j + 1]) {
                        j += 1
                    } else if chars[j] == ".", j + 1 == chars.count || !isPart(chars[j + 1]) {
                        // A trailing dot (`email.`) stays in the word, for completion.
                        j += 1
                        break
                    } else {
                        break
                    }
                }
                tokens.append(Token(.word, String(chars[i..<j]), column: column))
                i = j
            } else if (c.isASCII && c.isNumber) || (c == "." && i + 1 < chars.count && chars[i + 1].isASCII && chars[i + 1].isNumber) {
                var j = i
                var seenDot = false
                while j < chars.count, (chars[j].isASCII && chars[j].isNumber) || (chars[j] == "." && !seenDot) {
                    if chars[j] == "." {
                        guard j + 1 < chars.count, chars[j + 1].isASCII, chars[j + 1].isNumber else { break }
                        seenDot = true
                    }
                    j += 1
                }
                tokens.append(Token(.number, String(chars[i..<j]), column: column))
                i = j
            } else if c == "\"" {
                var j = i + 1
                var text = ""
                while j < chars.count, chars[j] != "\"" {
                    if chars[j] == "\\", j + 1 < chars.count { j += 1 }
                    text.append(chars[j])
                    j += 1
                }
                guard j < chars.count else { throw LexError(message: "unterminated string", column: column) }
                tokens.append(Token(.string, text, column: column))
                i = j + 1
            } else if "=<>".contains(c), i + 1 < chars.count, chars[i + 1] == "=" {
                tokens.append(Token(.symbol, String(chars[i...i + 1]), column: column))
                i += 2
            } else if "=<>+-*/()@:,".contains(c) {
                tokens.append(Token(.symbol, String(c), column: column))
                i += 1
            } else {
                throw LexError(message: "unexpected character '\(c)'", column: column)
            }
        }
        return tokens
    }
}
