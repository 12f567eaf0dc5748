// Replacing a required equality by another in place: the marker stays,
// only the rows that hold it change.

extension Solver {
    /// Replaces `old` by `new` in the solver, with the same result as
    /// removing `old` and then adding `new`.
    ///
    /// When both are required equalities, `old` is in the tableau, and
    /// `new - old` (expanded through the definitions and substituted) is a
    /// row of restricted symbols and markers only, the replacement is done
    /// in place: the old constraint's marker `m` encodes `old + m = 0`, so
    /// `new + m′ = 0` is `m = m′ + (new − old)`, which is substituted into
    /// the rows that hold `m` (and a dual simplex pass restores
    /// feasibility, if a restricted row went negative). Appending a view to
    /// a chain (a stack's end connection moving to its new last item) then
    /// costs the length of the difference, not the length of the chain.
    /// Otherwise it removes `old` and adds `new`.
    ///
    /// - Throws: ``SolverError/unknownConstraint(_:)`` if `old` is not in
    ///   the solver (nothing changes); ``SolverError/duplicateConstraint(_:)``
    ///   if `new` already is (nothing changes); what ``add(_:)`` throws for
    ///   `new`, in which case `old` stays removed, as after `remove` then
    ///   `add`.
    public mutating func replace(_ old: Constraint, with new: Constraint) throws(SolverError) {
        guard let record = records[ObjectIdentifier(old)] else { throw .unknownConstraint(old) }
        guard records[ObjectIdentifier(new)] == nil else { throw .duplicateConstraint(new) }
        resetAnalysis()
        if try replaceInPlace(record, with: new) {
            return
        }
        try remove(old)
        try add(new)
    }

    /// The in-place replacement, or false (with the solver as it was) where
    /// it does not apply or the new constraint cannot hold.
    private mutating func replaceInPlace(_ record: Record, with new: Constraint) throws(SolverError) -> Bool {
        let old = record.constraint
        guard old.strength.isRequired, old.relation == .equal,
              new.strength.isRequired, new.relation == .equal,
              case let .tableau(tag) = record.placement,
              tag.marker != invalidSymbol, kinds[Int(tag.marker)] == .dummy,
              rows[Int(tag.marker)] == nil, !objective.contains(tag.marker) else { return false }
        let marker = tag.marker
        // Every row holding the marker must be able to take the difference:
        // a row of markers only (a redundant equality) is left to the
        // general path.
        for b in columns[Int(marker)] where kinds[Int(b)] == .dummy { return false }
        // Each variable of `new` is already known to the solver, through a
        // constraint other than `old` (else `add` would define it, or make
        // it a fresh subject).
        for term in new.expression.terms {
            guard let s = slotOf.lookup(ObjectIdentifier(term.variable)) else { return false }
            let inOld = old.expression.terms.contains { $0.variable === term.variable } ? 1 : 0
            if slots[Int(s)].definition < 0 && Int(slots[Int(s)].references) - inOld <= 0 { return false }
        }
        // The difference `new − old`, in terms of parametric symbols.
        var differenceSlots: [Int32] = []
        var differenceCoefficients: [Double] = []
        differenceSlots.reserveCapacity(new.expression.terms.count + old.expression.terms.count)
        differenceCoefficients.reserveCapacity(differenceSlots.capacity)
        for term in new.expression.terms {
            differenceSlots.append(slotOf.lookup(ObjectIdentifier(term.variable))!)
            differenceCoefficients.append(term.coefficient)
        }
        for term in old.expression.terms {
            differenceSlots.append(slotOf.lookup(ObjectIdentifier(term.variable))!)
            differenceCoefficients.append(-term.coefficient)
        }
        let symbolsBefore = kinds.count
        let slotsBefore = slots.count
        var symbolized: [Int32] = []
        var marked: [Int32] = []
        var difference = makeRow(slots: differenceSlots, coefficients: differenceCoefficients,
                                 constant: new.expression.constant - record.constant,
                                 symbolized: &symbolized, markedDefinitions: &marked)
        // A free variable in the difference (an external symbol) or the
        // marker itself would make the result depend on the basis: the
        // general path decides those.
        if difference.symbols.contains(where: { $0 == marker || kinds[Int($0)] == .external }) {
            rollBack(symbols: symbolsBefore, slots: slotsBefore, symbolized, marked)
            return false
        }
        // m = m′ + difference, with m′ the same symbol. Each row holding
        // the marker moves by its coefficient times the difference's
        // constant: when no restricted row goes below zero there is no
        // pivot to make and nothing can fail, so no journal is kept (it
        // would make the long row a copy of itself to change).
        let mayFail = columns[Int(marker)].contains { b in
            kinds[Int(b)].isRestricted
                && rows[Int(b)]!.constant + rows[Int(b)]!.coefficient(for: marker) * difference.constant < 0
        }
        difference.insert(marker, 1)
        valuesAreCurrent = false
        if mayFail { beginJournal() }
        substitute(marker, difference)
        if !infeasible.isEmpty {
            do {
                try dualOptimize()
            } catch {
                // Without a journal the rows were predicted to stay
                // feasible: a failure there is the solver's own.
                guard mayFail else { throw .internalError("a replacement predicted feasible was not") }
                rewindJournal()
                rollBack(symbols: symbolsBefore, slots: slotsBefore, symbolized, marked)
                return false
            }
        }
        journal = nil
        records[ObjectIdentifier(old)] = nil
        records[ObjectIdentifier(new)] = Record(constraint: new, constant: new.expression.constant,
                                                order: nextOrder, placement: .tableau(tag))
        nextOrder += 1
        retain(new)
        release(old)
        // The objective's weights changed only if the dual pass pivoted.
        try optimizeObjective()
        return true
    }
}
