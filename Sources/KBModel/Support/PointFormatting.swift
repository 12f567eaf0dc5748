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

    /// Appends the bytes `start..<end` of the text so far.
    @inlinable
    public mutating func appendCopy(_ start: Int, _ end: Int) {
        bytes.reserveCapacity(bytes.count + end - start)
        for i in start..<end { bytes.append(bytes[i]) }
    }

    @inlinable
    public mutating func appendSpaces(_ n: Int) {
        if n > 0 { bytes.append(contentsOf: repeatElement(UInt8(ascii: " "), count: n)) }
    }

    /// Appends `x` with at most 2 decimals, no trailing zeros, `-0` as `0`.
    @inlinable
    public mutating func append(_ x: Double) {
        guard x.isFinite, abs(x) < 9e15 else {
            appendUnusual(x)
            return
        }
        let cents = Int64((x * 100).rounded())
        if cents == 0 { bytes.append(UInt8(ascii: "0")); return }
        if cents < 0 { bytes.append(UInt8(ascii: "-")) }
        let a = cents.magnitude
        appendDigits(a / 100)
        let frac = a % 100
        if frac == 0 { return }
        bytes.append(UInt8(ascii: "."))
        bytes.append(UInt8(ascii: "0") + UInt8(frac / 10))
        if frac % 10 != 0 { bytes.append(UInt8(ascii: "0") + UInt8(frac % 10)) }
    }

    @usableFromInline
    mutating func appendUnusual(_ x: Double) {
        if x.isFinite {
            bytes.append(contentsOf: x.description.utf8)
        } else {
            bytes.append(contentsOf: (x.isNaN ? "nan" : (x > 0 ? "inf" : "-inf")).utf8)
        }
    }

    @inlinable
    mutating func appendDigits(_ n: UInt64) {
        if n < 10 {
            bytes.append(UInt8(ascii: "0") + UInt8(n))
            return
        }
        withUnsafeTemporaryAllocation(of: UInt8.self, capacity: 20) { digits in
            var i = 20, v = n
            while v > 0 {
                i -= 1
                digits[i] = UInt8(ascii: "0") + UInt8(v % 10)
                v /= 10
            }
            bytes.append(contentsOf: UnsafeBufferPointer(rebasing: digits[i..<20]))
        }
    }

    /// `(x y; width height)`.
    @inlinable
    public mutating func append(_ r: Rect) {
        append(UInt8(ascii: "("))
        append(r.x)
        append(UInt8(ascii: " "))
        append(r.y)
        append(UInt8(ascii: ";"))
        append(UInt8(ascii: " "))
        append(r.width)
        append(UInt8(ascii: " "))
        append(r.height)
        append(UInt8(ascii: ")"))
    }

    /// `(top left bottom right)`.
    @inlinable
    public mutating func append(_ i: EdgeInsets) {
        append(UInt8(ascii: "("))
        append(i.top)
        append(UInt8(ascii: " "))
        append(i.left)
        append(UInt8(ascii: " "))
        append(i.bottom)
        append(UInt8(ascii: " "))
        append(i.right)
        append(UInt8(ascii: ")"))
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
