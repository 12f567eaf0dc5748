import KBModel
import SwiftSyntax

/// Reads the views and constraints a view controller's code makes.
struct LayoutCodeReader {
    let index: CodeIndex
    var findings: [Finding] = []
    /// The screen being read's child controllers: the property that holds
    /// each → its controller's name.
    var childRoots: [String: String] = [:]
    /// The names that stand for the controller's root view when it is a view
    /// class of the files (`var loginView: LoginView { view as! LoginView }`).
    var rootAliases: Set<String> = []
    /// The views the root view's own class makes, which the controller's
    /// code sets and constrains.
    var rootViews: Set<String> = []
    /// In `tableView(_:cellForRowAt:)`, the names of the cell being made
    /// (`cell.contentView`, `cell`) → kbplay's cell of its row (`listRow14`).
    var cellAliases: [(String, String)] = []
    /// The dictionary literals held by locals, per function: the views and
    /// metrics of visual formats.
    var dictionaryLocals: [SyntaxIdentifier: [String: ExprSyntax]] = [:]
    /// The routines that build each type's screen, found once.
    final class Cache<Value> {
        var value: Value
        init(_ value: Value) { self.value = value }
    }
    let setupCache = Cache<[String: Set<ObjectIdentifier>]>([:])

    static let kinds: [String: ViewKind] = [
        "UIView": .view, "UILabel": .label, "UIButton": .button, "UITextField": .textField, "UITextView": .textView,
        "UIScrollView": .scrollView, "UIStackView": .stackView, "UITableView": .tableView,
    ]

    mutating func note(_ p: Place, _ m: String) {
        findings.append(Finding(file: p.file, line: p.line, column: p.column, message: m))
    }

    /// The UIKit class a view's initial value makes: `UITextField()`,
    /// `UIButton(type: .system)`, `{ let f = UITextField(); …; return f }()`.
    static func viewClass(_ text: String) -> String? {
        let words = KeyboardNames.words(text)
        guard let i = words.firstIndex(where: { $0.hasPrefix("UI") && ["View", "Field", "Label", "Button", "Bar", "Toolbar", "Control", "Switch", "Slider", "Picker"].contains(where: $0.hasSuffix) }) else { return nil }
        let name = words[i]
        guard text.contains(name + "(") || text.contains(name + " (") else { return nil }
        return name
    }

    /// The UIKit class a view's initial value makes, a view class of the
    /// files read included: `FormField()` of `class FormField: UITextField`
    /// is a `UITextField`.
    func uikitViewClass(_ text: String) -> String? {
        if let ui = Self.viewClass(text) { return ui }
        for w in KeyboardNames.words(text) where text.contains(w + "(") {
            if let base = uikitBase(w, depth: 0) { return base }
        }
        // A function of the files that returns a view: `makeField("Email")`.
        let call = text.hasPrefix("self.") ? String(text.dropFirst(5)) : text
        if let first = KeyboardNames.words(call).first, call.hasPrefix(first + "("),
           let r = index.allRoutines.first(where: { $0.name == first }),
           let returned = r.body?.parent?.as(FunctionDeclSyntax.self)?.signature.returnClause?.type.trimmedDescription {
            let type = returned.filter { $0 != "!" && $0 != "?" }
            if let ui = Self.viewClass(type + "()") { return ui }
            return uikitBase(type, depth: 0)
        }
        return nil
    }

    /// The UIKit view class a class of the files read comes from.
    func uikitBase(_ name: String, depth: Int) -> String? {
        guard depth < 8, let t = index.types[name], t.kind == "class" else { return nil }
        for parent in t.inherits {
            if parent.hasPrefix("UI"), Self.viewClass(parent + "()") != nil { return parent }
            if let base = uikitBase(parent, depth: depth + 1) { return base }
        }
        return nil
    }

