import KBModel

extension Commands {
    /// `add`: add a view, label, button, textField, textView, scrollView or stackView.
    struct Add: Mutation {
        enum Args {
            static let kind = CommandArgument.viewKind("KIND")
            static let name = CommandArgument.text("NAME", .newName)
            static let parent = CommandArgument.text("PARENT", .view)
            static let text = CommandArgument.text("TEXT", .string)
            static let placeholder = CommandArgument.text("PLACEHOLDER", .string)
            static let width = CommandArgument.number("W"), height = CommandArgument.number("H")
            static let axis = CommandArgument.choice("AXIS", [Axis.vertical, .horizontal])
            static let spacing = CommandArgument.number("N")
            static let distribution = CommandArgument.choice("D", of: StackConfiguration.Distribution.self)
            static let alignment = CommandArgument.choice("A", of: StackConfiguration.Alignment.self)
            static let rows = CommandArgument.wholeNumber("ROWS", in: 0...TableConfiguration.maxRows,
                                                          "rows is a whole number from 0 to \(TableConfiguration.maxRows)")
            static let rowHeight = CommandArgument.number("RH")
            static let style = CommandArgument.choice("STYLE", of: TableConfiguration.Style.self)
            static let row = CommandArgument.wholeNumber("ROW", in: 0...TableConfiguration.maxRows, "a row is a whole number from 0 (the first row)")

            /// The options of a stack view, and of a table view: another kind refuses them.
            static let stackOptions = [KeywordOption("axis", axis), KeywordOption("spacing", spacing),
                                       KeywordOption("distribution", distribution), KeywordOption("alignment", alignment)]
            static let tableOptions = [KeywordOption("rows", rows), KeywordOption("rowHeight", rowHeight),
                                       KeywordOption("style", style)]
        }

        static let spec = CommandSpec("add", [.value(Args.kind), .value(Args.name), .word("to"), .value(Args.parent),
                    .options([
                        KeywordOption("text", Args.text),
                        KeywordOption("placeholder", Args.placeholder),
                        KeywordOption("intrinsic", Args.width, Args.height),
                    ] + Args.stackOptions + Args.tableOptions + [
                        KeywordOption("row", Args.row),
                    ])],
            group: .structure, traits: [.mutates, .structural],
            summary: "add a view, label, button, textField, textView, scrollView, stackView or tableView",
            details: "Views added to a stack view are its arranged subviews. Intrinsic sizes: textField height 34; label and button text \"…\" → width 8 × characters, height 21 (label) / 30 (button); `intrinsic W H` overrides. Hugging 250 (labels 251), compression resistance 750. A tableView takes `rows N [rowHeight H] [style plain|grouped]` (row height 44; a grouped table has a 35 pt section header); `add KIND NAME to TABLE row K` puts a view in row K's cell (a view called TABLERowK, made for the row, pinned to its place; rows are numbered from 0). Only rows that hold views have cells, as a data source makes cells for the rows it shows.",
            examples: ["add stackView form to Login.view axis vertical spacing 12", "add textField email to form placeholder \"Email\"", "add button signIn to form text \"Sign in\"",
                       "add tableView items to List.view rows 40", "add textField qty to items row 12"],
            command: Add.self)

        let kind: ViewKind
        let name: String
        let parent: String
        let options: ViewOptions

        init(_ p: ParsedCommand) throws {
            let kind = try p.required(Args.kind)
            var options = ViewOptions(text: try p[Args.text])
            options.placeholder = try p[Args.placeholder]
            if let w = try p[Args.width], let h = try p[Args.height] { options.intrinsic = Size(width: w, height: h) }
            if kind == .stackView {
                var stack = StackConfiguration(axis: .vertical)
                if let a = try p[Args.axis] { stack.axis = a }
                if let s = try p[Args.spacing] { stack.spacing = s }
                if let d = try p[Args.distribution] { stack.distribution = d }
                if let a = try p[Args.alignment] { stack.alignment = a }
                options.stack = stack
            } else if let keyword = Args.stackOptions.first(where: p.contains)?.keyword {
                throw CommandError("'\(keyword)' is a stack-view option; \(kind.rawValue) has none",
                                   column: p.line.range(of: keyword).map { p.line.distance(from: p.line.startIndex, to: $0.lowerBound) + 1 })
            }
            if kind == .tableView {
                var table = TableConfiguration(style: try p[Args.style] ?? .plain)
                if let rows = try p[Args.rows] { table.rows = rows }
                if let h = try p[Args.rowHeight] { table.rowHeight = h }
                options.table = table
            } else if let keyword = Args.tableOptions.first(where: p.contains)?.keyword {
                throw CommandError("'\(keyword)' is a table-view option; \(kind.rawValue) has none",
                                   column: p.line.range(of: keyword + " ").map { p.line.distance(from: p.line.startIndex, to: $0.lowerBound) + 1 })
            }
            row = try p[Args.row]
            self.kind = kind
            self.options = options
            name = try p.required(Args.name)
            parent = try p.required(Args.parent)
        }

        /// `row K`: the view goes in that row of the table PARENT.
        let row: Int?

        func apply(to session: inout Session, _ log: inout ChangeLog) throws {
            if let row {
                let made = (try? session.screen.view(named: Screen.cellName(parent, row))) == nil
                log.take(try session.screen.addView(kind, name, toRow: row, of: parent, options: options))
                if made { log.notes.append("\(Screen.cellName(parent, row)) is row \(row)'s cell of \(parent) (its contentView): constrain \(name) to it") }
            } else {
                log.take(try session.screen.addView(kind, name, to: parent, options: options))
            }
        }
    }
}
