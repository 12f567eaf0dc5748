import Testing
@testable import KBSolver

/// Both algorithms: definitions kept out of the tableau, and the classic one.
let bothModes = [Solver.Options(eliminatesDefinitions: true), Solver.Options(eliminatesDefinitions: false)]

func near(_ a: Double, _ b: Double, _ tolerance: Double = 1e-6) -> Bool { abs(a - b) <= tolerance }

@Suite("Solver: the behaviours kiwi's own tests check")
struct SolverTests {
    @Test(arguments: bothModes)
    func managingEditVariables(options: Solver.Options) throws {
        var s = Solver(options: options)
        let v1 = Variable("foo"), v2 = Variable("bar")
        #expect(!s.hasEditVariable(v1))
        try s.addEditVariable(v1, strength: .weak)
        #expect(s.hasEditVariable(v1))
        #expect(throws: SolverError.duplicateEditVariable(v1)) { try s.addEditVariable(v1, strength: .medium) }
        #expect(throws: SolverError.unknownEditVariable(v2)) { try s.removeEditVariable(v2) }
        try s.removeEditVariable(v1)
        #expect(!s.hasEditVariable(v1))
        #expect(throws: SolverError.requiredEditStrength(v1)) { try s.addEditVariable(v1, strength: .required) }
        try s.addEditVariable(v2, strength: .strong)
        #expect(s.hasEditVariable(v2))
        #expect(throws: SolverError.unknownEditVariable(v1)) { try s.suggestValue(10, for: v1) }
        s.reset()
        #expect(!s.hasEditVariable(v2))
        #expect(s.constraints.isEmpty)
    }

    @Test(arguments: bothModes)
    func mediumEditAgainstWeakEquality(options: Solver.Options) throws {
        var s = Solver(options: options)
        let v = Variable("foo")
        try s.addEditVariable(v, strength: .medium)
        try s.add((v == 1) | .weak)
        try s.suggestValue(2, for: v)
        s.updateVariables()
        #expect(s.value(of: v) == 2)
    }

    @Test(arguments: bothModes)
    func editVariableEnteringSeveralRows(options: Solver.Options) throws {
        var s = Solver(options: options)
        let v1 = Variable("foo"), v2 = Variable("bar")
        try s.addEditVariable(v2, strength: .weak)
        try s.add(v1 + v2 == 0)
        try s.add(v2 <= -1)
        try s.add((v2 >= 0) | .weak)
        try s.suggestValue(0, for: v2)
        s.updateVariables()
        #expect(s.value(of: v2) <= -1)
        #expect(near(s.value(of: v1), -s.value(of: v2)))
    }

    @Test(arguments: bothModes)
    func managingConstraints(options: Solver.Options) throws {
        var s = Solver(options: options)
        let v = Variable("foo")
        let c1 = v >= 1, c2 = v <= 0
        #expect(!s.contains(c1))
        try s.add(c1)
        #expect(s.contains(c1))
        #expect(throws: SolverError.duplicateConstraint(c1)) { try s.add(c1) }
        #expect(throws: SolverError.unknownConstraint(c2)) { try s.remove(c2) }
        #expect(throws: SolverError.unsatisfiable(c2, conflicts: [c1, c2])) { try s.add(c2) }
        #expect(!s.contains(c2))
        try s.remove(c1)
        #expect(!s.contains(c1))
        try s.add(c2)
        #expect(s.contains(c2))
        s.reset()
        #expect(!s.contains(c2))
    }

    @Test(arguments: bothModes)
    func underConstrainedSystemWithWeakEdit(options: Solver.Options) throws {
        var s = Solver(options: options)
        let v = Variable("foo")
        let c = 2 * v + 1 >= 0
        try s.addEditVariable(v, strength: .weak)
        try s.add(c)
        try s.suggestValue(10, for: v)
        s.updateVariables()
        #expect(near(s.value(of: v), 10))
        #expect(near(2 * s.value(of: v) + 1, 21))
    }

    @Test(arguments: bothModes)
    func strengthOrdering(options: Solver.Options) throws {
        var s = Solver(options: options)
        let v1 = Variable("foo"), v2 = Variable("bar")
        try s.add(v1 + v2 == 0)
        try s.add(v1 == 10)
        try s.add((v2 >= 0) | .weak)
        s.updateVariables()
        #expect(near(s.value(of: v1), 10) && near(s.value(of: v2), -10))

        s.reset()
        try s.add(v1 + v2 == 0)
        try s.add((v1 >= 10) | .medium)
        try s.add((v2 == 2) | .strong)
        s.updateVariables()
        #expect(near(s.value(of: v1), -2) && near(s.value(of: v2), 2))
    }

    /// A higher priority wins over any number of lower ones, whatever their
    /// weights: priorities are levels, not numbers to add up.
    @Test(arguments: bothModes)
    func higherPriorityDominatesAnyCountOfLowerOnes(options: Solver.Options) throws {
        var s = Solver(options: options)
        let x = Variable("x")
        try s.add((x == 0) | Strength(priority: 251))
        for i in 0..<50 { try s.add((x == Double(100 + i)) | Strength(priority: 250, weight: 1000)) }
        s.updateVariables()
        #expect(near(s.value(of: x), 0))
    }