    /// What one screen's reading has found so far.
    final class Build {
        var declared: [String: (kind: ViewKind, place: Place, cls: String, intrinsic: (width: Double, height: Double)?)] = [:]
        var views: [CodeScreen.View] = []
        /// Each constraint with the view whose SnapKit block made it.
        var constraints: [(c: CodeScreen.Constraint, snap: String?)] = []
        /// Constraints made but not yet active, by the name that holds
        /// them: the expressions that make them, in order.
        var pending: [String: [(expr: ExprSyntax, file: Int)]] = [:]
        var priorities: [String: Double] = [:]
        /// Views placed by SnapKit or arranged by a stack: UIKit turns
        /// their autoresizing masks off itself.
        var autoLayoutViews: Set<String> = []
        var children: [CodeScreen.Child] = []
        /// The property or local that holds each child controller.
        var childProperties: [String: String] = [:]
        var outlets: Set<String> = []

        /// A view's superview: the one the code adds it to, the root, or
        /// for an outlet the one the session has it in.
        func parent(of view: String) -> String {
            if let v = views.first(where: { $0.name == view }) { return v.parent ?? codeScreenRoot }
            return outlets.contains(view) ? codeScreenParentPrefix + view : codeScreenRoot
        }
    }

    /// The view class of the files a controller's `loadView` makes its
    /// root view, and the names the controller gives it.
    func rootViewClass(_ t: TypeInfo) -> (type: TypeInfo, aliases: Set<String>)? {
        guard let load = t.routines(named: "loadView").first, let body = load.body else { return nil }
        for node in body.allDescendants {
            guard let q = node.as(SequenceExprSyntax.self) else { continue }
            let e = Array(q.elements)
            guard e.count == 3, e[1].is(AssignmentExprSyntax.self), HandlerWalk.normalize(e[0].trimmedDescription) == "view" else { continue }
            let value = e[2].trimmedDescription
            var aliases: Set<String> = []
            var text = value
            if let p = t.properties[HandlerWalk.normalize(value)] {
                aliases.insert(HandlerWalk.normalize(value))
                text = p.type + " " + p.initializer
            }
            guard let name = KeyboardNames.words(text).first(where: { index.types[$0] != nil && uikitBase($0, depth: 0) != nil }),
                  let type = index.types[name] else { continue }
            // Properties that are the root view cast to its class.
            for (n, p) in t.properties where p.type.contains(name) || p.initializer.contains("as! \(name)") || p.initializer.contains("as? \(name)") {
                aliases.insert(n)
            }
            for r in t.routines where t.properties[r.name] != nil {
                if let b = r.body?.trimmedDescription, b.contains("as! \(name)") || b.contains("as? \(name)") { aliases.insert(r.name) }
            }
            return (type, aliases)
        }
        return nil
    }

    /// The calls the screen's reading acts on.
    static let layoutCalls: Set<String> = [
        "makeConstraints", "updateConstraints", "remakeConstraints", "append", "addSubview", "addArrangedSubview", "forEach",
        "activate", "addConstraints", "addConstraint",
    ]

    /// An expression as a name: `self.` and `?`/`!` dropped, and a name
    /// that stands for the root view (`loginView.email`, `(view as!
    /// LoginView).email`) read as the root view's.
    func normal(_ text: String) -> String {
        var t = HandlerWalk.normalize(text)
        if t.hasPrefix("(viewas"), let r = t.range(of: ").") { t = String(t[r.upperBound...]) }
        for alias in rootAliases {
            if t == alias { return "view" }
            if t.hasPrefix(alias + ".") { return String(t.dropFirst(alias.count + 1)) }
        }
        for (alias, cell) in cellAliases {
            if t == alias { return cell }
            if t.hasPrefix(alias + ".") { return cell + t.dropFirst(alias.count) }
        }
        return t
    }

