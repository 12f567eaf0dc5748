import PropertyBased
import Testing
@testable import KBSolver

/// A small deterministic generator, so a failing seed reproduces.
struct SplitMix64 {
    var state: UInt64
    init(seed: Int) { state = UInt64(truncatingIfNeeded: seed) &+ 0x9E37_79B9_7F4A_7C15 }
    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
    mutating func int(_ range: ClosedRange<Int>) -> Int {
        range.lowerBound + Int(next() % UInt64(range.count))
    }
}

/// A random system with a unique optimum: required constraints that all hold
/// at a hidden point, non-required ones at priorities 250/500/750, and one
/// preference `v == q` per variable at its own low priority, so that the
/// lexicographic optimum pins every variable.
struct RandomSystem {
    var variables: [Variable] = []
    var required: [Constraint] = []
    var optional: [Constraint] = []
    var preferences: [Constraint] = []

    var all: [Constraint] { required + optional + preferences }

    init(seed: Int, consistent: Bool = true) {
        var rng = SplitMix64(seed: seed)
        let n = rng.int(2...7)
        variables = (0..<n).map { Variable("x\($0)") }
        let point = (0..<n).map { _ in Double(rng.int(-50...50)) }
        func randomExpression() -> (Expression, Double) {
            var terms: [Term] = []
            var value = 0.0
            for _ in 0..<rng.int(1...3) {
                let i = rng.int(0...(n - 1))
                let c = Double(rng.int(1...3)) * (rng.int(0...1) == 0 ? 1 : -1)
                terms.append(Term(variables[i], c))
                value += c * point[i]
            }
            return (Expression(terms), value)
        }
        for _ in 0..<rng.int(1...(n + 2)) {
            let (e, v) = randomExpression()
            let relation = Relation.allCases[rng.int(0...2)]
            let slack = consistent ? Double(rng.int(0...20)) : Double(rng.int(-20...20))
            switch relation {
            case .equal: required.append(Constraint(e - (consistent ? v : v + slack), .equal))
            case .lessOrEqual: required.append(Constraint(e - (v + slack), .lessOrEqual))
            case .greaterOrEqual: required.append(Constraint(e - (v - slack), .greaterOrEqual))
            }
        }
        for _ in 0..<rng.int(0...4) {
            let (e, _) = randomExpression()
            let relation = Relation.allCases[rng.int(0...2)]
            let priority = [250, 500, 750][rng.int(0...2)]
            optional.append(Constraint(e - Double(rng.int(-60...60)), relation, strength: Strength(priority: priority)))
        }
        for (i, v) in variables.enumerated() {
            preferences.append(Constraint(v - Double(rng.int(-60...60)), .equal, strength: Strength(priority: 1 + i)))
        }
    }

    static func solve(_ constraints: [Constraint], options: Solver.Options = Solver.Options()) throws -> Solver {
        var s = Solver(options: options)
        for c in constraints { try s.add(c) }
        s.updateVariables()
        return s
    }

    func values(_ s: Solver) -> [Double] { variables.map { s.value(of: $0) } }

    static func holds(_ c: Constraint, in s: Solver) -> Bool {
        var value = s.constant(of: c) ?? c.expression.constant
        for t in c.expression.terms { value += t.coefficient * s.value(of: t.variable) }
        switch c.relation {
        case .equal: return abs(value) < 1e-6
        case .lessOrEqual: return value < 1e-6
        case .greaterOrEqual: return value > -1e-6
        }
    }
}

func same(_ a: [Double], _ b: [Double]) -> Bool {
    a.count == b.count && zip(a, b).allSatisfy { abs($0 - $1) < 1e-6 }
}

@Suite("Solver: properties of random systems")
struct SolverPropertyTests {
    static let seeds = Gen.int(in: 0...Int(Int32.max))

