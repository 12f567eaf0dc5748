import PropertyBased
import Testing
@testable import KBSolver

@Suite("Solver: the slots whose values moved since a mark")
struct MovedSlotsTests {
    static let seeds = Gen.int(in: 0...Int(Int32.max))

    /// The slots `forEachSlotMoved(since:)` names, each once, sorted.
    static func moved(_ s: Solver, since mark: Solver.ValueMark) -> [Int32]? {
        var out: Set<Int32> = []
        guard s.forEachSlotMoved(since: mark, { out.insert($0) }) else { return nil }
        return out.sorted()
    }

    /// `top` is an edit variable (strong), `y1 == top + 10` and
    /// `y2 == y1 + 20` are definitions, `z == 5` stands apart. Suggesting
    /// top = 100 moves top to 100, y1 to 110 and y2 to 130; z stays 5 and
    /// is not named.
    @Test func anEditMovesItsChainAndNothingElse() throws {
        var s = Solver()
        s.listsMovedSlots = true
        let top = Variable("top"), y1 = Variable("y1"), y2 = Variable("y2"), z = Variable("z")
        try s.addEditVariable(top, strength: .strong)
        try s.add(Constraint(Expression(y1) - Expression(top) - 10, .equal))
        try s.add(Constraint(Expression(y2) - Expression(y1) - 20, .equal))
        try s.add(Constraint(Expression(z) - 5, .equal))
        s.updateVariables()
        #expect([s.value(of: top), s.value(of: y1), s.value(of: y2), s.value(of: z)] == [0, 10, 30, 5])
        let mark = s.valueMark
        #expect(Self.moved(s, since: mark) == [], "nothing moved since the mark")

        try s.suggestValue(100, for: top)
        #expect(Self.moved(s, since: mark) == [], "nothing is named before an update")
        s.updateVariables()
        #expect([s.value(of: top), s.value(of: y1), s.value(of: y2), s.value(of: z)] == [100, 110, 130, 5])
        let expected = [top, y1, y2].map { s.slotIndex(of: $0) }.sorted()
        #expect(Self.moved(s, since: mark) == expected)
        #expect(!expected.contains(s.slotIndex(of: z)))

        // The same value again moves nothing.
        let second = s.valueMark
        try s.suggestValue(100, for: top)
        s.updateVariables()
        #expect(Self.moved(s, since: second) == [])
        // A later mark names only what moved after it: top = 40 moves all three again.
        try s.suggestValue(40, for: top)
        s.updateVariables()
        #expect([s.value(of: top), s.value(of: y1), s.value(of: y2)] == [40, 50, 70])
        #expect(Self.moved(s, since: second) == expected)
    }

    /// After a compaction renumbers the slots, a mark from before tells
    /// nothing; one taken after does.
    @Test func aMarkFromBeforeACompactionTellsNothing() throws {
        var s = Solver()
        s.listsMovedSlots = true
        let x = Variable("x")
        let pin = Constraint(Expression(x) - 16, .equal)
        try s.add(pin)
        s.updateVariables()
        let mark = s.valueMark
        s.compact()
        #expect(Self.moved(s, since: mark) == nil)
        s.updateVariables()
        let after = s.valueMark
        try s.setConstant(-32, of: pin)
        s.updateVariables()
        #expect(s.value(of: x) == 32)
        #expect(Self.moved(s, since: after) == [s.slotIndex(of: x)])
    }

    /// A list that would grow past its bound is dropped: 200 variables
    /// pinned at 1 and moved to 2 at once are more than the 64 moves a
    /// full update lists (200 changed definitions, past the 64 + 200 / 4
    /// changes recorded, make the update a full one) and more than
    /// 64 + 200 / 2 in any case.
    @Test func aLongListIsDroppedAndSaysSo() throws {
        var s = Solver()
        s.listsMovedSlots = true
        let xs = (0..<200).map { Variable("x\($0)") }
        var pins: [Constraint] = []
        for x in xs {
            let c = Constraint(Expression(x) - 1, .equal)
            try s.add(c)
            pins.append(c)
        }
        s.updateVariables()
        let mark = s.valueMark
        for c in pins { try s.setConstant(-2, of: c) }
        s.updateVariables()
        #expect(xs.allSatisfy { s.value(of: $0) == 2 })
        #expect(Self.moved(s, since: mark) == nil)
        // A mark taken now works again.
        let after = s.valueMark
        try s.setConstant(-3, of: pins[7])
        s.updateVariables()
        #expect(Self.moved(s, since: after) == [s.slotIndex(of: xs[7])])
    }

