import KBModel

extension Commands {
    /// `controller`: add a view controller (the first is the window's root).
    struct Controller: Mutation {
        static let spec = CommandSpec("controller", [.value("NAME", .newName),
                           .optional([.word("in"), .value("PARENT", .controller), .word("at"), .value("CONTAINER", .view)]),
                           .options([
                               KeywordOption("table", [("TABLE", .newName)]),
                               KeywordOption("rows", [("ROWS", .number)]),
                               KeywordOption("rowHeight", [("RH", .number)]),
                               KeywordOption("style", [("STYLE", .choice(["plain", "grouped"]))]),
                           ])],
            group: .structure, traits: [.mutates, .structural],
            summary: "add a view controller (the first is the window's root); with `table T`, a UITableViewController",
            details: "The controller's root view is named NAME.view. A root controller's view fills the screen; a child controller's root view is pinned (required) to the edges of CONTAINER, a view of PARENT. Controllers appear when created. With `table T [rows N] [rowHeight H] [style plain|grouped]` it is a UITableViewController: the table view T fills its view, and UIKit's own keyboard handling comes with it (table-controller: the table's bottom inset follows the keyboard and the editing row is scrolled to visible), which a table in a plain controller does not have.",
            examples: ["controller Login", "controller Form in Login at container", "controller Settings table items rows 30"],
            command: Controller.self)

        let name: String
        /// `in PARENT at CONTAINER`: a child controller.
        let container: (parent: String, view: String)?

        /// `table T …`: a UITableViewController's table.
        let table: (name: String, config: TableConfiguration)?

        init(_ p: ParsedCommand) throws {
            name = try p.text("NAME")
            if let parent = p.string("PARENT") {
                container = (parent, try p.text("CONTAINER"))
            } else {
                container = nil
            }
            if let t = p.string("TABLE") {
                var config = TableConfiguration(style: p.string("STYLE") == "grouped" ? .grouped : .plain)
                if let rows = try p.wholeNumber("ROWS", in: 0...TableConfiguration.maxRows,
                                                "rows is a whole number from 0 to \(TableConfiguration.maxRows)") {
                    config.rows = rows
                }
                if let h = p.number("RH") { config.rowHeight = h }
                table = (t, config)
            } else if let keyword = ["rows", "rowHeight", "style"].first(where: { p.present.contains($0) }) {
                throw CommandError("'\(keyword)' describes a table view controller's table: write `table NAME` first",
                                   column: p.line.range(of: keyword + " ").map { p.line.distance(from: p.line.startIndex, to: $0.lowerBound) + 1 },
                                   suggestion: "controller \(name) table items \(keyword) …")
            } else {
                table = nil
            }
        }

        func apply(to session: inout Session, _ log: inout ChangeLog) throws {
            if let container {
                log.take(try session.screen.addController(name, in: container.parent, at: container.view))
            } else {
                log.take(try session.screen.addController(name))
            }
            if let table {
                log.take(try session.screen.makeTableController(name, table: table.name, table.config))
                var s = Strategy(kind: .tableController, controller: name)
                s.scrollView = table.name
                session.state.strategies.append(s)
                log.notes.append("\(name) is a UITableViewController: \(table.name) fills its view; UIKit adjusts the table for the keyboard (table-controller)")
            }
        }
    }
}
