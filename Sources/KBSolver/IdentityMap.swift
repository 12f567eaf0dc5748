/// A map from object identities to slot numbers: open addressing with
/// linear probing over a power-of-two table, keyed by the object's address
/// with a multiplicative hash. Reading a variable's value is the solver's
/// most frequent lookup; this avoids hashing each address with SipHash.
///
/// A value type (its storage is copied on write), like the solver.
@usableFromInline
struct IdentityMap: Sendable {
    /// 0: empty; 1: deleted (a tombstone); otherwise an object's address.
    @usableFromInline var keys: [UInt] = Array(repeating: 0, count: 16)
    @usableFromInline var values: [Int32] = Array(repeating: 0, count: 16)
    /// Live entries.
    private(set) var count = 0
    /// Live entries and tombstones.
    private var occupied = 0

    @usableFromInline static var empty: UInt { 0 }
    private static let deleted: UInt = 1

    @inlinable @inline(__always)
    func home(_ key: UInt) -> Int {
        // Fibonacci hashing of the address without its alignment bits.
        let h = (key >> 4) &* 0x9E37_79B9_7F4A_7C15
        return Int(truncatingIfNeeded: h >> 32) & (keys.count - 1)
    }

    /// The table index holding `key`, if present.
    @inlinable @inline(__always)
    func find(_ key: UInt) -> Int? {
        keys.withUnsafeBufferPointer { keys in
            let mask = keys.count - 1
            var i = home(key)
            while true {
                let k = keys[i]
                if k == key { return i }
                if k == Self.empty { return nil }
                i = (i + 1) & mask
            }
        }
    }

    /// The slot of `id`, if present (the subscript's getter, inlinable).
    @inlinable
    func lookup(_ id: ObjectIdentifier) -> Int32? {
        find(UInt(bitPattern: id)).map { values[$0] }
    }

    subscript(_ id: ObjectIdentifier) -> Int32? {
        get {
            lookup(id)
        }
        set {
            let key = UInt(bitPattern: id)
            if let i = find(key) {
                if let newValue {
                    values[i] = newValue
                } else {
                    keys[i] = Self.deleted
                    count -= 1
                }
                return
            }
            guard let newValue else { return }
            if (occupied + 1) * 4 > keys.count * 3 { resize() }
            let mask = keys.count - 1
            var i = home(key)
            while keys[i] != Self.empty && keys[i] != Self.deleted { i = (i + 1) & mask }
            if keys[i] == Self.empty { occupied += 1 }
            keys[i] = key
            values[i] = newValue
            count += 1
        }
    }

    /// Rehashes into a table at least twice the live entries (tombstones
    /// dropped).
    private mutating func resize() {
        var capacity = 16
        while capacity * 3 < (count + 1) * 2 * 4 { capacity *= 2 }
        let oldKeys = keys, oldValues = values
        keys = Array(repeating: 0, count: capacity)
        values = Array(repeating: 0, count: capacity)
        occupied = 0
        count = 0
        for (i, k) in oldKeys.enumerated() where k != Self.empty && k != Self.deleted {
            let mask = capacity - 1
            var j = home(k)
            while keys[j] != Self.empty { j = (j + 1) & mask }
            keys[j] = k
            values[j] = oldValues[i]
            occupied += 1
            count += 1
        }
    }
}