    /// A solver that does not list (the default) tells nothing after an
    /// update: x == 16 moved to 32 is not named.
    @Test func aSolverThatDoesNotListTellsNothing() throws {
        var s = Solver()
        let x = Variable("x")
        let pin = Constraint(Expression(x) - 16, .equal)
        try s.add(pin)
        s.updateVariables()
        let mark = s.valueMark
        #expect(Self.moved(s, since: mark) == [], "nothing updated since the mark")
        try s.setConstant(-32, of: pin)
        s.updateVariables()
        #expect(s.value(of: x) == 32)
        #expect(Self.moved(s, since: mark) == nil)
    }

    /// A reader that keeps every slot's value and, after each random
    /// operation and update, reads again only the slots named since its
    /// mark (everything when the solver cannot tell) holds exactly the
    /// values a fresh read of every slot gives, bit for bit; and every slot
    /// whose value differs from the reader's last read is named.
    @Test func aReaderOfMovedSlotsHoldsWhatAFullReadGives() async {
        await propertyCheck(count: 200, input: Self.seeds) { seed in
            var rng = SplitMix64(seed: seed)
            var chain = Chain()
            chain.solver.listsMovedSlots = true
            let system = RandomSystem(seed: seed)
            var kept: [Double] = []
            var mark: Solver.ValueMark?
            var epoch: Solver.SlotEpoch?
            var partial = 0
            for step in 0..<40 {
                do {
                    switch rng.int(0...5) {
                    case 0, 1:
                        try chain.append(height: Double(rng.int(10...40)), replacing: rng.int(0...1) == 0)
                    case 2:
                        try chain.solver.setConstant(-Double(rng.int(0...200)), of: chain.pin)
                    case 3:
                        guard !chain.ys.isEmpty else { continue }
                        let y = chain.ys[rng.int(0...(chain.ys.count - 1))]
                        if !chain.solver.hasEditVariable(y) { try chain.solver.addEditVariable(y, strength: .medium) }
                        try chain.solver.suggestValue(Double(rng.int(0...900)), for: y)
                    case 4:
                        if rng.int(0...3) == 0 { chain.solver.compact() }
                    default:
                        let c = system.all[rng.int(0...(system.all.count - 1))]
                        if chain.solver.contains(c) { try chain.solver.remove(c) } else { try? chain.solver.add(c) }
                    }
                } catch {
                    Issue.record("seed \(seed) step \(step): \(error)")
                    return
                }
                chain.solver.updateVariables()
                let solver = chain.solver
                let count = solver.storage.slots
                let fresh = (0..<count).map { solver.value(atSlot: Int32($0)) }
                var named = Set<Int32>()
                let told = mark != nil && epoch.map { $0.keepsSlots(solver.slotEpoch) } == true
                    && solver.forEachSlotMoved(since: mark!) { named.insert($0) }
                if told {
                    partial += 1
                    while kept.count < count { kept.append(0) }
                    for k in 0..<count where kept[k].bitPattern != fresh[k].bitPattern {
                        #expect(named.contains(Int32(k)), "seed \(seed) step \(step): slot \(k) moved unnamed")
                    }
                    for k in named { kept[Int(k)] = solver.value(atSlot: k) }
                } else {
                    kept = fresh
                }
                #expect(kept.map(\.bitPattern) == fresh.map(\.bitPattern), "seed \(seed) step \(step)")
                mark = solver.valueMark
                epoch = solver.slotEpoch
            }
            #expect(partial > 0, "seed \(seed): every step read everything")
        }
    }
}
