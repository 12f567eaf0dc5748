// The simplex machinery: building rows, pivoting, primal and dual optimisation.

extension Solver {
    // MARK: Adding

    mutating func add(_ constraint: Constraint, explainingConflicts: Bool) throws(SolverError) {
        let key = ObjectIdentifier(constraint)
        guard records[key] == nil else { throw .duplicateConstraint(constraint) }
        valuesAreCurrent = false
        let expression = constraint.expression

        if options.eliminatesDefinitions, constraint.strength.isRequired, constraint.relation == .equal,
           let subject = expression.terms.firstIndex(where: { isFresh($0.variable) }) {
            claimLineage()
            addDefinition(constraint, subject: subject)
            return
        }
        noteAnalysisChange()

        let symbolsBefore = kinds.count
        let slotsBefore = slots.count
        var symbolized: [Int32] = []
        var markedDefinitions: [Int32] = []
        var row = makeRow(slots: expression.terms.map { slot(for: $0.variable) },
                          coefficients: expression.terms.map(\.coefficient),
                          constant: expression.constant,
                          symbolized: &symbolized, markedDefinitions: &markedDefinitions)

        var tag = Tag(marker: invalidSymbol, other: invalidSymbol, markerCoefficient: 1)
        var objectiveTerms: [(Symbol, Double)] = []
        let strength = constraint.strength
        switch constraint.relation {
        case .lessOrEqual, .greaterOrEqual:
            let c: Double = constraint.relation == .lessOrEqual ? 1 : -1
            let slack = newSymbol(.slack)
            tag.marker = slack
            tag.markerCoefficient = c
            row.insert(slack, c)
            if !strength.isRequired {
                let error = newSymbol(.error)
                tag.other = error
                row.insert(error, -c)
                objectiveTerms.append((error, strength.weight))
            }
        case .equal:
            if !strength.isRequired {
                let plus = newSymbol(.error)
                let minus = newSymbol(.error)
                tag.marker = plus
                tag.other = minus
                tag.markerCoefficient = -1
                row.insert(plus, -1)
                row.insert(minus, 1)
                objectiveTerms.append((plus, strength.weight))
                objectiveTerms.append((minus, strength.weight))
            } else {
                let dummy = newSymbol(.dummy)
                tag.marker = dummy
                row.insert(dummy, 1)
            }
        }
        if row.constant < 0 { row.reverseSign() }

        var subject = chooseSubject(row, tag)
        if subject == invalidSymbol && row.symbols.allSatisfy({ kinds[Int($0)] == .dummy }) {
            if !nearZero(row.constant) {
                rollBack(symbols: symbolsBefore, slots: slotsBefore, symbolized, markedDefinitions)
                throw explainingConflicts ? unsatisfiable(constraint, constant: expression.constant)
                                          : .unsatisfiable(constraint, conflicts: [constraint])
            }
            subject = tag.marker
        }

        if subject == invalidSymbol {
            beginJournal()
            addObjectiveTerms(objectiveTerms, priority: strength.priority)
            let ok: Bool
            do { ok = try addWithArtificialVariable(row) } catch { ok = false }
            if !ok {
                rewindJournal()
                artificial = nil
                rollBack(symbols: symbolsBefore, slots: slotsBefore, symbolized, markedDefinitions)
                throw explainingConflicts ? unsatisfiable(constraint, constant: expression.constant)
                                          : .unsatisfiable(constraint, conflicts: [constraint])
            }
        } else {
            addObjectiveTerms(objectiveTerms, priority: strength.priority)
            row.solve(for: subject)
            substitute(subject, row)
            insertRow(subject, row)
        }
        records[key] = Record(constraint: constraint, constant: expression.constant, order: nextOrder,
                              placement: .tableau(tag))
        nextOrder += 1
        retain(constraint)
        try optimizeObjective()
    }

    private mutating func addObjectiveTerms(_ terms: [(Symbol, Double)], priority: Int) {
        for (symbol, weight) in terms {
            noteTouched(symbol)
            objective.insert(symbol, weight: weight, priority: priority)
        }
    }

