/// A stack that keeps its last `limit` elements: pushing onto a full one
/// drops the oldest, in constant time (the elements live in a ring).
struct BoundedStack<Element> {
    let limit: Int
    private var storage: [Element] = []
    /// Where the oldest element is once the ring has wrapped (0 before).
    private var start = 0

    init(limit: Int) {
        precondition(limit > 0, "a bounded stack holds at least one element")
        self.limit = limit
    }

    var count: Int { storage.count }
    var isEmpty: Bool { storage.isEmpty }

    /// The newest element.
    var last: Element? { storage.isEmpty ? nil : storage[(start + storage.count - 1) % storage.count] }

    /// Pushes `element`, dropping the oldest when `limit` are held.
    mutating func append(_ element: Element) {
        if storage.count < limit {
            storage.append(element)
        } else {
            storage[start] = element
            start = (start + 1) % limit
        }
    }

    /// Pops the newest element.
    @discardableResult
    mutating func removeLast() -> Element? {
        guard !storage.isEmpty else { return nil }
        if start != 0 {
            // Back to oldest-first order (only after the ring wrapped).
            storage = Array(storage[start...] + storage[..<start])
            start = 0
        }
        return storage.removeLast()
    }

    mutating func removeAll() {
        storage = []
        start = 0
    }
}
extension BoundedStack: Sendable where Element: Sendable {}
