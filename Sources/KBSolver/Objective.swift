/// The objective to minimise: one row of error weights per priority level,
/// levels compared lexicographically (a higher level always dominates).
struct Objective: Sendable {
    /// Priorities in descending order.
    private(set) var levels: [Int] = []
    /// `rows[i]` holds the weights at `levels[i]`.
    private(set) var rows: [Row] = []
    /// Nothing changed the weights since an optimisation found no symbol
    /// to enter: the next one has nothing to do (most constraints a layout
    /// adds are solved for a variable the objective does not hold).
    var isOptimal = false
    /// The symbols whose weights changed since the objective was last found
    /// optimal (with repeats): only they can have become negative, so only
    /// they are looked at for a symbol to enter, unless ``allChanged``.
    private var changed: [Symbol] = []
    /// Every symbol is a candidate (at first, after a renumbering, or once
    /// the list of changed symbols grew long).
    private var allChanged = true
    /// Looks at every symbol for one to enter, as if all had changed (the
    /// tests compare the two choices).
    var scansEverySymbol = false

    /// Records that `symbols` changed weight.
    private mutating func note<S: Sequence>(_ symbols: S) where S.Element == Symbol {
        if allChanged { return }
        changed.append(contentsOf: symbols)
        // Past the objective's own size, a scan of it costs less than
        // looking at each changed symbol in every level.
        if changed.count > 64 && changed.count > rows.reduce(0, { $0 + $1.count }) {
            allChanged = true
            changed = []
        }
    }

    /// Nothing can enter: every symbol's weight is non-negative at its
    /// highest level (or the symbol is one never to enter).
    mutating func markOptimal() {
        isOptimal = true
        changed.removeAll(keepingCapacity: true)
        allChanged = false
    }

    private mutating func levelIndex(_ priority: Int) -> Int {
        var i = 0
        while i < levels.count, levels[i] > priority { i += 1 }
        if i < levels.count, levels[i] == priority { return i }
        levels.insert(priority, at: i)
        rows.insert(Row(), at: i)
        return i
    }

    mutating func insert(_ symbol: Symbol, weight: Double, priority: Int) {
        isOptimal = false
        rows[levelIndex(priority)].insert(symbol, weight)
        note(CollectionOfOne(symbol))
    }

    mutating func insert(_ row: Row, weight: Double, priority: Int) {
        isOptimal = false
        rows[levelIndex(priority)].add(row, times: weight)
        note(row.symbols)
    }

    mutating func substitute(_ symbol: Symbol, _ row: Row) {
        for i in rows.indices {
            let c = rows[i].coefficient(for: symbol)
            if c != 0 {
                isOptimal = false
                rows[i].add(row, times: c, dropping: symbol, added: { _ in }, removed: { _ in })
                note(row.symbols)
            }
        }
    }

    /// Replaces every symbol `s` by `map[s]` (an increasing map).
    mutating func renumber(_ map: [Symbol]) {
        isOptimal = false
        allChanged = true
        changed = []
        rows = rows.map { $0.renumbered(map) }
    }

    mutating func remove(_ symbol: Symbol) {
        isOptimal = false
        for i in rows.indices { rows[i].remove(symbol) }
    }

    func contains(_ symbol: Symbol) -> Bool {
        rows.contains { $0.index(of: symbol) != nil }
    }

    /// The lowest-id symbol whose weight is negative in its highest nonzero
    /// level, skipping symbols `skip` rejects; `invalidSymbol` if none.
    func enteringSymbol(skip: (Symbol) -> Bool) -> Symbol {
        if !allChanged && !scansEverySymbol {
            // The same choice among the changed symbols: the others were
            // not candidates when the objective was last optimal.
            var best = invalidSymbol
            for s in changed where best == invalidSymbol || s < best {
                for row in rows {
                    guard let k = row.index(of: s) else { continue }
                    if row.coefficients[k] < 0 && !skip(s) { best = s }
                    break
                }
            }
            return best
        }
        var best = invalidSymbol
        for (i, row) in rows.enumerated() {
            for (k, s) in row.symbols.enumerated() where row.coefficients[k] < 0 {
                if best != invalidSymbol && s >= best { break }
                if skip(s) { continue }
                var dominated = false
                for j in 0..<i where rows[j].index(of: s) != nil {
                    dominated = true
                    break
                }
                if !dominated { best = s; break }
            }
        }
        return best
    }

    /// Compares `weight(a) / ca` with `weight(b) / cb` level by level.
    func ratioLess(_ a: Symbol, _ ca: Double, _ b: Symbol, _ cb: Double) -> Bool {
        for row in rows {
            let x = row.coefficient(for: a) / ca
            let y = row.coefficient(for: b) / cb
            if nearZero(x - y) { continue }
            return x < y
        }
        return false
    }
}
