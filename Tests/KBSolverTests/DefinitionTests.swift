import Testing
@testable import KBSolver

/// Required equalities on fresh variables stay out of the tableau; these
/// check that removing them and changing their constants behaves exactly as
/// the classic algorithm does.
@Suite("Solver: definitions")
struct DefinitionTests {
    /// A chain of rows `top[i] = top[i-1] + 44 + 8`, bounded below by a
    /// keyboard, with the first row pinned weakly to 20.
    struct Chain {
        var solver: Solver
        var tops: [Variable] = []
        var links: [Constraint] = []
        let keyboard = Variable("keyboard")

        init(_ n: Int, options: Solver.Options) throws {
            solver = Solver(options: options)
            try solver.addEditVariable(keyboard, strength: .strong)
            try solver.suggestValue(667, for: keyboard)
            for i in 0..<n {
                let top = Variable("top\(i)")
                if let previous = tops.last {
                    let link = Constraint(Expression(top), .equal, previous + 52, name: "link\(i)")
                    links.append(link)
                    try solver.add(link)
                } else {
                    try solver.add((top == 20) | .medium)
                }
                tops.append(top)
            }
            try solver.add(tops.last! + 44 <= keyboard - 8)
        }

        mutating func values() -> [Double] {
            solver.updateVariables()
            return tops.map { solver.value(of: $0) }
        }
    }

    @Test func chainStaysOutOfTheTableau() throws {
        var chain = try Chain(200, options: Solver.Options())
        #expect(chain.solver.definitionCount == 199)
        #expect(chain.solver.rowCount < 10)
        let v = chain.values()
        #expect(near(v[0], 667 - 8 - 44 - 52 * 199))
        #expect(near(v[199], 667 - 8 - 44))
    }

    @Test func removingAndChangingDefinitionsMatchesTheClassicAlgorithm() throws {
        var fast = try Chain(30, options: Solver.Options(eliminatesDefinitions: true))
        var classic = try Chain(30, options: Solver.Options(eliminatesDefinitions: false))
        #expect(fast.values() == classic.values() || zip(fast.values(), classic.values()).allSatisfy { near($0, $1) })

        for s in [407.0, 667, 500] {
            try fast.solver.suggestValue(s, for: fast.keyboard)
            try classic.solver.suggestValue(s, for: classic.keyboard)
            #expect(zip(fast.values(), classic.values()).allSatisfy { near($0, $1) })
        }
        // Change the gap of a link in the middle: its marker is in the tableau.
        try fast.solver.setConstant(-100, of: fast.links[10])
        try classic.solver.setConstant(-100, of: classic.links[10])
        #expect(zip(fast.values(), classic.values()).allSatisfy { near($0, $1) })
        #expect(near(fast.values()[11] - fast.values()[10], 100))

        // Remove a link in the middle: the chain splits and the solver
        // decides the loose part the same way in both.
        try fast.solver.remove(fast.links[15])
        try classic.solver.remove(classic.links[15])
        #expect(zip(fast.values(), classic.values()).allSatisfy { near($0, $1) })
        try fast.solver.add(fast.links[15])
        try classic.solver.add(classic.links[15])
        #expect(zip(fast.values(), classic.values()).allSatisfy { near($0, $1) })
        #expect(near(fast.values()[16] - fast.values()[15], 52))
    }

    @Test func definitionNotInTheTableauChangesWithoutPivots() throws {
        var s = Solver()
        let x = Variable("x"), w = Variable("w")
        let leading = x == 16
        let trailing = x + w == 359
        try s.add(leading)
        try s.add(trailing)
        #expect(s.rowCount == 0)
        try s.setConstant(-20, of: leading)
        s.updateVariables()
        #expect(s.value(of: x) == 20)
        #expect(s.value(of: w) == 339)
        #expect(!s.isAmbiguous(x) && !s.isAmbiguous(w))
    }

    @Test(arguments: bothModes)
    func ambiguity(options: Solver.Options) throws {
        var s = Solver(options: options)
        let x = Variable("x"), w = Variable("w"), y = Variable("y"), h = Variable("h")
        try s.add(x == 16)
        try s.add(x + w == 359)
        try s.add(y >= 20)
        try s.add(h == 44)
        s.updateVariables()
        #expect(!s.isAmbiguous(x))
        #expect(!s.isAmbiguous(w))
        #expect(!s.isAmbiguous(h))
        #expect(s.isAmbiguous(y))
        #expect(s.isAmbiguous(Variable("unknown")))
        // Asked in groups: a group is ambiguous when any member is.
        #expect(s.areAmbiguous([[x, w], [x, y], [h], [], [Variable("unknown"), x]]) == [false, true, false, false, true])
        try s.add((y == 30) | .weak)
        s.updateVariables()
        #expect(!s.isAmbiguous(y))
        let a = Variable("a"), b = Variable("b")
        try s.add(a == b)
        s.updateVariables()
        #expect(s.isAmbiguous(a))
    }
}