    mutating func screens() -> [CodeScreen] {
        var out: [CodeScreen] = []
        for name in index.order {
            guard let t = index.types[name], t.isViewController, t.kind != "extension" || !name.hasPrefix("UI") else { continue }
            // A root view of the app's own class (`loadView() { view =
            // LoginView() }`) builds its subviews first, into this controller.
            let root = rootViewClass(t)
            rootAliases = root?.aliases ?? []
            let rootScreen = root.flatMap { screen($0.type) }
            rootViews = Set(rootScreen?.views.map(\.name) ?? [])
            guard var s = screen(t) ?? rootScreen.map({ _ in CodeScreen(type: t.name, controller: Self.controllerName(t.name), views: [], constraints: []) }) else {
                continue
            }
            if let r = rootScreen {
                s.views = r.views + s.views
                s.constraints = r.constraints + s.constraints
                s.settings = r.settings + s.settings
                s.inputViews = r.inputViews + s.inputViews
                s.children = r.children + s.children
                s.outlets = (r.outlets + s.outlets).sorted()
            }
            rootAliases = []
            rootViews = []
            out.append(s)
        }
        // A child controller's own screen is built after the parent's that
        // makes it.
        var ordered: [CodeScreen] = []
        var left = out
        while !left.isEmpty {
            let before = left.count
            let waiting = left
            left.removeAll { s in
                let madeBy = waiting.contains { p in p.type != s.type && p.children.contains { $0.type == s.type } }
                if madeBy { return false }
                ordered.append(s)
                return true
            }
            if left.count == before { ordered += left; break }
        }
        return ordered
    }

