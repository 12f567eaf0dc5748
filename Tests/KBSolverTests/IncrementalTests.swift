import PropertyBased
import Testing
@testable import KBSolver

/// A chain like a vertical stack view's: `top` pinned at 20, each row's top
/// defined as the previous row's bottom plus 4, each row's height hugging
/// and resisting its content (21 pt at 250 and 750), and the stack's end
/// connection `bottom == last.top + last.height`, the one equation that
/// spans the chain.
struct Chain {
    var solver = Solver()
    let top = Variable("top"), bottom = Variable("bottom")
    var ys: [Variable] = []
    var hs: [Variable] = []
    var tail: Constraint?
    var pin: Constraint

    init() {
        pin = Constraint(Expression(top) - 20, .equal)
        try! solver.add(pin)
        // The stack's bottom is read by someone (a scroll view's content):
        // keep it in the tableau before the first row.
        try! solver.add(Constraint(Expression(bottom) - Expression(top), .greaterOrEqual))
    }

    /// Appends a row of intrinsic height `height` and moves the end to it
    /// (in place when `replacing`, else by removing then adding).
    mutating func append(height: Double, replacing: Bool) throws {
        let k = ys.count
        let y = Variable("y\(k)"), h = Variable("h\(k)")
        try solver.add(Constraint(Expression(h) - height, .greaterOrEqual, strength: Strength(priority: 750)))
        try solver.add(Constraint(Expression(h) - height, .lessOrEqual, strength: Strength(priority: 250)))
        let previousEnd: Expression = k == 0 ? Expression(top) - 4 : Expression([Term(ys[k - 1]), Term(hs[k - 1])])
        try solver.add(Constraint(Expression(y) - previousEnd - 4, .equal))
        ys.append(y)
        hs.append(h)
        let newTail = Constraint(Expression(bottom) - Expression([Term(y), Term(h)]), .equal, name: "tail")
        if let tail {
            if replacing {
                try solver.replace(tail, with: newTail)
            } else {
                try solver.remove(tail)
                try solver.add(newTail)
            }
        } else {
            try solver.add(newTail)
        }
        tail = newTail
    }
}

/// Every variable's value, as the solver holds it now and as a full pass
/// over every row and definition computes it: bit for bit the same.
func expectValuesAsAFullUpdate(_ s: Solver, _ variables: [Variable], _ context: String,
                               sourceLocation: SourceLocation = #_sourceLocation) {
    var full = s
    full.valuesNeedFullUpdate = true
    full.valuesAreCurrent = false
    full.updateVariables()
    for v in variables {
        #expect(s.value(of: v).bitPattern == full.value(of: v).bitPattern,
                "\(context): \(v) is \(s.value(of: v)), a full update gives \(full.value(of: v))",
                sourceLocation: sourceLocation)
    }
}

@Suite("Solver: replacing a constraint, and values brought up to date incrementally")
struct IncrementalTests {
    static let seeds = Gen.int(in: 0...Int(Int32.max))

    /// Rows 21 pt high, 4 pt apart, from y = 20: row k's top is
    /// 20 + 25k and the end is 20 + 25n − 4.
    @Test func aChainAppendedToByReplacingItsEndLaysOutAsByRemovingAndAdding() throws {
        var inPlace = Chain(), general = Chain()
        for k in 0..<40 {
            try inPlace.append(height: 21, replacing: true)
            try general.append(height: 21, replacing: false)
            inPlace.solver.updateVariables()
            general.solver.updateVariables()
            // Row k: y = 20 + 25k; the end: 20 + 25(k + 1) − 4.
            #expect(inPlace.solver.value(of: inPlace.ys[k]) == 20 + 25 * Double(k))
            #expect(inPlace.solver.value(of: inPlace.bottom) == 20 + 25 * Double(k + 1) - 4)
            #expect(general.solver.value(of: general.bottom) == inPlace.solver.value(of: inPlace.bottom))
            expectValuesAsAFullUpdate(inPlace.solver, inPlace.ys + inPlace.hs + [inPlace.bottom], "row \(k)")
        }
        // The tail's old constraint is gone, the new one is in, in the order
        // of a removal then an add.
        #expect(inPlace.solver.constraints.last === inPlace.tail)
        #expect(inPlace.solver.constraints.filter { $0.name == "tail" }.count == 1)
        // Moving the chain's head moves every row: 20 → 100 adds 80.
        try inPlace.solver.setConstant(-100, of: inPlace.pin)
        inPlace.solver.updateVariables()
        #expect(inPlace.solver.value(of: inPlace.ys[39]) == 100 + 25 * 39)
        expectValuesAsAFullUpdate(inPlace.solver, inPlace.ys + inPlace.hs + [inPlace.bottom], "moved")
    }

