/// `x` rounded to 2 decimals, with `-0` made `0`: the precision kbplay
/// compares and prints numbers at.
public func roundPoints(_ x: Double) -> Double {
    guard x.isFinite else { return x }
    let r = (x * 100).rounded() / 100
    return r == 0 ? 0 : r
}

/// `x` printed with at most 2 decimals and no trailing zeros; `-0` prints as
/// `0`. `formatPoints(16)` is `"16"`, `formatPoints(0.125)` is `"0.13"`,
/// `formatPoints(-0.001)` is `"0"`.
public func formatPoints(_ x: Double) -> String {
    guard x.isFinite else { return x.isNaN ? "nan" : (x > 0 ? "inf" : "-inf") }
    var text = PointText()
    text.append(x)
    return text.string
}

/// Text built in place as UTF-8 bytes: numbers as ``formatPoints(_:)``
/// prints them, geometry, strings and padding, made into one `String` at
/// the end. What diffs of many views are printed with.
public struct PointText {
    @usableFromInline var bytes: [UInt8] = []

    @inlinable
    public init(capacity: Int = 48) { bytes.reserveCapacity(capacity) }

    /// Bytes so far (the text's width, for ASCII).
    @inlinable
    public var count: Int { bytes.count }

    @inlinable
    public mutating func append(_ byte: UInt8) { bytes.append(byte) }

    @inlinable
    public mutating func append(_ text: String) {
        var text = text
        text.withUTF8 { bytes.append(contentsOf: $0) }
    }

    /// Appends a literal (no copy of a `String` made first).
    @inlinable
    public mutating func appendLiteral(_ text: StaticString) {
        bytes.append(contentsOf: UnsafeBufferPointer(start: text.utf8Start, count: text.utf8CodeUnitCount))
    }

    /// Appends the bytes `start..<end` of `other`.
    @inlinable
    public mutating func append(_ other: PointText, _ start: Int, _ end: Int) {
        bytes.append(contentsOf: other.bytes[start..<end])
    }

    @inlinable
    public mutating func appendSpaces(_ n: Int) {
        if n > 0 { bytes.append(contentsOf: repeatElement(UInt8(ascii: " "), count: n)) }
    }

    /// Appends `x` with at most 2 decimals, no trailing zeros, `-0` as `0`.
    @inlinable
    public mutating func append(_ x: Double) {
        guard Self.isPlain(x) else {
            appendUnusual(x)
            return
        }
        withUnsafeTemporaryAllocation(of: UInt8.self, capacity: Self.plainWidth) { buffer in
            let n = Self.write(x, to: buffer.baseAddress!)
            bytes.append(contentsOf: UnsafeBufferPointer(rebasing: buffer[0..<n]))
        }
    }

    /// The widest a plain number prints: a sign, 16 digits, a point and 2.
    @usableFromInline static var plainWidth: Int { 20 }

    /// Finite and small enough to print digit by digit (larger numbers
    /// print as Swift does).
    @inlinable
    static func isPlain(_ x: Double) -> Bool { x.isFinite && abs(x) < 9e15 }

    /// Writes plain `x` at `p` (room for ``plainWidth`` bytes) and returns
    /// how many bytes it took.
    @inlinable
    static func write(_ x: Double, to p: UnsafeMutablePointer<UInt8>) -> Int {
        let cents = Int64((x * 100).rounded())
        if cents == 0 {
            p[0] = UInt8(ascii: "0")
            return 1
        }
        var n = 0
        if cents < 0 {
            p[0] = UInt8(ascii: "-")
            n = 1
        }
        let a = cents.magnitude
        // The whole part's digits, last first, then turned around.
        var whole = a / 100
        let first = n
        repeat {
            p[n] = UInt8(ascii: "0") + UInt8(truncatingIfNeeded: whole % 10)
            whole /= 10
            n += 1
        } while whole > 0
        var i = first, j = n - 1
        while i < j {
            (p[i], p[j]) = (p[j], p[i])
            i += 1
            j -= 1
        }
        let frac = a % 100
        if frac == 0 { return n }
        p[n] = UInt8(ascii: ".")
        p[n + 1] = UInt8(ascii: "0") + UInt8(truncatingIfNeeded: frac / 10)
        n += 2
        if frac % 10 != 0 {
            p[n] = UInt8(ascii: "0") + UInt8(truncatingIfNeeded: frac % 10)
            n += 1
        }
        return n
    }

    @usableFromInline
    mutating func appendUnusual(_ x: Double) {
        if x.isFinite {
            bytes.append(contentsOf: x.description.utf8)
        } else {
            bytes.append(contentsOf: (x.isNaN ? "nan" : (x > 0 ? "inf" : "-inf")).utf8)
        }
    }

    /// Appends `(a b c d)`, or `(a b; c d)` with `semicolon`.
    @inlinable
    mutating func appendFour(_ a: Double, _ b: Double, _ c: Double, _ d: Double, semicolon: Bool) {
        guard Self.isPlain(a) && Self.isPlain(b) && Self.isPlain(c) && Self.isPlain(d) else {
            append(UInt8(ascii: "("))
            append(a)
            append(UInt8(ascii: " "))
            append(b)
            if semicolon { append(UInt8(ascii: ";")) }
            append(UInt8(ascii: " "))
            append(c)
            append(UInt8(ascii: " "))
            append(d)
            append(UInt8(ascii: ")"))
            return
        }
        withUnsafeTemporaryAllocation(of: UInt8.self, capacity: 4 * Self.plainWidth + 8) { buffer in
            let p = buffer.baseAddress!
            var n = 0
            p[n] = UInt8(ascii: "(")
            n += 1
            n += Self.write(a, to: p + n)
            p[n] = UInt8(ascii: " ")
            n += 1
            n += Self.write(b, to: p + n)
            if semicolon {
                p[n] = UInt8(ascii: ";")
                n += 1
            }
            p[n] = UInt8(ascii: " ")
            n += 1
            n += Self.write(c, to: p + n)
            p[n] = UInt8(ascii: " ")
            n += 1
            n += Self.write(d, to: p + n)
            p[n] = UInt8(ascii: ")")
            n += 1
            bytes.append(contentsOf: UnsafeBufferPointer(rebasing: buffer[0..<n]))
        }
    }

    /// `(x y; width height)`.
    @inlinable
    public mutating func append(_ r: Rect) {
        appendFour(r.x, r.y, r.width, r.height, semicolon: true)
    }

    /// `(top left bottom right)`.
    @inlinable
    public mutating func append(_ i: EdgeInsets) {
        appendFour(i.top, i.left, i.bottom, i.right, semicolon: false)
    }

    @inlinable
    public var string: String { String(decoding: bytes, as: UTF8.self) }

    /// The text from byte `start` on.
    @inlinable
    public func string(from start: Int) -> String { String(decoding: bytes[start...], as: UTF8.self) }
}

/// A value cleaned of solver noise (1e-6 precision), `-0` made `0`.
func cleanValue(_ x: Double) -> Double {
    let r = (x * 1_000_000).rounded() / 1_000_000
    return r == 0 ? 0 : r
}
