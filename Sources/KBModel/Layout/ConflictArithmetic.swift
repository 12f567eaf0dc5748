import KBSolver

/// Why a set of required constraints cannot all hold, as one line of
/// arithmetic: `40 + 300 + 40 = 380 ≠ 375 (App.view.width)`.
///
/// Each constraint is a linear row `Σ aᵢ·vᵢ + k REL 0` over frame
/// variables. A contradiction is a combination `Σ λⱼ·rowⱼ` in which every
/// variable cancels: what is left is a sum of constants that the rows say
/// is `= 0` (only equalities) or `≥ 0` (an inequality among them, its λ ≥ 0
/// once the row is written as `≥`), but is not. The multipliers are a
/// vector of the null space of the transposed coefficient matrix (Gaussian
/// elimination), scaled so that as many as can be are ±1. The line puts
/// the constants of one sign on each side.
///
/// Nil when no such combination exists among the rows given: the conflict
/// then needs a row that is not listed (a size's implicit `≥ 0`), or it is
/// not a matter of constants.
public enum ConflictArithmetic {
    /// One constraint as `Σ coefficients[v]·v + constant REL 0`.
    public struct Row: Sendable, Equatable {
        /// How the line names the row when it stands alone on one side.
        public var name: String
        /// Variable name → coefficient.
        public var coefficients: [String: Double]
        public var constant: Double
        public var relation: LayoutRelation

        public init(name: String, coefficients: [String: Double], constant: Double, relation: LayoutRelation) {
            self.name = name
            self.coefficients = coefficients
            self.constant = constant
            self.relation = relation
        }
    }

    static let epsilon = 1e-9

    /// The line for `rows` (without a `why:` prefix), or nil.
    ///
    /// ```
    /// 40 + 300 + 40 = 380 ≠ 375 (App.view.width)
    /// 25 + 312 + 70 = 407 > 400 (box.height)
    /// ```
    public static func explain(_ rows: [Row]) -> String? {
        guard !rows.isEmpty else { return nil }
        // Every row as `e ≥ 0` or `e = 0`.
        let normal: [(coefficients: [String: Double], constant: Double, inequality: Bool)] = rows.map { r in
            let s: Double = r.relation == .lessOrEqual ? -1 : 1
            return (r.coefficients.mapValues { $0 * s }, r.constant * s, r.relation != .equal)
        }
        let variables = Set(normal.flatMap { $0.coefficients.keys }).sorted()
        // Aᵀ: a row per variable, a column per constraint.
        let matrix = variables.map { v in normal.map { $0.coefficients[v] ?? 0 } }
        for basis in nullSpace(matrix, columns: rows.count) {
            guard var lambda = orient(basis, inequalities: normal.map(\.inequality)) else { continue }
            lambda = normalized(lambda)
            var total = zip(lambda, normal).reduce(0) { $0 + $1.0 * $1.1.constant }
            let hasInequality = zip(lambda, normal).contains { abs($0.0) > epsilon && $0.1.inequality }
            if !hasInequality, total > 0 {
                // Equalities only: either sign is a contradiction; one, for a line that does not depend on the basis found.
                lambda = lambda.map { -$0 }
                total = -total
            }
            // Σλe = total must be ≥ 0 (or = 0); a contradiction only if it is not.
            guard hasInequality ? total < -1e-6 : abs(total) > 1e-6 else { continue }
            return line(lambda.indices.map { (lambda[$0], normal[$0].constant, rows[$0].name) }, equalities: !hasInequality)
        }
        return nil
    }

    /// A basis of the null space of `matrix` (rows × `columns`), by
    /// reduction to row echelon form with partial pivoting.
    static func nullSpace(_ matrix: [[Double]], columns n: Int) -> [[Double]] {
        var m = matrix
        var pivots: [Int] = []
        var row = 0
        for col in 0..<n where row < m.count {
            guard let p = (row..<m.count).max(by: { abs(m[$0][col]) < abs(m[$1][col]) }), abs(m[p][col]) > epsilon else { continue }
            m.swapAt(row, p)
            let pivot = m[row][col]
            m[row] = m[row].map { $0 / pivot }
            for r in m.indices where r != row && abs(m[r][col]) > epsilon {
                let f = m[r][col]
                for c in 0..<n { m[r][c] -= f * m[row][c] }
            }
            pivots.append(col)
            row += 1
        }
        let free = (0..<n).filter { !pivots.contains($0) }
        return free.map { f in
            var v = [Double](repeating: 0, count: n)
            v[f] = 1
            for (r, p) in pivots.enumerated() { v[p] = -m[r][f] }
            return v.map { abs($0) < epsilon ? 0 : $0 }
        }
    }

