import KBModel

extension Commands {
    /// `add`: add a view, label, button, textField, textView, scrollView or stackView.
    struct Add: Mutation {
        static let spec = CommandSpec("add", [.value("KIND", .viewKind), .value("NAME", .newName), .word("to"), .value("PARENT", .view),
                    .options([
                        KeywordOption("text", [("TEXT", .string)]),
                        KeywordOption("placeholder", [("PLACEHOLDER", .string)]),
                        KeywordOption("intrinsic", [("W", .number), ("H", .number)]),
                        KeywordOption("axis", [("AXIS", .choice(["vertical", "horizontal"]))]),
                        KeywordOption("spacing", [("N", .number)]),
                        KeywordOption("distribution", [("D", .choice(["fill", "fillEqually", "equalSpacing"]))]),
                        KeywordOption("alignment", [("A", .choice(["fill", "leading", "center", "trailing"]))]),
                        KeywordOption("rows", [("ROWS", .number)]),
                        KeywordOption("rowHeight", [("RH", .number)]),
                        KeywordOption("style", [("STYLE", .choice(["plain", "grouped"]))]),
                        KeywordOption("row", [("ROW", .number)]),
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
            let kindToken = try p.required("KIND")
            guard let kind = ViewKind(rawValue: kindToken.text) else {
                throw CommandError("unknown view kind '\(kindToken.text)'", column: kindToken.column,
                                   suggestion: nearestName(to: kindToken.text, in: ViewKind.allCases.map(\.rawValue)))
            }
            var options = ViewOptions(text: p.string("TEXT"))
            options.placeholder = p.string("PLACEHOLDER")
            if let w = p.number("W"), let h = p.number("H") { options.intrinsic = Size(width: w, height: h) }
            if kind == .stackView {
                var stack = StackConfiguration(axis: .vertical)
                if let a = p.string("AXIS") { stack.axis = a == "horizontal" ? .horizontal : .vertical }
                if let s = p.number("N") { stack.spacing = s }
                if let d = p.string("D"), let dist = StackConfiguration.Distribution(rawValue: d) { stack.distribution = dist }
                if let a = p.string("A"), let al = StackConfiguration.Alignment(rawValue: a) { stack.alignment = al }
                options.stack = stack
            } else if let keyword = ["axis", "spacing", "distribution", "alignment"].first(where: { p.present.contains($0) }) {
                throw CommandError("'\(keyword)' is a stack-view option; \(kind.rawValue) has none",
                                   column: p.line.range(of: keyword).map { p.line.distance(from: p.line.startIndex, to: $0.lowerBound) + 1 })
            }
            if kind == .tableView {
                var table = TableConfiguration(style: p.string("STYLE") == "grouped" ? .grouped : .plain)
                if let rows = try p.wholeNumber("ROWS", in: 0...TableConfiguration.maxRows,
                                                "rows is a whole number from 0 to \(TableConfiguration.maxRows)") {
                    table.rows = rows
                }
                if let h = p.number("RH") { table.rowHeight = h }
                options.table = table
            } else if let keyword = ["rows", "rowHeight", "style"].first(where: { p.present.contains($0) }) {
                throw CommandError("'\(keyword)' is a table-view option; \(kind.rawValue) has none",
                                   column: p.line.range(of: keyword + " ").map { p.line.distance(from: p.line.startIndex, to: $0.lowerBound) + 1 })
            }
            row = try p.wholeNumber("ROW", in: 0...TableConfiguration.maxRows, "a row is a whole number from 0 (the first row)")
            self.kind = kind
            self.options = options
            name = try p.text("NAME")
            parent = try p.text("PARENT")
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
