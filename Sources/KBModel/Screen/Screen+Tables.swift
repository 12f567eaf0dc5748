// Table views: a scroll view of rows; cells exist for the rows that hold views.

extension Screen {
    /// The name of row `row`'s cell in `table`: `TABLERowK`.
    public static func cellName(_ table: String, _ row: Int) -> String { "\(table)Row\(row)" }

    /// The cell view of row `row` of `table`, made if it does not exist yet
    /// (a data source's `cellForRowAt`): a view pinned to the row's place in
    /// the table's content, as wide as the table.
    mutating func cell(_ row: Int, of table: String) throws(ModelError) -> String {
        let t = try view(named: table)
        guard let config = t.table else { throw .notATableView(table) }
        guard (0..<config.rows).contains(row) else { throw .rowOutOfRange(table: table, row: row, rows: config.rows) }
        let name = Screen.cellName(table, row)
        if case let .view(i)? = names[name] {
            guard viewList[i].row == row, viewList[i].parent == table else { throw .duplicateName(name, existing: .view) }
            return name
        }
        try checkNewName(name)
        var v = View(name: name, kind: .view, parent: table, controller: t.controller)
        v.row = row
        appendView(v)
        let e = uniqueEngine()
        e.invalidate(structure: true)
        e.addCell(name, self)
        return name
    }

    /// Adds a view of `kind` to row `row` of `table` (its cell, made if needed).
    @discardableResult
    public mutating func addView(_ kind: ViewKind, _ name: String, toRow row: Int, of table: String,
                                 options: ViewOptions = ViewOptions()) throws(ModelError) -> MutationResult {
        try checkNewName(name)
        let t = try view(named: table)
        guard let config = t.table else { throw .notATableView(table) }
        guard (0..<config.rows).contains(row) else { throw .rowOutOfRange(table: table, row: row, rows: config.rows) }
        // A refused view leaves no cell behind.
        let saved = self
        do {
            let cell = try self.cell(row, of: table)
            return try addView(kind, name, to: cell, options: options)
        } catch {
            self = saved
            throw error
        }
    }

    /// Sets a table's row count, row height or style (nil leaves one as it
    /// is). A row that holds views must stay.
    @discardableResult
    public mutating func setTable(_ table: String, rows: Int? = nil, rowHeight: Double? = nil,
                                  style: TableConfiguration.Style? = nil) throws(ModelError) -> MutationResult {
        let i = try viewIndex(table)
        guard var config = viewList[i].table else { throw .notATableView(table) }
        if let rows {
            try Screen.checkRows(rows)
            let highest = viewList.compactMap { $0.parent == table ? $0.row : nil }.max()
            if let highest, highest >= rows { throw .rowHoldsViews(table: table, row: highest) }
            config.rows = rows
        }
        if let rowHeight {
            try Screen.checkRowHeight(rowHeight)
            config.rowHeight = rowHeight
        }
        if let style, style != config.style {
            config.style = style
            config.headerHeight = style == .grouped ? TableConfiguration.groupedHeaderHeight : 0
        }
        guard config != viewList[i].table else { return .ok }
        viewList[i].table = config
        let e = uniqueEngine()
        e.addTable(table, self)
        for v in viewList where v.parent == table && v.row != nil { e.addCell(v.name, self) }
        return MutationResult(warnings: settleNow())
    }

    /// Makes `controller` a `UITableViewController`: a table view called
    /// `table` fills its root view (pinned by UIKit, not by constraints one
    /// could remove).
    @discardableResult
    public mutating func makeTableController(_ controller: String, table: String, _ config: TableConfiguration)
        throws(ModelError) -> MutationResult {
        let i = try controllerIndex(controller)
        if let existing = controllers[i].tableView { throw .duplicateName(existing, existing: .view) }
        let saved = self
        do {
            var result = try addView(.tableView, table, to: controllers[i].rootView, options: ViewOptions(table: config))
            controllers[i].tableView = table
            currentEngine().addTableControllerPin(controllers[i], self)
            result.warnings += settleNow()
            return result
        } catch {
            self = saved
            throw error
        }
    }

