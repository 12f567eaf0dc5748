/// An incremental Cassowary solver.
///
/// Constraints are added and removed one at a time; after each change the
/// tableau is optimal again, so reading values is cheap. Edit variables take
/// suggested values through the dual simplex, and a constraint's constant can
/// be changed in place the same way (``setConstant(_:of:)``), which is how a
/// layout engine moves things without rebuilding.
///
/// The algorithm is the one of Badros, Borning and Stuckey's paper as kiwi
/// implements it, with three changes:
///
/// - **Symbolic strengths.** The objective keeps one row per priority, so a
///   higher priority always dominates (see ``Strength``).
/// - **A column index.** Every symbol knows the rows it appears in, so a
///   pivot touches only those rows, and rows merge in linear time.
/// - **Definitions.** A required equality that mentions a variable no other
///   constraint has mentioned yet is kept out of the tableau as a definition
///   of that variable (`x = 16`, `y₁ = y₀ + h₀ + 8`). A definition is
///   expanded, with a marker, only into the tableau rows of constraints that
///   later refer to the variable; the marker lets the definition be removed
///   or its constant changed incrementally, exactly like a required
///   equality's marker in the tableau. Long chains of views therefore cost
///   linear time and space instead of quadratic. Turn it off with
///   ``Options/eliminatesDefinitions`` to get the classic algorithm.
///
/// Iteration that can influence a result always runs in symbol-id order, so
/// the same sequence of calls always gives the same pivots and values. Once
/// half of what the solver stores belongs to removed constraints and
/// variables, it compacts itself, renumbering what is left in its old order
/// (Solver+Compaction.swift), so a solver that runs for days stays the size
/// of what it holds.
///
/// After any thrown error the solver is exactly as it was before the call.
public struct Solver: Sendable {
    public struct Options: Sendable, Equatable {
        /// Keep required equalities on fresh variables out of the tableau.
        public var eliminatesDefinitions: Bool

        public init(eliminatesDefinitions: Bool = true) {
            self.eliminatesDefinitions = eliminatesDefinitions
        }
    }

    public let options: Options

    // MARK: Tableau

    var kinds: [SymbolKind] = []
    /// The row of each basic symbol.
    var rows: [Row?] = []
    /// For each symbol, the basic symbols of the rows it appears in, sorted.
    var columns: [[Symbol]] = []
    var objective = Objective()
    var artificial: Row?
    /// While a constraint is tried through an artificial variable: the
    /// rows and columns as they were before it touched them, to put back if
    /// the constraint cannot hold.
    var journal: Journal?
    var infeasible: [Symbol] = []
    var basicCount = 0

    // MARK: Versions, for answers kept between questions

    /// The line of states this solver belongs to, and where it stands on
    /// it: every change that can alter what the ambiguity question reads
    /// (the rows, the columns, the objective, a slot's placement, the
    /// definitions' numbering) counts one more ``analysisVersion``, or,
    /// while ``logsAnalysisChanges``, appends what it touched to
    /// ``analysisLog``; a change made while the lineage is shared with a
    /// copy takes a new one first. Two states with the same lineage and
    /// version therefore differ by the log's entries between them and by
    /// definitions added at the end (which change none of that), so what
    /// ``AmbiguityScratch`` kept about the first holds for the second once
    /// it has let go of what the entries touched. Adding a definition and
    /// updating values count nothing.
    var lineage = Lineage()
    var analysisVersion = 0
    /// The symbols touched since the version began (while
    /// ``logsAnalysisChanges``): a basic symbol whose row changed (came,
    /// went, or changed a coefficient or its constant), a symbol that left
    /// a row or whose place in the objective may have changed, a symbol a
    /// slot took. Past ``analysisLogLimit`` it starts a new version.
    var analysisLog: [Symbol] = []
    /// Whether changes are logged for the ambiguity room
    /// (``areAmbiguous(_:scratch:)``): then a room kept between questions
    /// lets go only of what the changes touched, instead of everything it
    /// learned at each change. Off, logging costs nothing; a caller that
    /// asks after each change turns it on.
    public var logsAnalysisChanges = false {
        didSet { resetAnalysis() }
    }

    // MARK: Variables

    /// Per-variable bookkeeping, plain data so hot loops copy no references.
    @usableFromInline
    struct Slot: Sendable {
        /// Tableau symbol, or `invalidSymbol` while the variable is defined
        /// or not yet in any tableau row.
        var symbol: Symbol = invalidSymbol
        /// Index in `definitions`, or -1.
        var definition: Int32 = -1
        /// How many constraints in the solver mention the variable.
        var references: Int32 = 0
        @usableFromInline var value: Double = 0
        var alive = true
    }