    private mutating func screen(_ t: TypeInfo) -> CodeScreen? {
        let b = Build()
        b.outlets = t.outlets
        for (n, p) in t.properties.sorted(by: { $0.key < $1.key }) {
            guard let cls = uikitViewClass(p.initializer) else { continue }
            let place = t.routines.first { $0.name == n }?.place ?? t.place
            b.declared[n] = (kind(cls, place), place, cls, intrinsicSize(p.initializer))
            customView(p.initializer, place)
        }
        childControllers(t, b)
        childRoots = b.childProperties
        let setup = setupRoutines(t)
        // The tables whose data source this class is, and the cells it makes.
        let own = ownTable(t)
        // The names code gives the table view controller's own table.
        let ownAliases: Set<String> = own.map { ["tableView", $0] } ?? []
        let tables = dataSourceTables(t, own: own, declared: Set(b.declared.filter { $0.value.kind == .tableView }.keys))
        let cellRoutine = tables.isEmpty ? nil : dataSourceRoutine(t, "cellForRowAt")
        let cells = cellRoutine.map(cellNames) ?? []
        let indexPath = cellRoutine?.parameters[1].name ?? "indexPath"
        let tableParameter = cellRoutine?.parameters[0].name ?? "tableView"
        var cellRows: [String: (table: String, row: Int)] = [:]
        let routines = t.routines.filter { $0.body != nil }.sorted { ($0.place.file, $0.place.line) < ($1.place.file, $1.place.line) }
        for r in routines {
            guard let body = r.body else { continue }
            let isCellRoutine = r === cellRoutine
            let runs = setup.contains(ObjectIdentifier(r)) || isCellRoutine
            cellAliases = []
            for node in body.allDescendants {
                // What the data source puts into the cell of a row.
                if isCellRoutine {
                    cellAliases = []
                    guard let row = enclosingRow(node, indexPath: indexPath),
                          let table = enclosingTable(node, parameter: tableParameter, tables: tables, ownAliases: ownAliases)
                            ?? (tables.count == 1 ? tables[0] : nil) else { continue }
                    let cell = Screen.cellName(table, row)
                    cellRows[cell] = (table, row)
                    cellAliases = cells.map { ($0, cell) }
                }
                if let pb = node.as(PatternBindingSyntax.self), let v = pb.initializer?.value {
                    let n = pb.pattern.trimmedDescription
                    if let cls = uikitViewClass(v.trimmedDescription), b.declared[n] == nil, r.body?.is(AccessorBlockSyntax.self) == false,
                       !v.is(ClosureExprSyntax.self), t.properties[r.name] == nil {
                        b.declared[n] = (kind(cls, index.place(pb, file: r.file)), index.place(pb, file: r.file), cls, intrinsicSize(v.trimmedDescription))
                        customView(v.trimmedDescription, index.place(pb, file: r.file))
                    }
                    guard runs, Self.runsInline(node, in: r) else { continue }
                    if makesConstraints(v) { b.pending[n] = [(v, r.file)] }
                    if v.trimmedDescription == "[]", pb.typeAnnotation?.type.trimmedDescription.contains("NSLayoutConstraint") == true {
                        b.pending[n] = []
                    }
                }
                guard runs, node.is(SequenceExprSyntax.self) || node.is(FunctionCallExprSyntax.self), Self.runsInline(node, in: r) else { continue }
                if let q = node.as(SequenceExprSyntax.self) {
                    let e = Array(q.elements)
                    if e.count == 3, e[1].is(AssignmentExprSyntax.self) {
                        let target = normal(e[0].trimmedDescription)
                        if makesConstraints(e[2]) { b.pending[target] = [(e[2], r.file)] }
                        if target.hasSuffix(".isActive"), e[2].trimmedDescription == "true",
                           !b.outlets.contains(String(target.dropLast(".isActive".count))) {
                            let base = String(target.dropLast(".isActive".count))
                            var expr = e[0].as(MemberAccessExprSyntax.self)?.base ?? e[0]
                            // `list.forEach { $0.isActive = true }`: each of list.
                            if base == "$0", let each = Self.forEachBase(Syntax(q)) { expr = each }
                            if let list = constraintList(expr, file: r.file, name: nil, t: t, b: b) {
                                b.constraints += list.map { ($0, nil) }
                            } else {
                                note(index.place(e[0], file: r.file), "\(base) is not a constraint kbplay can read: not built")
                            }
                        }
                        if target.hasSuffix(".priority") {
                            let base = String(target.dropLast(".priority".count))
                            if let p = Self.priority(e[2].trimmedDescription) { b.priorities[base] = p }
                        }
                    }
                    if e.count == 3, e[1].as(BinaryOperatorExprSyntax.self)?.operator.text == "+=", makesConstraints(e[2]) {
                        b.pending[normal(e[0].trimmedDescription), default: []].append((e[2], r.file))
                    }
                }
                guard let call = node.as(FunctionCallExprSyntax.self), let word = Self.calleeWord(call) else { continue }
                // A layout helper of the app's own on a view (`field.pinEdges(to: view)`).
                if let base = HandlerWalk.calleeName(call.calledExpression).base, base != "self", base != "super", word != "init",
                   let helper = viewHelper(word) {
                    note(index.place(call, file: r.file),
                         "\(normal(base)).\(word)(…) makes constraints in \(helper.owner).\(word), which kbplay does not follow: they are not built")
                }
                // `a.constraint(…).activated()`: a helper that sets
                // `isActive = true` and returns the constraint.
                if activatingHelper(word), constraintCallKind(call) == .helper {
                    // Held by a name (`bottom = a.constraint(…).activated()`): named after it.
                    var holder: String?
                    if let q = call.parent?.parent?.as(SequenceExprSyntax.self), q.elements.count == 3, Array(q.elements)[1].is(AssignmentExprSyntax.self),
                       Array(q.elements)[2].id == call.id {
                        holder = normal(Array(q.elements)[0].trimmedDescription)
                    } else if let pb = call.parent?.as(InitializerClauseSyntax.self)?.parent?.as(PatternBindingSyntax.self) {
                        holder = pb.pattern.trimmedDescription
                    }
                    if let holder { b.pending[holder] = nil }
                    if let list = constraintList(ExprSyntax(call), file: r.file, name: holder, t: t, b: b) { b.constraints += list.map { ($0, nil) } }
                    continue
                }
                guard Self.layoutCalls.contains(word) else { continue }
                let (fname, base) = HandlerWalk.calleeName(call.calledExpression)
                let labels = call.arguments.map { $0.label?.text ?? "_" }
                if let fname, ["makeConstraints", "updateConstraints", "remakeConstraints"].contains(fname),
                   let base, base.hasSuffix(".snp") {
                    snapKit(call, view: String(base.dropLast(4)), mode: fname, file: r.file, t: t, b: b)
                }
                if fname == "append", let base, b.pending[base] != nil, let arg = call.arguments.first?.expression, makesConstraints(arg) {
                    b.pending[base, default: []].append((arg, r.file))
                }
                // `[a, b].forEach(view.addSubview)`, as `forEach { view.addSubview($0) }`.
                var adder = fname, addedTo = base, added = call.arguments.first?.expression.trimmedDescription
                if fname == "forEach", let array = call.calledExpression.as(MemberAccessExprSyntax.self)?.base?.as(ArrayExprSyntax.self),
                   let method = call.arguments.first?.expression, method.is(MemberAccessExprSyntax.self) || method.is(DeclReferenceExprSyntax.self) {
                    (adder, addedTo) = HandlerWalk.calleeName(method)
                    added = array.elements.map { $0.expression.trimmedDescription }.joined(separator: ",")
                }
                if adder == "addSubview" || adder == "addArrangedSubview", let child = added {
                    // `[a, b].forEach { view.addSubview($0) }` adds each.
                    let fname = adder, base = addedTo
                    var children = child.split(separator: ",").map { normal(String($0)) }
                    if child == "$0", let list = Self.forEachList(call) { children = list }
                    let parent = base.map { cellAliases.isEmpty ? $0 : normal($0) }.flatMap { $0 == "view" ? nil : $0 }
                    for c in children {
                        // A child controller's view: placed by `controller … in`.
                        if c.hasSuffix(".view"), b.childProperties[String(c.dropLast(5))] != nil { continue }
                        guard let d = b.declared[c] else {
                            if b.outlets.contains(c) { continue }
                            note(index.place(call, file: r.file), "\(c) is added to a view but not made in the files read: not built")
                            continue
                        }
                        if let i = b.views.firstIndex(where: { $0.name == c }) { b.views.remove(at: i) }
                        var made = CodeScreen.View(name: c, kind: d.kind, parent: parent, file: d.place.file, line: d.place.line)
                        if let size = d.intrinsic { (made.intrinsicWidth, made.intrinsicHeight) = (size.width, size.height) }
                        b.views.append(made)
                        if fname == "addArrangedSubview" { b.autoLayoutViews.insert(c) }
                    }
                }
                let activates = (fname == "activate" && base == "NSLayoutConstraint")
                    || ((fname == "addConstraints" || fname == "addConstraint") && labels == ["_"])
                if activates, let arg = call.arguments.first?.expression {
                    if let list = constraintList(arg, file: r.file, name: nil, t: t, b: b) {
                        b.constraints += list.map { ($0, nil) }
                    } else {
                        note(index.place(arg, file: r.file), "\(arg.trimmedDescription) is not a constraint kbplay can read: not built")
                    }
                }
            }
        }
        cellAliases = []
        var views = b.views
        // A view put into a cell: in kbplay's cell of its row.
        for i in views.indices {
            guard let p = views[i].parent, let cell = cellRows[p] else { continue }
            views[i].parent = cell.table
            views[i].row = cell.row
        }
        // The tables' rows.
        let counts = tables.isEmpty ? [:] : rowCounts(t, tables: tables, ownAliases: ownAliases)
        for i in views.indices where views[i].kind == .tableView {
            views[i].rows = counts[views[i].name]
        }
        // `UIStackView(arrangedSubviews: [a, b])`: a and b are its arranged views.
        // They come first in the stack, before those added later.
        var withArranged: [CodeScreen.View] = []
        for v in views {
            withArranged.append(v)
            guard v.kind == .stackView else { continue }
            for child in arranged(v.name, in: t) where !views.contains(where: { $0.name == child }) {
                if let d = b.declared[child] {
                    var made = CodeScreen.View(name: child, kind: d.kind, parent: v.name, file: d.place.file, line: d.place.line)
                    if let size = d.intrinsic { (made.intrinsicWidth, made.intrinsicHeight) = (size.width, size.height) }
                    withArranged.append(made)
                    b.autoLayoutViews.insert(child)
                }
            }
        }
        views = withArranged
        var settings: [CodeScreen.Setting] = []
        var inputViews: [CodeScreen.InputView] = []
        properties(t, b, views: &views, settings: &settings, inputViews: &inputViews)
        var constraints = b.constraints.map(\.c)
        for i in constraints.indices { if let n = constraints[i].name, let p = b.priorities[n] { constraints[i].priority = p } }
        // A controller class of its own with nothing in code still makes
        // its controller (an empty root view).
        guard !views.isEmpty || !constraints.isEmpty || !settings.isEmpty || !b.children.isEmpty || !inputViews.isEmpty
            || own != nil || Self.isEmptyController(t) else { return nil }
        // Parents before children.
        var ordered: [CodeScreen.View] = []
        var left = views
        while !left.isEmpty {
            let before = left.count
            left.removeAll { v in
                guard v.parent == nil || ordered.contains(where: { $0.name == v.parent }) || !views.contains(where: { $0.name == v.parent }) else { return false }
                ordered.append(v)
                return true
            }
            if left.count == before { ordered += left; break }
        }
        var screen = CodeScreen(type: t.name, controller: Self.controllerName(t.name), views: ordered, constraints: constraints)
        if let own {
            screen.table = CodeScreen.Table(name: own, rows: counts[own], rowHeight: ownRowHeight(t, aliases: ownAliases))
        }
        screen.settings = settings
        screen.children = b.children
        screen.inputViews = inputViews
        let mentioned = Set(constraints.flatMap { [$0.first.view] + ($0.second.map { [$0.view] } ?? []) } + settings.map(\.view))
        screen.outlets = t.outlets.filter { mentioned.contains($0) }.sorted()
        return screen
    }