    /// Undoes what building a row allocated, after a refused add.
    mutating func rollBack(symbols: Int, slots slotCount: Int, _ symbolized: [Int32], _ marked: [Int32]) {
        resetAnalysis()
        plainSlotsAreCurrent = false
        valuesNeedFullUpdate = true
        if symbolSlots.count > symbols { symbolSlots.removeSubrange(symbols...) }
        if dependentHead.count > slotCount { dependentHead.removeSubrange(slotCount...) }
        for s in symbolized where Int(s) < slotCount { slots[Int(s)].symbol = invalidSymbol }
        for d in marked { definitions[Int(d)]!.marker = invalidSymbol }
        for v in slotVariables[slotCount...] {
            if let v { slotOf[ObjectIdentifier(v)] = nil }
        }
        slots.removeSubrange(slotCount...)
        slotVariables.removeSubrange(slotCount...)
        kinds.removeSubrange(symbols...)
        rows.removeSubrange(symbols...)
        columns.removeSubrange(symbols...)
        if scratch.count > symbols {
            scratch.removeSubrange(symbols...)
            scratchUsed.removeSubrange(symbols...)
        }
    }

    private mutating func addDefinition(_ constraint: Constraint, subject index: Int) {
        let expression = constraint.expression
        let a = expression.terms[index].coefficient
        let subject = slot(for: expression.terms[index].variable)
        let start = Int32(termSlots.count)
        for (i, term) in expression.terms.enumerated() where i != index {
            let s = slot(for: term.variable)
            termSlots.append(s)
            termCoefficients.append(-term.coefficient / a)
        }
        let d = Int32(definitions.count)
        if dependentsAreBuilt {
            for k in Int(start) ..< termSlots.count { addDependent(d, of: termSlots[k]) }
        }
        noteDefinitionChanged(d)
        definitions.append(Definition(slot: subject, termStart: start, termCount: Int32(termSlots.count) - start,
                                      constant: -expression.constant / a, subjectCoefficient: a))
        slots[Int(subject)].definition = d
        plainSlotsAreCurrent = false
        records[ObjectIdentifier(constraint)] = Record(constraint: constraint, constant: expression.constant,
                                                       order: nextOrder, placement: .definition(d))
        nextOrder += 1
        retain(constraint)
    }

    /// Makes the definitions' dependents from the definitions (at the first
    /// update that looks only at what changed: a solver that is built and
    /// read once never pays for them).
    mutating func buildDependents() {
        dependentHead = Array(repeating: -1, count: slots.count)
        dependentNext = []
        dependentDefinition = []
        for (d, definition) in definitions.enumerated() {
            guard let definition else { continue }
            let start = Int(definition.termStart)
            for k in start ..< start + Int(definition.termCount) { addDependent(Int32(d), of: termSlots[k]) }
        }
        dependentsAreBuilt = true
    }

    /// Records that definition `d` has `slot` among its terms.
    mutating func addDependent(_ d: Int32, of slot: Int32) {
        let e = Int32(dependentDefinition.count)
        dependentDefinition.append(d)
        dependentNext.append(dependentHead[Int(slot)])
        dependentHead[Int(slot)] = e
    }

    /// Unlinks the edge from `slot` to definition `d`.
    mutating func removeDependent(_ d: Int32, of slot: Int32) {
        var previous: Int32 = -1
        var e = dependentHead[Int(slot)]
        while e >= 0 {
            if dependentDefinition[Int(e)] == d {
                if previous < 0 { dependentHead[Int(slot)] = dependentNext[Int(e)] } else {
                    dependentNext[Int(previous)] = dependentNext[Int(e)]
                }
                return
            }
            previous = e
            e = dependentNext[Int(e)]
        }
    }

    /// A variable no constraint in the solver mentions.
    func isFresh(_ variable: Variable) -> Bool {
        guard let s = slotOf[ObjectIdentifier(variable)] else { return true }
        let slot = slots[Int(s)]
        return slot.references == 0 && slot.definition < 0
            && (slot.symbol == invalidSymbol || (rows[Int(slot.symbol)] == nil && columns[Int(slot.symbol)].isEmpty
                                                 && !objective.contains(slot.symbol)))
    }