    /// A row count: 0…1,000,000.
    public static func checkRows(_ rows: Int) throws(ModelError) {
        guard (0...TableConfiguration.maxRows).contains(rows) else { throw .invalidRows(rows) }
    }

    /// A row height: more than 0 and finite.
    public static func checkRowHeight(_ h: Double) throws(ModelError) {
        guard h.isFinite, h > 0, h <= 10_000 else { throw .invalidHeight(h, max: 10_000) }
    }

    /// The table cell `view` is in (itself included), with its table and row.
    public func enclosingCell(of view: String) -> (cell: String, table: String, row: Int)? {
        guard let cell = nearest(from: view, where: { $0.row != nil && $0.parent != nil }),
              let row = cell.row, let table = cell.parent else { return nil }
        return (cell.name, table, row)
    }

    /// The rows of `table` on screen in `snapshot` (what UIKit has cells for).
    public func visibleRows(of table: String, in snapshot: LayoutSnapshot) -> Range<Int> {
        guard let config = (try? view(named: table))?.table, let l = snapshot.view(table), let s = l.scroll else { return 0..<0 }
        let top = s.contentOffset.y
        return config.rows(in: top, top + l.frame.height)
    }
}

extension LayoutEngine {
    /// A table's content: as wide as the table, as tall as its rows.
    func addTable(_ table: String, _ screen: Screen) {
        removeGenerated(key: "table:\(table)")
        guard let config = (try? screen.view(named: table))?.table else { return }
        let content = AnchorOwner(view: table, guide: .content), frame = AnchorOwner(view: table, guide: .frameGuide)
        let models = [
            LayoutConstraint(name: "UITableView-content-width", first: content.anchor(.width), relation: .equal,
                             second: frame.anchor(.width)),
            LayoutConstraint(name: "UITableView-content-height", first: content.anchor(.height), relation: .equal,
                             constant: config.contentHeight),
        ]
        for m in models { addGenerated(make(m, screen), key: "table:\(table)") }
    }

    /// A table view controller's table fills its root view.
    func addTableControllerPin(_ controller: Controller, _ screen: Screen) {
        removeGenerated(key: "tvc:\(controller.name)")
        guard let table = controller.tableView else { return }
        let t = AnchorOwner(view: table), root = AnchorOwner(view: controller.rootView)
        for a in [Anchor.Attribute.left, .top, .width, .height] {
            let m = LayoutConstraint(name: "UITableViewController-view-\(a.rawValue)", first: t.anchor(a), relation: .equal,
                                     second: root.anchor(a))
            addGenerated(make(m, screen), key: "tvc:\(controller.name)")
        }
    }

    /// A cell at its row's place in its table's content.
    func addCell(_ cell: String, _ screen: Screen) {
        removeGenerated(key: "cell:\(cell)")
        guard let v = try? screen.view(named: cell), let row = v.row, let table = v.parent,
              let config = (try? screen.view(named: table))?.table else { return }
        let c = AnchorOwner(view: cell), content = AnchorOwner(view: table, guide: .content)
        let models = [
            LayoutConstraint(name: "UITableViewCell-top", first: c.anchor(.top), relation: .equal,
                             second: content.anchor(.top), constant: config.rowTop(row)),
            LayoutConstraint(name: "UITableViewCell-leading", first: c.anchor(.leading), relation: .equal,
                             second: content.anchor(.leading)),
            LayoutConstraint(name: "UITableViewCell-width", first: c.anchor(.width), relation: .equal,
                             second: content.anchor(.width)),
            LayoutConstraint(name: "UITableViewCell-height", first: c.anchor(.height), relation: .equal,
                             constant: config.rowHeight),
        ]
        for m in models { addGenerated(make(m, screen), key: "cell:\(cell)") }
    }
}
