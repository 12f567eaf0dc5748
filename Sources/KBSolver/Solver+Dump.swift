// A readable, deterministic dump of the solver's internals.

extension Solver {
    /// The objective, the tableau, the definitions, the variables, the edit
    /// variables and the constraints, each in a stable order. Symbols read
    /// `v` (external), `s` (slack), `e` (error), `d` (dummy) plus their id.
    public func dump() -> String {
        func name(_ s: Symbol) -> String {
            let prefix: String
            switch kinds[Int(s)] {
            case .external: prefix = "v"
            case .slack: prefix = "s"
            case .error: prefix = "e"
            case .dummy: prefix = "d"
            }
            return "\(prefix)\(s)"
        }
        func format(_ row: Row) -> String {
            var out = formatNumber(row.constant)
            for (k, s) in row.symbols.enumerated() {
                out += " + \(formatNumber(row.coefficients[k])) * \(name(s))"
            }
            return out
        }
        var out = "Objective\n---------\n"
        for (i, level) in objective.levels.enumerated() {
            out += "@\(level): \(format(objective.rows[i]))\n"
        }
        out += "\nTableau\n-------\n"
        for (s, row) in rows.enumerated() {
            if let row { out += "\(name(Symbol(s))) | \(format(row))\n" }
        }
        out += "\nInfeasible\n----------\n"
        for s in infeasible { out += "\(name(s))\n" }
        out += "\nDefinitions\n-----------\n"
        for definition in definitions {
            guard let definition else { continue }
            var line = "\(slotVariables[Int(definition.slot)]?.description ?? "?") = \(formatNumber(definition.constant))"
            let start = Int(definition.termStart)
            for k in start ..< start + Int(definition.termCount) {
                line += " + \(formatNumber(termCoefficients[k])) * \(slotVariables[Int(termSlots[k])]?.description ?? "?")"
            }
            if definition.marker != invalidSymbol { line += "  (marker \(name(definition.marker)))" }
            out += line + "\n"
        }
        out += "\nVariables\n---------\n"
        for (i, slot) in slots.enumerated() where slot.alive {
            let v = slotVariables[i]?.description ?? "?"
            let where_ = slot.definition >= 0 ? "defined" : slot.symbol == invalidSymbol ? "free" : name(slot.symbol)
            out += "\(v) = \(where_) (refs \(slot.references))\n"
        }
        out += "\nEdit Variables\n--------------\n"
        let ordered = records.values.sorted { $0.order < $1.order }
        for record in ordered where record.constraint.name.hasPrefix("edit(") {
            if edits.values.contains(where: { $0.constraint === record.constraint }) {
                out += "\(record.constraint.expression.terms[0].variable) = \(formatNumber(-record.constant))\n"
            }
        }
        out += "\nConstraints\n-----------\n"
        for record in ordered {
            let c = record.constraint
            let current = record.constant == c.expression.constant ? c : c.with(constant: record.constant)
            out += "\(current)\n"
        }
        return out
    }
}