    /// `lambda` signed so that every inequality's multiplier is ≥ 0, or
    /// nil if the inequalities' signs differ.
    static func orient(_ lambda: [Double], inequalities: [Bool]) -> [Double]? {
        let signs = Set(lambda.indices.filter { inequalities[$0] && abs(lambda[$0]) > epsilon }.map { lambda[$0] > 0 })
        if signs.count > 1 { return nil }
        return signs.first == false ? lambda.map { -$0 } : lambda
    }

    /// `lambda` scaled (keeping its signs) so that as many multipliers as
    /// can be are ±1, the first row's way on a tie: a chain's constants
    /// add up as written, and a centre's halves stay halves.
    static func normalized(_ lambda: [Double]) -> [Double] {
        var best = lambda, bestUnits = -1
        for l in lambda where abs(l) > epsilon {
            let scaled = lambda.map { $0 / abs(l) }
            let units = scaled.filter { abs(abs($0) - 1) < 1e-9 }.count
            if units > bestUnits { (best, bestUnits) = (scaled, units) }
        }
        return best.map { abs(abs($0) - 1) < 1e-9 ? ($0 > 0 ? 1 : -1) : $0 }
    }

    /// The constants `λⱼ·kⱼ` as `a + b + c = S ≠ T (name)`: the side with
    /// more terms first; `≠` for equalities, else `>` or `<` as the sums
    /// are; a multiplier other than 1 shown (`0.5 × 375`); a side of one
    /// term names its constraint.
    static func line(_ terms: [(lambda: Double, constant: Double, name: String)], equalities: Bool) -> String {
        typealias Part = (value: Double, text: String, name: String)
        var negative: [Part] = [], positive: [Part] = []
        for t in terms {
            let value = t.lambda * t.constant
            guard abs(value) > 1e-6 else { continue }
            let factor = abs(t.lambda)
            let text = factor == 1 ? formatPoints(abs(t.constant)) : "\(formatPoints(factor)) × \(formatPoints(abs(t.constant)))"
            if value < 0 { negative.append((-value, text, t.name)) } else { positive.append((value, text, t.name)) }
        }
        let (left, right) = negative.count >= positive.count ? (negative, positive) : (positive, negative)
        func side(_ s: [Part]) -> String {
            let total = formatPoints(s.reduce(0) { $0 + $1.value })
            if s.isEmpty { return "0" }
            if s.count == 1 { return s[0].text == total ? "\(total) (\(s[0].name))" : "\(s[0].text) = \(total) (\(s[0].name))" }
            return "\(s.map(\.text).joined(separator: " + ")) = \(total)"
        }
        let l = left.reduce(0) { $0 + $1.value }, r = right.reduce(0) { $0 + $1.value }
        let relation = equalities ? "≠" : (l > r ? ">" : "<")
        return "\(side(left)) \(relation) \(side(right))"
    }
}

extension Screen {
    /// The conflict's constraints as rows over the frame variables (a view's
    /// anchors as the layout writes them: leading = x, trailing = x + width,
    /// centerX = x + width/2, …; guides and root frames as the engine
    /// defines them, at their present constants), or nil if one of them is
    /// not found among the screen's or the engine's constraints.
    public mutating func conflictRows(_ entries: [ConflictEntry]) -> [ConflictArithmetic.Row]? {
        let engine = currentEngine()
        var generated: [ConflictEntry: KBSolver.Constraint] = [:]
        if entries.contains(where: { !$0.isUser }) {
            for c in engine.solver.constraints {
                if let e = engine.origins[ObjectIdentifier(c)], !e.isUser, generated[e] == nil { generated[e] = c }
            }
        }
        // A variable's name, made unique (two variables may share one).
        var keys: [ObjectIdentifier: String] = [:], used: Set<String> = []
        func key(_ v: Variable) -> String {
            if let k = keys[ObjectIdentifier(v)] { return k }
            var k = v.name
            while used.contains(k) { k += "'" }
            used.insert(k)
            keys[ObjectIdentifier(v)] = k
            return k
        }
        var rows: [ConflictArithmetic.Row] = []
        for e in entries {
            let solved: KBSolver.Constraint
            var constant: Double
            if e.isUser {
                guard let model = try? constraint(named: e.name) else { return nil }
                solved = engine.solverConstraint(model, self)
                constant = solved.expression.constant
            } else {
                guard let c = generated[e] else { return nil }
                solved = c
                constant = engine.solver.constant(of: c) ?? c.expression.constant
            }
            var coefficients: [String: Double] = [:]
            for t in solved.expression.terms { coefficients[key(t.variable), default: 0] += t.coefficient }
            let relation: LayoutRelation = switch solved.relation {
            case .equal: .equal
            case .lessOrEqual: .lessOrEqual
            case .greaterOrEqual: .greaterOrEqual
            }
            if constant == -0 { constant = 0 }
            rows.append(.init(name: e.name, coefficients: coefficients, constant: constant, relation: relation))
        }
        return rows
    }
}
