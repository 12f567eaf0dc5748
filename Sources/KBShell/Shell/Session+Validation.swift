import KBModel

/// A check of one member of a strategy or a rule failed: which member (its
/// key in a session file) and the error the command would have given.
struct MemberError: Error {
    var member: String
    var error: any Error
}

extension Session {
    /// What `handle` requires of a strategy, on this session: its
    /// controller, the constraints and views its type's arguments name
    /// (``KeyboardStrategy/arguments``; a scroll view where it takes one),
    /// no name where it takes none, finite numbers in the fields it has,
    /// the others as a new strategy has them, and no other strategy of its
    /// kind on its controller among `others`.
    func checkStrategy(_ s: Strategy, among others: [Strategy]) throws(MemberError) {
        func at(_ member: String, _ body: () throws -> Void) throws(MemberError) {
            do { try body() } catch { throw MemberError(member: member, error: error) }
        }
        let kind = s.kind
        let usage = "usage: handle \(s.controller) with \(kind.usage)"
        try at("controller") { _ = try screen.controller(named: s.controller) }
        let arguments = kind.arguments
        for field in Strategy.Field.allCases where field.isName {
            let argument = arguments.first { $0.field == field }
            switch (s.name(field), argument) {
            case let (nil, argument?):
                let what = argument.keyword == nil ? argument.what : argument.usage
                throw MemberError(member: field.rawValue, error: CommandError("\(kind.rawValue) needs \(what)", suggestion: usage))
            case let (name?, nil):
                throw MemberError(member: field.rawValue,
                                  error: CommandError("\(kind.rawValue) takes no \(field.noun) ('\(name)'): null", suggestion: usage))
            case let (name?, argument?):
                try at(field.rawValue) {
                    switch argument.value {
                    case .constraint: _ = try screen.constraint(named: name)
                    case .view: _ = try screen.view(named: name)
                    case .scrollView:
                        if try screen.view(named: name).scroll == nil { throw ModelError.notAScrollView(name) }
                    case .number: break
                    }
                }
            case (nil, nil):
                break
            }
        }
        // The numbers: those of its arguments (and what attaching it
        // sets), anything finite; the others as a new strategy has them.
        let fresh = Strategy(kind: kind, controller: s.controller)
        let numbers = Swift.Set(arguments.filter { $0.value == .number }.map(\.field) + kind.fieldsSetWhenAttached)
        for field in Strategy.Field.allCases where !field.isName {
            let option = arguments.first { $0.field == field }?.keyword ?? field.noun
            if numbers.contains(field) {
                try at(field.rawValue) { try Screen.checkFinite(option, s.number(field)) }
            } else if s.number(field) != fresh.number(field) {
                throw MemberError(member: field.rawValue, error: CommandError(
                    "\(kind.rawValue) has no \(option) (it stays \(formatPoints(fresh.number(field))))", suggestion: usage))
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