    @usableFromInline var slots: [Slot] = []
    /// The slots' values are the current solution: nothing changed the
    /// tableau since ``updateVariables()``, which then has nothing to do.
    var valuesAreCurrent = false
    /// The live slots that are not defined, with their tableau symbols
    /// (what ``updateVariables()`` reads from the rows), and whether the
    /// list is still right: it is rebuilt after a slot's symbol, definition
    /// or life changes, which is rare next to updates.
    var plainSlots: [Int32] = []
    var plainSymbols: [Symbol] = []
    var plainSlotsAreCurrent = false
    var slotVariables: [Variable?] = []
    @usableFromInline var slotOf = IdentityMap()

    // What changed since the last ``updateVariables()``, so that it reads
    // only those slots (and the definitions downstream of them). Recording
    // too much costs time, never correctness; a change not recorded would
    // leave a stale value, so every write to a row's constant, a slot's
    // placement or a definition's constant records itself.

    /// Basic symbols whose rows changed (constant, or came or went).
    var changedRows: [Symbol] = []
    /// Slots given a symbol or a definition, or whose definition went.
    var changedSlots: [Int32] = []
    /// Definitions added, or whose constant changed.
    var changedDefinitions: [Int32] = []
    /// The next update reads every slot (at first, after a compaction or a
    /// roll-back).
    var valuesNeedFullUpdate = true
    /// Per symbol: the slot of the variable it stands for, or -1.
    var symbolSlots: [Int32] = []
    /// Per slot: the first of the edges to the definitions that have it
    /// among their terms (-1: none); per edge, the next edge of the same
    /// slot and its definition. Flat lists, so the update walks them
    /// without retaining an array per slot.
    var dependentHead: [Int32] = []
    var dependentNext: [Int32] = []
    var dependentDefinition: [Int32] = []
    /// The edges above are kept (made at the first update that needs them).
    var dependentsAreBuilt = false
    /// Per definition, while an update runs: queued for evaluation.
    var definitionQueued: [Bool] = []
    /// Updates that read everything without looking at what changed.
    var fullUpdatesAhead = 0

    // What the updates changed, for readers of values (``forEachSlotMoved(since:_:)``).

    /// The slots whose values updates changed, in the order they changed
    /// (a slot once per update that changed it), since the list was begun.
    var movedSlots: [Int32] = []
    /// How many times the list was begun again (it is dropped past
    /// ``movedLimit``): a mark taken before tells nothing after.
    var movedGeneration = 0
    /// Whether updates list the slots whose values they change (for
    /// ``forEachSlotMoved(since:_:)``). Off, an update costs nothing more
    /// and every mark taken before it tells nothing; a reader turns it on.
    public var listsMovedSlots = false {
        didSet { if !listsMovedSlots { dropMovedSlots() } }
    }

    struct Definition: Sendable {
        /// The defined variable: `slot = Σ coefficient · terms + constant`.
        let slot: Int32
        /// The terms are `termSlots[termStart ..< termStart + termCount]`
        /// (and the same range of `termCoefficients`).
        let termStart: Int32
        let termCount: Int32
        var constant: Double
        /// The coefficient of the defined variable in its constraint.
        let subjectCoefficient: Double
        /// The marker that follows the definition into tableau rows, made on
        /// first expansion.
        var marker: Symbol = invalidSymbol
    }

    var definitions: [Definition?] = []
    var termSlots: [Int32] = []
    var termCoefficients: [Double] = []

    // MARK: Constraints

    struct Tag: Sendable {
        var marker: Symbol
        var other: Symbol
        /// The marker's coefficient in the constraint's original row, used to
        /// turn a change of constant into a shift of the marker.
        var markerCoefficient: Double
    }

    enum Placement: Sendable {
        case tableau(Tag)
        case definition(Int32)

        var isDefinition: Bool {
            if case .definition = self { return true }
            return false
        }
    }

    @usableFromInline
    struct Record: Sendable {
        let constraint: Constraint
        /// The constant in force (changed by `setConstant`).
        @usableFromInline var constant: Double
        let order: Int
        var placement: Placement
    }

    @usableFromInline var records: [ObjectIdentifier: Record] = [:]
    var nextOrder = 0

    struct Edit: Sendable {
        let constraint: Constraint
    }

    var edits: [ObjectIdentifier: Edit] = [:]

    // MARK: Scratch space for building rows

    var scratch: [Double] = []
    var scratchUsed: [Bool] = []
    var touched: [Symbol] = []
    /// The coefficients waiting for each definition's expansion while a row
    /// is made (dense, by definition index, zero between uses).
    var pendingDefinition: [Double] = []
    var pendingDefinitionUsed: [Bool] = []

    // MARK: Compaction (Solver+Compaction.swift)

