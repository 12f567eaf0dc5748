import KBModel

/// Parses expressions from tokens with precedence climbing.
///
/// An expression has at most ``maximumNodes`` numbers, names and
/// operations, nested at most ``maximumDepth`` levels (parentheses, signs,
/// calls): parsing, evaluating and freeing one recurse through it, and a
/// line of a million parentheses would otherwise exhaust the stack.
public struct ExpressionParser {
    let tokens: [Token]
    public private(set) var index: Int
    let endColumn: Int
    private var nodes = 0
    private var depth = 0

    public static var maximumNodes: Int { 1000 }
    public static var maximumDepth: Int { 64 }

    /// Counts one more node of the tree, made at `column`.
    private mutating func node(at column: Int) throws(CommandError) {
        nodes += 1
        guard nodes <= Self.maximumNodes else {
            throw CommandError("the expression is too long: at most \(Self.maximumNodes) numbers, names and operations", column: column)
        }
    }

    /// Goes one level deeper, at `column`.
    private mutating func deeper(at column: Int) throws(CommandError) {
        depth += 1
        guard depth <= Self.maximumDepth else {
            throw CommandError("the expression is nested too deeply: at most \(Self.maximumDepth) levels of parentheses, signs and calls", column: column)
        }
    }

    public init(_ tokens: [Token], endColumn: Int) {
        self.tokens = tokens
        self.index = 0
        self.endColumn = endColumn
    }

    public var atEnd: Bool { index >= tokens.count }
    public var current: Token? { index < tokens.count ? tokens[index] : nil }
    public mutating func advance() { index += 1 }

    /// One whole expression; stops before a token that cannot continue it.
    public mutating func parseExpression() throws(CommandError) -> ValueExpression {
        var left = try parseTerm()
        while let t = current, t.kind == .symbol, t.text == "+" || t.text == "-" {
            index += 1
            try node(at: t.column)
            let right = try parseTerm()
            left = .binary(Character(t.text), left, right)
        }
        return left
    }

    mutating func parseTerm() throws(CommandError) -> ValueExpression {
        var left = try parseFactor()
        while let t = current, t.kind == .symbol, t.text == "*" || t.text == "/" {
            index += 1
            try node(at: t.column)
            let right = try parseFactor()
            left = .binary(Character(t.text), left, right)
        }
        return left
    }

    mutating func parseFactor() throws(CommandError) -> ValueExpression {
        guard let t = current else {
            throw CommandError("the expression ends too early: expected a number, a name or '('", column: endColumn)
        }
        try node(at: t.column)
        switch t.kind {
        case .number:
            index += 1
            return .number(Double(t.text)!)
        case .symbol where t.text == "-":
            index += 1
            try deeper(at: t.column)
            defer { depth -= 1 }
            return .negate(try parseFactor())
        case .symbol where t.text == "+":
            index += 1
            try deeper(at: t.column)
            defer { depth -= 1 }
            return try parseFactor()
        case .symbol where t.text == "(":
            index += 1
            try deeper(at: t.column)
            defer { depth -= 1 }
            let e = try parseExpression()
            guard let close = current, close.text == ")" else {
                throw CommandError("expected ')'", column: current?.column ?? endColumn)
            }
            index += 1
            return e
        case .word where ["min", "max", "abs"].contains(t.text) && index + 1 < tokens.count && tokens[index + 1].text == "(":
            index += 2
            try deeper(at: t.column)
            defer { depth -= 1 }
            var args: [ValueExpression] = []
            while true {
                args.append(try parseExpression())
                guard let sep = current else { throw CommandError("expected ')'", column: endColumn) }
                index += 1
                if sep.text == ")" { break }
                guard sep.text == "," else { throw CommandError("expected ',' or ')'", column: sep.column) }
            }
            if t.text == "abs" && args.count != 1 {
                throw CommandError("abs takes one argument, got \(args.count)", column: t.column)
            }
            return .call(t.text, args, column: t.column)
        case .word:
            index += 1
            if t.text.hasSuffix(".") {
                throw CommandError("'\(t.text)' is incomplete: a name must follow the dot", column: t.column + t.text.count)
            }
            return .path(t.text, column: t.column)
        default:
            throw CommandError("expected a number, a name or '(', found '\(t.text)'", column: t.column)
        }
    }
}
