import Testing
@testable import KBSolver

/// The ambiguity question's shortcut for definitions whose every reached
/// symbol is held, kept in the caller's room between questions: answers
/// must be those of the full expansion, whatever changed in between.
@Suite("Solver: definitions known to be held, kept between questions")
struct HeldDefinitionTests {
    /// Six tops chained by five heights held at 34 by weak equalities:
    /// t0 = 8, t(k+1) = t(k) + h(k) + 8.
    static func chain(in s: inout Solver) throws -> (tops: [Variable], heights: [Variable], weak: [Constraint]) {
        let tops = (0...5).map { Variable("t\($0)") }, heights = (0...4).map { Variable("h\($0)") }
        try s.add(Constraint(Expression(tops[0]) - 8, .equal))
        var weak: [Constraint] = []
        for k in 0..<5 {
            weak.append(Constraint(Expression(heights[k]) - 34, .equal, strength: .weak))
            try s.add(weak[k])
            try s.add(Constraint(Expression(tops[k + 1]) - Expression(tops[k]) - Expression(heights[k]) - 8, .equal))
        }
        return (tops, heights, weak)
    }

    /// A chain `t0 = 8`, `t(k+1) = t(k) + h(k) + 8`, each height held
    /// at 34 by a weak equality (`h = 34 + e⁺ − e⁻`, both errors in the
    /// objective). Every top is held: t(k) = 8 + 42k (t5 = 218), and every
    /// definition settles as held. With the heights in first, the links
    /// asked one by one in one room: each question settles one more
    /// definition (adding a definition keeps what the room learned).
    @Test func chainOfHeldLinksSettlesEachLinkOnce() throws {
        var s = Solver()
        let tops = (0...5).map { Variable("t\($0)") }, heights = (0...4).map { Variable("h\($0)") }
        try s.add(Constraint(Expression(tops[0]) - 8, .equal))
        for h in heights { try s.add(Constraint(Expression(h) - 34, .equal, strength: .weak)) }
        var room = Solver.AmbiguityScratch()
        for k in 0..<5 {
            try s.add(Constraint(Expression(tops[k + 1]) - Expression(tops[k]) - Expression(heights[k]) - 8, .equal))
            s.updateVariables()
            #expect(s.areAmbiguous([[tops[k + 1]]], scratch: &room) == [false])
            // The heights' rows are in the tableau; the links only add
            // definitions, so what the room learned stays: t0 … t(k+1).
            #expect(room.scratch!.settled.count == k + 2)
        }
        #expect(s.value(of: tops[5]) == 218)
        #expect(room.scratch!.held.prefix(6).allSatisfy { $0 == 1 })
        #expect(s.areAmbiguous(tops.map { [$0] }, keepingAtMost: 0, holdingDefinitions: false)
                == Array(repeating: false, count: 6))
    }

    /// The same chain, then h2's weak equality replaced by `h2 >= 0`
    /// (required): h2 = s, a slack that costs nothing and can grow, so
    /// t3, t4, t5 (each `… + h2 + …`) are ambiguous, t0 … t2 are not. The
    /// room kept from before the change answers [F, F, F, T, T, T], as the
    /// full expansion does.
    @Test func linkMadeFreeIsAnsweredAfresh() throws {
        var s = Solver()
        let (tops, heights, weak) = try Self.chain(in: &s)
        s.updateVariables()
        var room = Solver.AmbiguityScratch()
        let groups = tops.map { [$0] }
        #expect(s.areAmbiguous(groups, scratch: &room) == Array(repeating: false, count: 6))
        try s.remove(weak[2])
        try s.add(Constraint(Expression(heights[2]), .greaterOrEqual))
        s.updateVariables()
        let expected = [false, false, false, true, true, true]
        #expect(s.areAmbiguous(groups, scratch: &room) == expected)
        #expect(s.areAmbiguous(groups, keepingAtMost: 0, holdingDefinitions: false) == expected)
        // t3's definition reaches the free slack: not held, asked in full.
        #expect(room.scratch!.held[3] == 2)
        #expect(room.scratch!.held[2] == 1)
    }

    /// Cancellation: `u >= 0` (u = s, s free), `a = u + 1`, `b = a − u`.
    /// b reaches s through both terms, so its definition is not held, but
    /// written over non-basic symbols it is `s − s + 1 = 1`: not
    /// ambiguous. a = s + 1 is. The shortcut never answers for b; the full
    /// expansion does: [a, b] → [true, false].
    @Test func cancelledFreeSymbolIsAskedInFull() throws {
        var s = Solver()
        let u = Variable("u"), a = Variable("a"), b = Variable("b")
        try s.add(Constraint(Expression(u), .greaterOrEqual))
        try s.add(Constraint(Expression(a) - Expression(u) - 1, .equal))
        try s.add(Constraint(Expression(b) - Expression(a) + Expression(u), .equal))
        s.updateVariables()
        #expect(s.value(of: b) == 1)
        var room = Solver.AmbiguityScratch()
        #expect(s.areAmbiguous([[a], [b]], scratch: &room) == [true, false])
        #expect(room.scratch!.held[0] == 2 && room.scratch!.held[1] == 2)
        #expect(s.areAmbiguous([[a], [b]], keepingAtMost: 0, holdingDefinitions: false) == [true, false])
    }

    /// Two copies of one solver, each given a different definition at the
    /// same index, asked in one room in turn: `p = t0 + h0` is held
    /// (t0 = 8, h0 weakly 34), `q = t0 + u` is not (u = s, free). Each copy
    /// gets its own answer (false, then true), whichever asked first.
    @Test func copiesWithDifferentDefinitionsShareNoAnswers() throws {
        var base = Solver()
        let t0 = Variable("t0"), h0 = Variable("h0"), u = Variable("u"), p = Variable("p")
        try base.add(Constraint(Expression(t0) - 8, .equal))
        try base.add(Constraint(Expression(h0) - 34, .equal, strength: .weak))
        try base.add(Constraint(Expression(u), .greaterOrEqual))
        base.updateVariables()
        var room = Solver.AmbiguityScratch()
        #expect(base.areAmbiguous([[t0], [u]], scratch: &room) == [false, true])
        for order in 0..<2 {
            var first = base, second = base
            // The same variable p, defined differently in each copy.
            try first.add(Constraint(Expression(p) - Expression(t0) - Expression(h0), .equal))
            try second.add(Constraint(Expression(p) - Expression(t0) - Expression(u), .equal))
            first.updateVariables()
            second.updateVariables()
            if order == 0 {
                #expect(first.areAmbiguous([[p]], scratch: &room) == [false])
                #expect(second.areAmbiguous([[p]], scratch: &room) == [true])
            } else {
                #expect(second.areAmbiguous([[p]], scratch: &room) == [true])
                #expect(first.areAmbiguous([[p]], scratch: &room) == [false])
            }
            // And a copy that changed nothing after the other did.
            var third = first
            try third.add(Constraint(Expression(Variable("z")) - Expression(u), .equal))
            #expect(first.areAmbiguous([[p]], scratch: &room) == [false])
            #expect(third.areAmbiguous([[p]], scratch: &room) == [false])
        }
    }

    /// With changes logged, a change away from the chain (`z = 5`, weak:
    /// a row of its own, z held by its errors) keeps what the room learned
    /// about the chain: asking again settles nothing (still six settled,
    /// all held). A change on the chain (h2 let free as above) lets go of
    /// the links above it, and the answers are the full expansion's.
    @Test func changeAwayFromTheChainKeepsItsAnswers() throws {
        var s = Solver()
        s.logsAnalysisChanges = true
        let z = Variable("z")
        let (tops, heights, weak) = try Self.chain(in: &s)
        s.updateVariables()
        var room = Solver.AmbiguityScratch()
        let groups = tops.map { [$0] }
        #expect(s.areAmbiguous(groups, scratch: &room) == Array(repeating: false, count: 6))
        #expect(room.scratch!.settled.count == 6)
        try s.add(Constraint(Expression(z) - 5, .equal, strength: .weak))
        s.updateVariables()
        #expect(s.areAmbiguous(groups + [[z]], scratch: &room) == Array(repeating: false, count: 7))
        #expect(room.scratch!.settled.count == 6)
        #expect(room.scratch!.held.prefix(6).allSatisfy { $0 == 1 })
        try s.remove(weak[2])
        try s.add(Constraint(Expression(heights[2]), .greaterOrEqual))
        s.updateVariables()
        let expected = [false, false, false, true, true, true]
        #expect(s.areAmbiguous(groups, scratch: &room) == expected)
        #expect(s.areAmbiguous(groups, keepingAtMost: 0, holdingDefinitions: false) == expected)
    }

    /// Random chains changing step by step: links added, removed and
    /// added back (then in the tableau), heights held at random strengths
    /// or left free, constants set, edit variables, extra inequalities,
    /// and copies of the solver changed apart. After each step the room
    /// kept all along answers as the full expansion with nothing kept.
    /// Odd seeds log changes (the room lets go of what they touched),
    /// even seeds do not (it lets go of everything at each change).
    @Test func randomChainsAnswerAsTheFullExpansion() {
        var heldSeen = 0, notHeldSeen = 0
        for seed in 0..<80 {
            var chain = RandomChain(seed: seed)
            chain.solver.logsAnalysisChanges = seed % 2 == 1
            var room = Solver.AmbiguityScratch()
            var copies: [Solver] = []
            for step in 0..<150 {
                chain.step()
                if chain.rng.int(0...19) == 0 { copies.append(chain.solver) }
                chain.solver.updateVariables()
                let few = chain.tops.suffix(3).map { [$0] } + [Array(chain.heights.suffix(2))]
                let all = (chain.tops + chain.heights).map { [$0] }
                for groups in [few, all] {
                    let kept = chain.solver.areAmbiguous(groups, scratch: &room)
                    let full = chain.solver.areAmbiguous(groups, keepingAtMost: 0, holdingDefinitions: false)
                    #expect(kept == full, "seed \(seed) step \(step)")
                }
                // An old copy asked in the same room, after being changed.
                if !copies.isEmpty, chain.rng.int(0...3) == 0 {
                    let k = chain.rng.int(0...(copies.count - 1))
                    chain.mutate(&copies[k])
                    copies[k].updateVariables()
                    let groups = chain.tops.map { [$0] }
                    #expect(copies[k].areAmbiguous(groups, scratch: &room)
                            == copies[k].areAmbiguous(groups, keepingAtMost: 0, holdingDefinitions: false),
                            "seed \(seed) step \(step) copy \(k)")
                }
                if let scratch = room.scratch {
                    heldSeen += scratch.settled.count(where: { scratch.held[Int($0)] == 1 })
                    notHeldSeen += scratch.settled.count(where: { scratch.held[Int($0)] == 2 })
                }
            }
        }
        // Both kinds of settled definitions came up (the shortcut was used).
        #expect(heldSeen > 1000 && notHeldSeen > 1000, "\(heldSeen) held, \(notHeldSeen) not held")
    }

    /// The compaction tests' churn (random constraints over a few
    /// variables, many of them definitions, compactions): one room kept
    /// for the whole run answers as the full expansion with nothing kept,
    /// with changes logged (odd seeds) or not.
    @Test func randomSystemsAnswerAsTheFullExpansion() {
        for seed in 0..<80 {
            var churn = SolverCompactionTests.Churn(seed: seed, options: Solver.Options())
            churn.plain.logsAnalysisChanges = seed % 2 == 1
            var room = Solver.AmbiguityScratch()
            for step in 0..<120 {
                churn.step()
                churn.plain.updateVariables()
                let groups = churn.variables.map { [$0] }
                #expect(churn.plain.areAmbiguous(groups, scratch: &room)
                        == churn.plain.areAmbiguous(groups, keepingAtMost: 0, holdingDefinitions: false),
                        "seed \(seed) step \(step)")
            }
        }
    }
}

