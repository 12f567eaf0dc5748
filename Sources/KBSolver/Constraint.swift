/// The relation of a constraint `expression OP 0`.
public enum Relation: String, Sendable, CaseIterable {
    case lessOrEqual = "<="
    case equal = "=="
    case greaterOrEqual = ">="
}

/// A linear constraint `expression OP 0` with a strength.
///
/// A constraint is an identity, like a layout constraint object: a solver
/// holds it at most once, and removing it removes exactly that object.
/// It is immutable; a solver can change the constant it uses for it
/// (``Solver/setConstant(_:of:)``) without replacing it.
public final class Constraint: Hashable, Sendable, CustomStringConvertible {
    /// The left side minus the right side, like terms combined.
    public let expression: Expression
    public let relation: Relation
    public let strength: Strength
    /// A name used in conflict reports.
    public let name: String

    public init(_ expression: Expression, _ relation: Relation, strength: Strength = .required, name: String = "") {
        self.expression = expression.reduced()
        self.relation = relation
        self.strength = strength
        self.name = name
    }

    /// `lhs OP rhs`, stored as `lhs - rhs OP 0`.
    public convenience init(_ lhs: Expression, _ relation: Relation, _ rhs: Expression,
                            strength: Strength = .required, name: String = "") {
        self.init(lhs - rhs, relation, strength: strength, name: name)
    }

    /// The same relation at another strength (a new constraint).
    public func with(strength: Strength) -> Constraint {
        Constraint(expression, relation, strength: strength, name: name)
    }

    /// The same constraint with another constant (a new constraint).
    public func with(constant: Double) -> Constraint {
        Constraint(Expression(expression.terms, constant: constant), relation, strength: strength, name: name)
    }

    public static func == (lhs: Constraint, rhs: Constraint) -> Bool { lhs === rhs }
    public func hash(into hasher: inout Hasher) { hasher.combine(ObjectIdentifier(self)) }

    public var description: String {
        let body = "\(expression) \(relation.rawValue) 0"
        let head = name.isEmpty ? body : "\(name): \(body)"
        return strength.isRequired ? head : "\(head) | \(strength)"
    }
}

// MARK: - Relations between expressions

public func == (lhs: Expression, rhs: Expression) -> Constraint { Constraint(lhs, .equal, rhs) }
public func <= (lhs: Expression, rhs: Expression) -> Constraint { Constraint(lhs, .lessOrEqual, rhs) }
public func >= (lhs: Expression, rhs: Expression) -> Constraint { Constraint(lhs, .greaterOrEqual, rhs) }
public func == (lhs: Expression, rhs: Double) -> Constraint { lhs == Expression(constant: rhs) }
public func <= (lhs: Expression, rhs: Double) -> Constraint { lhs <= Expression(constant: rhs) }
public func >= (lhs: Expression, rhs: Double) -> Constraint { lhs >= Expression(constant: rhs) }
public func == (lhs: Expression, rhs: Variable) -> Constraint { lhs == Expression(rhs) }
public func <= (lhs: Expression, rhs: Variable) -> Constraint { lhs <= Expression(rhs) }
public func >= (lhs: Expression, rhs: Variable) -> Constraint { lhs >= Expression(rhs) }
public func == (lhs: Variable, rhs: Expression) -> Constraint { Expression(lhs) == rhs }
public func <= (lhs: Variable, rhs: Expression) -> Constraint { Expression(lhs) <= rhs }
public func >= (lhs: Variable, rhs: Expression) -> Constraint { Expression(lhs) >= rhs }
public func == (lhs: Variable, rhs: Double) -> Constraint { Expression(lhs) == rhs }
public func <= (lhs: Variable, rhs: Double) -> Constraint { Expression(lhs) <= rhs }
public func >= (lhs: Variable, rhs: Double) -> Constraint { Expression(lhs) >= rhs }
public func == (lhs: Variable, rhs: Variable) -> Constraint { Expression(lhs) == Expression(rhs) }
public func <= (lhs: Variable, rhs: Variable) -> Constraint { Expression(lhs) <= Expression(rhs) }
public func >= (lhs: Variable, rhs: Variable) -> Constraint { Expression(lhs) >= Expression(rhs) }

/// `(x == 10) | .weak`: the constraint at another strength. (`|` binds
/// tighter than `==`, so the parentheses are needed.)
public func | (lhs: Constraint, rhs: Strength) -> Constraint { lhs.with(strength: rhs) }
