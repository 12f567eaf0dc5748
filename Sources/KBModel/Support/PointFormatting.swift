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
    let cents = Int64((x * 100).rounded())
    if cents == 0 { return "0" }
    let sign = cents < 0 ? "-" : ""
    let a = cents.magnitude
    let whole = a / 100, frac = a % 100
    if frac == 0 { return "\(sign)\(whole)" }
    if frac % 10 == 0 { return "\(sign)\(whole).\(frac / 10)" }
    return "\(sign)\(whole).\(frac < 10 ? "0" : "")\(frac)"
}

/// A value cleaned of solver noise (1e-6 precision), `-0` made `0`.
func cleanValue(_ x: Double) -> Double {
    let r = (x * 1_000_000).rounded() / 1_000_000
    return r == 0 ? 0 : r
}