    /// The collection a `forEach` around `node` walks: `list` of
    /// `list.forEach { … }`.
    static func forEachBase(_ node: Syntax) -> ExprSyntax? {
        var p = node.parent
        while let n = p {
            if let c = n.as(FunctionCallExprSyntax.self), let m = c.calledExpression.as(MemberAccessExprSyntax.self),
               m.declName.baseName.text == "forEach" { return m.base }
            p = n.parent
        }
        return nil
    }

    /// A class NAME or NAMEViewController binds to controller NAME.
    static func controllerName(_ type: String) -> String {
        var controller = type
        for suffix in ["ViewController", "Controller"] where controller.hasSuffix(suffix) && controller.count > suffix.count {
            controller = String(controller.dropLast(suffix.count))
            break
        }
        return controller
    }

    /// The elements of the array literal a `forEach` around `node` walks.
    static func forEachList(_ node: FunctionCallExprSyntax) -> [String]? {
        forEachList(Syntax(node))
    }

    static func forEachList(_ node: Syntax) -> [String]? {
        var p = node.parent
        while let n = p {
            if let c = n.as(FunctionCallExprSyntax.self), let m = c.calledExpression.as(MemberAccessExprSyntax.self),
               m.declName.baseName.text == "forEach", let array = m.base?.as(ArrayExprSyntax.self) {
                return array.elements.map { HandlerWalk.normalize($0.expression.trimmedDescription) }
            }
            p = n.parent
        }
        return nil
    }
}
