// Renumbering symbols, slots and definitions, so that a solver that runs
// for a long time (constraints added and removed for days, as in a daemon's
// session) holds storage for what it has now, not for everything it ever had.

extension Solver {
    /// The sizes below which the solver is never compacted.
    static let compactionFloor = 256

    /// Compacts once at least half the symbols, or half the slots, belong
    /// to what was removed since the last compaction: a compaction costs
    /// time linear in the solver's size, so this keeps its cost per removal
    /// constant, and a solver that only grows is never compacted.
    mutating func compactIfSparse() {
        if (removedSymbols >= Self.compactionFloor && 2 * removedSymbols >= kinds.count)
            || (deadSlots >= Self.compactionFloor && 2 * deadSlots >= slots.count) {
            compact()
        }
    }

    /// Drops the symbols nothing refers to any more (the markers and errors
    /// of removed constraints, the symbols of forgotten variables), the dead
    /// slots and the removed definitions, and renumbers what is left in its
    /// old order. Every iteration that can influence a result runs in id
    /// order, and the renumbering keeps that order, so the solver goes on
    /// exactly as it would have: same pivots, same values.
    mutating func compact() {
        resetAnalysis()
        // Symbols in use.
        var live = [Bool](repeating: false, count: kinds.count)
        func mark(_ s: Symbol) { if s != invalidSymbol { live[Int(s)] = true } }
        for (s, row) in rows.enumerated() {
            guard let row else { continue }
            live[s] = true
            for t in row.symbols { live[Int(t)] = true }
        }
        for row in objective.rows { for t in row.symbols { live[Int(t)] = true } }
        for record in records.values {
            if case let .tableau(tag) = record.placement {
                mark(tag.marker)
                mark(tag.other)
            }
        }
        for definition in definitions { if let definition { mark(definition.marker) } }
        for slot in slots where slot.alive { mark(slot.symbol) }
        for s in infeasible { mark(s) }

        var symbolMap = [Symbol](repeating: invalidSymbol, count: kinds.count)
        var newKinds: [SymbolKind] = []
        var newRows: [Row?] = []
        var newColumns: [[Symbol]] = []
        for s in kinds.indices where live[s] {
            symbolMap[s] = Symbol(newKinds.count)
            newKinds.append(kinds[s])
        }
        func symbol(_ s: Symbol) -> Symbol { s == invalidSymbol ? s : symbolMap[Int(s)] }
        newRows.reserveCapacity(newKinds.count)
        newColumns.reserveCapacity(newKinds.count)
        for s in kinds.indices where live[s] {
            newRows.append(rows[s].map { $0.renumbered(symbolMap) })
            newColumns.append(columns[s].map { symbolMap[Int($0)] })
        }
        kinds = newKinds
        rows = newRows
        columns = newColumns
        objective.renumber(symbolMap)
        artificial = artificial?.renumbered(symbolMap)
        infeasible = infeasible.map(symbol)
        for key in records.keys {
            if case var .tableau(tag) = records[key]!.placement {
                tag.marker = symbol(tag.marker)
                tag.other = symbol(tag.other)
                records[key]!.placement = .tableau(tag)
            }
        }

        // Slots in use, and the definitions still in the solver.
        var slotMap = [Int32](repeating: -1, count: slots.count)
        var newSlots: [Slot] = []
        var newSlotVariables: [Variable?] = []
        for i in slots.indices where slots[i].alive {
            slotMap[i] = Int32(newSlots.count)
            var slot = slots[i]
            slot.symbol = symbol(slot.symbol)
            newSlots.append(slot)
            newSlotVariables.append(slotVariables[i])
        }
        var definitionMap = [Int32](repeating: -1, count: definitions.count)
        var newDefinitions: [Definition?] = []
        var newTermSlots: [Int32] = []
        var newTermCoefficients: [Double] = []
        for d in definitions.indices {
            guard let definition = definitions[d] else { continue }
            definitionMap[d] = Int32(newDefinitions.count)
            let start = Int(definition.termStart)
            let termStart = Int32(newTermSlots.count)
            for k in start ..< start + Int(definition.termCount) {
                newTermSlots.append(slotMap[Int(termSlots[k])])
                newTermCoefficients.append(termCoefficients[k])
            }
            var moved = Definition(slot: slotMap[Int(definition.slot)], termStart: termStart,
                                   termCount: definition.termCount, constant: definition.constant,
                                   subjectCoefficient: definition.subjectCoefficient)
            moved.marker = symbol(definition.marker)
            newDefinitions.append(moved)
        }
        for i in newSlots.indices where newSlots[i].definition >= 0 {
            newSlots[i].definition = definitionMap[Int(newSlots[i].definition)]
        }
        for key in records.keys {
            if case let .definition(d) = records[key]!.placement {
                records[key]!.placement = .definition(definitionMap[Int(d)])
            }
        }
        slots = newSlots
        slotVariables = newSlotVariables
        definitions = newDefinitions
        termSlots = newTermSlots
        termCoefficients = newTermCoefficients
        var index = IdentityMap()
        for (i, variable) in slotVariables.enumerated() {
            if let variable { index[ObjectIdentifier(variable)] = Int32(i) }
        }
        slotOf = index
        plainSlotsAreCurrent = false
        symbolSlots = Array(repeating: -1, count: kinds.count)
        for (i, slot) in slots.enumerated() where slot.alive && slot.symbol != invalidSymbol {
            symbolSlots[Int(slot.symbol)] = Int32(i)
        }
        if dependentsAreBuilt {
            buildDependents()
        } else {
            dependentHead = Array(repeating: -1, count: slots.count)
        }
        changedRows.removeAll()
        // Slot indices change: a reader's mark tells nothing now.
        dropMovedSlots()
        changedSlots.removeAll()
        changedDefinitions.removeAll()
        definitionQueued = []
        valuesNeedFullUpdate = true
        valuesAreCurrent = false

        // Scratch space is all zeros between calls; it grows again as needed.
        scratch = []
        scratchUsed = []
        touched = []
        removedSymbols = 0
        deadSlots = 0
        compactions += 1
    }
}

extension Row {
    /// The row with every symbol `s` replaced by `map[s]` (an increasing
    /// map, so the symbols stay sorted).
    func renumbered(_ map: [Symbol]) -> Row {
        Row(symbols: symbols.map { map[Int($0)] }, coefficients: coefficients, constant: constant)
    }
}
