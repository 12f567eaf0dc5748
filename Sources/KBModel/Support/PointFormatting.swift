/// `x` rounded to 2 decimals, with `-0` made `0`: the precision kbplay
/// compares and prints numbers at.
@inlinable @inline(__always)
public func roundPoints(_ x: Double) -> Double {
    guard x.isFinite else { return x }
    let r = roundedHalfAway(x * 100) / 100
    return r == 0 ? 0 : r
}

/// `y.rounded()` (to the nearest whole number, halves away from zero),
/// worked out without a call to the C library for `|y| < 2^52`: the whole
/// part is exact through `Int64`, and so is what is left, which decides
/// the rounding. A result of zero may be `+0` where `rounded()` gives
/// `-0`; callers make `-0` into `0` anyway.
@inlinable @inline(__always)
public func roundedHalfAway(_ y: Double) -> Double {
    guard abs(y) < 4_503_599_627_370_496 else { return y.rounded() }
    let whole = Double(Int64(y))
    let rest = y - whole
    return rest >= 0.5 ? whole + 1 : (rest <= -0.5 ? whole - 1 : whole)
}

/// `x` printed with at most 2 decimals and no trailing zeros; `-0` prints as
/// `0`. `formatPoints(16)` is `"16"`, `formatPoints(0.125)` is `"0.13"`,
/// `formatPoints(-0.001)` is `"0"`.
public func formatPoints(_ x: Double) -> String {
    // Made on the stack: a number's text is short enough for a String to
    // hold it inline, so nothing is allocated.
    withUnsafeTemporaryAllocation(of: UInt8.self, capacity: PointText.maxWidth) { buffer in
        let n = PointText.write(x, to: buffer.baseAddress!)
        return String(decoding: UnsafeBufferPointer(rebasing: buffer[0..<n]), as: UTF8.self)
    }
}

/// Text built in place as UTF-8 bytes: numbers as ``formatPoints(_:)``
/// prints them, geometry, strings and padding, made into one `String` at
/// the end. What diffs of many views are printed with.
///
/// Every append writes straight into the buffer's spare room (a frame's
/// four numbers included), so a line costs its bytes, not a round of
/// generic appends per piece.
public struct PointText {
    /// The buffer; the text is its first ``count`` bytes, the rest is room.
    @usableFromInline var bytes: [UInt8]
    @usableFromInline var used = 0

    @inlinable
    public init(capacity: Int = 48) { bytes = [UInt8](repeating: 0, count: max(capacity, 16)) }

    /// Bytes so far (the text's width, for ASCII).
    @inlinable
    public var count: Int { used }

    /// Lets `body` write at most `room` bytes at the end of the text; it
    /// returns how many it wrote.
    @inlinable
    mutating func write(room: Int, _ body: (UnsafeMutablePointer<UInt8>) -> Int) {
        if used + room > bytes.count { grow(to: used + room) }
        let start = used
        used += bytes.withUnsafeMutableBufferPointer { body($0.baseAddress! + start) }
    }

    @usableFromInline
    mutating func grow(to needed: Int) {
        bytes.append(contentsOf: repeatElement(0, count: max(needed, 2 * bytes.count) - bytes.count))
    }

    /// Appends `n` bytes from `source` (UTF-8: the text must stay valid).
    @inlinable
    public mutating func append(_ source: UnsafePointer<UInt8>, count n: Int) {
        write(room: n) { p in
            p.update(from: source, count: n)
            return n
        }
    }

    @inlinable
    public mutating func append(_ byte: UInt8) {
        write(room: 1) { p in
            p[0] = byte
            return 1
        }
    }

    @inlinable
    public mutating func append(_ text: String) {
        var text = text
        text.withUTF8 { if let base = $0.baseAddress { append(base, count: $0.count) } }
    }

    /// Appends a literal (no copy of a `String` made first).
    @inlinable
    public mutating func appendLiteral(_ text: StaticString) {
        append(text.utf8Start, count: text.utf8CodeUnitCount)
    }