    /// Symbols of constraints and variables removed since the last
    /// compaction (some may still be in rows), and slots that died since.
    var removedSymbols = 0
    /// Compactions so far (each renumbers the slots).
    @usableFromInline var compactions = 0
    @usableFromInline var deadSlots = 0

    public init(options: Options = Options()) {
        self.options = options
    }

    // MARK: - Public API

    /// Adds a constraint.
    ///
    /// - Throws: ``SolverError/duplicateConstraint(_:)`` if it is already in
    ///   the solver; ``SolverError/unsatisfiable(_:conflicts:)`` if it is
    ///   required and cannot hold with the required constraints already in,
    ///   listing a minimal conflicting set.
    public mutating func add(_ constraint: Constraint) throws(SolverError) {
        try add(constraint, explainingConflicts: true)
    }

    /// Removes a constraint.
    public mutating func remove(_ constraint: Constraint) throws(SolverError) {
        guard let record = records[ObjectIdentifier(constraint)] else {
            throw .unknownConstraint(constraint)
        }
        noteAnalysisChange()
        records[ObjectIdentifier(constraint)] = nil
        valuesAreCurrent = false
        switch record.placement {
        case let .tableau(tag):
            removedSymbols += (tag.marker == invalidSymbol ? 0 : 1) + (tag.other == invalidSymbol ? 0 : 1)
            removeFromTableau(constraint, tag)
        case let .definition(d):
            if definitions[Int(d)]!.marker != invalidSymbol { removedSymbols += 1 }
            removeDefinition(d)
        }
        release(constraint)
        try optimizeObjective()
        compactIfSparse()
    }

    /// Inlinable (as ``constant(of:)``): a caller that holds the solver in
    /// a class reads the one table, where a call would copy the solver.
    @inlinable
    public func contains(_ constraint: Constraint) -> Bool {
        records[ObjectIdentifier(constraint)] != nil
    }

    /// The constraints in the solver, in the order they were added.
    public var constraints: [Constraint] {
        records.values.sorted { $0.order < $1.order }.map(\.constraint)
    }

    /// The constant the solver uses for `constraint` (its own, unless
    /// changed with ``setConstant(_:of:)``).
    @inlinable
    public func constant(of constraint: Constraint) -> Double? {
        records[ObjectIdentifier(constraint)]?.constant
    }

    /// Makes `variable` editable at `strength` (not required).
    public mutating func addEditVariable(_ variable: Variable, strength: Strength) throws(SolverError) {
        guard edits[ObjectIdentifier(variable)] == nil else { throw .duplicateEditVariable(variable) }
        guard !strength.isRequired else { throw .requiredEditStrength(variable) }
        let constraint = Constraint(Expression(variable), .equal, strength: strength, name: "edit(\(variable))")
        try add(constraint)
        edits[ObjectIdentifier(variable)] = Edit(constraint: constraint)
    }

    public mutating func removeEditVariable(_ variable: Variable) throws(SolverError) {
        guard let edit = edits[ObjectIdentifier(variable)] else { throw .unknownEditVariable(variable) }
        try remove(edit.constraint)
        edits[ObjectIdentifier(variable)] = nil
    }

    public func hasEditVariable(_ variable: Variable) -> Bool {
        edits[ObjectIdentifier(variable)] != nil
    }

    /// Suggests a value for an edit variable; the solver moves as little as
    /// the constraints allow (dual simplex from the current optimum).
    public mutating func suggestValue(_ value: Double, for variable: Variable) throws(SolverError) {
        guard let edit = edits[ObjectIdentifier(variable)] else { throw .unknownEditVariable(variable) }
        try setConstant(-value, of: edit.constraint)
    }

