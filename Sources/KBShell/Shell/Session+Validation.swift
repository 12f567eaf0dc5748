import KBModel

extension Session {
    /// What `on` requires of a rule, on this session: its controller, the
    /// constraint it sets, and an expression that parses, whose keyboard
    /// values exist. (The views and constraints it reads existed when it
    /// was entered, but `remove` keeps a rule that reads what it removes:
    /// the rule then fails when it runs, and says so.)
    mutating func checkRule(_ r: Rule) throws(MemberError) {
        do { _ = try screen.controller(named: r.controller) } catch { throw MemberError(member: "controller", error: error) }
        do { _ = try screen.constraint(named: r.constraint) } catch { throw MemberError(member: "constraint", error: error) }
        do {
            let (tokens, endColumn): ([Token], Int)
            do { (tokens, endColumn) = try Lexer.scan(r.expression) } catch { throw CommandError(error.message, column: error.column) }
            guard !tokens.isEmpty else { throw CommandError("expected an expression") }
            _ = try check(try parseExpression(tokens, endColumn: endColumn), screenPaths: false)
        } catch {
            throw MemberError(member: "expression", error: error)
        }
    }
}