    /// Appends the bytes `start..<end` of `other`.
    @inlinable
    public mutating func append(_ other: PointText, _ start: Int, _ end: Int) {
        other.bytes.withUnsafeBufferPointer { append($0.baseAddress! + start, count: end - start) }
    }

    @inlinable
    public mutating func appendSpaces(_ n: Int) {
        guard n > 0 else { return }
        // Eight spaces at a time (padding is short: a call to fill memory
        // would cost more); the room past `n` is scratch.
        write(room: n + 8) { p in
            let raw = UnsafeMutableRawPointer(p)
            var k = 0
            repeat {
                raw.storeBytes(of: 0x2020_2020_2020_2020 as UInt64, toByteOffset: k, as: UInt64.self)
                k += 8
            } while k < n
            return n
        }
    }

    /// Appends `x` with at most 2 decimals, no trailing zeros, `-0` as `0`.
    @inlinable
    public mutating func append(_ x: Double) {
        write(room: Self.maxWidth) { Self.write(x, to: $0) }
    }

    /// The most bytes a number prints as: Swift's form of a large double,
    /// such as `-1.7976931348623157e+308`, takes 24.
    @usableFromInline static var maxWidth: Int { 32 }

    /// Writes `x` at `p` (room for ``maxWidth`` bytes) and returns how many
    /// bytes it took.
    @inlinable @inline(__always)
    static func write(_ x: Double, to p: UnsafeMutablePointer<UInt8>) -> Int {
        // A whole number from 0 to 9,999 (most of a screen's are): its
        // digits, in place. (`-0` is one too, and prints as `0`.)
        if x >= 0 && x < 10_000 {
            let w = UInt32(x)
            if Double(w) == x { return writeDigits(w, to: p) }
        }
        return writeAny(x, to: p)
    }

    /// The digits of `w` (below 10,000) at `p`; how many.
    @inlinable @inline(__always)
    static func writeDigits(_ w: UInt32, to p: UnsafeMutablePointer<UInt8>) -> Int {
        let zero = UInt8(ascii: "0")
        if w < 10 {
            p[0] = zero &+ UInt8(truncatingIfNeeded: w)
            return 1
        }
        if w < 100 {
            let t = w / 10
            p[0] = zero &+ UInt8(truncatingIfNeeded: t)
            p[1] = zero &+ UInt8(truncatingIfNeeded: w &- t &* 10)
            return 2
        }
        var n = 3, rest = w
        if w >= 1000 {
            let k = w / 1000
            p[0] = zero &+ UInt8(truncatingIfNeeded: k)
            rest = w &- k &* 1000
            n = 4
        }
        let h = rest / 100, r = rest &- h &* 100, t = r / 10
        p[n - 3] = zero &+ UInt8(truncatingIfNeeded: h)
        p[n - 2] = zero &+ UInt8(truncatingIfNeeded: t)
        p[n - 1] = zero &+ UInt8(truncatingIfNeeded: r &- t &* 10)
        return n
    }

    /// ``write(_:to:)`` for any number.
    @usableFromInline
    static func writeAny(_ x: Double, to p: UnsafeMutablePointer<UInt8>) -> Int {
        // Larger numbers, infinities and NaN print as Swift does.
        guard x.isFinite, abs(x) < 9e15 else { return writeUnusual(x, to: p) }
        let negative: Bool
        var whole: UInt64
        let frac: UInt64
        let truncated = Int64(x)
        if Double(truncated) == x && abs(x) < 9e13 {
            // A whole number (most of a layout's are): its digits, no
            // rounding. Below 9e13 hundredths are exact, so this is what
            // the rounding below would give.
            negative = truncated < 0
            whole = truncated.magnitude
            frac = 0
        } else {
            let cents = Int64(roundedHalfAway(x * 100))
            negative = cents < 0
            whole = cents.magnitude / 100
            frac = cents.magnitude &- whole &* 100
        }
        if whole == 0 && frac == 0 {
            p[0] = UInt8(ascii: "0")
            return 1
        }
        var n = 0
        if negative {
            p[0] = UInt8(ascii: "-")
            n = 1
        }
        // The whole part's digits, written from the last one back (numbers
        // on a screen have 1 to 4 of them).
        var digits = 1
        if whole >= 10 {
            digits = whole >= 1000 ? 4 : (whole >= 100 ? 3 : 2)
            var t = whole / 10_000
            while t > 0 {
                digits += 1
                t /= 10
            }
        }
        n += digits
        var k = n
        repeat {
            let q = whole / 10
            k -= 1
            p[k] = UInt8(ascii: "0") &+ UInt8(truncatingIfNeeded: whole &- q &* 10)
            whole = q
        } while whole > 0
        if frac == 0 { return n }
        let tens = frac / 10, ones = frac &- tens &* 10
        p[n] = UInt8(ascii: ".")
        p[n + 1] = UInt8(ascii: "0") &+ UInt8(truncatingIfNeeded: tens)
        if ones == 0 { return n + 2 }
        p[n + 2] = UInt8(ascii: "0") &+ UInt8(truncatingIfNeeded: ones)
        return n + 3
    }

