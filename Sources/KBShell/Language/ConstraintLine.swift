/// What `constrain` says, before anchors are resolved:
/// `FIRST (==|<=|>=) [SECOND [* M]] [(+|-) C] [@ PRIORITY] [as NAME]`.
public struct ConstraintLine: Equatable, Sendable {
    public enum Relation: String, Sendable { case equal = "==", lessOrEqual = "<=", greaterOrEqual = ">=" }

    public var first: String
    public var firstColumn: Int
    public var relation: Relation
    /// nil for `ANCHOR == C`.
    public var second: String?
    public var secondColumn: Int
    public var multiplier: Double
    public var constant: Double
    public var priority: Int
    public var priorityColumn: Int
    public var name: String?

    /// Parses the tokens after `constrain`.
    public static func parse(_ tokens: [Token], endColumn: Int) throws(CommandError) -> ConstraintLine {
        var i = 0
        func peek() -> Token? { i < tokens.count ? tokens[i] : nil }
        let usage = "usage: constrain ANCHOR (==|<=|>=) ANCHOR [* M] [(+|-) C] [@ PRIORITY] [as NAME]"
        guard let first = peek(), first.kind == .word else {
            throw CommandError("'constrain' needs an anchor such as email.top", column: peek()?.column ?? endColumn, suggestion: usage)
        }
        i += 1
        guard let op = peek(), op.kind == .symbol, let relation = Relation(rawValue: op.text == "=" ? "==" : op.text) else {
            throw CommandError("expected ==, <= or >= after '\(first.text)'", column: peek()?.column ?? endColumn, suggestion: usage)
        }
        i += 1
        var line = ConstraintLine(first: first.text, firstColumn: first.column, relation: relation, second: nil,
                                  secondColumn: 0, multiplier: 1, constant: 0, priority: 1000, priorityColumn: 0, name: nil)
        func number() throws(CommandError) -> Double {
            var sign = 1.0
            if let t = peek(), t.text == "-" { sign = -1; i += 1 }
            guard let t = peek(), t.kind == .number else {
                throw CommandError("expected a number", column: peek()?.column ?? endColumn, suggestion: usage)
            }
            i += 1
            return sign * Double(t.text)!
        }
        if let t = peek(), t.kind == .word, t.text != "as" {
            line.second = t.text
            line.secondColumn = t.column
            i += 1
            if let m = peek(), m.text == "*" {
                i += 1
                line.multiplier = try number()
            }
            if let s = peek(), s.text == "+" || s.text == "-" {
                i += 1
                line.constant = (s.text == "-" ? -1 : 1) * (try number())
            }
        } else {
            line.constant = try number()
        }
        if let at = peek(), at.text == "@" {
            i += 1
            guard let p = peek(), p.kind == .number, let value = Int(p.text), (1...1000).contains(value) else {
                throw CommandError("a priority is a whole number from 1 to 1000", column: peek()?.column ?? endColumn)
            }
            line.priority = value
            line.priorityColumn = p.column
            i += 1
        }
        if let a = peek(), a.kind == .word, a.text == "as" {
            i += 1
            guard let n = peek(), n.kind == .word, !n.text.contains(".") else {
                throw CommandError("'as' needs a name", column: peek()?.column ?? endColumn)
            }
            line.name = n.text
            i += 1
        }
        if let extra = peek() {
            throw CommandError("unexpected '\(extra.text)'", column: extra.column, suggestion: usage)
        }
        return line
    }
}
