/// The kinds of tableau symbols, as in the Cassowary paper.
enum SymbolKind: UInt8, Sendable {
    /// A variable of the caller's (unrestricted in sign).
    case external
    /// The slack of an inequality (≥ 0).
    case slack
    /// The error of a non-required constraint (≥ 0), weighed in the objective.
    case error
    /// A marker of a required equality: always zero, never pivoted.
    case dummy

    /// Restricted symbols are non-negative; a row whose basic symbol is
    /// restricted must keep a non-negative constant.
    var isRestricted: Bool { self != .external }
    var isPivotable: Bool { self == .slack || self == .error }
}

/// A symbol id; ids are dense and never reused within one solver (a
/// compaction renumbers them all, keeping their order), and every iteration
/// that can affect the result runs in id order.
typealias Symbol = Int32

let invalidSymbol: Symbol = -1

/// Coefficients and constants closer to zero than this are zero.
let epsilon = 1.0e-8

@inline(__always) func nearZero(_ x: Double) -> Bool { x < epsilon && x > -epsilon }
