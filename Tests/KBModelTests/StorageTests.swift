import Foundation
import Testing
@testable import KBModel

/// The segmented storage of views and constraints behaves as an array,
/// and copies are independent.
@Suite struct SegmentedArrayTests {
    /// A deterministic random generator (SplitMix64).
    struct Random {
        var state: UInt64
        mutating func next(_ bound: Int) -> Int {
            state &+= 0x9E37_79B9_7F4A_7C15
            var z = state
            z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
            z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
            return Int((z ^ (z >> 31)) % UInt64(bound))
        }
    }

    @Test func randomEditsMatchAnArray() {
        var random = Random(state: 7)
        var array: [Int] = []
        var segmented = SegmentedArray<Int>()
        var copies: [([Int], SegmentedArray<Int>)] = []
        for step in 0..<3_000 {
            switch random.next(6) {
            case 0, 1:
                array.append(step)
                segmented.append(step)
            case 2 where !array.isEmpty:
                let i = random.next(array.count)
                array.remove(at: i)
                segmented.remove(at: i)
            case 3 where !array.isEmpty:
                let i = random.next(array.count)
                array[i] = -step
                segmented[i] = -step
            case 4:
                let i = random.next(array.count + 1)
                let new = [step, step + 1, step + 2]
                array.insert(contentsOf: new, at: i)
                segmented.insert(contentsOf: new, at: i)
            default:
                copies.append((array, segmented))
            }
            #expect(segmented.count == array.count)
        }
        #expect(Array(segmented) == array)
        // Every copy kept its elements while the original went on changing.
        for (a, s) in copies { #expect(Array(s) == a) }
        #expect(copies.count > 100)
    }

    @Test func removeAllWhereAndEquality() {
        var s = SegmentedArray(0..<100)
        var t = s
        #expect(s == t)
        s.removeAll { $0 % 3 == 0 }
        #expect(Array(s) == (0..<100).filter { $0 % 3 != 0 })
        #expect(s != t)
        t.removeAll { $0 % 3 == 0 }
        #expect(s == t)
        #expect(SegmentedArray<Int>() == [])
    }

    /// Copies share storage until either changes an element; equal arrays
    /// built apart do not.
    @Test func sharedStorage() {
        let s = SegmentedArray((0..<70).map { "e\($0)" })
        var t = s
        #expect(t.sharesStorage(with: s))
        t[65] = "changed"
        #expect(!t.sharesStorage(with: s) && s[65] == "e65")
        t = s
        t.append("e70")
        #expect(!t.sharesStorage(with: s))
        t.removeLast()
        #expect(t == s && !t.sharesStorage(with: s))
        #expect(!SegmentedArray((0..<70).map { "e\($0)" }).sharesStorage(with: s))
    }

    /// Removing from the front: whole segments are dropped, and any other
    /// count still removes exactly that many; copies keep their elements.
    @Test func removeFirst() {
        var s = SegmentedArray(0..<100)
        let copy = s
        s.removeFirst(64)
        #expect(Array(s) == Array(64..<100))
        s.removeFirst(5)
        #expect(Array(s) == Array(69..<100))
        s.append(100)
        #expect(Array(s) == Array(69...100))
        s.removeFirst(s.count)
        #expect(s.isEmpty && Array(copy) == Array(0..<100))
        s.append(7)
        #expect(Array(s) == [7])
    }

    @Test func encodesAsAPlainArray() throws {
        let s: SegmentedArray<Int> = SegmentedArray(0..<40)
        let data = try JSONEncoder().encode(s)
        #expect(String(decoding: data, as: UTF8.self) == "[" + (0..<40).map(String.init).joined(separator: ",") + "]")
        #expect(try JSONDecoder().decode(SegmentedArray<Int>.self, from: data) == s)
    }
}

/// Numbers and geometry print with at most 2 decimals, the same however
/// they are built.
@Suite struct PointTextTests {
    @Test func numbers() {
        let cases: [(Double, String)] = [
            (0, "0"), (-0.0, "0"), (-0.001, "0"), (0.004, "0"), (0.005, "0.01"), (16, "16"), (-16, "-16"),
            (0.125, "0.13"), (0.1, "0.1"), (0.25, "0.25"), (-2.5, "-2.5"), (1234567.891, "1234567.89"),
            (9.999, "10"), (-9.999, "-10"), (100.05, "100.05"), (3082, "3082"), (1e16, "1e+16"),
            (.infinity, "inf"), (-.infinity, "-inf"), (.nan, "nan"),
            (-.greatestFiniteMagnitude, "-1.7976931348623157e+308"),
        ]
        for (x, text) in cases { #expect(formatPoints(x) == text, "\(x)") }
    }

    /// Halves of a cent round away from zero, as the product with 100
    /// comes out in binary (2.675 * 100 is 267.5).
    @Test func halvesOfACent() {
        for (x, text) in [(0.005, "0.01"), (-0.005, "-0.01"), (1.005, "1"), (0.015, "0.02"), (-0.015, "-0.02"),
                          (2.675, "2.68"), (1234.125, "1234.13"), (-1234.125, "-1234.13")] {
            #expect(formatPoints(x) == text, "\(x)")
        }
    }

    /// Whole numbers print as their digits, up to where hundredths stop
    /// being exact (9e13), and as the rounding to hundredths gives above.
    @Test func wholeNumbers() {
        var random = SegmentedArrayTests.Random(state: 11)
        var values: [Int64] = [0, 1, -1, 9, 10, 99, 100, 999, 1000, 9999, 10000, -10000, 89_999_999_999_999]
        for _ in 0..<2_000 { values.append(Int64(random.next(2_000_000_001)) - 1_000_000_000) }
        for _ in 0..<200 { values.append(Int64(random.next(1 << 40)) * Int64(random.next(80_000) + 1)) }
        for v in values where abs(v) < 90_000_000_000_000 {
            #expect(formatPoints(Double(v)) == String(v), "\(v)")
        }
        #expect(formatPoints(1e14) == "100000000000000")
        #expect(formatPoints(-3082.0) == "-3082" && formatPoints(3082.5) == "3082.5")
    }

    @Test func geometryAndPadding() {
        #expect(Rect(x: 16, y: 3082.5, width: 361, height: 34).description == "(16 3082.5; 361 34)")
        #expect(EdgeInsets(top: 59, left: 0, bottom: 34.25, right: -1).description == "(59 0 34.25 -1)")
        #expect(Rect(x: -.greatestFiniteMagnitude, y: -.greatestFiniteMagnitude, width: .nan, height: -.infinity)
            .description == "(-1.7976931348623157e+308 -1.7976931348623157e+308; nan -inf)")
        var frames = PointText()
        frames.append(Rect(x: 0.5, y: 0, width: 1, height: 1))
        let start = frames.count
        frames.append(Rect(x: 1, y: 2, width: 3, height: 4))
        var text = PointText()
        text.appendLiteral("~ ")
        text.append("email")
        text.appendSpaces(3)
        text.append(frames, start, frames.count)
        text.append(" → ")
        text.append(Rect(x: 1, y: 2, width: 3, height: 4))
        #expect(text.string == "~ email   (1 2; 3 4) → (1 2; 3 4)")
    }
}
