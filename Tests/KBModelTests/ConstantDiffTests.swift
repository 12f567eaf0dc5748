import Testing
@testable import KBModel

/// The diff of constraint constants: the same constraints in the same
/// places are paired by position, segment by segment; a list whose names
/// moved is paired by name. Both give the changes a pairing by name gives.
@Suite("LayoutDiff: constants paired in place or by name")
struct ConstantDiffTests {
    static func values(_ constants: [Double], names: [String]? = nil) -> [ConstraintValue] {
        constants.enumerated().map { i, c in
            ConstraintValue(name: names?[i] ?? "c\(i)", constant: c, priority: 1000, isActive: true, isBroken: false)
        }
    }

    static func snapshot(_ v: [ConstraintValue]) -> LayoutSnapshot {
        LayoutSnapshot(screenSize: Size(width: 393, height: 852), keyboardFrame: nil, views: [], constraints: v)
    }

    /// 70 constraints (segments of 32: 0–31, 32–63, 64–69); c5 goes 0 → 8
    /// and c40 0 → −12.5; the third segment is shared.
    @Test func sameConstraintsInTheirPlaces() {
        let before = Self.values(Array(repeating: 0, count: 70))
        var old = SegmentedArray(before)
        var new = old
        new[5].constant = 8
        new[40].constant = -12.5
        #expect(new.sharesSegment(2, with: old))
        let changes = LayoutDiff.changes(from: LayoutSnapshot(screenSize: Size(width: 393, height: 852), keyboardFrame: nil,
                                                              views: SegmentedArray([]), constraints: old),
                                         to: LayoutSnapshot(screenSize: Size(width: 393, height: 852), keyboardFrame: nil,
                                                            views: SegmentedArray([]), constraints: new))
        #expect(changes == [.constant(constraint: "c5", before: 0, after: 8), .constant(constraint: "c40", before: 0, after: -12.5)])
        old = new
        #expect(LayoutDiff.changes(from: Self.snapshot(Array(old)), to: Self.snapshot(Array(new))).isEmpty)
    }

    /// The same count, but c1 was removed and c9 added at the end: paired
    /// by name, c9 is new (no change said) and c2 (after c1's removal in
    /// second place) keeps 2 → 7.
    @Test func namesThatMovedArePairedByName() {
        let old = Self.values([0, 1, 2, 3], names: ["c0", "c1", "c2", "c3"])
        let new = Self.values([0, 7, 3, 9], names: ["c0", "c2", "c3", "c9"])
        #expect(LayoutDiff.changes(from: Self.snapshot(old), to: Self.snapshot(new)) == [.constant(constraint: "c2", before: 2, after: 7)])
    }
}