    // MARK: Variables and symbols

    mutating func slot(for variable: Variable) -> Int32 {
        let key = ObjectIdentifier(variable)
        if let s = slotOf[key] { return s }
        let s = Int32(slots.count)
        slots.append(Slot())
        dependentHead.append(-1)
        plainSlotsAreCurrent = false
        slotVariables.append(variable)
        slotOf[key] = s
        return s
    }

    mutating func newSymbol(_ kind: SymbolKind) -> Symbol {
        let s = Symbol(kinds.count)
        kinds.append(kind)
        symbolSlots.append(-1)
        rows.append(nil)
        columns.append([])
        return s
    }

    mutating func retain(_ constraint: Constraint) {
        for term in constraint.expression.terms {
            slots[Int(slotOf[ObjectIdentifier(term.variable)]!)].references += 1
        }
    }

    /// Drops the references of a removed constraint, forgetting variables
    /// that nothing mentions any more.
    mutating func release(_ constraint: Constraint) {
        for term in constraint.expression.terms {
            let s = Int(slotOf[ObjectIdentifier(term.variable)]!)
            slots[s].references -= 1
            guard slots[s].references == 0, slots[s].definition < 0 else { continue }
            let symbol = slots[s].symbol
            if symbol == invalidSymbol
                || (rows[Int(symbol)] == nil && columns[Int(symbol)].isEmpty && !objective.contains(symbol)) {
                slotOf[ObjectIdentifier(term.variable)] = nil
                deadSlots += 1
                if symbol != invalidSymbol { removedSymbols += 1 }
                slots[s] = Slot(alive: false)
                plainSlotsAreCurrent = false
                slotVariables[s] = nil
            }
        }
    }

    // MARK: Rows

    /// `Σ coefficients · slots + constant` in terms of parametric symbols:
    /// definitions expanded (with their markers), basic symbols substituted.
    mutating func makeRow(slots rowSlots: [Int32], coefficients: [Double], constant: Double,
                          symbolized: inout [Int32], markedDefinitions: inout [Int32]) -> Row {
        if scratch.count < kinds.count + rowSlots.count + 1 {
            let n = max(kinds.count * 2, kinds.count + rowSlots.count + 64)
            scratch += Array(repeating: 0, count: n - scratch.count)
            scratchUsed += Array(repeating: false, count: n - scratchUsed.count)
        }
        if pendingDefinition.count < definitions.count {
            let n = max(definitions.count * 2, 64)
            pendingDefinition += Array(repeating: 0, count: n - pendingDefinition.count)
            pendingDefinitionUsed += Array(repeating: false, count: n - pendingDefinitionUsed.count)
        }
        touched.removeAll(keepingCapacity: true)
        var total = constant
        var heap = MaxHeap()

        for k in rowSlots.indices {
            accumulate(rowSlots[k], coefficients[k], &heap, &symbolized)
        }
        while let d = heap.pop() {
            let di = Int(d)
            let c = pendingDefinition[di]
            pendingDefinition[di] = 0
            pendingDefinitionUsed[di] = false
            // Terms that cancelled (a difference of two ends of one chain)
            // leave the definition unexpanded.
            if c == 0 { continue }
            var marker = definitions[di]!.marker
            if marker == invalidSymbol {
                marker = newSymbol(.dummy)
                definitions[di]!.marker = marker
                markedDefinitions.append(d)
            }
            scratchAdd(marker, c)
            let definition = definitions[di]!
            total += c * definition.constant
            let start = Int(definition.termStart)
            for k in start ..< start + Int(definition.termCount) {
                accumulate(termSlots[k], c * termCoefficients[k], &heap, &symbolized)
            }
        }
        // Substitute basic symbols; their rows hold only parametric ones.
        var i = 0
        while i < touched.count {
            let s = Int(touched[i])
            i += 1
            let c = scratch[s]
            guard c != 0, rows[s] != nil else { continue }
            scratch[s] = 0
            total += c * rows[s]!.constant
            let n = rows[s]!.symbols.count
            for k in 0 ..< n {
                scratchAdd(rows[s]!.symbols[k], c * rows[s]!.coefficients[k])
            }
        }
        // In symbol order: a long row is read off the dense scratch rather
        // than sorted.
        if touched.count * 16 > kinds.count {
            var n = 0
            for s in 0 ..< min(kinds.count, scratchUsed.count) where scratchUsed[s] {
                touched[n] = Symbol(s)
                n += 1
            }
        } else {
            touched.sort()
        }
        var row = Row(constant: total)
        row.symbols.reserveCapacity(touched.count)
        row.coefficients.reserveCapacity(touched.count)
        for s in touched {
            let c = scratch[Int(s)]
            if !nearZero(c) {
                row.symbols.append(s)
                row.coefficients.append(c)
            }
            scratch[Int(s)] = 0
            scratchUsed[Int(s)] = false
        }
        touched.removeAll(keepingCapacity: true)
        return row
    }

