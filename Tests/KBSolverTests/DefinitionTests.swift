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

/// Ambiguity asked of many variables: each definition is written over the
/// tableau's non-basic symbols once and kept for the pass. Kept or
/// expanded afresh each time, the answers are the same.
@Suite("Solver: ambiguity over kept definitions")
struct KeptDefinitionTests {
    /// A chain of 300 tops, each 10 below the one before, except top 150,
    /// which is only at least 10 below top 149 (free to move down, taking
    /// every top after it along); each row also has a bottom 20 below its
    /// top and a height that is bottom minus top.
    /// Expected by hand: tops 0–149 are fixed (top 0 = 0, then + 10 each);
    /// tops 150–299 are ambiguous (top 150 can grow, the rest follow it);
    /// every height is fixed at 20 (bottom − top cancels the free symbol
    /// that both carry), and every bottom is as ambiguous as its top.
    @Test(arguments: [true, false])
    func aChainWithOneLooseLinkIsAmbiguousBelowIt(eliminatesDefinitions: Bool) throws {
        var s = Solver(options: Solver.Options(eliminatesDefinitions: eliminatesDefinitions))
        var tops: [Variable] = [], bottoms: [Variable] = [], heights: [Variable] = []
        for k in 0..<300 {
            let top = Variable("top\(k)"), bottom = Variable("bottom\(k)"), height = Variable("height\(k)")
            if let previous = tops.last {
                let relation: Relation = k == 150 ? .greaterOrEqual : .equal
                try s.add(Constraint(Expression(top), relation, previous + 10))
            } else {
                try s.add(Constraint(Expression(top), .equal, Expression(constant: 0)))
            }
            try s.add(Constraint(Expression(bottom), .equal, top + 20))
            try s.add(Constraint(Expression(height), .equal, bottom - top))
            tops.append(top); bottoms.append(bottom); heights.append(height)
        }
        s.updateVariables()
        #expect(s.value(of: tops[149]) == 1490)
        #expect(s.value(of: heights[299]) == 20)
        let groups = (tops + bottoms + heights).map { [$0] }
        let kept = s.areAmbiguous(groups)
        let afresh = s.areAmbiguous(groups, keepingAtMost: 0)
        #expect(kept == afresh)
        let expected = (0..<300).map { $0 >= 150 } + (0..<300).map { $0 >= 150 } + Array(repeating: false, count: 300)
        #expect(kept == expected)
        // A limit reached part way: the definitions kept before it serve,
        // the rest are expanded as they come.
        #expect(s.areAmbiguous(groups, keepingAtMost: 40) == expected)
    }

    /// Random systems (the compaction tests' churn): every variable asked
    /// with definitions kept, with none kept and with a few kept.
    @Test func randomSystemsGiveTheSameAnswers() {
        for seed in 0..<40 {
            var churn = SolverCompactionTests.Churn(seed: seed, options: Solver.Options())
            for _ in 0..<120 { churn.step() }
            churn.plain.updateVariables()
            let groups = churn.variables.map { [$0] }
            // Kept from the first variable on (a few are asked here).
            let kept = churn.plain.areAmbiguous(groups, keepingAtMost: 1 << 20, worthKeeping: 1)
            #expect(kept == churn.plain.areAmbiguous(groups, keepingAtMost: 0), "seed \(seed)")
            #expect(kept == churn.plain.areAmbiguous(groups, keepingAtMost: 3, worthKeeping: 1), "seed \(seed)")
            #expect(kept == churn.plain.areAmbiguous(groups), "seed \(seed)")
        }
    }
}
