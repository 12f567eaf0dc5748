import KBModel

extension Commands {
    /// `controller`: add a view controller (the first is the window's root).
    struct Controller: Mutation {
        enum Args {
            static let name = CommandArgument.text("NAME", .newName)
            static let parent = CommandArgument.text("PARENT", .controller)
            static let container = CommandArgument.text("CONTAINER", .view)
            static let table = CommandArgument.text("TABLE", .newName)
            static let rows = CommandArgument.wholeNumber("ROWS", in: 0...TableConfiguration.maxRows,
                                                          "rows is a whole number from 0 to \(TableConfiguration.maxRows)")
            static let rowHeight = CommandArgument.number("RH")
            static let style = CommandArgument.choice("STYLE", of: TableConfiguration.Style.self)

            /// The options that describe the table (after `table NAME`).
            static let tableOptions = [KeywordOption("rows", rows), KeywordOption("rowHeight", rowHeight),
                                       KeywordOption("style", style)]
        }

        static let spec = CommandSpec("controller", [.value(Args.name),
                           .optional([.word("in"), .value(Args.parent), .word("at"), .value(Args.container)]),
                           .options([KeywordOption("table", Args.table)] + Args.tableOptions)],
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
            name = try p.required(Args.name)
            if let parent = try p[Args.parent] {
                container = (parent, try p.required(Args.container))
            } else {
                container = nil
            }
            if let t = try p[Args.table] {
                var config = TableConfiguration(style: try p[Args.style] ?? .plain)
                if let rows = try p[Args.rows] { config.rows = rows }
                if let h = try p[Args.rowHeight] { config.rowHeight = h }
                table = (t, config)
            } else if let keyword = Args.tableOptions.first(where: p.contains)?.keyword {
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