    /// Adds `c · slot` to the row being made: a defined slot's coefficient
    /// waits for its definition's expansion, a plain one goes to the scratch
    /// (with a symbol made for it if it has none yet).
    @inline(__always) private mutating func accumulate(_ s: Int32, _ c: Double, _ heap: inout MaxHeap,
                                                       _ symbolized: inout [Int32]) {
        let d = slots[Int(s)].definition
        if d >= 0 {
            let di = Int(d)
            if pendingDefinitionUsed[di] {
                pendingDefinition[di] += c
            } else {
                pendingDefinitionUsed[di] = true
                pendingDefinition[di] = c
                heap.push(d)
            }
            return
        }
        var symbol = slots[Int(s)].symbol
        if symbol == invalidSymbol {
            symbol = newSymbol(.external)
            slots[Int(s)].symbol = symbol
            symbolSlots[Int(symbol)] = s
            noteTouched(symbol)
            noteSlotChanged(s)
            plainSlotsAreCurrent = false
            symbolized.append(s)
        }
        scratchAdd(symbol, c)
    }

    @inline(__always) private mutating func scratchAdd(_ s: Symbol, _ c: Double) {
        let i = Int(s)
        if i >= scratch.count {
            let n = max(scratch.count * 2, i + 64)
            scratch += Array(repeating: 0, count: n - scratch.count)
            scratchUsed += Array(repeating: false, count: n - scratchUsed.count)
        }
        if !scratchUsed[i] {
            scratchUsed[i] = true
            touched.append(s)
        }
        scratch[i] += c
    }

    /// kiwi's subject choice: the first external symbol; else a negative
    /// slack or error marker.
    func chooseSubject(_ row: Row, _ tag: Tag) -> Symbol {
        for s in row.symbols where kinds[Int(s)] == .external { return s }
        for m in [tag.marker, tag.other] where m != invalidSymbol && kinds[Int(m)].isPivotable {
            if row.coefficient(for: m) < 0 { return m }
        }
        return invalidSymbol
    }

    mutating func insertRow(_ basic: Symbol, _ row: Row) {
        if journal != nil {
            noteRow(basic)
            for s in row.symbols { noteColumn(s) }
        }
        for s in row.symbols { columns[Int(s)].insertSorted(basic) }
        rows[Int(basic)] = row
        noteRowChanged(basic)
        noteTouched(basic)
        basicCount += 1
    }

    mutating func takeRow(_ basic: Symbol) -> Row {
        let row = rows[Int(basic)]!
        if journal != nil {
            noteRow(basic)
            for s in row.symbols { noteColumn(s) }
        }
        rows[Int(basic)] = nil
        noteRowChanged(basic)
        basicCount -= 1
        for s in row.symbols { columns[Int(s)].removeSorted(basic) }
        if logsAnalysisChanges {
            noteTouched(basic)
            for s in row.symbols { noteTouched(s) }
        }
        return row
    }

