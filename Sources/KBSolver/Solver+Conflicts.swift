// Explaining why a required constraint cannot be satisfied.

extension Solver {
    /// The error for `constraint` (with `constant` in force) failing against
    /// the required constraints in the solver, with a minimal conflict set.
    func unsatisfiable(_ constraint: Constraint, constant: Double) -> SolverError {
        .unsatisfiable(constraint, conflicts: minimalConflict(constraint, constant: constant))
    }

    /// A minimal set of required constraints, `constraint` among them, that
    /// cannot hold together: removing any one makes the rest satisfiable.
    ///
    /// The solver's required constraints are satisfiable and adding
    /// `constraint` makes them not, so `constraint` belongs to every conflict.
    /// The others are found by progression: add candidates one by one (in the
    /// order they were added) to a fresh solver holding the conflict found so
    /// far; the one whose addition fails belongs to the conflict, and only the
    /// candidates before it can still matter. Candidates are limited to the
    /// constraints that share variables with `constraint`, directly or
    /// through other required constraints.
    func minimalConflict(_ constraint: Constraint, constant: Double) -> [Constraint] {
        let target = constant == constraint.expression.constant ? constraint : constraint.with(constant: constant)
        var originals: [ObjectIdentifier: Constraint] = [ObjectIdentifier(target): constraint]
        var candidates: [Constraint] = []
        let required = records.values
            .filter { $0.constraint.strength.isRequired && $0.constraint !== constraint }
            .sorted { $0.order < $1.order }
        let component = connectedVariables(from: constraint, through: required.map(\.constraint))
        for record in required {
            let c = record.constraint
            guard c.expression.terms.contains(where: { component.contains(ObjectIdentifier($0.variable)) }) else {
                continue
            }
            let current = record.constant == c.expression.constant ? c : c.with(constant: record.constant)
            originals[ObjectIdentifier(current)] = c
            candidates.append(current)
        }

        var conflict = [target]
        var remaining = candidates
        while true {
            var probe = Solver(options: options)
            var conflictFails = false
            for c in conflict {
                do { try probe.add(c, explainingConflicts: false) } catch { conflictFails = true; break }
            }
            if conflictFails { break }
            var transition: Int?
            for (i, c) in remaining.enumerated() {
                do { try probe.add(c, explainingConflicts: false) } catch { transition = i; break }
            }
            guard let t = transition else {
                // Not reached when the solver's required set was satisfiable.
                conflict += remaining
                break
            }
            conflict.append(remaining[t])
            remaining = Array(remaining[..<t])
        }
        let order = Dictionary(uniqueKeysWithValues: records.values.map { (ObjectIdentifier($0.constraint), $0.order) })
        return conflict
            .map { originals[ObjectIdentifier($0)]! }
            .sorted { (order[ObjectIdentifier($0)] ?? Int.max) < (order[ObjectIdentifier($1)] ?? Int.max) }
    }

    /// The variables connected to `constraint`'s through shared constraints.
    private func connectedVariables(from constraint: Constraint, through others: [Constraint]) -> Set<ObjectIdentifier> {
        var parent: [ObjectIdentifier: ObjectIdentifier] = [:]
        func find(_ x: ObjectIdentifier) -> ObjectIdentifier {
            var x = x
            while let p = parent[x], p != x {
                parent[x] = parent[p] ?? p
                x = p
            }
            return x
        }
        func union(_ a: ObjectIdentifier, _ b: ObjectIdentifier) {
            let ra = find(a), rb = find(b)
            if ra != rb { parent[ra] = rb }
        }
        for c in others + [constraint] {
            let ids = c.expression.terms.map { ObjectIdentifier($0.variable) }
            for id in ids where parent[id] == nil { parent[id] = id }
            for id in ids.dropFirst() { union(ids[0], id) }
        }
        guard let first = constraint.expression.terms.first else { return [] }
        let root = find(ObjectIdentifier(first.variable))
        return Set(parent.keys.filter { find($0) == root })
    }
}