    @usableFromInline
    static func writeUnusual(_ x: Double, to p: UnsafeMutablePointer<UInt8>) -> Int {
        let text = x.isFinite ? x.description : (x.isNaN ? "nan" : (x > 0 ? "inf" : "-inf"))
        var n = 0
        for byte in text.utf8 {
            p[n] = byte
            n += 1
        }
        return n
    }

    /// Appends `(a b c d)`, or `(a b; c d)` with `semicolon`.
    @inlinable
    mutating func appendFour(_ a: Double, _ b: Double, _ c: Double, _ d: Double, semicolon: Bool) {
        write(room: 4 * Self.maxWidth + 6) { p in
            var n = 0
            func put(_ byte: UInt8) {
                p[n] = byte
                n += 1
            }
            func put(_ x: Double) { n += Self.write(x, to: p + n) }
            put(UInt8(ascii: "("))
            put(a)
            put(UInt8(ascii: " "))
            put(b)
            if semicolon { put(UInt8(ascii: ";")) }
            put(UInt8(ascii: " "))
            put(c)
            put(UInt8(ascii: " "))
            put(d)
            put(UInt8(ascii: ")"))
            return n
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

    /// Calls `body` with the text's bytes.
    @inlinable
    public func withBytes<R>(_ body: (UnsafeBufferPointer<UInt8>) throws -> R) rethrows -> R {
        try bytes.withUnsafeBufferPointer { try body(UnsafeBufferPointer(rebasing: $0[0..<used])) }
    }

    @inlinable
    public var string: String { String(decoding: bytes[0..<used], as: UTF8.self) }
}

/// A value cleaned of solver noise (1e-6 precision), `-0` made `0`.
@inline(__always)
func cleanValue(_ x: Double) -> Double {
    let y = x * 1_000_000
    // Most layout values are whole millionths already (whole points,
    // halves): they round to themselves, found without rounding (kept
    // apart, so this stays small enough to inline in a loop).
    if y > -9e15 && y < 9e15, Double(Int64(y)) == y {
        let r = y / 1_000_000
        return r == 0 ? 0 : r
    }
    return cleanMillionths(y)
}

/// ``cleanValue(_:)`` of a value that is no whole number of millionths
/// (`y` is it in millionths).
@inline(never)
func cleanMillionths(_ y: Double) -> Double {
    let r = roundedHalfAway(y) / 1_000_000
    return r == 0 ? 0 : r
}

/// A number with at most two decimals and no trailing zeros; `-0` is `0`.
/// Numbers of 9e15 hundredths and more print as Swift prints them.
public func formatNumber(_ x: Double) -> String {
    printsAsPoints(x) ? formatPoints(x) : String(x)
}

/// Whether `x` prints as points do (`formatPoints`): below 9e15
/// hundredths, and infinities and NaN.
public func printsAsPoints(_ x: Double) -> Bool {
    !x.isFinite || abs((x * 100).rounded()) < 9.0e15
}
