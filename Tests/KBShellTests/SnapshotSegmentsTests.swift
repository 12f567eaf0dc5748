import Foundation
import Testing
@testable import KBModel
@testable import KBShell

/// A layout pass keeps the last snapshot's segments of views whose layout
/// cannot have changed. Whatever commands ran, the snapshot is the one a
/// pass that keeps nothing makes, and the diff the one of flat arrays.
@Suite("Snapshots keep the segments of views that did not move")
struct SnapshotSegmentsTests {
    @Test func randomSessionsLayOutAsAPassThatKeepsNothing() {
        var r = SessionFileValidationTests.Random(state: 0x5e97)
        for _ in 0..<6 {
            var s = Session.demo()
            // More views than one segment (32): the demo's and 40 labels.
            for k in 0..<40 { _ = s.execute("add label pad\(k) to form") }
            for k in 0..<60 {
                let before = s.screen.layout()
                _ = s.execute(SessionFileValidationTests.randomCommand(s, &r, k))
                let kept = s.screen.layout()
                let fresh = s.screen.layoutAfresh()
                #expect(kept == fresh, "after command \(k)")
                #expect(LayoutDiff.changes(from: before, to: kept)
                        == LayoutDiff.changes(from: before, to: LayoutSnapshot(
                            screenSize: kept.screenSize, keyboardFrame: kept.keyboardFrame,
                            views: Array(fresh.views), constraints: Array(fresh.constraints))))
            }
        }
    }

    /// 100 views in a column; constraining the last moves it alone: the
    /// new snapshot shares every segment but the last with the one before.
    /// By hand: v0 top 100, each next 20 below (12 high, 8 between).
    @Test func constrainingOneViewSharesTheOtherSegments() throws {
        var s = Session()
        _ = s.execute("device iphone-15")
        _ = s.execute("controller C")
        for k in 0..<100 {
            _ = s.execute("add view v\(k) to C.view")
            let above = k == 0 ? "C.view.top + 100" : "v\(k - 1).bottom + 8"
            _ = s.execute("constrain v\(k).top == \(above)")
            _ = s.execute("constrain v\(k).leading == C.view.leading")
            _ = s.execute("constrain v\(k).width == 50")
        }
        for k in 0..<99 { _ = s.execute("constrain v\(k).height == 12") }
        let before = s.screen.layout()
        let outcome = s.execute("constrain v99.height == 12")
        #expect(outcome.status == .ok)
        let after = s.screen.layout()
        // 101 views (the root and v0–v99): segments 0–2 shared, segment 3
        // (positions 96–100) made again.
        #expect(after.views.segmentCount == 4)
        #expect((0..<3).allSatisfy { after.views.sharesSegment($0, with: before.views) })
        #expect(after.windowFrame("v99") == Rect(x: 0, y: 100 + 20 * 99, width: 50, height: 12))
        // Only v99 moved: its height (0 → 12) and, at y 2080, far below
        // the safe area's bottom (852 − 34 = 818), a safe-area bottom
        // inset of its whole height, 12.
        let changes = LayoutDiff.changes(from: before, to: after)
        #expect(changes.map(\.description) == ["~ v99 (0 2080; 50 0) → (0 2080; 50 12)",
                                                "~ v99.safeAreaInsets (0 0 0 0) → (0 0 12 0)"])
    }

    /// Views added at the end of the hierarchy leave the views before them
    /// where they were: a view added to the root view, after 99 others,
    /// shares the segments of the first 96 positions (the root and v0–v94)
    /// and adds itself to the last; a view added inside an earlier view
    /// changes the order, and every segment is made again (with the same
    /// layouts).
    @Test func aViewAddedAtTheEndKeepsTheSegmentsBeforeIt() throws {
        var s = Session()
        _ = s.execute("device iphone-15")
        _ = s.execute("controller C")
        for k in 0..<99 {
            _ = s.execute("add view v\(k) to C.view")
            _ = s.execute("constrain v\(k).top == C.view.top + \(Double(10 * k))")
        }
        let before = s.screen.layout()
        #expect(s.execute("add view v99 to C.view").status == .ok)
        let after = s.screen.layout()
        #expect(after.views.count == 101)
        #expect((0..<3).allSatisfy { after.views.sharesSegment($0, with: before.views) })
        #expect(!after.views.sharesSegment(3, with: before.views))
        #expect(after == s.screen.layoutAfresh())
        // The diff pairs only what follows the shared segments: the one
        // view added, not yet constrained (no box: a zero frame).
        #expect(LayoutDiff.changes(from: before, to: after).map(\.description) == ["+ v99 (0 0; 0 0)"])
        #expect(s.execute("add view inner to v3").status == .ok)
        let inside = s.screen.layout()
        #expect(!inside.views.sharesSegment(0, with: after.views))
        #expect(inside == s.screen.layoutAfresh())
    }
}
