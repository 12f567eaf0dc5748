import KBModel

/// A check of one member of a strategy or a rule failed: which member (its
/// key in a session file) and the error the command would have given.
struct MemberError: Error {
    var member: String
    var error: any Error
}

extension Session {
    /// What `handle` requires of a strategy, on this session: its
    /// controller, the constraints and views it names, its arguments and
    /// options as its kind takes them (``StrategyUsage``), finite numbers,
    /// and no other strategy of its kind on its controller among `others`.
    func checkStrategy(_ s: Strategy, among others: [Strategy]) throws(MemberError) {
        func at(_ member: String, _ body: () throws -> Void) throws(MemberError) {
            do { try body() } catch { throw MemberError(member: member, error: error) }
        }
        let kind = s.kind
        let usage = "usage: handle \(s.controller) with \(StrategyUsage.usage[kind]!)"
        try at("controller") { _ = try screen.controller(named: s.controller) }
        let takesConstraint: Set<StrategyKind> = [.observer, .controllable, .layoutConstraint, .childDelegate]
        let references: [(member: String, value: String?, taken: Bool, what: String, noun: String)] = [
            ("constraint", s.constraint, takesConstraint.contains(kind), "the constraint to drive", "constraint"),
            ("parentConstraint", s.parentConstraint, kind == .childDelegate, "parent CONSTRAINT", "parent constraint"),
            ("expandView", s.expandView, kind == .childDelegate, "expand VIEW", "view to expand"),
            ("scrollView", s.scrollView, kind == .contentInset, "the scroll view", "scroll view"),
        ]
        for r in references {
            switch (r.value, r.taken) {
            case (nil, true):
                throw MemberError(member: r.member, error: CommandError("\(kind.rawValue) needs \(r.what)", suggestion: usage))
            case (let name?, false):
                throw MemberError(member: r.member, error: CommandError("\(kind.rawValue) takes no \(r.noun) ('\(name)'): null", suggestion: usage))
            case (let name?, true):
                try at(r.member) {
                    if r.member.hasSuffix("View") {
                        let v = try screen.view(named: name)
                        if r.member == "scrollView", v.scroll == nil { throw ModelError.notAScrollView(name) }
                    } else {
                        _ = try screen.constraint(named: name)
                    }
                }
            case (nil, false):
                break
            }
        }
        // The numbers: the options of its kind, anything finite; the others
        // as a new strategy has them. (layout-constraint's offset is the
        // constraint's constant when it was attached.)
        let fresh = Strategy(kind: kind, controller: s.controller)
        let options = StrategyUsage.options[kind]! + (kind == .layoutConstraint ? ["offset"] : [])
        let numbers: [(member: String, option: String, value: Double, fresh: Double)] = [
            ("padding", "padding", s.padding, fresh.padding), ("inset", "inset", s.inset, fresh.inset),
            ("fallback", "fallback", s.fallback, fresh.fallback), ("offset", "offset", s.offset, fresh.offset),
            ("downOffset", "down-offset", s.downOffset, fresh.downOffset), ("distance", "distance", s.distance, fresh.distance),
        ]
        for n in numbers {
            if options.contains(n.option) {
                try at(n.member) { try Screen.checkFinite(n.option, n.value) }
            } else if n.value != n.fresh {
                throw MemberError(member: n.member, error: CommandError(
                    "\(kind.rawValue) has no \(n.option) (it stays \(formatPoints(n.fresh)))", suggestion: usage))
            }
        }
        if others.contains(where: { $0.controller == s.controller && $0.kind == kind }) {
            throw MemberError(member: "kind", error: CommandError("\(s.controller) already uses \(kind.rawValue)"))
        }
    }

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