    /// Changes the constant of a constraint in the solver, as if it had been
    /// added with `expression.constant == constant`, without removing it.
    ///
    /// - Throws: ``SolverError/unsatisfiable(_:conflicts:)`` if the constraint
    ///   is required and the new constant contradicts the other required
    ///   constraints; the solver keeps the old constant.
    public mutating func setConstant(_ constant: Double, of constraint: Constraint) throws(SolverError) {
        guard let record = records[ObjectIdentifier(constraint)] else { throw .unknownConstraint(constraint) }
        let delta = constant - record.constant
        if delta == 0 { return }
        noteAnalysisChange()
        valuesAreCurrent = false
        // The constant moves the constraint's marker; only rows holding the
        // marker change. If none becomes infeasible the change is done; only
        // when the dual simplex has to pivot (and could find the change
        // impossible) is the solver copied for rolling back.
        let marker: Symbol
        let shift: Double
        var basicMarker = false
        var definitionBefore: Double?
        switch record.placement {
        case let .definition(d):
            let definition = definitions[Int(d)]!
            shift = -delta / definition.subjectCoefficient
            marker = definition.marker
            definitionBefore = definition.constant
            definitions[Int(d)]!.constant = definition.constant + shift
            noteDefinitionChanged(d)
            records[ObjectIdentifier(constraint)]!.constant = constant
            if marker == invalidSymbol || (columns[Int(marker)].isEmpty && !objective.contains(marker)) { return }
        case let .tableau(tag):
            marker = tag.marker
            shift = delta / tag.markerCoefficient
            basicMarker = rows[Int(marker)] != nil
            records[ObjectIdentifier(constraint)]!.constant = constant
        }
        // The rows the marker moves, with their constants before, so that a
        // refusal restores them exactly (not by shifting back).
        let affected: [Symbol] = basicMarker ? [marker] : columns[Int(marker)]
        if logsAnalysisChanges { for b in affected { noteTouched(b) } }
        if !valuesNeedFullUpdate {
            changedRows.append(contentsOf: affected)
            if changedRows.count > changeLimit { forgetChanges() }
        }
        let before = affected.map { rows[Int($0)]!.constant }
        func restore(_ solver: inout Solver) {
            for (k, b) in affected.enumerated() { solver.rows[Int(b)]!.constant = before[k] }
            solver.infeasible.removeAll()
            if case let .definition(d) = record.placement, let old = definitionBefore {
                solver.definitions[Int(d)]!.constant = old
            }
            solver.records[ObjectIdentifier(constraint)]!.constant = record.constant
        }
        func apply(_ solver: inout Solver) -> Bool {
            if basicMarker {
                let c = solver.rows[Int(marker)]!.constant - shift
                solver.rows[Int(marker)]!.constant = c
                if solver.kinds[Int(marker)] == .dummy { return nearZero(c) }
                if c < 0 { solver.infeasible.append(marker) }
                return true
            }
            return solver.shiftMarker(marker, by: shift)
        }
        if !apply(&self) {
            restore(&self)
            throw unsatisfiable(constraint, constant: constant)
        }
        if infeasible.isEmpty { return }
        // Pivots ahead: keep a copy of the solver as it was for rolling back.
        let pending = infeasible
        let after = affected.map { rows[Int($0)]!.constant }
        let definitionAfter: Double? = {
            if case let .definition(d) = record.placement { return definitions[Int(d)]!.constant }
            return nil
        }()
        restore(&self)
        // Pivots move rows all over the tableau: the next update reads
        // everything, and the copy kept for rolling back shares no list of
        // changes that the pivots would then copy to append to.
        forgetChanges()
        var saved: Solver? = self
        for (k, b) in affected.enumerated() { rows[Int(b)]!.constant = after[k] }
        if case let .definition(d) = record.placement, let new = definitionAfter { definitions[Int(d)]!.constant = new }
        infeasible = pending
        do {
            try dualOptimize()
        } catch {
            self = saved!
            guard constraint.strength.isRequired || record.placement.isDefinition else {
                throw .internalError("dual optimize failed for a non-required constraint")
            }
            throw unsatisfiable(constraint, constant: constant)
        }
        // The copy kept for rolling back let go first (not left to the
        // optimizer's choice of when), so the records are no longer shared
        // and are updated in place instead of copied.
        saved = nil
        records[ObjectIdentifier(constraint)]!.constant = constant
    }

    /// Copies the solution into the variables' values (read with
    /// ``value(of:)``); nothing to do when the tableau has not changed since
    /// the last call.
    public mutating func updateVariables() {
        if valuesAreCurrent { return }
        valuesAreCurrent = true
        if valuesNeedFullUpdate || fullUpdatesAhead > 0 {
            updateAllValues()
            if fullUpdatesAhead > 0 { fullUpdatesAhead -= 1 }
        } else if 8 * updateChangedValues() > definitions.count {
            // Many definitions moved (a chain's head moved): the next few
            // updates, likely alike (a keyboard shown, hidden, shown), go
            // straight to the full pass, which costs no more than a sweep
            // that evaluates a large share of them.
            fullUpdatesAhead = 8
        }
        changedRows.removeAll(keepingCapacity: true)
        changedSlots.removeAll(keepingCapacity: true)
        changedDefinitions.removeAll(keepingCapacity: true)
        valuesNeedFullUpdate = false
    }

    /// Past this many slots listed as moved, the list is dropped: a reader
    /// then reads everything, which costs about what the list would.
    var movedLimit: Int { 64 + slots.count / 2 }

    /// Begins the list of moved slots again: marks taken before tell nothing.
    mutating func dropMovedSlots() {
        movedSlots = []
        movedGeneration += 1
    }

    /// Where the list of moved slots stands: what a reader keeps to ask
    /// ``forEachSlotMoved(since:_:)`` later.
    public var valueMark: ValueMark {
        ValueMark(compactions: compactions, generation: movedGeneration, count: movedSlots.count)
    }

