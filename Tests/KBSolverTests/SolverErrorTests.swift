import Testing
@testable import KBSolver

/// The broken constraint and conflict set of an unsatisfiable call; nil
/// when the call succeeds or fails otherwise.
func unsatisfiability(_ body: () throws(SolverError) -> Void) -> (broken: Constraint, conflicts: [Constraint])? {
    do {
        try body()
        return nil
    } catch {
        guard case let .unsatisfiable(broken, conflicts) = error else { return nil }
        return (broken, conflicts)
    }
}

@Suite("Solver: errors leave the solver exactly as it was")
struct SolverErrorTests {
    @Test(arguments: bothModes)
    func unsatisfiableAddLeavesStateUntouched(options: Solver.Options) throws {
        var s = Solver(options: options)
        let a = Variable("a"), b = Variable("b"), c = Variable("c")
        try s.add(a == 10)
        try s.add(b == a + 5)
        try s.add(c >= b)
        try s.add((c == 0) | .weak)
        try s.addEditVariable(a, strength: .strong)
        s.updateVariables()
        let before = s.dump()
        let bad = c <= 3
        #expect(throws: SolverError.self) { try s.add(bad) }
        #expect(s.dump() == before)
        let alsoBad = a + 0 == 11
        #expect(throws: SolverError.self) { try s.add(alsoBad) }
        #expect(s.dump() == before)
        // And it keeps working: the same follow-up gives the same result.
        try s.suggestValue(20, for: a)
        s.updateVariables()
        #expect(near(s.value(of: c), 15))
    }

    @Test(arguments: bothModes)
    func conflictSetIsTheMinimalOne(options: Solver.Options) throws {
        var s = Solver(options: options)
        let top = Variable("top"), height = Variable("height"), bottom = Variable("bottom")
        let other = Variable("other")
        let unrelated = other == 5
        let c1 = top == 100
        let c2 = Constraint(Expression(bottom), .equal, top + height, name: "bottom")
        let c3 = bottom <= 300
        let c4 = other <= 10
        for c in [unrelated, c1, c2, c3, c4] { try s.add(c) }
        let c5 = height >= 250
        let failure = unsatisfiability { () throws(SolverError) in try s.add(c5) }
        #expect(failure?.broken === c5)
        #expect(failure?.conflicts == [c1, c2, c3, c5])
    }

    @Test(arguments: bothModes)
    func changingARequiredConstantIntoAConflictIsRefused(options: Solver.Options) throws {
        var s = Solver(options: options)
        let x = Variable("x"), y = Variable("y")
        let pin = x == 10
        let link = y == x + 5
        let cap = y <= 20
        try s.add(pin)
        try s.add(link)
        try s.add(cap)
        s.updateVariables()
        let before = s.dump()
        // x == 30 would make y == 35 > 20.
        let failure = unsatisfiability { () throws(SolverError) in try s.setConstant(-30, of: pin) }
        #expect(failure?.broken === pin)
        #expect(failure?.conflicts == [pin, link, cap])
        #expect(s.dump() == before)
        #expect(s.constant(of: pin) == -10)
        try s.setConstant(-12, of: pin)
        s.updateVariables()
        #expect(near(s.value(of: y), 17))
    }

    @Test func redundantRequiredEqualityIsAcceptedAndRemovable() throws {
        for options in bothModes {
            var s = Solver(options: options)
            let x = Variable("x"), y = Variable("y")
            let c1 = x == 1, c2 = y == x + 1, c3 = y == 2
            try s.add(c1)
            try s.add(c2)
            try s.add(c3)
            s.updateVariables()
            #expect(near(s.value(of: y), 2))
            try s.remove(c3)
            try s.remove(c1)
            try s.add(x == 7)
            s.updateVariables()
            #expect(near(s.value(of: y), 8))
        }
    }
}
