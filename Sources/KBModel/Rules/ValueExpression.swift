/// An arithmetic expression of the rule language: numbers, paths such as
/// `kb.end.height` or `email.frame.maxY`, `+ - * /`, parentheses and
/// `min max abs`.
public indirect enum ValueExpression: Equatable, Sendable {
    case number(Double)
    /// A dotted path and the column it starts at.
    case path(String, column: Int)
    case negate(ValueExpression)
    case binary(Character, ValueExpression, ValueExpression)
    case call(String, [ValueExpression], column: Int)

    /// Every path in the expression with its column, in the order
    /// ``evaluate(_:)`` looks them up.
    public var paths: [(String, Int)] {
        switch self {
        case .number: return []
        case let .path(p, column): return [(p, column)]
        case let .negate(e): return e.paths
        case let .binary(_, a, b): return a.paths + b.paths
        case let .call(_, args, _): return args.flatMap(\.paths)
        }
    }

    /// Evaluates with `lookup` giving each path's value.
    public func evaluate<E: Error>(_ lookup: (String, Int) throws(E) -> Double) throws(E) -> Double {
        switch self {
        case let .number(x): return x
        case let .path(p, column): return try lookup(p, column)
        case let .negate(e): return -(try e.evaluate(lookup))
        case let .binary(op, a, b):
            let x = try a.evaluate(lookup), y = try b.evaluate(lookup)
            switch op {
            case "+": return x + y
            case "-": return x - y
            case "*": return x * y
            default: return x / y
            }
        case let .call(name, args, _):
            var values: [Double] = []
            for a in args { values.append(try a.evaluate(lookup)) }
            switch name {
            case "min": return values.min()!
            case "max": return values.max()!
            default: return abs(values[0])
            }
        }
    }

    /// The expression as it would be typed, for messages.
    public var text: String {
        switch self {
        case let .number(x): return formatNumber(x)
        case let .path(p, _): return p
        case let .negate(e): return "-" + e.text
        case let .binary(op, a, b): return "\(a.text) \(op) \(b.text)"
        case let .call(name, args, _): return "\(name)(\(args.map(\.text).joined(separator: ", ")))"
        }
    }
}