    /// A point in the history of the solver's values (``valueMark``).
    public struct ValueMark: Equatable, Sendable {
        let compactions: Int
        let generation: Int
        let count: Int
    }

    /// Calls `body` with each slot whose value an ``updateVariables()``
    /// changed since `mark` (a slot may come more than once), and returns
    /// true; or returns false, calling nothing, when the solver cannot tell
    /// (the list was dropped since, or a compaction renumbered the slots):
    /// the caller then reads every value it needs.
    ///
    /// Values read at `mark` by slot are still right for every slot not
    /// named, provided the slot indices are (``slotEpoch``). The list costs
    /// what the updates did, so a reader asking after each update pays for
    /// what moved, not for every value.
    public func forEachSlotMoved(since mark: ValueMark, _ body: (Int32) -> Void) -> Bool {
        guard let moved = slotsMoved(since: mark) else { return false }
        for s in moved { body(s) }
        return true
    }

    /// The slots ``forEachSlotMoved(since:_:)`` would name, as a slice of
    /// the list (nil when the solver cannot tell): a reader holds one
    /// buffer, not a copy of the solver.
    public func slotsMoved(since mark: ValueMark) -> ArraySlice<Int32>? {
        guard mark.compactions == compactions, mark.generation == movedGeneration, mark.count <= movedSlots.count
        else { return nil }
        return movedSlots[mark.count...]
    }

    /// Past this many recorded changes the next update reads everything
    /// anyway: recording stops.
    var changeLimit: Int { 64 + slots.count / 4 }

    /// Drops the recorded changes: the next update reads everything.
    mutating func forgetChanges() {
        valuesNeedFullUpdate = true
        changedRows = []
        changedSlots = []
        changedDefinitions = []
    }

    @inline(__always) mutating func noteRowChanged(_ b: Symbol) {
        guard !valuesNeedFullUpdate else { return }
        changedRows.append(b)
        if changedRows.count > changeLimit { forgetChanges() }
    }

    @inline(__always) mutating func noteSlotChanged(_ s: Int32) {
        guard !valuesNeedFullUpdate else { return }
        changedSlots.append(s)
        if changedSlots.count > changeLimit { forgetChanges() }
    }

    @inline(__always) mutating func noteDefinitionChanged(_ d: Int32) {
        guard !valuesNeedFullUpdate else { return }
        changedDefinitions.append(d)
        if changedDefinitions.count > changeLimit { forgetChanges() }
    }

    /// Reads the slots whose rows or placement changed, then evaluates the
    /// definitions downstream of a value that moved, in one sweep up the
    /// definitions' indices (a definition's terms are plain slots or
    /// defined by lower indices, so each is evaluated once, from current
    /// values, as ``updateAllValues()`` would). A sweep that has to
    /// evaluate every definition costs about what the full pass does.
    /// Returns how many definitions it evaluated.
    private mutating func updateChangedValues() -> Int {
        if definitionQueued.count < definitions.count {
            definitionQueued += Array(repeating: false, count: max(definitions.count, 64) - definitionQueued.count)
        }
        if !dependentsAreBuilt { buildDependents() }
        var low = Int.max, high = -1, evaluated = 0
        // The slots to read from their rows (or to queue the definition
        // of).
        var plain: [Int32] = []
        plain.reserveCapacity(changedRows.count + changedSlots.count)
        for symbol in changedRows where Int(symbol) < symbolSlots.count {
            let s = symbolSlots[Int(symbol)]
            if s >= 0 && Int(s) < slots.count { plain.append(s) }
        }
        for s in changedSlots where Int(s) < slots.count { plain.append(s) }
        // Moved slots are listed in a local (the slots are borrowed below)
        // and put back after.
        var moved = movedSlots
        movedSlots = []
        var listing = listsMovedSlots && moved.count <= movedLimit
        defer {
            if !listing {
                // Dropped, its room kept for the next list.
                moved.removeAll(keepingCapacity: true)
                movedGeneration += 1
            }
            movedSlots = moved
        }
        let limit = movedLimit
        rows.withUnsafeBufferPointer { rows in
        definitions.withUnsafeBufferPointer { definitions in
        termSlots.withUnsafeBufferPointer { termSlots in
        termCoefficients.withUnsafeBufferPointer { termCoefficients in
        dependentHead.withUnsafeBufferPointer { head in
        dependentNext.withUnsafeBufferPointer { next in
        dependentDefinition.withUnsafeBufferPointer { target in
        definitionQueued.withUnsafeMutableBufferPointer { queued in
        slots.withUnsafeMutableBufferPointer { slots in
            @inline(__always) func queueDependents(_ s: Int) {
                var e = head[s]
                while e >= 0 {
                    let d = Int(target[Int(e)])
                    queued[d] = true
                    if d < low { low = d }
                    if d > high { high = d }
                    e = next[Int(e)]
                }
            }
            for s in plain {
                let slot = slots[Int(s)]
                guard slot.alive else { continue }
                if slot.definition >= 0 {
                    let d = Int(slot.definition)
                    queued[d] = true
                    if d < low { low = d }
                    if d > high { high = d }
                    continue
                }
                let v = slot.symbol >= 0 ? (rows[Int(slot.symbol)]?.constant ?? 0) : 0
                if v.bitPattern != slot.value.bitPattern {
                    slots[Int(s)].value = v
                    if listing {
                        moved.append(s)
                        if moved.count > limit { listing = false }
                    }
                    queueDependents(Int(s))
                }
            }
            for d in changedDefinitions where Int(d) < definitions.count {
                queued[Int(d)] = true
                if Int(d) < low { low = Int(d) }
                if Int(d) > high { high = Int(d) }
            }
            guard high >= 0 else { return }
            var d = low
            while d <= high {
                if queued[d] {
                    queued[d] = false
                    if let definition = definitions[d] {
                        evaluated += 1
                        var v = definition.constant
                        let start = Int(definition.termStart)
                        for k in start ..< start + Int(definition.termCount) {
                            v += termCoefficients[k] * slots[Int(termSlots[k])].value
                        }
                        let s = Int(definition.slot)
                        if v.bitPattern != slots[s].value.bitPattern {
                            slots[s].value = v
                            if listing {
                                moved.append(Int32(s))
                                if moved.count > limit { listing = false }
                            }
                            queueDependents(s)
                        }
                    }
                }
                d += 1
            }
        }}}}}}}}}
        return evaluated
    }

