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

/// A short ASCII text built in place: numbers as ``formatPoints(_:)``
/// prints them, with separators, made into one `String` at the end.
struct PointText {
    private var bytes: [UInt8] = []

    init(capacity: Int = 48) { bytes.reserveCapacity(capacity) }

    mutating func append(_ byte: UInt8) { bytes.append(byte) }

    /// Appends `x` with at most 2 decimals, no trailing zeros, `-0` as `0`.
    mutating func append(_ x: Double) {
        guard x.isFinite else {
            bytes.append(contentsOf: (x.isNaN ? "nan" : (x > 0 ? "inf" : "-inf")).utf8)
            return
        }
        guard abs(x) < 9e15 else {
            bytes.append(contentsOf: x.description.utf8)
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

    private mutating func appendDigits(_ n: UInt64) {
        var divisor: UInt64 = 1
        while divisor <= n / 10 { divisor *= 10 }
        var v = n
        while divisor > 0 {
            bytes.append(UInt8(ascii: "0") + UInt8(v / divisor))
            v %= divisor
            divisor /= 10
        }
    }

    var string: String { String(decoding: bytes, as: UTF8.self) }
}

/// A value cleaned of solver noise (1e-6 precision), `-0` made `0`.
func cleanValue(_ x: Double) -> Double {
    let r = (x * 1_000_000).rounded() / 1_000_000
    return r == 0 ? 0 : r
}
