import Testing
@testable import KBSolver

/// The solver's map from variables to slots behaves as a dictionary through
/// insertions, removals (tombstones), reinsertions and growth.
@Suite struct IdentityMapTests {
    @Test func matchesADictionary() {
        let objects = (0..<2_000).map { Variable("v\($0)") }
        var map = IdentityMap()
        var reference: [ObjectIdentifier: Int32] = [:]
        var state: UInt64 = 3
        func next(_ bound: Int) -> Int {
            state = state &* 6364136223846793005 &+ 1442695040888963407
            return Int((state >> 33) % UInt64(bound))
        }
        for step in 0..<20_000 {
            let key = ObjectIdentifier(objects[next(objects.count)])
            if next(3) == 0 {
                map[key] = nil
                reference[key] = nil
            } else {
                map[key] = Int32(step)
                reference[key] = Int32(step)
            }
            #expect(map.count == reference.count)
        }
        for o in objects {
            #expect(map[ObjectIdentifier(o)] == reference[ObjectIdentifier(o)])
        }
        // A copy is independent of the original.
        var copy = map
        for o in objects { copy[ObjectIdentifier(o)] = nil }
        #expect(copy.count == 0)
        #expect(map.count == reference.count)
    }
}