    /// Replaces `symbol` by `row` in every tableau row and the objectives.
    mutating func substitute(_ symbol: Symbol, _ row: Row) {
        let basics = columns[Int(symbol)]
        if journal != nil {
            noteColumn(symbol)
            for s in row.symbols { noteColumn(s) }
        }
        for b in basics {
            noteRow(b)
            var target = rows[Int(b)].take()!
            let c = target.coefficient(for: symbol)
            // One call (two would keep the row's addition from being
            // inlined with its closures).
            let logs = logsAnalysisChanges
            target.add(row, times: c, dropping: symbol,
                       added: { self.columns[Int($0)].insertSorted(b) },
                       removed: {
                           self.columns[Int($0)].removeSorted(b)
                           if logs { self.noteTouched($0) }
                       })
            if kinds[Int(b)].isRestricted && target.constant < 0 { infeasible.append(b) }
            rows[Int(b)] = target
            noteRowChanged(b)
            noteTouched(b)
        }
        if logsAnalysisChanges {
            // The symbol leaves every row; the objective may take in or
            // drop any symbol of `row`.
            noteTouched(symbol)
            for s in row.symbols { noteTouched(s) }
        }
        objective.substitute(symbol, row)
        if artificial != nil {
            let c = artificial!.coefficient(for: symbol)
            if c != 0 { artificial!.add(row, times: c, dropping: symbol, added: { _ in }, removed: { _ in }) }
        }
    }

    mutating func pivot(leaving: Symbol, entering: Symbol) {
        var row = takeRow(leaving)
        row.solve(for: leaving, entering)
        substitute(entering, row)
        insertRow(entering, row)
    }

    /// Shifts a non-basic marker by `shift` in every row that holds it
    /// (``setConstant(_:of:)``, its one caller, records those rows as
    /// changed).
    /// Returns false when a redundant required equality (a row of markers
    /// only) stops holding, which no pivot can repair.
    mutating func shiftMarker(_ marker: Symbol, by shift: Double) -> Bool {
        var holds = true
        for b in columns[Int(marker)] {
            noteTouched(b)
            let c = rows[Int(b)]!.coefficient(for: marker)
            rows[Int(b)]!.constant += c * shift
            let kind = kinds[Int(b)]
            if kind == .dummy {
                if !nearZero(rows[Int(b)]!.constant) { holds = false }
            } else if kind.isRestricted && rows[Int(b)]!.constant < 0 {
                infeasible.append(b)
            }
        }
        return holds
    }

    // MARK: Optimisation

    /// A bound on pivots per optimisation: far above what a layout needs,
    /// it turns a cycling pivot sequence into an error instead of a hang.
    var pivotLimit: Int { 1000 + 50 * (basicCount + kinds.count) }

    mutating func optimizeObjective() throws(SolverError) {
        if objective.isOptimal { return }
        var pivots = 0
        while true {
            pivots += 1
            if pivots > pivotLimit { throw .internalError("the objective did not converge") }
            let entering = objective.enteringSymbol { self.kinds[Int($0)] == .dummy }
            if entering == invalidSymbol {
                objective.markOptimal()
                return
            }
            let leaving = leavingRow(for: entering)
            guard leaving != invalidSymbol else { throw .internalError("the objective is unbounded") }
            pivot(leaving: leaving, entering: entering)
        }
    }

    private mutating func optimizeArtificial() throws(SolverError) {
        var pivots = 0
        while true {
            pivots += 1
            if pivots > pivotLimit { throw .internalError("the artificial objective did not converge") }
            var entering = invalidSymbol
            let row = artificial!
            for (k, s) in row.symbols.enumerated() where row.coefficients[k] < 0 && kinds[Int(s)] != .dummy {
                entering = s
                break
            }
            if entering == invalidSymbol { return }
            let leaving = leavingRow(for: entering)
            guard leaving != invalidSymbol else { throw .internalError("the artificial objective is unbounded") }
            pivot(leaving: leaving, entering: entering)
        }
    }