    /// Reads every live slot: plain ones from their rows, defined ones by
    /// their definitions in index order.
    private mutating func updateAllValues() {
        if !plainSlotsAreCurrent {
            plainSlots.removeAll(keepingCapacity: true)
            plainSymbols.removeAll(keepingCapacity: true)
            for i in slots.indices where slots[i].alive && slots[i].definition < 0 {
                plainSlots.append(Int32(i))
                plainSymbols.append(slots[i].symbol)
            }
            plainSlotsAreCurrent = true
        }
        guard listsMovedSlots else {
            // Nothing listed: the loops without a look at the old values.
            rows.withUnsafeBufferPointer { rows in
                plainSlots.withUnsafeBufferPointer { plainSlots in
                    plainSymbols.withUnsafeBufferPointer { plainSymbols in
                        slots.withUnsafeMutableBufferPointer { slots in
                            for k in plainSlots.indices {
                                let s = plainSymbols[k]
                                slots[Int(plainSlots[k])].value = s >= 0 ? (rows[Int(s)]?.constant ?? 0) : 0
                            }
                        }
                    }
                }
            }
            definitions.withUnsafeBufferPointer { definitions in
                termSlots.withUnsafeBufferPointer { termSlots in
                    termCoefficients.withUnsafeBufferPointer { termCoefficients in
                        slots.withUnsafeMutableBufferPointer { slots in
                            for d in definitions.indices {
                                guard let definition = definitions[d] else { continue }
                                var v = definition.constant
                                let start = Int(definition.termStart)
                                for k in start ..< start + Int(definition.termCount) {
                                    v += termCoefficients[k] * slots[Int(termSlots[k])].value
                                }
                                slots[Int(definition.slot)].value = v
                            }
                        }
                    }
                }
            }
            movedGeneration += 1
            return
        }
        // The values that move are listed as in the sweep (a local while
        // the slots are borrowed), at most 64 of them: a full pass usually
        // follows a change that moved much (a keyboard's edit over a long
        // column), and listing all of it would cost what the pass does.
        // Past that, the list is dropped and a reader reads everything.
        var moved = movedSlots
        movedSlots = []
        var listing = listsMovedSlots && moved.count <= movedLimit
        let limit = min(movedLimit, moved.count + 64)
        rows.withUnsafeBufferPointer { rows in
            plainSlots.withUnsafeBufferPointer { plainSlots in
                plainSymbols.withUnsafeBufferPointer { plainSymbols in
                    slots.withUnsafeMutableBufferPointer { slots in
                        for k in plainSlots.indices {
                            let s = plainSymbols[k], slot = Int(plainSlots[k])
                            let v = s >= 0 ? (rows[Int(s)]?.constant ?? 0) : 0
                            if listing, v.bitPattern != slots[slot].value.bitPattern {
                                moved.append(Int32(slot))
                                if moved.count > limit { listing = false }
                            }
                            slots[slot].value = v
                        }
                    }
                }
            }
        }
        definitions.withUnsafeBufferPointer { definitions in
            termSlots.withUnsafeBufferPointer { termSlots in
                termCoefficients.withUnsafeBufferPointer { termCoefficients in
                    slots.withUnsafeMutableBufferPointer { slots in
                        for d in definitions.indices {
                            guard let definition = definitions[d] else { continue }
                            var v = definition.constant
                            let start = Int(definition.termStart)
                            for k in start ..< start + Int(definition.termCount) {
                                v += termCoefficients[k] * slots[Int(termSlots[k])].value
                            }
                            let slot = Int(definition.slot)
                            if listing, v.bitPattern != slots[slot].value.bitPattern {
                                moved.append(Int32(slot))
                                if moved.count > limit { listing = false }
                            }
                            slots[slot].value = v
                        }
                    }
                }
            }
        }
        if !listing {
            // Dropped, its room kept for the next list.
            moved.removeAll(keepingCapacity: true)
            movedGeneration += 1
        }
        movedSlots = moved
    }

