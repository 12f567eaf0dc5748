import Testing
@testable import KBModel
@testable import KBShell

/// A layout pass looks again only at the views whose values the solver
/// changed since the last pass (and the few others that may lay out
/// otherwise); the ambiguity check asks only about the views a command
/// moved, in room kept between commands. Whatever commands ran, the
/// results are those of a pass that reads every view, and of a question
/// about every view.
@Suite("Layout passes read what moved")
struct IncrementalLayoutReadTests {
    /// A column of `count` text fields under `C.view`'s safe area, each
    /// 34 high, 16 from each side, 8 below the one before, as the script
    /// an import of such a storyboard writes: the fields first, then the
    /// constraints field by field.
    static func column(_ count: Int) -> [String] {
        var lines = ["device iphone-15", "controller C"]
        for k in 0..<count { lines.append("add textField f\(k) to C.view") }
        for k in 0..<count {
            let above = k == 0 ? "C.view.safeArea.top + 8" : "f\(k - 1).bottom + 8"
            lines += ["constrain f\(k).height == 34", "constrain f\(k).top == \(above)",
                      "constrain f\(k).leading == C.view.leading + 16", "constrain C.view.trailing == f\(k).trailing + 16"]
        }
        return lines
    }

    /// Random commands on sessions with a column of 70 fields (three
    /// segments of views): after each, the snapshot is the one a pass that
    /// keeps nothing makes, and the ambiguous views the command reports
    /// are those of a question about every view, among those it moved.
    @Test func randomSessionsReadAsAPassThatReadsEverything() {
        var r = SessionFileValidationTests.Random(state: 0x33)
        var partial = 0
        for round in 0..<5 {
            var s = Session.demo()
            for line in Self.column(70).dropFirst() { _ = s.execute(line.replacingOccurrences(of: "C.view", with: "Login.view")) }
            for k in 0..<80 {
                let before = s.screen.layout()
                let outcome = s.execute(SessionFileValidationTests.randomCommand(s, &r, k))
                let kept = s.screen.layout()
                if let e = s.screen.engine, e.snapshotSegmentsLookedAt < kept.views.segmentCount { partial += 1 }
                let fresh = s.screen.layoutAfresh()
                #expect(kept == fresh, "round \(round), command \(k)")
                guard outcome.status == .ok, let report = outcome.report else { continue }
                let moved = Set(LayoutDiff.changes(from: before, to: kept).compactMap { c -> String? in
                    switch c {
                    case let .viewAdded(v, _), let .frame(v, _, _): return v
                    default: return nil
                    }
                })
                let everyAmbiguous = s.screen.ambiguousViews()
                if !report.ambiguous.isEmpty {
                    #expect(report.ambiguous == everyAmbiguous.filter { moved.contains($0) }, "round \(round), command \(k)")
                }
                #expect(s.screen.ambiguousViews(among: Array(moved)) == everyAmbiguous.filter { moved.contains($0) })
            }
        }
        // Passes that looked at fewer segments than there are: the reads
        // above were of what moved, not of everything.
        #expect(partial > 50, "\(partial) of 400 passes read fewer segments than all")
    }

    /// The column of 300 fields, built line by line: after each line, the
    /// snapshot is the one made afresh. Constraining the last field moves
    /// it alone: the pass looks at its segment only (positions 288–300, the
    /// root view at 0), and the field is at y = 59 + 8 + 299 × 42 = 12,625,
    /// 16 from each side of the 393-wide screen (361 wide), 34 high.
    @Test func aColumnBuiltLineByLineLooksAtTheSegmentItChanges() throws {
        var s = Session()
        let lines = Self.column(300)
        for (k, line) in lines.dropLast().enumerated() {
            #expect(s.execute(line).status == .ok, "\(line)")
            if k % 97 == 0 { #expect(s.screen.layout() == s.screen.layoutAfresh(), "after \(line)") }
        }
        let before = s.screen.layout()
        let outcome = s.execute(lines.last!)
        #expect(outcome.status == .ok)
        let after = s.screen.layout()
        #expect(s.screen.engine?.snapshotSegmentsLookedAt == 1)
        #expect(after == s.screen.layoutAfresh())
        #expect(after.windowFrame("f299") == Rect(x: 16, y: 12_625, width: 361, height: 34))
        #expect((0..<9).allSatisfy { after.views.sharesSegment($0, with: before.views) })
        // The width was what the field's content gave it; the trailing
        // constraint made it 361, and nothing is ambiguous.
        #expect(outcome.report?.ambiguous == [])
        #expect(s.screen.ambiguousViews() == [])
    }
}