    /// The end connection keeps its marker: the replacement was made in
    /// place, and the tableau row that spans the chain was not made again.
    @Test func theEndConnectionIsReplacedInPlace() throws {
        var chain = Chain()
        for _ in 0..<3 { try chain.append(height: 21, replacing: true) }
        guard case let .tableau(before) = chain.solver.records[ObjectIdentifier(chain.tail!)]!.placement else {
            Issue.record("the end connection is not in the tableau")
            return
        }
        let symbols = chain.solver.storage.symbols
        try chain.append(height: 30, replacing: true)
        guard case let .tableau(after) = chain.solver.records[ObjectIdentifier(chain.tail!)]!.placement else {
            Issue.record("the end connection left the tableau")
            return
        }
        #expect(after.marker == before.marker)
        // The new row's height gets a symbol, its two intrinsic constraints
        // a slack and an error each, the gap's definition a marker once
        // expanded into the end: 6, none for the end connection itself.
        #expect(chain.solver.storage.symbols - symbols == 6)
        chain.solver.updateVariables()
        // Rows 0–2 end at 20 + 3·25 − 4 = 91; row 3 starts at 95, 30 high.
        #expect(chain.solver.value(of: chain.bottom) == 125)
    }

    @Test func replacingAnUnknownConstraintOrWithOneAlreadyInChangesNothing() throws {
        var s = Solver()
        let x = Variable("x")
        let a = Constraint(Expression(x) - 10, .equal), b = Constraint(Expression(x) - 20, .equal)
        try s.add(a)
        let before = s.dump()
        #expect(throws: SolverError.self) { try s.replace(b, with: a) }
        #expect(throws: SolverError.self) { try s.replace(a, with: a) }
        #expect(s.dump() == before)
    }

    /// A replacement the required constraints refuse: the old one stays
    /// removed (as after `remove` then `add`), the new one is not in, and
    /// the error names the conflict.
    @Test func aReplacementThatCannotHoldLeavesTheOldOneRemoved() throws {
        var s = Solver()
        let x = Variable("x"), y = Variable("y")
        try s.add(Constraint(Expression(x) - 10, .equal, name: "x10"))
        try s.add(Constraint(Expression(y) - 5, .equal, name: "y5"))
        let old = Constraint(Expression(x) - Expression(y) - 5, .equal, name: "old")
        try s.add(old)
        let new = Constraint(Expression(x) - Expression(y) - 7, .equal, name: "new")
        do {
            try s.replace(old, with: new)
            Issue.record("x − y = 7 was accepted with x = 10 and y = 5")
        } catch let error {
            guard case let .unsatisfiable(c, conflicts) = error else {
                Issue.record("unexpected \(error)")
                return
            }
            #expect(c === new)
            #expect(Set(conflicts.map(\.name)) == ["x10", "y5", "new"])
        }
        #expect(!s.contains(old))
        #expect(!s.contains(new))
        s.updateVariables()
        #expect(s.value(of: x) == 10 && s.value(of: y) == 5)
    }

