import Testing
@testable import KBSolver

/// A solver that runs for long (a daemon's session) adds and removes
/// constraints and variables without end; compaction keeps its storage to
/// what it holds now, and must change nothing else.
@Suite struct SolverCompactionTests {
    /// One random step applied to two solvers: `plain` as it is, `compacted`
    /// compacted after every step. What each step did is compared.
    struct Churn {
        var rng: SplitMix64
        var variables: [Variable] = []
        var present: [Constraint] = []
        var edited: [Variable] = []
        var plain: Solver
        var compacted: Solver
        var nextVariable = 0

        init(seed: Int, options: Solver.Options) {
            rng = SplitMix64(seed: seed)
            plain = Solver(options: options)
            compacted = Solver(options: options)
            for _ in 0..<4 { newVariable() }
        }

        mutating func newVariable() {
            variables.append(Variable("x\(nextVariable)"))
            nextVariable += 1
        }

        mutating func randomConstraint() -> Constraint {
            var terms: [Term] = []
            for _ in 0..<rng.int(1...3) {
                let v = variables[rng.int(0...(variables.count - 1))]
                terms.append(Term(v, Double(rng.int(1...3)) * (rng.int(0...1) == 0 ? 1 : -1)))
            }
            let relation = Relation.allCases[rng.int(0...2)]
            let strength = rng.int(0...2) == 0 ? Strength.required : Strength(priority: [250, 500, 750][rng.int(0...2)])
            return Constraint(Expression(terms, constant: Double(rng.int(-40...40))), relation, strength: strength)
        }

        /// Runs `body` on both solvers; the outcomes must agree.
        mutating func both(_ body: (inout Solver) throws(SolverError) -> Void) -> Bool {
            var outcomes: [String] = []
            for k in 0..<2 {
                do {
                    if k == 0 { try body(&plain) } else { try body(&compacted) }
                    outcomes.append("ok")
                } catch {
                    outcomes.append("\(error)")
                }
            }
            #expect(outcomes[0] == outcomes[1])
            return outcomes[0] == "ok"
        }

        mutating func step() {
            switch rng.int(0...9) {
            case 0:
                newVariable()
            case 1:
                // Forget a variable: remove what mentions it.
                guard variables.count > 2 else { return }
                let v = variables.remove(at: rng.int(0...(variables.count - 1)))
                for c in present where c.expression.terms.contains(where: { $0.variable === v }) {
                    _ = both { (s: inout Solver) throws(SolverError) in try s.remove(c) }
                }
                present.removeAll { c in c.expression.terms.contains { $0.variable === v } }
                if edited.contains(where: { $0 === v }) {
                    _ = both { (s: inout Solver) throws(SolverError) in try s.removeEditVariable(v) }
                    edited.removeAll { $0 === v }
                }
            case 2, 3, 4:
                let c = randomConstraint()
                if both({ (s: inout Solver) throws(SolverError) in try s.add(c) }) { present.append(c) }
            case 5, 6:
                guard !present.isEmpty else { return }
                let c = present.remove(at: rng.int(0...(present.count - 1)))
                _ = both { (s: inout Solver) throws(SolverError) in try s.remove(c) }
            case 7:
                guard !present.isEmpty else { return }
                let c = present[rng.int(0...(present.count - 1))]
                let value = Double(rng.int(-60...60))
                _ = both { (s: inout Solver) throws(SolverError) in try s.setConstant(value, of: c) }
            case 8:
                let v = variables[rng.int(0...(variables.count - 1))]
                if edited.contains(where: { $0 === v }) {
                    let value = Double(rng.int(-80...80))
                    _ = both { (s: inout Solver) throws(SolverError) in try s.suggestValue(value, for: v) }
                } else if both({ (s: inout Solver) throws(SolverError) in try s.addEditVariable(v, strength: .strong) }) {
                    edited.append(v)
                }
            default:
                guard let v = edited.popLast() else { return }
                _ = both { (s: inout Solver) throws(SolverError) in try s.removeEditVariable(v) }
            }
            compacted.compact()
        }

        /// Everything the solvers show outside: values (bit for bit), the
        /// constraints in order, and the tableau's size.
        mutating func expectSame() {
            plain.updateVariables()
            compacted.updateVariables()
            for v in variables {
                #expect(plain.value(of: v).bitPattern == compacted.value(of: v).bitPattern, "\(v)")
            }
            // (Each solver makes its own edit constraints: compared by text.)
            #expect(plain.constraints.map(\.description) == compacted.constraints.map(\.description))
            #expect(plain.rowCount == compacted.rowCount)
            #expect(plain.tableauSize == compacted.tableauSize)
            #expect(plain.definitionCount == compacted.definitionCount)
            #expect(plain.areAmbiguous([variables]) == compacted.areAmbiguous([variables]))
        }
    }

    @Test(arguments: [true, false])
    func compactingChangesNothingButStorage(eliminatesDefinitions: Bool) {
        for seed in 0..<60 {
            var churn = Churn(seed: seed, options: Solver.Options(eliminatesDefinitions: eliminatesDefinitions))
            for _ in 0..<150 {
                churn.step()
                churn.expectSame()
            }
            // Compaction dropped what the plain solver still keeps.
            #expect(churn.compacted.kinds.count <= churn.plain.kinds.count)
            #expect(churn.compacted.slots.count <= churn.plain.slots.count)
        }
    }

    @Test func storageStaysBoundedThroughChurn() throws {
        // A fixed frame, and a view that comes and goes 20,000 times with
        // its own variables and a mix of constraints, like a field added
        // and removed for a whole workshop.
        var s = Solver()
        let width = Variable("width")
        try s.add(Constraint(Expression(width) - 393, .equal))
        for k in 0..<20_000 {
            let x = Variable("v\(k).x"), w = Variable("v\(k).w")
            let made = [
                Constraint(Expression(x) - 20, .greaterOrEqual),
                Constraint(Expression([Term(x), Term(w), Term(width, -1)], constant: 20), .lessOrEqual),
                Constraint(Expression(w) - 300, .equal, strength: Strength(priority: 500)),
                Constraint(Expression(x) - 10, .equal, strength: Strength(priority: 250)),
            ]
            for c in made { try s.add(c) }
            if k % 1000 == 0 {
                s.updateVariables()
                #expect(s.value(of: x) == 20 && s.value(of: w) == 300)
            }
            for c in made.reversed() { try s.remove(c) }
        }
        #expect(s.kinds.count < 2 * Solver.compactionFloor)
        #expect(s.slots.count < 2 * Solver.compactionFloor)
        #expect(s.constraints.count == 1 && s.knows(width))
    }
}
