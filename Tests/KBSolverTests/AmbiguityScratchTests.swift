import Testing
@testable import KBSolver

@Suite("Solver: ambiguity asked in room kept between questions")
struct AmbiguityScratchTests {
    /// `x == 16` and `w == 100` hold x and w; y is only bounded below
    /// (`y >= 8`, required), so it can grow: ambiguous. The same room asked
    /// twice, before and after `y == 20` is added (then y is held), gives
    /// the answers fresh room gives: [false, true] then [false, false].
    @Test func keptRoomAnswersAsNewRoom() throws {
        var s = Solver()
        let x = Variable("x"), y = Variable("y"), w = Variable("w")
        try s.add(Constraint(Expression(x) - 16, .equal))
        try s.add(Constraint(Expression(w) - 100, .equal))
        try s.add(Constraint(Expression(y) - 8, .greaterOrEqual))
        s.updateVariables()
        var room = Solver.AmbiguityScratch()
        #expect(s.areAmbiguous([[x, w], [y]], scratch: &room) == [false, true])
        #expect(s.areAmbiguous([[x, w], [y]]) == [false, true])
        try s.add(Constraint(Expression(y) - 20, .equal))
        s.updateVariables()
        #expect(s.value(of: y) == 20)
        #expect(s.areAmbiguous([[x, w], [y]], scratch: &room) == [false, false])
        #expect(s.areAmbiguous([[y], [x]], scratch: &room) == [false, false])
    }

    /// Random systems changing step by step (the compaction tests' churn,
    /// compactions included): one room kept for the whole run, asked about
    /// a few variables and about all of them in turn, answers as new room.
    @Test func roomKeptThroughRandomChangesAnswersAsNewRoom() {
        for seed in 0..<40 {
            var churn = SolverCompactionTests.Churn(seed: seed, options: Solver.Options())
            var room = Solver.AmbiguityScratch()
            for step in 0..<120 {
                churn.step()
                guard step % 3 == 0 else { continue }
                churn.plain.updateVariables()
                let groups = churn.variables.map { [$0] }
                let few = Array(groups.suffix(3))
                #expect(churn.plain.areAmbiguous(few, scratch: &room) == churn.plain.areAmbiguous(few),
                        "seed \(seed) step \(step)")
                #expect(churn.plain.areAmbiguous(groups, scratch: &room) == churn.plain.areAmbiguous(groups),
                        "seed \(seed) step \(step)")
            }
        }
    }
}
