import KBInterop
import KBModel

extension Session {
    static let rectMembers = RulePath.rectMembers
    static let insetMembers = Stage.insetMembers

    func parseExpression(_ tokens: [Token], endColumn: Int) throws(CommandError) -> ValueExpression {
        var parser = ExpressionParser(tokens, endColumn: endColumn)
        let e = try parser.parseExpression()
        if let extra = parser.current {
            throw CommandError("unexpected '\(extra.text)' in the expression", column: extra.column,
                               suggestion: "operators: + - * / ( ), functions: min max abs")
        }
        return e
    }

    /// Checks every path of an expression against the session (names and
    /// members exist), so a rule is refused when entered, not when it runs.
    ///
    /// Returns the paths' values, in order, for ``evaluate(_:checked:)``;
    /// nil for the keyboard's, which depend on the notification posted.
    /// Without `screenPaths`, only the keyboard's are checked (and every
    /// value is nil).
    @discardableResult
    mutating func check(_ e: ValueExpression, screenPaths: Bool = true) throws(CommandError) -> [Double?] {
        var values: [Double?] = []
        for (path, column) in e.paths {
            if RulePath.parts(of: path).first == "kb" {
                do { try Stage.checkKeyboardPath(path, column: column) } catch { throw CommandError(error) }
                values.append(nil)
            } else if !screenPaths {
                values.append(nil)
            } else {
                values.append(try value(of: path, column: column, notification: nil))
            }
        }
        return values
    }

    /// Evaluates an expression that ``check(_:)`` accepted, with the values
    /// it found, without a notification.
    mutating func evaluate(_ e: ValueExpression, checked values: [Double?]) throws(CommandError) -> Double {
        var checked = values.makeIterator()
        return try e.evaluate { path, column throws(CommandError) in
            if let value = checked.next()! { return value }
            return try self.value(of: path, column: column, notification: nil)
        }
    }

    /// A rule's expression text parsed. A rule runs on every notification
    /// of its kind: its text is parsed once and kept (a few dozen texts at
    /// most).
    mutating func parsedRule(_ text: String) throws(CommandError) -> ValueExpression {
        if let parsed = parsedExpressions[text] { return parsed }
        let (tokens, endColumn): ([Token], Int)
        do { (tokens, endColumn) = try Lexer.scan(text) } catch { throw CommandError(error.message, column: error.column) }
        let e = try parseExpression(tokens, endColumn: endColumn)
        if parsedExpressions.count >= 64 { parsedExpressions.removeAll() }
        parsedExpressions[text] = e
        return e
    }

    /// The value of a path on the stage (``Stage/value(of:column:notification:last:)``),
    /// with this session's last notification.
    mutating func value(of path: String, column: Int, notification: KeyboardNotification?) throws(CommandError) -> Double {
        let last = lastNotification
        do { return try state.value(of: path, column: column, notification: notification, last: last) } catch {
            throw CommandError(error)
        }
    }

    // MARK: print and expect

    mutating func printValue(_ p: RestArgument) throws -> CommandOutcome {
        guard !p.tokens.isEmpty else { throw CommandError("'print' needs an expression", column: p.column, suggestion: "print email.frame.maxY") }
        let e = try parseExpression(p.tokens, endColumn: p.endColumn)
        let v = try evaluate(e, checked: try check(e))
        return CommandOutcome(command: p.line, text: formatNumber(v), members: ["value": .number(v)])
    }

    mutating func expect(_ p: RestArgument) throws -> CommandOutcome {
        let ops = ["==", "<=", ">=", "<", ">"]
        guard let k = p.tokens.firstIndex(where: { $0.kind == .symbol && ops.contains($0.text) }) else {
            throw CommandError("'expect' compares two expressions with ==, <=, >=, < or >", column: p.column,
                               suggestion: "expect email.frame.maxY <= kb.frame.minY")
        }
        let op = p.tokens[k].text
        let left = try parseExpression(Array(p.tokens[..<k]), endColumn: p.tokens[k].column)
        let right = try parseExpression(Array(p.tokens[(k + 1)...]), endColumn: p.endColumn)
        let checkedLeft = try check(left), checkedRight = try check(right)
        let a = roundPoints(try evaluate(left, checked: checkedLeft)), b = roundPoints(try evaluate(right, checked: checkedRight))
        let passed: Bool
        switch op {
        case "==": passed = a == b
        case "<=": passed = a <= b
        case ">=": passed = a >= b
        case "<": passed = a < b
        default: passed = a > b
        }
        let expression = p.line(from: p.column)
        let text = (passed ? "✓ " : "✗ ") + expression + "  (\(formatNumber(a)) \(op) \(formatNumber(b)))"
        var outcome = CommandOutcome(command: p.line, status: passed ? .ok : .expectFailed, text: text,
                                     members: ["expect": .object(["passed": .bool(passed), "left": .number(a), "right": .number(b)])])
        outcome.expectation = ExpectResult(expression: String(expression), relation: op, left: a, right: b, passed: passed)
        return outcome
    }
}