    /// The value of `variable` at the last ``updateVariables()``; 0 for a
    /// variable the solver does not know. Inlinable: a caller in another
    /// module reads the two arrays it needs instead of copying the solver.
    @inlinable
    public func value(of variable: Variable) -> Double {
        guard let s = slotOf.lookup(ObjectIdentifier(variable)) else { return 0 }
        return slots[Int(s)].value
    }

    /// Where the solver keeps a variable's value, for a caller that reads
    /// the same variables after every solve: valid while ``slotEpoch`` is
    /// unchanged (no compaction renumbered the slots, no variable got a
    /// new one). -1 for a variable no constraint mentions.
    /// Inlinable: a caller in another module reads the one table it needs
    /// instead of copying the solver.
    @inlinable
    public func slotIndex(of variable: Variable) -> Int32 {
        slotOf.lookup(ObjectIdentifier(variable)) ?? -1
    }

    /// ``slotIndex(of:)`` for many variables: the one table it reads, held
    /// apart (a loop over the engine's boxes then reads no class property
    /// per variable).
    @inlinable public var slotIndices: SlotIndices { SlotIndices(map: slotOf) }

    /// Variables' slots (``slotIndices``).
    public struct SlotIndices: Sendable {
        @usableFromInline let map: IdentityMap

        @usableFromInline init(map: IdentityMap) { self.map = map }

        /// The slot of `variable`, -1 for none (``Solver/slotIndex(of:)``).
        @inlinable public func of(_ variable: Variable) -> Int32 {
            map.lookup(ObjectIdentifier(variable)) ?? -1
        }
    }

    /// The value kept at `slot` (from ``slotIndex(of:)``; 0 for -1, as
    /// ``value(of:)`` gives for a variable it does not know).
    @inlinable public func value(atSlot slot: Int32) -> Double {
        slot < 0 ? 0 : slots[Int(slot)].value
    }

    /// The values at the last ``updateVariables()`` by slot, as
    /// ``value(atSlot:)`` reads them: one buffer to hold, where a copy of
    /// the solver retains every one of its tables.
    @inlinable public var slotValues: SlotValues { SlotValues(slots: slots) }

    /// The variables' values by slot (``slotValues``).
    public struct SlotValues: Sendable {
        @usableFromInline let slots: [Slot]

        @usableFromInline init(slots: [Slot]) { self.slots = slots }

        /// The value in `slot` (0 for -1), as ``Solver/value(atSlot:)``.
        @inlinable public func value(atSlot slot: Int32) -> Double {
            slot < 0 ? 0 : slots[Int(slot)].value
        }
    }

    /// Calls `body` with each variable given a slot after `epoch`, and its
    /// slot, in slot order: when `epoch` keeps its slots at the current
    /// epoch (``SlotEpoch/keepsSlots(_:)``), these are the only variables
    /// whose ``slotIndex(of:)`` changed since (from -1). A caller that keeps
    /// slot indices reads these instead of every variable again.
    public func forEachSlot(addedSince epoch: SlotEpoch, _ body: (Variable, Int32) -> Void) {
        guard epoch.slots < slotVariables.count else { return }
        for s in epoch.slots ..< slotVariables.count {
            if let v = slotVariables[s] { body(v, Int32(s)) }
        }
    }

    /// Changes whenever a slot index read before may be stale.
    @inlinable public var slotEpoch: SlotEpoch {
        SlotEpoch(compactions: compactions, slots: slots.count, deaths: deadSlots)
    }

    public struct SlotEpoch: Equatable, Sendable {
        @usableFromInline let compactions: Int
        @usableFromInline let slots: Int
        /// Slots let go since the last compaction.
        @usableFromInline let deaths: Int

        @inlinable init(compactions: Int, slots: Int, deaths: Int) {
            self.compactions = compactions
            self.slots = slots
            self.deaths = deaths
        }