/// A chain of tops `t(k+1) = t(k) + h(k) + 8` grown and changed at random.
struct RandomChain {
    var rng: SplitMix64
    var solver = Solver()
    var tops: [Variable] = []
    var heights: [Variable] = []
    /// Per link k (top k + 1): its constraint while in the solver.
    var links: [Constraint?] = []
    /// Per height: the constraints that hold it.
    var holds: [[Constraint]] = []
    var extra: [Constraint] = []
    var edited: [Variable] = []

    init(seed: Int) {
        rng = SplitMix64(seed: seed)
        tops.append(Variable("t0"))
        try? solver.add(Constraint(Expression(tops[0]) - 8, .equal))
        for _ in 0..<3 { grow() }
    }

    func link(_ k: Int) -> Constraint {
        Constraint(Expression(tops[k + 1]) - Expression(tops[k]) - Expression(heights[k]) - 8, .equal)
    }

    /// Constraints holding a height: weak, strong or required 34, a free
    /// `h >= 0`, or a hugging and compression pair.
    mutating func hold(_ h: Variable) -> [Constraint] {
        switch rng.int(0...4) {
        case 0: return [Constraint(Expression(h) - 34, .equal, strength: .weak)]
        case 1: return [Constraint(Expression(h) - 34, .equal, strength: .strong)]
        case 2: return [Constraint(Expression(h) - 34, .equal)]
        case 3: return [Constraint(Expression(h), .greaterOrEqual)]
        default:
            return [Constraint(Expression(h) - 34, .lessOrEqual, strength: Strength(priority: 250)),
                    Constraint(Expression(h) - 34, .greaterOrEqual, strength: Strength(priority: 750))]
        }
    }

