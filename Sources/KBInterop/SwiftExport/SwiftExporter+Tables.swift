import KBModel

/// A table's rows as its data source makes them: `numberOfRowsInSection`
/// returns the table's rows, and `cellForRowAt` makes a plain cell, into
/// whose content view it puts, for each row that holds views in kbplay
/// (the cell kbplay names TABLERowK), those views with their constraints.
/// The views themselves are the controller's properties, as a form built
/// of static cells keeps them.
extension SwiftExporter {
    /// The cells (row views) of `table`, by row.
    func cells(of table: String) -> [View] {
        screen.views.filter { $0.row != nil && $0.parent == table }.sorted { $0.row! < $1.row! }
    }

    /// The tables whose data source the class of controller `name` is:
    /// its own table (a table view controller's), then the table views it
    /// makes.
    func dataSourceTables(of name: String) -> [String] {
        var out: [String] = []
        if let t = (try? screen.controller(named: name))?.tableView { out.append(t) }
        out += screen.views.filter { $0.kind == .tableView && $0.controller == name && !isTableOfController($0.name) && !excluded.contains($0.name) }
            .map(\.name)
        return out
    }

    /// The table cell (row view) `view` is in: itself, or its nearest
    /// ancestor that is one.
    func cell(containing view: String) -> String? {
        var name: String? = view
        var seen: Set<String> = []
        while let n = name, seen.insert(n).inserted, let v = try? screen.view(named: n) {
            if v.row != nil { return n }
            name = v.parent
        }
        return nil
    }

    /// Where a constraint on views in a table cell is made: in that cell
    /// (`.cell`), by the data source, when all its views are in it; nowhere
    /// (`.mixed`) when it ties a cell's views to views outside it, which
    /// the cell, made later, cannot be constrained to in code.
    enum CellPlacement { case cell(String), mixed }

    func cellPlacement(_ c: LayoutConstraint) -> CellPlacement? {
        let cells = c.views.map { cell(containing: $0) }
        guard let first = cells.first(where: { $0 != nil }) ?? nil else { return nil }
        return cells.allSatisfy({ $0 == first }) ? .cell(first) : .mixed
    }

    /// Writes the data source methods of controller `name`'s class.
    mutating func writeDataSource(of name: String) {
        let tables = dataSourceTables(of: name)
        guard !tables.isEmpty, let isTableController = (try? screen.controller(named: name)).map({ $0.tableView != nil }) else { return }
        let override = isTableController ? "override " : ""
        if tables.contains(where: { !isTableOfController($0) }) {
            update(name) { if !$0.conformances.contains("UITableViewDataSource") { $0.conformances.append("UITableViewDataSource") } }
        }
        func reference(_ t: String) -> String { viewReference(t, from: name) ?? "tableView" }
        var rows = ["\(override)func tableView(_ tableView: UITableView, numberOfRowsInSection section: Int) -> Int {"]
        var cell = [
            "\(override)func tableView(_ tableView: UITableView, cellForRowAt indexPath: IndexPath) -> UITableViewCell {",
            "    let cell = UITableViewCell(style: .default, reuseIdentifier: nil)",
        ]
        for t in tables {
            let count = (try? screen.view(named: t))?.table?.rows ?? 0
            let single = tables.count == 1
            rows.append(single ? "    \(count)" : "    if tableView === \(reference(t)) { return \(count) }")
            var lines: [String] = []
            for c in cells(of: t) {
                lines.append("if indexPath.row == \(c.row!) {")
                lines += cellLines(c, in: name).map { "    " + $0 }
                lines.append("}")
            }
            if single {
                cell += lines.map { "    " + $0 }
            } else if !lines.isEmpty {
                cell.append("    if tableView === \(reference(t)) {")
                cell += lines.map { "        " + $0 }
                cell.append("    }")
            }
        }
        if tables.count > 1 { rows.append("    return 0") }
        rows.append("}")
        cell += ["    return cell", "}"]
        update(name) {
            $0.members.append(rows)
            $0.members.append(cell)
        }
    }

    /// What `cellForRowAt` does for the row of `cell`: its views put into
    /// the cell's content view, and the constraints made in it.
    private mutating func cellLines(_ cell: View, in controller: String) -> [String] {
        var out: [String] = []
        for v in screen.views where v.parent == cell.name {
            guard let ref = classes[controller]?.names.callName(v.name) else { continue }
            out.append("cell.contentView.addSubview(\(ref))")
        }
        cellInScope = cell.name
        defer { cellInScope = nil }
        var activated: [String] = []
        for c in screen.constraints {
            guard case .cell(cell.name)? = cellPlacement(c) else { continue }
            guard let expression = constraintExpression(c, from: controller) else { continue }
            if !c.isActive {
                out.append("// kbplay: \(c.name) is inactive in this session: not made")
                continue
            }
            activated.append(expression + Self.naming(c))
        }
        if !activated.isEmpty {
            out.append("NSLayoutConstraint.activate([")
            out += activated.map { "    " + $0 + "," }
            out.append("])")
        }
        return out
    }
}