    /// The restricted row that limits `entering` first (minimum ratio).
    private func leavingRow(for entering: Symbol) -> Symbol {
        var found = invalidSymbol
        var ratio = Double.greatestFiniteMagnitude
        for b in columns[Int(entering)] where kinds[Int(b)].isRestricted {
            let row = rows[Int(b)]!
            let c = row.coefficient(for: entering)
            if c < 0 {
                let r = -row.constant / c
                if r < ratio {
                    ratio = r
                    found = b
                }
            }
        }
        return found
    }

    /// Restores feasibility after constants changed, keeping optimality.
    mutating func dualOptimize() throws(SolverError) {
        var pivots = 0
        while let leaving = infeasible.popLast() {
            pivots += 1
            if pivots > pivotLimit {
                infeasible.removeAll()
                throw .internalError("dual optimize did not converge")
            }
            guard let row = rows[Int(leaving)], !nearZero(row.constant), row.constant < 0 else { continue }
            var entering = invalidSymbol
            var enteringCoefficient = 0.0
            for (k, s) in row.symbols.enumerated() where row.coefficients[k] > 0 && kinds[Int(s)] != .dummy {
                let c = row.coefficients[k]
                if entering == invalidSymbol || objective.ratioLess(s, c, entering, enteringCoefficient) {
                    entering = s
                    enteringCoefficient = c
                }
            }
            guard entering != invalidSymbol else {
                infeasible.removeAll()
                throw .internalError("dual optimize failed")
            }
            pivot(leaving: leaving, entering: entering)
        }
    }

    /// Adds `row` through an artificial variable (kiwi's phase one), with
    /// the journal on: when it returns false (or throws), the caller
    /// rewinds the journal.
    private mutating func addWithArtificialVariable(_ row: Row) throws(SolverError) -> Bool {
        let art = newSymbol(.slack)
        insertRow(art, row)
        artificial = row
        try optimizeArtificial()
        let success = nearZero(artificial!.constant)
        if !success { return false }
        artificial = nil
        journal = nil
        if rows[Int(art)] != nil {
            var r = takeRow(art)
            if r.isEmpty { return success }
            guard let entering = r.symbols.first(where: { kinds[Int($0)].isPivotable }) else { return false }
            r.solve(for: art, entering)
            substitute(entering, r)
            insertRow(entering, r)
        }
        for b in columns[Int(art)] {
            rows[Int(b)]!.remove(art)
            noteTouched(b)
        }
        columns[Int(art)] = []
        noteTouched(art)
        objective.remove(art)
        return success
    }

    // MARK: Removing

    mutating func removeFromTableau(_ constraint: Constraint, _ tag: Tag) {
        let strength = constraint.strength
        for m in [tag.marker, tag.other] where m != invalidSymbol && kinds[Int(m)] == .error {
            if let row = rows[Int(m)] {
                for s in row.symbols { noteTouched(s) }
                objective.insert(row, weight: -strength.weight, priority: strength.priority)
            } else {
                noteTouched(m)
                objective.insert(m, weight: -strength.weight, priority: strength.priority)
            }
        }
        if rows[Int(tag.marker)] != nil {
            _ = takeRow(tag.marker)
        } else {
            let leaving = markerLeavingRow(tag.marker)
            if leaving != invalidSymbol {
                var row = takeRow(leaving)
                row.solve(for: leaving, tag.marker)
                substitute(tag.marker, row)
            }
        }
    }