    /// The Cassowary paper's midpoint example, pushed into infeasibility so
    /// that the dual simplex has to move the other edits.
    @Test(arguments: bothModes)
    func midpointExample(options: Solver.Options) throws {
        var s = Solver(options: options)
        let xm = Variable("xm"), xl = Variable("xl"), xr = Variable("xr")
        try s.addEditVariable(xm, strength: .strong)
        try s.addEditVariable(xl, strength: .weak)
        try s.addEditVariable(xr, strength: .weak)
        try s.add(2 * xm == xl + xr)
        try s.add(xl + 20 <= xr)
        try s.add(xl >= -10)
        try s.add(xr <= 100)
        try s.suggestValue(40, for: xm)
        try s.suggestValue(50, for: xr)
        try s.suggestValue(30, for: xl)
        try s.suggestValue(60, for: xm)
        try s.suggestValue(90, for: xm)
        s.updateVariables()
        #expect(near(s.value(of: xl) + s.value(of: xr), 2 * s.value(of: xm)))
        #expect(near(s.value(of: xl), 80))
        #expect(near(s.value(of: xr), 100))
    }

    /// kiwi's simplex test: maximise z = −2x₁ + 7x₂ + 4x₃ with a weak edit
    /// pulling z towards 10⁶.
    @Test(arguments: bothModes)
    func simplexAsLinearProgram(options: Solver.Options) throws {
        var s = Solver(options: options)
        let x1 = Variable("x1"), x2 = Variable("x2"), x3 = Variable("x3"), z = Variable("z")
        try s.add(x1 >= 0)
        try s.add(x2 >= 0)
        try s.add(x3 >= 0)
        try s.add(2 * x1 - 5 * x2 <= 11)
        try s.add(-x1 + 3 * x2 + x3 == 7)
        try s.add(x1 - 8 * x2 + 4 * x3 >= 33)
        try s.add(z == -2 * x1 + 7 * x2 + 4 * x3)
        try s.addEditVariable(z, strength: .weak)
        try s.suggestValue(1e6, for: z)
        s.updateVariables()
        #expect(near(s.value(of: x1), 13, 1e-4))
        #expect(near(s.value(of: x2), 3, 1e-4))
        #expect(near(s.value(of: x3), 11, 1e-4))
        #expect(near(s.value(of: z), 39, 1e-4))
    }

    @Test(arguments: bothModes)
    func basicSanity(options: Solver.Options) throws {
        var s = Solver(options: options)
        let x0 = Variable("x0"), x1 = Variable("x1")
        try s.add(x0 >= 0)
        try s.add(x1 >= 0)
        try s.add(x1 == x0)
        s.updateVariables()
        #expect(s.value(of: x0) == 0 && s.value(of: x1) == 0)
        try s.addEditVariable(x1, strength: Strength(priority: 250))
        try s.suggestValue(1, for: x1)
        s.updateVariables()
        #expect(near(s.value(of: x0), 1) && near(s.value(of: x1), 1))
        try s.removeEditVariable(x1)
    }

    @Test(arguments: bothModes)
    func violatedConstraintsAreReported(options: Solver.Options) throws {
        var s = Solver(options: options)
        let v = Variable("foo")
        let c1 = v >= 10
        let c2 = (v <= -5) | .weak
        try s.add(c1)
        try s.add(c2)
        s.updateVariables()
        #expect(s.value(of: v) >= 10)
        #expect(!s.isViolated(c1))
        #expect(s.isViolated(c2))
    }

    /// Values are those of the last `updateVariables()`; an update after
    /// any change (an added, removed or re-valued constraint, a refused
    /// one) brings them to the new solution, and an update with nothing
    /// changed keeps them.
    @Test(arguments: bothModes)
    func valuesFollowEachUpdate(options: Solver.Options) throws {
        var s = Solver(options: options)
        let x = Variable("x"), y = Variable("y")
        let base = x == 10
        try s.add(base)
        try s.add(y == x + 5)
        s.updateVariables()
        s.updateVariables()
        #expect(s.value(of: x) == 10 && s.value(of: y) == 15)
        try s.setConstant(-20, of: base)
        #expect(s.value(of: x) == 10)
        s.updateVariables()
        #expect(s.value(of: x) == 20 && s.value(of: y) == 25)
        try s.addEditVariable(x, strength: .strong)
        try s.remove(base)
        s.updateVariables()
        try s.suggestValue(7, for: x)
        s.updateVariables()
        #expect(s.value(of: x) == 7 && s.value(of: y) == 12)
        let cap = y <= 100
        try s.add(cap)
        #expect(throws: SolverError.self) { try s.add(y == 200) }
        s.updateVariables()
        #expect(s.value(of: y) == 12)
        try s.suggestValue(150, for: x)
        s.updateVariables()
        #expect(s.value(of: x) == 95 && s.value(of: y) == 100)
        try s.remove(cap)
        s.updateVariables()
        #expect(s.value(of: x) == 150 && s.value(of: y) == 155)
    }

    @Test func dumpListsEverySection() throws {
        var s = Solver()
        let v1 = Variable("foo"), v2 = Variable("bar")
        try s.addEditVariable(v2, strength: .weak)
        try s.add(v1 + v2 == 0)
        try s.add(v2 <= -1)
        try s.add((v2 >= 0) | .weak)
        let dump = s.dump()
        for header in ["Objective", "Tableau", "Infeasible", "Definitions", "Variables", "Edit Variables", "Constraints"] {
            #expect(dump.contains(header + "\n"))
        }
        #expect(dump.contains("bar = -0") || dump.contains("bar = 0"))
    }
}

@Test func readmeExample() throws {
    var solver = Solver()
    let left = Variable("left"), width = Variable("width"), keyboardTop = Variable("keyboardTop")
    try solver.add(left == 16)
    try solver.add(left + width == 377)
    try solver.add((width == 500) | .weak)
    try solver.addEditVariable(keyboardTop, strength: .strong)
    try solver.suggestValue(516, for: keyboardTop)
    solver.updateVariables()
    #expect(solver.value(of: width) == 361)
    #expect(solver.value(of: keyboardTop) == 516)
}