    mutating func grow() {
        let k = heights.count
        heights.append(Variable("h\(k)"))
        tops.append(Variable("t\(k + 1)"))
        var held: [Constraint] = []
        for c in hold(heights[k]) where (try? solver.add(c)) != nil { held.append(c) }
        holds.append(held)
        let c = link(k)
        links.append((try? solver.add(c)) != nil ? c : nil)
    }

    mutating func step() {
        switch rng.int(0...11) {
        case 0, 1, 2: grow()
        case 3:
            // A link removed: the tops above it hang free.
            let k = rng.int(0...(links.count - 1))
            if let c = links[k], (try? solver.remove(c)) != nil { links[k] = nil }
        case 4:
            // A link added back (its top is no longer fresh: a tableau row).
            let k = rng.int(0...(links.count - 1))
            if links[k] == nil {
                let c = link(k)
                if (try? solver.add(c)) != nil { links[k] = c }
            }
        case 5, 6:
            // A height held another way (a priority changed, or let free).
            let k = rng.int(0...(holds.count - 1))
            for c in holds[k] { try? solver.remove(c) }
            holds[k] = []
            for c in hold(heights[k]) where (try? solver.add(c)) != nil { holds[k].append(c) }
        case 7:
            Self.change(&solver, &rng, tops: tops, heights: heights)
        case 8:
            let v = tops[rng.int(1...(tops.count - 1))]
            if edited.contains(where: { $0 === v }) {
                try? solver.suggestValue(Double(rng.int(0...400)), for: v)
            } else if (try? solver.addEditVariable(v, strength: .strong)) != nil {
                edited.append(v)
            }
        case 9:
            if let v = edited.popLast() { try? solver.removeEditVariable(v) }
        case 10:
            // An extra inequality on a top or a height, or one removed.
            if !extra.isEmpty, rng.int(0...1) == 0 {
                try? solver.remove(extra.removeLast())
            } else {
                let v = rng.int(0...1) == 0 ? tops[rng.int(0...(tops.count - 1))] : heights[rng.int(0...(heights.count - 1))]
                let relation: Relation = rng.int(0...1) == 0 ? .lessOrEqual : .greaterOrEqual
                let strength = rng.int(0...1) == 0 ? Strength.required : Strength(priority: 500)
                let c = Constraint(Expression(v) - Double(rng.int(0...500)), relation, strength: strength)
                if (try? solver.add(c)) != nil { extra.append(c) }
            }
        default:
            // A constant set on a link or a height's constraint.
            let k = rng.int(0...(links.count - 1))
            if let c = links[k], rng.int(0...1) == 0 {
                try? solver.setConstant(Double(-rng.int(0...20)), of: c)
            } else if let c = holds[k].first {
                try? solver.setConstant(Double(-rng.int(20...60)), of: c)
            }
        }
    }

    /// A change made to `s` (the chain's solver or a copy of it): a
    /// definition of a new variable over a top and a height, or a required
    /// equality between two tops' distance and a constant.
    mutating func mutate(_ s: inout Solver) {
        Self.change(&s, &rng, tops: tops, heights: heights)
    }

    static func change(_ s: inout Solver, _ rng: inout SplitMix64, tops: [Variable], heights: [Variable]) {
        let a = tops[rng.int(0...(tops.count - 1))], h = heights[rng.int(0...(heights.count - 1))]
        if rng.int(0...1) == 0 {
            let v = Variable("d\(rng.int(0...1_000_000))")
            try? s.add(Constraint(Expression(v) - Expression(a) - Expression(h), .equal))
        } else {
            try? s.add(Constraint(Expression(a) - Double(rng.int(0...300)), .greaterOrEqual,
                                  strength: Strength(priority: 250)))
        }
    }
}
