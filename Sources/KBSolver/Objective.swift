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
    }

    mutating func insert(_ row: Row, weight: Double, priority: Int) {
        isOptimal = false
        rows[levelIndex(priority)].add(row, times: weight)
    }

    mutating func substitute(_ symbol: Symbol, _ row: Row) {
        for i in rows.indices {
            let c = rows[i].coefficient(for: symbol)
            if c != 0 {
                isOptimal = false
                rows[i].add(row, times: c, dropping: symbol, added: { _ in }, removed: { _ in })
            }
        }
    }

    /// Replaces every symbol `s` by `map[s]` (an increasing map).
    mutating func renumber(_ map: [Symbol]) {
        isOptimal = false
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
