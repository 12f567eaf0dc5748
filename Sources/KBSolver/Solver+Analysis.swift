// Questions about the current solution: is a value forced, is a constraint met.

extension Solver {
    /// Whether `variable` could take another value in an equally good
    /// solution: the constraints (required and weighed) leave it free to move.
    /// A variable no constraint mentions is ambiguous.
    ///
    /// The variable is written in terms of the non-basic symbols; it is
    /// ambiguous when one of them costs nothing in the objective at every
    /// priority, is not a required equality's marker, and can move without
    /// immediately breaking a restricted row.
    public func isAmbiguous(_ variable: Variable) -> Bool {
        guard let slot = slotOf[ObjectIdentifier(variable)] else { return true }
        guard let terms = parametricTerms(of: slot) else { return true }
        for (symbol, coefficient) in terms where !nearZero(coefficient) {
            let kind = kinds[Int(symbol)]
            if kind == .dummy || objective.contains(symbol) { continue }
            if canMove(symbol, upward: true) || (kind == .external && canMove(symbol, upward: false)) {
                return true
            }
        }
        return false
    }

    /// Whether a constraint in the solver is not met by the values of the
    /// last ``updateVariables()`` (only non-required ones can be).
    public func isViolated(_ constraint: Constraint) -> Bool {
        guard let record = records[ObjectIdentifier(constraint)] else { return false }
        var value = record.constant
        for term in constraint.expression.terms { value += term.coefficient * self.value(of: term.variable) }
        switch constraint.relation {
        case .equal: return !nearZero(value)
        case .lessOrEqual: return value > epsilon
        case .greaterOrEqual: return value < -epsilon
        }
    }

    /// The variable as `Σ coefficient · symbol` over non-basic symbols (the
    /// constant dropped), or nil when it depends on a variable that has no
    /// tableau symbol at all (free by construction).
    private func parametricTerms(of slot: Int32) -> [(Symbol, Double)]? {
        var sums: [Symbol: Double] = [:]
        var pending: [Int32: Double] = [:]
        var heap = MaxHeap()
        var free = false
        func visit(_ s: Int32, _ c: Double) {
            let d = slots[Int(s)].definition
            if d >= 0 {
                if let p = pending[d] { pending[d] = p + c } else { pending[d] = c; heap.push(d) }
                return
            }
            let symbol = slots[Int(s)].symbol
            guard symbol != invalidSymbol else { free = true; return }
            if let row = rows[Int(symbol)] {
                for k in row.symbols.indices { sums[row.symbols[k], default: 0] += c * row.coefficients[k] }
            } else {
                sums[symbol, default: 0] += c
            }
        }
        visit(slot, 1)
        while let d = heap.pop() {
            let c = pending.removeValue(forKey: d)!
            let definition = definitions[Int(d)]!
            let start = Int(definition.termStart)
            for k in start ..< start + Int(definition.termCount) { visit(termSlots[k], c * termCoefficients[k]) }
        }
        if free { return nil }
        return sums.sorted { $0.key < $1.key }.map { ($0.key, $0.value) }
    }

    /// Whether a non-basic symbol can grow (or shrink) from zero without a
    /// restricted row going negative at once.
    private func canMove(_ symbol: Symbol, upward: Bool) -> Bool {
        if !upward && kinds[Int(symbol)].isRestricted { return false }
        for b in columns[Int(symbol)] where kinds[Int(b)].isRestricted || kinds[Int(b)] == .dummy {
            let row = rows[Int(b)]!
            let c = row.coefficient(for: symbol) * (upward ? 1 : -1)
            if kinds[Int(b)] == .dummy { return false }
            if c < 0 && nearZero(row.constant) { return false }
        }
        return true
    }
}