    /// Removes a definition. Where it was expanded into the tableau, the
    /// defined variable first gets its row back (`v = definition + marker`),
    /// then the marker leaves like any required equality's.
    mutating func removeDefinition(_ d: Int32) {
        resetAnalysis()
        let definition = definitions[Int(d)]!
        let subject = Int(definition.slot)
        let marker = definition.marker
        definitions[Int(d)] = nil
        noteSlotChanged(Int32(subject))
        if dependentsAreBuilt {
            for k in Int(definition.termStart) ..< Int(definition.termStart + definition.termCount) {
                removeDependent(d, of: termSlots[k])
            }
        }
        if marker == invalidSymbol || (columns[Int(marker)].isEmpty && !objective.contains(marker)) {
            slots[subject].definition = -1
            plainSlotsAreCurrent = false
            return
        }
        var symbolized: [Int32] = []
        var marked: [Int32] = []
        plainSlotsAreCurrent = false
        let range = Int(definition.termStart) ..< Int(definition.termStart + definition.termCount)
        var row = makeRow(slots: Array(termSlots[range]), coefficients: Array(termCoefficients[range]),
                          constant: definition.constant, symbolized: &symbolized, markedDefinitions: &marked)
        row.insert(marker, 1)
        slots[subject].definition = -1
        let symbol = newSymbol(.external)
        slots[subject].symbol = symbol
        symbolSlots[Int(symbol)] = Int32(subject)
        insertRow(symbol, row)
        let leaving = markerLeavingRow(marker)
        var r = takeRow(leaving)
        r.solve(for: leaving, marker)
        substitute(marker, r)
    }

    /// The row a marker leaves through. A row of markers only (a redundant
    /// required equality) comes first: pivoting there hands the removed
    /// constraint's role to the redundant one, which must then hold. Then
    /// kiwi's choice: the restricted row with the smallest ratio for a
    /// negative coefficient, then for a positive one, then an unrestricted
    /// row.
    private func markerLeavingRow(_ marker: Symbol) -> Symbol {
        var r1 = Double.greatestFiniteMagnitude, r2 = Double.greatestFiniteMagnitude
        var first = invalidSymbol, second = invalidSymbol, third = invalidSymbol
        for b in columns[Int(marker)] where kinds[Int(b)] == .dummy {
            return b
        }
        for b in columns[Int(marker)] {
            let row = rows[Int(b)]!
            let c = row.coefficient(for: marker)
            if c == 0 { continue }
            if kinds[Int(b)] == .external {
                third = b
            } else if c < 0 {
                let r = -row.constant / c
                if r < r1 { r1 = r; first = b }
            } else {
                let r = row.constant / c
                if r < r2 { r2 = r; second = b }
            }
        }
        if first != invalidSymbol { return first }
        if second != invalidSymbol { return second }
        return third
    }
}

extension Optional {
    /// Moves the value out, leaving `nil`, so it can be mutated uniquely.
    mutating func take() -> Wrapped? {
        let value = self
        self = nil
        return value
    }
}

extension Array where Element == Symbol {
    mutating func insertSorted(_ s: Symbol) {
        var lo = 0, hi = count
        while lo < hi {
            let mid = (lo + hi) >> 1
            if self[mid] < s { lo = mid + 1 } else { hi = mid }
        }
        if lo < count && self[lo] == s { return }
        insert(s, at: lo)
    }

    mutating func removeSorted(_ s: Symbol) {
        var lo = 0, hi = count
        while lo < hi {
            let mid = (lo + hi) >> 1
            if self[mid] < s { lo = mid + 1 } else { hi = mid }
        }
        if lo < count && self[lo] == s { remove(at: lo) }
    }
}

/// A binary max-heap of definition indices (expansion runs newest first, so
/// each definition is expanded once even when many paths lead to it).
struct MaxHeap {
    private var items: [Int32] = []

    mutating func push(_ x: Int32) {
        items.append(x)
        var i = items.count - 1
        while i > 0 {
            let p = (i - 1) / 2
            if items[p] >= items[i] { break }
            items.swapAt(p, i)
            i = p
        }
    }

    mutating func pop() -> Int32? {
        guard let top = items.first else { return nil }
        let last = items.removeLast()
        if !items.isEmpty {
            items[0] = last
            var i = 0
            while true {
                let l = 2 * i + 1, r = l + 1
                var m = i
                if l < items.count && items[l] > items[m] { m = l }
                if r < items.count && items[r] > items[m] { m = r }
                if m == i { break }
                items.swapAt(i, m)
                i = m
            }
        }
        return top
    }
}

