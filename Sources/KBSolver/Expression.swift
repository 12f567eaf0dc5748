/// One `coefficient · variable` of a linear expression.
public struct Term: Sendable {
    public var variable: Variable
    public var coefficient: Double

    public init(_ variable: Variable, _ coefficient: Double = 1) {
        self.variable = variable
        self.coefficient = coefficient
    }
}

/// A linear expression `Σ coefficient · variable + constant`.
public struct Expression: Sendable, CustomStringConvertible {
    public var terms: [Term]
    public var constant: Double

    public init(_ terms: [Term] = [], constant: Double = 0) {
        self.terms = terms
        self.constant = constant
    }

    public init(_ variable: Variable) {
        self.init([Term(variable)])
    }

    public init(constant: Double) {
        self.init([], constant: constant)
    }

    /// The same expression with like terms combined (in order of first
    /// appearance) and zero coefficients dropped.
    public func reduced() -> Expression {
        var order: [Variable] = []
        var sums: [ObjectIdentifier: Double] = [:]
        for term in terms {
            let key = ObjectIdentifier(term.variable)
            if let sum = sums[key] {
                sums[key] = sum + term.coefficient
            } else {
                sums[key] = term.coefficient
                order.append(term.variable)
            }
        }
        let kept = order.compactMap { v -> Term? in
            let c = sums[ObjectIdentifier(v)]!
            return c == 0 ? nil : Term(v, c)
        }
        return Expression(kept, constant: constant)
    }

    public var description: String {
        var out = ""
        for term in terms {
            let c = term.coefficient
            if out.isEmpty {
                out += c == 1 ? "" : c == -1 ? "-" : "\(formatNumber(c))*"
            } else {
                out += c < 0 ? " - " : " + "
                let a = abs(c)
                out += a == 1 ? "" : "\(formatNumber(a))*"
            }
            out += term.variable.description
        }
        if constant != 0 || out.isEmpty {
            if out.isEmpty {
                out = formatNumber(constant)
            } else {
                out += constant < 0 ? " - \(formatNumber(-constant))" : " + \(formatNumber(constant))"
            }
        }
        return out
    }
}

func formatNumber(_ x: Double) -> String {
    if x == x.rounded(), abs(x) < 1e15 { return String(Int64(x)) }
    return String(x)
}

// MARK: - Building expressions

extension Variable {
    public static func + (lhs: Variable, rhs: Variable) -> Expression { Expression(lhs) + Expression(rhs) }
    public static func - (lhs: Variable, rhs: Variable) -> Expression { Expression(lhs) - Expression(rhs) }
    public static func + (lhs: Variable, rhs: Double) -> Expression { Expression(lhs) + rhs }
    public static func - (lhs: Variable, rhs: Double) -> Expression { Expression(lhs) - rhs }
    public static func + (lhs: Double, rhs: Variable) -> Expression { Expression(rhs) + lhs }
    public static func - (lhs: Double, rhs: Variable) -> Expression { Expression(constant: lhs) - Expression(rhs) }
    public static func * (lhs: Variable, rhs: Double) -> Expression { Expression([Term(lhs, rhs)]) }
    public static func * (lhs: Double, rhs: Variable) -> Expression { Expression([Term(rhs, lhs)]) }
    public static func / (lhs: Variable, rhs: Double) -> Expression { Expression([Term(lhs, 1 / rhs)]) }
    public static prefix func - (v: Variable) -> Expression { Expression([Term(v, -1)]) }
}

extension Expression {
    public static func + (lhs: Expression, rhs: Expression) -> Expression {
        Expression(lhs.terms + rhs.terms, constant: lhs.constant + rhs.constant)
    }
    public static func - (lhs: Expression, rhs: Expression) -> Expression { lhs + rhs * -1 }
    public static func + (lhs: Expression, rhs: Variable) -> Expression { lhs + Expression(rhs) }
    public static func - (lhs: Expression, rhs: Variable) -> Expression { lhs - Expression(rhs) }
    public static func + (lhs: Variable, rhs: Expression) -> Expression { Expression(lhs) + rhs }
    public static func - (lhs: Variable, rhs: Expression) -> Expression { Expression(lhs) - rhs }
    public static func + (lhs: Expression, rhs: Double) -> Expression {
        Expression(lhs.terms, constant: lhs.constant + rhs)
    }
    public static func - (lhs: Expression, rhs: Double) -> Expression { lhs + -rhs }
    public static func + (lhs: Double, rhs: Expression) -> Expression { rhs + lhs }
    public static func - (lhs: Double, rhs: Expression) -> Expression { rhs * -1 + lhs }
    public static func * (lhs: Expression, rhs: Double) -> Expression {
        Expression(lhs.terms.map { Term($0.variable, $0.coefficient * rhs) }, constant: lhs.constant * rhs)
    }
    public static func * (lhs: Double, rhs: Expression) -> Expression { rhs * lhs }
    public static func / (lhs: Expression, rhs: Double) -> Expression { lhs * (1 / rhs) }
    public static prefix func - (e: Expression) -> Expression { e * -1 }
}
