/// A check of one member of a strategy or a rule failed: which member (its
/// key in a session file) and the error the command would have given (a
/// ``ModelError`` for a name the screen does not have, else a
/// ``ValueError`` that says what would work).
public struct MemberError: Error {
    public var member: String
    public var error: any Error

    public init(member: String, error: any Error) {
        self.member = member
        self.error = error
    }
}

extension Stage {
    /// What `handle` requires of a strategy, on this stage: its
    /// controller, the constraints and views its type's arguments name
    /// (``KeyboardStrategy/arguments``; a scroll view where it takes one),
    /// no name where it takes none, finite numbers in the fields it has,
    /// the others as a new strategy has them, and no other strategy of its
    /// kind on its controller among `others`.
    public func checkStrategy(_ s: Strategy, among others: [Strategy]) throws(MemberError) {
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
                throw MemberError(member: field.rawValue, error: ValueError("\(kind.rawValue) needs \(what)", suggestion: usage))
            case let (name?, nil):
                throw MemberError(member: field.rawValue,
                                  error: ValueError("\(kind.rawValue) takes no \(field.noun) ('\(name)'): null", suggestion: usage))
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
                throw MemberError(member: field.rawValue, error: ValueError(
                    "\(kind.rawValue) has no \(option) (it stays \(formatPoints(fresh.number(field))))", suggestion: usage))
            }
        }
        if others.contains(where: { $0.controller == s.controller && $0.kind == kind }) {
            throw MemberError(member: "kind", error: ValueError("\(s.controller) already uses \(kind.rawValue)"))
        }
    }
}
