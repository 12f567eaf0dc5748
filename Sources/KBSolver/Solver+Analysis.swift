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
        areAmbiguous([[variable]])[0]
    }

    /// For each group of variables, whether any of them is ambiguous (see
    /// ``isAmbiguous(_:)``): many variables at the cost of one pass, the
    /// scratch space shared.
    public func areAmbiguous(_ groups: [[Variable]]) -> [Bool] {
        var room = AmbiguityScratch()
        return areAmbiguous(groups, keepingAtMost: Expansions.limit, room: &room)
    }

    /// ``areAmbiguous(_:)`` in room the caller keeps between questions: a
    /// question about a few variables then costs what their definitions
    /// and rows do, not the size of the solver (room sized by its symbols
    /// made and cleared at each call). The answers are the same.
    public func areAmbiguous(_ groups: [[Variable]], scratch room: inout AmbiguityScratch) -> [Bool] {
        areAmbiguous(groups, keepingAtMost: Expansions.limit, room: &room)
    }

    /// Room for ``areAmbiguous(_:scratch:)``, kept by a caller that asks
    /// often. Besides cleared space, it keeps what it learned about the
    /// solver's state: which symbols can move, and which definitions reach
    /// only symbols that cannot (``Scratch/held``), so a question about the
    /// next link of a chain costs that link. What it kept is dropped at
    /// the next question once the solver changed anything it read (see
    /// ``Solver/lineage``), so one kept across changes to the solver (or
    /// for another solver) answers as a new one does.
    public struct AmbiguityScratch: Sendable {
        var scratch: Scratch?

        public init() {}
    }

    /// ``areAmbiguous(_:)`` keeping at most `limit` terms of expanded
    /// definitions (a test compares the answers with none kept).
    /// `worthKeeping`: from how many variables asked expansions are kept;
    /// `holdingDefinitions`: whether a definition known to be held answers
    /// without its expansion (a test compares the answers without).
    func areAmbiguous(_ groups: [[Variable]], keepingAtMost limit: Int,
                      worthKeeping: Int = Solver.variablesWorthKeeping, holdingDefinitions: Bool = true) -> [Bool] {
        var room = AmbiguityScratch()
        return areAmbiguous(groups, keepingAtMost: limit, worthKeeping: worthKeeping, room: &room,
                            holdingDefinitions: holdingDefinitions)
    }

    /// ``areAmbiguous(_:scratch:)`` with or without the shortcut of
    /// definitions known to be held (a test compares the answers).
    func areAmbiguous(_ groups: [[Variable]], scratch room: inout AmbiguityScratch,
                      holdingDefinitions: Bool) -> [Bool] {
        areAmbiguous(groups, keepingAtMost: Expansions.limit, room: &room, holdingDefinitions: holdingDefinitions)
    }

    private func areAmbiguous(_ groups: [[Variable]], keepingAtMost limit: Int,
                              worthKeeping: Int = Solver.variablesWorthKeeping,
                              room: inout AmbiguityScratch, holdingDefinitions: Bool = true) -> [Bool] {
        // Kept terms pay off when many variables share definitions (an
        // import asks about every view); a few variables (the views one
        // command moved) are expanded as they come, each definition once
        // anyway, without the room for keeping.
        let asked = groups.reduce(0) { $0 + $1.count }
        let keeps = limit > 0 && asked >= worthKeeping
        var scratch = room.scratch.take() ?? Scratch()
        scratch.prepare(symbols: kinds.count, definitions: definitions.count, objective: keeps ? objective : nil,
                        keeping: keeps)
        bringUpToDate(&scratch)
        scratch.holdsDefinitions = holdingDefinitions
        scratch.expansions.limit = keeps ? limit : 0
        let answers = groups.map { group in isAnyAmbiguous(group, &scratch) }
        scratch.finish()
        room.scratch = scratch
        return answers
    }

    /// How many variables asked at once make keeping expansions worth it.
    static var variablesWorthKeeping: Int { 64 }

    /// A sum of terms by symbol, with the symbols in use listed so that
    /// clearing it costs what using it did.
    struct SparseSum {
        private var sums: [Double]
        private var summed: [Bool]
        /// The symbols added since the last clear, in the order first added.
        private(set) var touched: [Symbol] = []

        init(symbols: Int) {
            sums = Array(repeating: 0, count: symbols)
            summed = Array(repeating: false, count: symbols)
        }

        /// Room for at least `symbols` symbols (a cleared sum stays clear).
        mutating func grow(to symbols: Int) {
            guard sums.count < symbols else { return }
            sums += repeatElement(0, count: symbols - sums.count)
            summed += repeatElement(false, count: symbols - summed.count)
        }

        subscript(symbol: Symbol) -> Double { sums[Int(symbol)] }

        mutating func add(_ symbol: Symbol, _ c: Double) {
            let s = Int(symbol)
            if !summed[s] {
                summed[s] = true
                touched.append(symbol)
            }
            sums[s] += c
        }

        mutating func clear() {
            for s in touched {
                sums[Int(s)] = 0
                summed[Int(s)] = false
            }
            touched.removeAll(keepingCapacity: true)
        }
    }

    /// Room for writing variables in terms of non-basic symbols: the sum
    /// by symbol and pending coefficients by definition. Between calls it
    /// is all cleared (each part is cleared as it is used), so it is kept
    /// and grown rather than made for each question.
    struct Scratch: Sendable {
        var sum = SparseSum(symbols: 0)
        var pending: [Double] = []
        var isPending: [Bool] = []
        var heap = MaxHeap()
        /// Per symbol: whether the objective holds it, read once per call
        /// when many variables are asked (nil: the objective is searched
        /// for each symbol asked about, which costs less for a few).
        var inObjective: [Bool]?
        /// Per symbol: 0 not asked yet, 1 free to move, 2 held (a symbol
        /// shared by many of the variables asked about is asked once);
        /// and the symbols asked, to clear it. Kept between calls while
        /// the solver's state is the one it was read from (``lineage``,
        /// ``version``).
        var freedom: [UInt8] = []
        var asked: [Symbol] = []
        /// Per definition: 0 not known yet, 1 held, 2 not known to be held;
        /// and the definitions settled, to clear it. A definition is held
        /// when every symbol it reaches is held: each non-basic symbol of
        /// its terms, every symbol of the rows of its basic ones, and what
        /// the definitions among its terms reach (no term without a
        /// symbol). Its variable, written over non-basic symbols, then has
        /// only held symbols (whatever the coefficients, cancelled or not),
        /// so it is not ambiguous; one not held is asked the full way.
        /// Kept between calls like ``freedom``.
        var held: [UInt8] = []
        var settled: [Int32] = []
        /// Whether the definitions' ``held`` is used (a test turns it off).
        var holdsDefinitions = true
        /// The state ``freedom`` and ``held`` were read from: a lineage
        /// (weak: a solver that changes while the lineage is shared takes
        /// a new one, see ``Solver/noteAnalysisChange()``), its version and
        /// how much of its log was read.
        weak var lineage: Lineage?
        var version = 0
        var logged = 0
        /// The objective searched for a symbol this call (see ``inObjective``).
        var objectiveSearches = 0
        /// Definitions already written over non-basic symbols in this pass.
        var expansions = Expansions(symbols: 0, definitions: 0)

        /// Sized for a solver of `symbols` symbols and `definitions`
        /// definitions, with the objective's symbols read (`objective`)
        /// and room for keeping expansions.
        mutating func prepare(symbols: Int, definitions: Int, objective: Objective?, keeping: Bool) {
            sum.grow(to: symbols)
            if pending.count < definitions {
                pending += repeatElement(0, count: definitions - pending.count)
                isPending += repeatElement(false, count: definitions - isPending.count)
            }
            if freedom.count < symbols { freedom += repeatElement(0, count: symbols - freedom.count) }
            if held.count < definitions { held += repeatElement(0, count: definitions - held.count) }
            if let objective { readObjective(objective, symbols: symbols) }
            if keeping { expansions = Expansions(symbols: symbols, definitions: definitions) }
        }

        /// Reads which of the first `symbols` symbols the objective holds.
        mutating func readObjective(_ objective: Objective, symbols: Int) {
            var marks = Array(repeating: false, count: symbols)
            for row in objective.rows {
                for s in row.symbols where Int(s) < symbols { marks[Int(s)] = true }
            }
            inObjective = marks
        }

        /// Drops everything learned about the solver's state (in the time
        /// it took to learn).
        mutating func forget() {
            for s in asked { freedom[Int(s)] = 0 }
            asked.removeAll(keepingCapacity: true)
            for d in settled { held[Int(d)] = 0 }
            settled.removeAll(keepingCapacity: true)
        }

        /// Clears what a call left but what it learned about the state:
        /// the kept expansions and the objective's symbols.
        mutating func finish() {
            inObjective = nil
            objectiveSearches = 0
            expansions = Expansions(symbols: 0, definitions: 0)
        }
    }

    /// Each definition's terms over non-basic symbols, made once per pass
    /// and kept: a defined variable is then written in the time of its own
    /// terms, not of every definition below it. (A chain of views, each
    /// placed from the one before, otherwise costs the square of its
    /// length: the last view's definition reaches down to the first.)
    struct Expansions {
        /// Per definition: where its terms start in ``symbols`` and
        /// ``coefficients`` (-1: not made yet), how many, and whether it
        /// depends on a variable with no tableau symbol (free).
        var start: [Int32]
        var count: [Int32]
        var free: [Bool]
        var symbols: [Symbol] = []
        var coefficients: [Double] = []
        /// The sum being made.
        var sum: SparseSum
        /// Terms kept at most: past it, definitions are expanded as they
        /// come (``parametricTerms(of:_:)``), in bounded memory.
        static let limit = 4_000_000
        var limit = Expansions.limit

        init(symbols: Int, definitions: Int) {
            start = Array(repeating: -1, count: definitions)
            count = Array(repeating: 0, count: definitions)
            free = Array(repeating: false, count: definitions)
            sum = SparseSum(symbols: symbols)
        }

        /// Keeps the sum made as definition `d`'s terms and clears it.
        mutating func keep(_ d: Int32, free isFree: Bool) {
            start[Int(d)] = Int32(symbols.count)
            count[Int(d)] = Int32(sum.touched.count)
            free[Int(d)] = isFree
            for t in sum.touched {
                symbols.append(t)
                coefficients.append(sum[t])
            }
            sum.clear()
        }
    }

    /// Makes the terms of definition `root` and of every definition it
    /// refers to that has none yet, those first; false once the kept
    /// terms pass ``Expansions/limit`` (then `root` may have none).
    private func expand(_ root: Int32, _ e: inout Expansions) -> Bool {
        if e.limit == 0 { return false }
        if e.start[Int(root)] >= 0 { return true }
        if e.symbols.count >= e.limit { return false }
        var stack: [Int32] = [root]
        while let t = stack.last {
            if e.start[Int(t)] >= 0 {
                stack.removeLast()
                continue
            }
            let definition = definitions[Int(t)]!
            let range = Int(definition.termStart) ..< Int(definition.termStart) + Int(definition.termCount)
            var waiting = false
            for k in range {
                let d = slots[Int(termSlots[k])].definition
                if d >= 0 && e.start[Int(d)] < 0 {
                    stack.append(d)
                    waiting = true
                }
            }
            if waiting { continue }
            var free = false
            for k in range {
                let s = termSlots[k], c = termCoefficients[k]
                let d = slots[Int(s)].definition
                if d >= 0 {
                    if e.free[Int(d)] { free = true }
                    let first = Int(e.start[Int(d)])
                    for j in first ..< first + Int(e.count[Int(d)]) { e.sum.add(e.symbols[j], c * e.coefficients[j]) }
                    continue
                }
                let symbol = slots[Int(s)].symbol
                if symbol == invalidSymbol {
                    free = true
                } else if let row = rows[Int(symbol)] {
                    for j in row.symbols.indices { e.sum.add(row.symbols[j], c * row.coefficients[j]) }
                } else {
                    e.sum.add(symbol, c)
                }
            }
            e.keep(t, free: free)
            stack.removeLast()
            if e.symbols.count >= e.limit { return e.start[Int(root)] >= 0 }
        }
        return true
    }

    /// Whether any of `group` is ambiguous, the cheapest asked first: a
    /// variable the solver does not know (ambiguous at once), then those
    /// read from one row, then the defined ones, whose definitions may
    /// reach far down a chain. One ambiguous answers for the group, and
    /// each answer is the same whatever was asked before, so the order
    /// changes the cost, never the answer.
    private func isAnyAmbiguous(_ group: [Variable], _ scratch: inout Scratch) -> Bool {
        if group.count < 2 { return group.contains { isAmbiguous($0, &scratch) } }
        var defined: [Variable] = []
        for v in group {
            guard let slot = slotOf[ObjectIdentifier(v)] else { return true }
            if slots[Int(slot)].definition >= 0 { defined.append(v) }
        }
        for v in group where slots[Int(slotOf[ObjectIdentifier(v)]!)].definition < 0 {
            if isAmbiguous(v, &scratch) { return true }
        }
        return defined.contains { isAmbiguous($0, &scratch) }
    }

    private func isAmbiguous(_ variable: Variable, _ scratch: inout Scratch) -> Bool {
        guard let slot = slotOf[ObjectIdentifier(variable)] else { return true }
        defer { scratch.sum.clear() }
        let d = slots[Int(slot)].definition
        if d >= 0, scratch.holdsDefinitions, isHeld(d, &scratch) { return false }
        if d >= 0, expand(d, &scratch.expansions) {
            if scratch.expansions.free[Int(d)] { return true }
            let first = Int(scratch.expansions.start[Int(d)])
            for j in first ..< first + Int(scratch.expansions.count[Int(d)]) {
                scratch.sum.add(scratch.expansions.symbols[j], scratch.expansions.coefficients[j])
            }
        } else {
            guard parametricTerms(of: slot, &scratch) else { return true }
        }
        for symbol in scratch.sum.touched where !nearZero(scratch.sum[symbol]) {
            if isFree(symbol, &scratch) { return true }
        }
        return false
    }

    /// Whether a non-basic symbol is free to move: it costs nothing in the
    /// objective at every priority, is not a required equality's marker,
    /// and can move without immediately breaking a restricted row.
    private func isFree(_ symbol: Symbol, _ scratch: inout Scratch) -> Bool {
        let s = Int(symbol)
        if scratch.freedom[s] == 0 {
            let kind = kinds[s]
            // The objective searched per symbol for the first few; past
            // them, its symbols are read once (a chain's question
            // reaches a symbol or two per link).
            if scratch.inObjective == nil, kind != .dummy {
                scratch.objectiveSearches += 1
                if scratch.objectiveSearches > 32 { scratch.readObjective(objective, symbols: kinds.count) }
            }
            let free = kind != .dummy && !(scratch.inObjective?[s] ?? objective.contains(symbol))
                && (canMove(symbol, upward: true) || (kind == .external && canMove(symbol, upward: false)))
            scratch.freedom[s] = free ? 1 : 2
            scratch.asked.append(symbol)
        }
        return scratch.freedom[s] == 1
    }

    /// Brings what the room learned up to the solver's state: nothing to
    /// do on the state it learned it from; past the changes logged since
    /// on the same version, lets go of what they touched
    /// (``letGo(of:_:)``); otherwise of everything.
    private func bringUpToDate(_ scratch: inout Scratch) {
        if scratch.lineage === lineage && scratch.version == analysisVersion {
            if scratch.logged == analysisLog.count { return }
            // The readers of a slot are found through the definitions'
            // dependents, kept once an update has needed them.
            if dependentsAreBuilt && scratch.logged < analysisLog.count {
                for k in scratch.logged ..< analysisLog.count { letGo(of: analysisLog[k], &scratch) }
                scratch.logged = analysisLog.count
                return
            }
        }
        scratch.forget()
        scratch.lineage = lineage
        scratch.version = analysisVersion
        scratch.logged = analysisLog.count
    }

    /// Lets go of what a change to `symbol` may have changed: whether it is
    /// free (it may have become basic or non-basic, entered or left the
    /// objective or a row), whether the symbols of its row are (a row's
    /// constant and coefficients decide whether they can move), and
    /// whether the definitions that read any of these are held.
    private func letGo(of symbol: Symbol, _ scratch: inout Scratch) {
        let s = Int(symbol)
        guard s < kinds.count else { return }
        unsettleFreedom(symbol, &scratch)
        // The definitions with the symbol's variable among their terms
        // (they read its row, or it, or found no symbol there).
        unsettleReaders(ofSlot: symbolSlots[s], &scratch)
        if let row = rows[s] {
            for x in row.symbols { unsettleFreedom(x, &scratch) }
        }
    }

    /// Forgets whether `symbol` is free, and whether the definitions that
    /// read it (as a term, or in the row of a term) are held.
    private func unsettleFreedom(_ symbol: Symbol, _ scratch: inout Scratch) {
        let s = Int(symbol)
        guard s < scratch.freedom.count, scratch.freedom[s] != 0 else { return }
        scratch.freedom[s] = 0
        unsettleReaders(ofSlot: symbolSlots[s], &scratch)
        for b in columns[s] { unsettleReaders(ofSlot: symbolSlots[Int(b)], &scratch) }
    }

    /// Forgets whether the definitions with `slot` among their terms are
    /// held, and those with their variables among their terms, and so on up.
    private func unsettleReaders(ofSlot slot: Int32, _ scratch: inout Scratch) {
        guard slot >= 0, Int(slot) < dependentHead.count else { return }
        var pending: [Int32] = []
        var e = dependentHead[Int(slot)]
        while true {
            while e >= 0 {
                let d = Int(dependentDefinition[Int(e)])
                if d < scratch.held.count, scratch.held[d] != 0 {
                    scratch.held[d] = 0
                    pending.append(Int32(d))
                }
                e = dependentNext[Int(e)]
            }
            guard let d = pending.popLast() else { return }
            guard let definition = definitions[Int(d)], Int(definition.slot) < dependentHead.count else { continue }
            e = dependentHead[Int(definition.slot)]
        }
    }

    /// Whether definition `root` is held (``Scratch/held``): settled
    /// depth first, from what is settled already, so a definition whose
    /// terms are settled costs its own terms and rows. A definition not
    /// held settles every definition on the way down to it as not held
    /// (each reaches it), without looking further.
    private func isHeld(_ root: Int32, _ scratch: inout Scratch) -> Bool {
        if scratch.held[Int(root)] != 0 { return scratch.held[Int(root)] == 1 }
        // The definitions on the way down, each with its next term to look at.
        var path: [(definition: Int32, term: Int32)] = [(root, 0)]
        func settle(_ d: Int32, _ isHeld: Bool, _ scratch: inout Scratch) {
            scratch.held[Int(d)] = isHeld ? 1 : 2
            scratch.settled.append(d)
        }
        while let (t, k) = path.last {
            let definition = definitions[Int(t)]!
            guard k < definition.termCount else {
                settle(t, true, &scratch)
                path.removeLast()
                continue
            }
            path[path.count - 1].term = k + 1
            let slot = slots[Int(termSlots[Int(definition.termStart + k)])]
            var isHeld = true
            if slot.definition >= 0 {
                switch scratch.held[Int(slot.definition)] {
                case 0:
                    path.append((slot.definition, 0))
                    continue
                case 1: continue
                default: isHeld = false
                }
            } else if slot.symbol == invalidSymbol {
                isHeld = false
            } else if let row = rows[Int(slot.symbol)] {
                isHeld = !row.symbols.contains { isFree($0, &scratch) }
            } else {
                isHeld = !isFree(slot.symbol, &scratch)
            }
            if !isHeld {
                for (d, _) in path { settle(d, false, &scratch) }
                return false
            }
        }
        return scratch.held[Int(root)] == 1
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

    /// Writes the variable as `Σ coefficient · symbol` over non-basic
    /// symbols (the constant dropped) into `scratch`; false when it depends
    /// on a variable that has no tableau symbol at all (free by
    /// construction). Definitions are expanded highest first, so each is
    /// expanded once, after every definition that refers to it.
    private func parametricTerms(of slot: Int32, _ scratch: inout Scratch) -> Bool {
        // The rows and slots read in place (a copy of a row retains its arrays).
        rows.withUnsafeBufferPointer { rows in
        slots.withUnsafeBufferPointer { slots in
            var free = false
            func visit(_ s: Int32, _ c: Double, _ scratch: inout Scratch) {
                let d = slots[Int(s)].definition
                if d >= 0 {
                    if scratch.isPending[Int(d)] {
                        scratch.pending[Int(d)] += c
                    } else {
                        scratch.isPending[Int(d)] = true
                        scratch.pending[Int(d)] = c
                        scratch.heap.push(d)
                    }
                    return
                }
                let symbol = slots[Int(s)].symbol
                guard symbol != invalidSymbol else {
                    free = true
                    return
                }
                if rows[Int(symbol)] != nil {
                    let row = rows.baseAddress! + Int(symbol)
                    for k in row.pointee!.symbols.indices {
                        scratch.sum.add(row.pointee!.symbols[k], c * row.pointee!.coefficients[k])
                    }
                } else {
                    scratch.sum.add(symbol, c)
                }
            }
            visit(slot, 1, &scratch)
            while let d = scratch.heap.pop() {
                let c = scratch.pending[Int(d)]
                scratch.isPending[Int(d)] = false
                let definition = definitions[Int(d)]!
                let start = Int(definition.termStart)
                for k in start ..< start + Int(definition.termCount) {
                    visit(termSlots[k], c * termCoefficients[k], &scratch)
                }
            }
            return !free
        }}
    }

    /// Whether a non-basic symbol can grow (or shrink) from zero without a
    /// restricted row going negative at once.
    private func canMove(_ symbol: Symbol, upward: Bool) -> Bool {
        if !upward && kinds[Int(symbol)].isRestricted { return false }
        // Read in place: a chain's question asks this of a symbol or two
        // per link, and copying each row out retains its arrays.
        return kinds.withUnsafeBufferPointer { kinds in
            rows.withUnsafeBufferPointer { rows in
                columns.withUnsafeBufferPointer { columns in
                    for b in columns[Int(symbol)] where kinds[Int(b)].isRestricted || kinds[Int(b)] == .dummy {
                        if kinds[Int(b)] == .dummy { return false }
                        guard nearZero(rows[Int(b)]!.constant) else { continue }
                        let c = rows[Int(b)]!.coefficient(for: symbol) * (upward ? 1 : -1)
                        if c < 0 { return false }
                    }
                    return true
                }
            }
        }
    }
}