    @Test func everyRequiredConstraintHolds() async {
        await propertyCheck(count: 300, input: Self.seeds) { seed in
            let system = RandomSystem(seed: seed)
            for options in bothModes {
                let s = try! RandomSystem.solve(system.all, options: options)
                for c in system.required { #expect(RandomSystem.holds(c, in: s), "seed \(seed): \(c)") }
            }
        }
    }

    @Test func bothModesAndEveryOrderGiveTheSameSolution() async {
        await propertyCheck(count: 300, input: Self.seeds) { seed in
            let system = RandomSystem(seed: seed)
            let reference = system.values(try! RandomSystem.solve(system.all, options: bothModes[1]))
            let fast = system.values(try! RandomSystem.solve(system.all))
            #expect(same(reference, fast), "seed \(seed)")
            let reversed = system.values(try! RandomSystem.solve(system.all.reversed()))
            #expect(same(reference, reversed), "seed \(seed)")
        }
    }

    @Test func removingAndReaddingGivesTheSameSolution() async {
        await propertyCheck(count: 300, input: Self.seeds) { seed in
            let system = RandomSystem(seed: seed)
            var rng = SplitMix64(seed: seed ^ 0x5555)
            for options in bothModes {
                var s = try! RandomSystem.solve(system.all, options: options)
                let before = system.values(s)
                // Preferences stay, so the remaining system's optimum is unique too.
                let chosen = (system.required + system.optional).filter { _ in rng.int(0...2) == 0 }
                for c in chosen { try! s.remove(c) }
                let remaining = system.all.filter { c in !chosen.contains { $0 === c } }
                s.updateVariables()
                let fresh = try! RandomSystem.solve(remaining, options: options)
                #expect(same(system.values(s), system.values(fresh)), "seed \(seed) after removal")
                for c in chosen { try! s.add(c) }
                s.updateVariables()
                #expect(same(system.values(s), before), "seed \(seed) after re-adding")
            }
        }
    }

    @Test func changingAConstantMatchesAFreshSolve() async {
        await propertyCheck(count: 300, input: Self.seeds) { seed in
            let system = RandomSystem(seed: seed)
            var rng = SplitMix64(seed: seed ^ 0x7777)
            for options in bothModes {
                var s = try! RandomSystem.solve(system.all, options: options)
                let target = system.all[rng.int(0...(system.all.count - 1))]
                let constant = target.expression.constant + Double(rng.int(-30...30))
                let before = s.dump()
                let replaced = system.all.map { $0 === target ? target.with(constant: constant) : $0 }
                let fresh = try? RandomSystem.solve(replaced, options: options)
                do {
                    try s.setConstant(constant, of: target)
                    s.updateVariables()
                    guard let fresh else {
                        Issue.record("seed \(seed): accepted a constant a fresh solver refuses")
                        continue
                    }
                    #expect(same(system.values(s), system.values(fresh)), "seed \(seed)")
                } catch {
                    #expect(fresh == nil, "seed \(seed): refused a constant a fresh solver accepts")
                    #expect(s.dump() == before, "seed \(seed): state changed by a refused constant")
                }
            }
        }
    }

    @Test func conflictSetsAreUnsatisfiableAndMinimal() async {
        await propertyCheck(count: 300, input: Self.seeds) { seed in
            let system = RandomSystem(seed: seed, consistent: false)
            for options in bothModes {
                var s = Solver(options: options)
                for c in system.required {
                    let before = s.dump()
                    guard let failure = unsatisfiability({ () throws(SolverError) in try s.add(c) }) else { continue }
                    #expect(failure.broken === c)
                    #expect(failure.conflicts.contains { $0 === c }, "seed \(seed)")
                    #expect(s.dump() == before, "seed \(seed): refused add changed the solver")
                    #expect((try? RandomSystem.solve(failure.conflicts, options: options)) == nil,
                            "seed \(seed): conflict set is satisfiable")
                    for dropped in failure.conflicts {
                        let rest = failure.conflicts.filter { $0 !== dropped }
                        #expect((try? RandomSystem.solve(rest, options: options)) != nil,
                                "seed \(seed): conflict set is not minimal without \(dropped)")
                    }
                }
            }
        }
    }
}
