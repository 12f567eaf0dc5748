/// An array stored in segments of 32 elements.
///
/// Copies share their segments, and changing an element copies only its
/// segment: a screen kept for undo shares nearly all its views and
/// constraints with the screen that goes on, so a command that changes one
/// constraint copies 32 of them, not all of them.
public struct SegmentedArray<Element> {
    // Inlinable, so that other modules read elements through code
    // specialized for the element type, not through generic witnesses.
    @inlinable static var segmentShift: Int { 5 }
    @inlinable public static var segmentSize: Int { 1 << segmentShift }

    /// Every segment is full except the last, which is never empty.
    @usableFromInline var segments: [[Element]] = []
    @usableFromInline var storedCount = 0

    @inlinable public init() {}

    /// An empty array with room for `segmentCapacity` segments' worth of
    /// segment references (the segments themselves come as they fill).
    @inlinable public init(segmentCapacity: Int) {
        segments.reserveCapacity(segmentCapacity)
    }

    public init<S: Sequence>(_ elements: S) where S.Element == Element {
        append(contentsOf: elements)
    }
}

extension SegmentedArray: RandomAccessCollection, MutableCollection {
    @inlinable public var startIndex: Int { 0 }
    @inlinable public var endIndex: Int { storedCount }

    @inlinable
    public subscript(position: Int) -> Element {
        _read {
            precondition(position >= 0 && position < storedCount, "index out of range")
            yield segments[position >> Self.segmentShift][position & (Self.segmentSize - 1)]
        }
        _modify {
            precondition(position >= 0 && position < storedCount, "index out of range")
            yield &segments[position >> Self.segmentShift][position & (Self.segmentSize - 1)]
        }
    }
}

extension SegmentedArray {
    /// The segments: each ``segmentSize`` long but the last.
    @inlinable public var segmentCount: Int { segments.count }

    /// The elements of segment `k` (shared, not copied).
    @inlinable public func segment(_ k: Int) -> [Element] { segments[k] }

    /// Whether segment `k` of both is the very same storage: then its
    /// elements are equal, unchanged since one was copied from the other.
    @inlinable public func sharesSegment(_ k: Int, with other: SegmentedArray) -> Bool {
        guard k < segments.count, k < other.segments.count, segments[k].count == other.segments[k].count else { return false }
        return segments[k].withUnsafeBufferPointer { a in
            other.segments[k].withUnsafeBufferPointer { b in a.baseAddress == b.baseAddress }
        }
    }

    /// Appends a whole segment (kept as it is, shared with whoever holds
    /// it): the count must be a multiple of ``segmentSize``, and `segment`
    /// at most that long and not empty.
    public mutating func appendSegment(_ segment: [Element]) {
        precondition(storedCount & (Self.segmentSize - 1) == 0 && !segment.isEmpty && segment.count <= Self.segmentSize,
                     "a segment goes whole at a segment's start")
        segments.append(segment)
        storedCount += segment.count
    }

    /// How many elements from the start the two hold in the very same
    /// segments (whole segments only): those are equal, unchanged since
    /// one was copied from the other. A list that only grew at its end
    /// shares all its full segments but the last.
    public func sharedPrefixCount(with other: SegmentedArray) -> Int {
        var k = 0
        while k < segments.count && k < other.segments.count && segments[k].count == Self.segmentSize
            && sharesSegment(k, with: other) {
            k += 1
        }
        return k << Self.segmentShift
    }

    /// Whether the two hold the very same segments: then they are equal,
    /// and neither changed an element since one was copied from the other
    /// (a change copies the shared segment first).
    @inlinable
    public func sharesStorage(with other: SegmentedArray) -> Bool {
        guard storedCount == other.storedCount, segments.count == other.segments.count else { return false }
        return segments.indices.allSatisfy { sharesSegment($0, with: other) }
    }
}

extension SegmentedArray: RangeReplaceableCollection {
    @inlinable
    public mutating func append(_ element: Element) {
        if storedCount & (Self.segmentSize - 1) == 0 {
            var segment: [Element] = []
            segment.reserveCapacity(Self.segmentSize)
            segment.append(element)
            segments.append(segment)
        } else {
            segments[segments.count - 1].append(element)
        }
        storedCount += 1
    }

    public mutating func append<S: Sequence>(contentsOf elements: S) where S.Element == Element {
        for e in elements { append(e) }
    }

    /// Rebuilds the segments from the one holding `range`'s start on; the
    /// segments before it stay shared.
    public mutating func replaceSubrange<C: Collection>(_ range: Range<Int>, with new: C) where C.Element == Element {
        precondition(range.lowerBound >= 0 && range.upperBound <= storedCount, "range out of bounds")
        if range.isEmpty && range.lowerBound == storedCount {
            append(contentsOf: new)
            return
        }
        let first = range.lowerBound >> Self.segmentShift
        let base = first << Self.segmentShift
        var tail: [Element] = []
        tail.reserveCapacity(storedCount - base + new.count)
        for s in first..<segments.count { tail.append(contentsOf: segments[s]) }
        tail.replaceSubrange((range.lowerBound - base)..<(range.upperBound - base), with: new)
        segments.removeSubrange(first...)
        storedCount = base
        append(contentsOf: tail)
    }

    /// Removes the first `k` elements. A multiple of ``segmentSize`` drops
    /// whole segments, copying no element (a log trimmed from the front).
    public mutating func removeFirst(_ k: Int) {
        precondition(k >= 0 && k <= storedCount, "can't remove more elements than there are")
        if k & (Self.segmentSize - 1) == 0 {
            segments.removeFirst(k >> Self.segmentShift)
            storedCount -= k
        } else {
            replaceSubrange(0..<k, with: EmptyCollection())
        }
    }

    public mutating func removeAll(keepingCapacity keepCapacity: Bool = false) {
        segments.removeAll(keepingCapacity: keepCapacity)
        storedCount = 0
    }
}

extension SegmentedArray: ExpressibleByArrayLiteral {
    public init(arrayLiteral elements: Element...) {
        self.init(elements)
    }
}

extension SegmentedArray: Equatable where Element: Equatable {
    /// Equal counts mean equal segmentations; shared segments compare at
    /// no cost.
    public static func == (a: SegmentedArray, b: SegmentedArray) -> Bool {
        a.storedCount == b.storedCount && a.segments == b.segments
    }
}

extension SegmentedArray: Hashable where Element: Hashable {
    public func hash(into hasher: inout Hasher) {
        hasher.combine(storedCount)
        for e in self { hasher.combine(e) }
    }
}

extension SegmentedArray: Sendable where Element: Sendable {}

extension SegmentedArray: Encodable where Element: Encodable {
    public func encode(to encoder: Encoder) throws {
        var c = encoder.unkeyedContainer()
        for e in self { try c.encode(e) }
    }
}

extension SegmentedArray: Decodable where Element: Decodable {
    public init(from decoder: Decoder) throws {
        self.init(try [Element](from: decoder))
    }
}

extension SegmentedArray: CustomStringConvertible {
    public var description: String { Array(self).description }
}
