/// A sparse row `basic = constant + Σ coefficient · symbol`, symbols sorted by
/// id. Merges are linear in the lengths of both rows.
struct Row: Sendable {
    var symbols: [Symbol] = []
    var coefficients: [Double] = []
    var constant: Double = 0

    init(constant: Double = 0) {
        self.constant = constant
    }

    init(symbols: [Symbol], coefficients: [Double], constant: Double) {
        self.symbols = symbols
        self.coefficients = coefficients
        self.constant = constant
    }

    var isEmpty: Bool { symbols.isEmpty }
    var count: Int { symbols.count }

    @inline(__always) func index(of symbol: Symbol) -> Int? {
        var lo = 0
        var hi = symbols.count
        while lo < hi {
            let mid = (lo + hi) >> 1
            let s = symbols[mid]
            if s == symbol { return mid }
            if s < symbol { lo = mid + 1 } else { hi = mid }
        }
        return nil
    }

    @inline(__always) func coefficient(for symbol: Symbol) -> Double {
        if let i = index(of: symbol) { return coefficients[i] }
        return 0
    }

    /// Adds `coefficient · symbol`. Returns +1 if the symbol is new in the
    /// row, -1 if it cancelled out, 0 otherwise.
    @discardableResult
    mutating func insert(_ symbol: Symbol, _ coefficient: Double) -> Int {
        var lo = 0
        var hi = symbols.count
        while lo < hi {
            let mid = (lo + hi) >> 1
            if symbols[mid] < symbol { lo = mid + 1 } else { hi = mid }
        }
        if lo < symbols.count, symbols[lo] == symbol {
            let c = coefficients[lo] + coefficient
            if nearZero(c) {
                symbols.remove(at: lo)
                coefficients.remove(at: lo)
                return -1
            }
            coefficients[lo] = c
            return 0
        }
        if nearZero(coefficient) { return 0 }
        symbols.insert(symbol, at: lo)
        coefficients.insert(coefficient, at: lo)
        return 1
    }

    @discardableResult
    mutating func remove(_ symbol: Symbol) -> Double {
        guard let i = index(of: symbol) else { return 0 }
        let c = coefficients[i]
        symbols.remove(at: i)
        coefficients.remove(at: i)
        return c
    }

    mutating func reverseSign() {
        constant = -constant
        for i in coefficients.indices { coefficients[i] = -coefficients[i] }
    }

    /// Solves `0 = constant + Σ …` for `symbol`, which must be in the row:
    /// afterwards the row reads `symbol = …` without `symbol`.
    mutating func solve(for symbol: Symbol) {
        let i = index(of: symbol)!
        let k = -1.0 / coefficients[i]
        symbols.remove(at: i)
        coefficients.remove(at: i)
        constant *= k
        for j in coefficients.indices { coefficients[j] *= k }
    }

    /// Turns `lhs = constant + …` (with `rhs` in it) into `rhs = …`.
    mutating func solve(for lhs: Symbol, _ rhs: Symbol) {
        insert(lhs, -1)
        solve(for: rhs)
    }

    /// `self += factor · other`, optionally skipping one symbol of `self`
    /// (which is dropped). Calls `added` and `removed` for symbols that
    /// appear in or vanish from the row.
    mutating func add(_ other: Row, times factor: Double, dropping dropped: Symbol = invalidSymbol,
                      added: (Symbol) -> Void, removed: (Symbol) -> Void) {
        if other.symbols.count * 16 < symbols.count {
            addInPlace(other, times: factor, dropping: dropped, added: added, removed: removed)
            return
        }
        constant += other.constant * factor
        let a = symbols, ac = coefficients
        let b = other.symbols, bc = other.coefficients
        var outS: [Symbol] = []
        var outC: [Double] = []
        outS.reserveCapacity(a.count + b.count)
        outC.reserveCapacity(a.count + b.count)
        var i = 0, j = 0
        let na = a.count, nb = b.count
        while i < na || j < nb {
            if j >= nb || (i < na && a[i] < b[j]) {
                if a[i] == dropped { removed(a[i]) } else {
                    outS.append(a[i]); outC.append(ac[i])
                }
                i += 1
            } else if i >= na || b[j] < a[i] {
                let c = bc[j] * factor
                if !nearZero(c) {
                    outS.append(b[j]); outC.append(c); added(b[j])
                }
                j += 1
            } else {
                if a[i] == dropped {
                    removed(a[i])
                    let c = bc[j] * factor
                    if !nearZero(c) { outS.append(b[j]); outC.append(c); added(b[j]) }
                } else {
                    let c = ac[i] + bc[j] * factor
                    if nearZero(c) { removed(a[i]) } else { outS.append(a[i]); outC.append(c) }
                }
                i += 1; j += 1
            }
        }
        symbols = outS
        coefficients = outC
    }

    /// ``add(_:times:dropping:added:removed:)`` for a row much shorter than
    /// this one: each of its symbols found (or put) in place, so a long row
    /// (a stack's end, an objective) takes a short one in the time of the
    /// short one, not of a merge of both. The same sums, the same symbols.
    private mutating func addInPlace(_ other: Row, times factor: Double, dropping dropped: Symbol,
                                     added: (Symbol) -> Void, removed: (Symbol) -> Void) {
        constant += other.constant * factor
        if dropped != invalidSymbol, let i = index(of: dropped) {
            symbols.remove(at: i)
            coefficients.remove(at: i)
            removed(dropped)
        }
        for j in other.symbols.indices {
            let s = other.symbols[j]
            switch insert(s, other.coefficients[j] * factor) {
            case 1: added(s)
            case -1: removed(s)
            default: break
            }
        }
    }

    /// `self += factor · other` with no bookkeeping.
    mutating func add(_ other: Row, times factor: Double) {
        add(other, times: factor, added: { _ in }, removed: { _ in })
    }
}