        /// Whether every slot index read at this epoch is still right at
        /// `later`: only slots were added since (a variable that had none
        /// may have one now).
        public func keepsSlots(_ later: SlotEpoch) -> Bool {
            compactions == later.compactions && deaths == later.deaths && slots <= later.slots
        }

        /// Whether `later` has more slots than this epoch.
        public func hasFewerSlots(than later: SlotEpoch) -> Bool { slots < later.slots }

        /// How many slots `later` has that this epoch had not.
        public func slotsAdded(by later: SlotEpoch) -> Int { later.slots - slots }
    }

    /// Forgets every constraint, edit variable and value.
    public mutating func reset() {
        let epochs = compactions
        self = Solver(options: options)
        // Slot indices read before the reset are stale too.
        compactions = epochs + 1
    }

    /// Whether the solver knows `variable` (some constraint mentions it).
    public func knows(_ variable: Variable) -> Bool {
        slotOf[ObjectIdentifier(variable)] != nil
    }

    /// How many symbols and variable slots the solver stores, including
    /// those of removed constraints and variables it has not compacted
    /// away yet.
    public var storage: (symbols: Int, slots: Int) { (kinds.count, slots.count) }

    /// How many rows the tableau holds (basic symbols).
    public var rowCount: Int { basicCount }

    /// How many variables are kept out of the tableau as definitions.
    public var definitionCount: Int { definitions.reduce(0) { $0 + ($1 == nil ? 0 : 1) } }

    /// The total number of nonzero coefficients in the tableau's rows.
    public var tableauSize: Int { rows.reduce(0) { $0 + ($1?.count ?? 0) } }
}

extension Solver {
    /// What the artificial phase changed, each row and column kept once as
    /// it was before its first change: putting them back undoes the phase
    /// in the time it took, whatever the size of the tableau.
    struct Journal: Sendable {
        var rows: [(Symbol, Row?)] = []
        var columns: [(Symbol, [Symbol])] = []
        var savedRows: Set<Symbol> = []
        var savedColumns: Set<Symbol> = []
        let objective: Objective
        let basicCount: Int
        let infeasible: Int
    }

    @inline(__always) mutating func noteRow(_ s: Symbol) {
        if journal != nil, journal!.savedRows.insert(s).inserted {
            journal!.rows.append((s, rows[Int(s)]))
        }
    }

    @inline(__always) mutating func noteColumn(_ s: Symbol) {
        if journal != nil, journal!.savedColumns.insert(s).inserted {
            journal!.columns.append((s, columns[Int(s)]))
        }
    }

    mutating func beginJournal() {
        journal = Journal(objective: objective, basicCount: basicCount, infeasible: infeasible.count)
    }

    /// Puts back what the journal kept (symbols made since are left to the
    /// caller's roll-back, which drops them).
    mutating func rewindJournal() {
        guard let j = journal.take() else { return }
        resetAnalysis()
        valuesNeedFullUpdate = true
        for (s, row) in j.rows.reversed() where Int(s) < rows.count { rows[Int(s)] = row }
        for (s, column) in j.columns.reversed() where Int(s) < columns.count { columns[Int(s)] = column }
        objective = j.objective
        basicCount = j.basicCount
        if infeasible.count > j.infeasible { infeasible.removeSubrange(j.infeasible...) }
    }
}

/// The identity of a line of solver states (see ``Solver/lineage``): a
/// solver that changes while a copy shares it takes a new one.
final class Lineage: Sendable {}

extension Solver {
    /// Begins a change that can alter what the ambiguity question reads,
    /// on a lineage no copy shares: one more version, unless the change
    /// logs what it touches (``noteTouched(_:)``).
    @inline(__always) mutating func noteAnalysisChange() {
        claimLineage()
        if !logsAnalysisChanges { analysisVersion &+= 1 }
    }

    /// Begins a change that logs nothing (a compaction, a roll-back, a
    /// replacement, a definition removed): one more version, the log begun
    /// again.
    mutating func resetAnalysis() {
        claimLineage()
        analysisVersion &+= 1
        if !analysisLog.isEmpty { analysisLog.removeAll(keepingCapacity: true) }
    }

    /// Logs a symbol a change touched (see ``analysisLog``).
    @inline(__always) mutating func noteTouched(_ s: Symbol) {
        guard logsAnalysisChanges else { return }
        analysisLog.append(s)
        if analysisLog.count > analysisLogLimit { resetAnalysis() }
    }

    /// Past this many entries the log starts a new version: a room then
    /// learns again what it needs, which costs about what reading the
    /// entries would.
    var analysisLogLimit: Int { 1024 + 2 * kinds.count }

    /// Takes a lineage of its own if a copy shares it (before a change that
    /// counts no version: adding a definition).
    @inline(__always) mutating func claimLineage() {
        if !isKnownUniquelyReferenced(&lineage) { lineage = Lineage() }
    }
}