    /// Random systems: replacing one of their required equalities by
    /// another gives what removing it and adding the other gives.
    @Test func replacingMatchesRemovingThenAdding() async {
        await propertyCheck(count: 300, input: Self.seeds) { seed in
            let system = RandomSystem(seed: seed)
            var rng = SplitMix64(seed: seed ^ 0x3333)
            let equalities = system.required.filter { $0.relation == .equal }
            guard !equalities.isEmpty else { return }
            let old = equalities[rng.int(0...(equalities.count - 1))]
            // The same variables (or one more) at another constant.
            var terms = old.expression.terms
            if rng.int(0...1) == 0 { terms.append(Term(system.variables[rng.int(0...(system.variables.count - 1))], 1)) }
            let new = Constraint(Expression(terms, constant: old.expression.constant + Double(rng.int(-5...5))), .equal)
            var a = try! RandomSystem.solve(system.all)
            var b = a
            let viaReplace: Result<Void, SolverError> = Result { () throws(SolverError) in try a.replace(old, with: new) }
            let viaRemove: Result<Void, SolverError> = Result { () throws(SolverError) in
                try b.remove(old)
                try b.add(new)
            }
            switch (viaReplace, viaRemove) {
            case (.success, .success):
                a.updateVariables()
                b.updateVariables()
                #expect(same(system.values(a), system.values(b)), "seed \(seed)")
                expectValuesAsAFullUpdate(a, system.variables, "seed \(seed)")
            case (.failure, .failure):
                #expect(!a.contains(old) && !a.contains(new), "seed \(seed)")
            default:
                Issue.record("seed \(seed): replace and remove-then-add disagree")
            }
        }
    }

    /// Random operations on random systems with chains of definitions:
    /// after each, the values kept up to date incrementally are bit for
    /// bit those of a full update, and the objective's choice among the
    /// symbols that changed leaves the same tableau as a scan of them all.
    @Test func incrementalValuesAndObjectiveMatchFullPasses() async {
        await propertyCheck(count: 200, input: Self.seeds) { seed in
            var rng = SplitMix64(seed: seed)
            var chain = Chain()
            var full = Chain()
            full.solver.objective.scansEverySymbol = true
            let system = RandomSystem(seed: seed)
            var edits: [Variable] = []
            for step in 0..<30 {
                do {
                    switch rng.int(0...5) {
                    case 0, 1:
                        let height = Double(rng.int(10...40))
                        try chain.append(height: height, replacing: true)
                        try full.append(height: height, replacing: true)
                    case 2:
                        let c = -Double(rng.int(0...200))
                        try chain.solver.setConstant(c, of: chain.pin)
                        try full.solver.setConstant(c, of: full.pin)
                    case 3:
                        // A preference on a row's height, at a random priority.
                        guard !chain.hs.isEmpty else { continue }
                        let k = rng.int(0...(chain.hs.count - 1))
                        let value = Double(rng.int(0...60)), priority = [100, 500, 900][rng.int(0...2)]
                        try chain.solver.add(Constraint(Expression(chain.hs[k]) - value, .equal,
                                                        strength: Strength(priority: priority)))
                        try full.solver.add(Constraint(Expression(full.hs[k]) - value, .equal,
                                                       strength: Strength(priority: priority)))
                    case 4:
                        // An edit variable on a row's top, moved.
                        guard !chain.ys.isEmpty else { continue }
                        let k = rng.int(0...(chain.ys.count - 1))
                        let value = Double(rng.int(0...900))
                        if !chain.solver.hasEditVariable(chain.ys[k]) {
                            try chain.solver.addEditVariable(chain.ys[k], strength: Strength(priority: 500))
                            try full.solver.addEditVariable(full.ys[k], strength: Strength(priority: 500))
                            edits.append(chain.ys[k])
                        }
                        try chain.solver.suggestValue(value, for: chain.ys[k])
                        try full.solver.suggestValue(value, for: full.ys[k])
                    default:
                        // Constraints of an unrelated random system come and go.
                        let c = system.all[rng.int(0...(system.all.count - 1))]
                        if chain.solver.contains(c) {
                            try chain.solver.remove(c)
                            try full.solver.remove(c)
                        } else {
                            try? chain.solver.add(c)
                            try? full.solver.add(c)
                        }
                    }
                } catch {
                    Issue.record("seed \(seed) step \(step): \(error)")
                    return
                }
                chain.solver.updateVariables()
                full.solver.updateVariables()
                let variables = chain.ys + chain.hs + [chain.top, chain.bottom] + system.variables
                expectValuesAsAFullUpdate(chain.solver, variables, "seed \(seed) step \(step)")
                #expect(chain.solver.dump() == full.solver.dump(), "seed \(seed) step \(step): tableaux differ")
            }
            _ = edits
        }
    }
}
