import KBModel
import SwiftParser
import SwiftSyntax

/// Table views and their data source: a `UITableViewController` subclass
/// is a table view controller (`controller C table T`), a table view whose
/// `dataSource` is the controller gets its rows from
/// `tableView(_:numberOfRowsInSection:)`, and what
/// `tableView(_:cellForRowAt:)` puts into the content view of the cell of
/// row N (`if indexPath.row == N`, `case N:` of `switch indexPath.row`)
/// goes into kbplay's cell of that row (`add … to T row N`), with the
/// constraints made there on `cell.contentView` made on the cell.
extension LayoutCodeReader {
    /// The table a table view controller class shows: named after a
    /// computed property that returns `tableView` (`var items: UITableView
    /// { tableView }`), else `tableView`. Nil for another class.
    func ownTable(_ t: TypeInfo) -> String? {
        guard inherits(t, "UITableViewController", depth: 0) else { return nil }
        for r in t.routines where t.properties[r.name] != nil {
            guard let body = r.body else { continue }
            let text = HandlerWalk.normalize(body.trimmedDescription)
            if text == "{tableView}" || text == "{returntableView}" { return r.name }
        }
        return "tableView"
    }

    private func inherits(_ t: TypeInfo, _ base: String, depth: Int) -> Bool {
        guard depth < 8 else { return false }
        for parent in t.inherits {
            if parent == base { return true }
            if let p = index.types[parent], inherits(p, base, depth: depth + 1) { return true }
        }
        return false
    }

    /// The data source methods of `t`: `tableView(_:numberOfRowsInSection:)` and
    /// `tableView(_:cellForRowAt:)`.
    func dataSourceRoutine(_ t: TypeInfo, _ label: String) -> Routine? {
        t.routines.first { $0.name == "tableView" && $0.parameters.count == 2 && $0.parameters[1].label == label && $0.body != nil }
    }

    /// The tables `t`'s class is the data source of: its own (a table view
    /// controller's), and each table view whose `dataSource` it sets to
    /// `self` where it builds its screen.
    func dataSourceTables(_ t: TypeInfo, own: String?, declared: Set<String>) -> [String] {
        var out: [String] = own.map { [$0] } ?? []
        guard !declared.isEmpty else { return out }
        for a in assignments(t) where a.property == "dataSource" && declared.contains(a.view) && !out.contains(a.view)
            && HandlerWalk.normalize(a.value.trimmedDescription) == "self" {
            out.append(a.view)
        }
        return out
    }

    /// `tableView(_:numberOfRowsInSection:)`'s count for each table: an
    /// integer literal, or the `count` of an array literal the type holds;
    /// `if tableView === T { return N }` for one of several tables.
    mutating func rowCounts(_ t: TypeInfo, tables: [String], ownAliases: Set<String>) -> [String: Int] {
        guard let r = dataSourceRoutine(t, "numberOfRowsInSection"), let body = r.body else { return [:] }
        let tableParameter = r.parameters[0].name
        var out: [String: Int] = [:]
        var returned: [(value: ExprSyntax, node: Syntax)] = body.allDescendants.compactMap { n in
            n.as(ReturnStmtSyntax.self)?.expression.map { ($0, n) }
        }
        // `{ 30 }`: a single expression.
        if returned.isEmpty, let block = body.as(CodeBlockSyntax.self), block.statements.count == 1,
           let e = block.statements.first?.item.as(ExprSyntax.self) {
            returned = [(e, Syntax(e))]
        }
        for (value, node) in returned {
            let forTables: [String]
            if let table = enclosingTable(node, parameter: tableParameter, tables: tables, ownAliases: ownAliases) {
                forTables = [table]
            } else {
                forTables = tables.filter { out[$0] == nil }
            }
            guard let count = rowCount(value, t) else {
                note(index.place(value, file: r.file), "\(value.trimmedDescription) rows: not a number kbplay can read; the table is built with none")
                continue
            }
            for table in forTables where out[table] == nil { out[table] = count }
        }
        return out
    }

    private func rowCount(_ e: ExprSyntax, _ t: TypeInfo) -> Int? {
        if let n = Int(e.trimmedDescription), n >= 0, n <= TableConfiguration.maxRows { return n }
        let text = HandlerWalk.normalize(e.trimmedDescription)
        if text.hasSuffix(".count"), let p = t.properties[String(text.dropLast(6))] {
            var parser = Parser(p.initializer)
            if let array = ExprSyntax.parse(from: &parser).as(ArrayExprSyntax.self) { return array.elements.count }
        }
        return nil
    }

    /// The table a `if tableView === T` around `node` names.
    func enclosingTable(_ node: Syntax, parameter: String, tables: [String], ownAliases: Set<String>) -> String? {
        var p = node.parent
        while let n = p {
            if let i = n.as(IfExprSyntax.self), i.body.allDescendants.contains(where: { $0.id == node.id }) || i.body.id == node.id {
                for c in i.conditions {
                    let text = HandlerWalk.normalize(c.condition.trimmedDescription)
                    for op in ["===", "=="] {
                        let sides = text.components(separatedBy: op)
                        guard sides.count == 2 else { continue }
                        let other = sides[0] == parameter ? sides[1] : sides[1] == parameter ? sides[0] : nil
                        if let other {
                            if tables.contains(other) { return other }
                            if ownAliases.contains(other) { return tables.first }
                        }
                    }
                }
            }
            p = n.parent
        }
        return nil
    }

    /// The row `if indexPath.row == N` or `case N:` of `switch
    /// indexPath.row` around `node` is for.
    func enclosingRow(_ node: Syntax, indexPath: String) -> Int? {
        var p = node.parent
        var child = node
        while let n = p {
            if let i = n.as(IfExprSyntax.self), i.body.id == child.id {
                for c in i.conditions {
                    let text = HandlerWalk.normalize(c.condition.trimmedDescription)
                    let sides = text.components(separatedBy: "==")
                    guard sides.count == 2 else { continue }
                    if sides[0] == indexPath + ".row", let row = Int(sides[1]) { return row }
                    if sides[1] == indexPath + ".row", let row = Int(sides[0]) { return row }
                }
            }
            if let c = n.as(SwitchCaseSyntax.self), let label = c.label.as(SwitchCaseLabelSyntax.self),
               let s = c.parent?.parent?.as(SwitchExprSyntax.self),
               HandlerWalk.normalize(s.subject.trimmedDescription) == indexPath + ".row",
               label.caseItems.count == 1, let row = Int(label.caseItems.first!.pattern.trimmedDescription) {
                return row
            }
            child = n
            p = n.parent
        }
        return nil
    }

    /// The names `tableView(_:cellForRowAt:)` gives the cell it returns
    /// (`let cell = UITableViewCell(…)`, a dequeued one), with and without
    /// `.contentView`.
    func cellNames(_ r: Routine) -> [String] {
        guard let body = r.body else { return [] }
        var out: [String] = []
        for node in body.allDescendants {
            guard let pb = node.as(PatternBindingSyntax.self), let v = pb.initializer?.value.trimmedDescription,
                  v.contains("UITableViewCell(") || v.contains("dequeueReusableCell(") else { continue }
            let name = pb.pattern.trimmedDescription
            out += [name + ".contentView", name]
        }
        return out
    }

    /// `tableView.rowHeight = N` where the table view controller builds its screen.
    func ownRowHeight(_ t: TypeInfo, aliases: Set<String>) -> Double? {
        var out: Double?
        for a in assignments(t) where a.property == "rowHeight" && aliases.contains(a.view) {
            if let h = number(a.value, owner: t), h > 0 { out = h }
        }
        return out
    }
}
