import KBModel

/// Writes a session as UIKit Swift (`export swift`): a `UIViewController`
/// subclass per controller that makes its views and activates its
/// constraints with the anchor API, each attached strategy as the code of
/// its source, and the flaws the session showed as `// kbplay:` comments
/// at the code they concern, each with its fix. What UIKit code cannot
/// hold is a `// kbplay:` comment too. The same session gives the same
/// bytes: everything is written in the session's own order.
public struct SwiftExporter {
    let screen: Screen
    let strategies: [Strategy]
    let rules: [Rule]
    let flaws: [Flaw]
    let sessionName: String?
    let keyboard: Keyboard
    /// `export swift fixed`: each flaw the session showed fixed in the
    /// code as its `fix:` line says.
    let fixed: Bool

    /// The generated class of each controller.
    var classes: [String: ClassCode] = [:]
    /// The file's type names (kbplay's controllers get `NAMEViewController`).
    var typeNames = SwiftNames(reserved: SwiftSupport.typeNames.union(SwiftSupport.namedTypes))
    /// Views that are not written as views: table cells and what they
    /// hold (a data source makes them), and a table view controller's
    /// table (its `tableView`).
    var excluded: Set<String> = []
    /// Where each constraint is made: its controller's class.
    var placement: [String: String] = [:]
    /// The support types the strategies use, in the order they are written.
    var support: [SwiftSupport.Kind] = []
    /// Lines for the file's header (what no class holds).
    var headerNotes: [String] = []
    /// The class of each view whose intrinsic content size kbplay was
    /// given (`intrinsic W H`, or an import's measure): a subclass of its
    /// UIKit class that returns that size, as UIKit code sizes a view whose
    /// content it does not measure.
    var sizedClasses: [String: String] = [:]
    /// Packages the strategies' code uses, imported when the app links them.
    var optionalImports: [String] = []
    /// The table cell (row view) a data source's code is being written
    /// for: it is `cell.contentView` there.
    var cellInScope: String?

    /// Reads a rule's expression as `on` parsed it (nil if it no longer
    /// parses, which a rule that was accepted always does).
    let parseRule: (Rule) -> ValueExpression?

    /// A session's parts: its screen, strategies, rules, the flaws it
    /// showed, its name and keyboard.
    public init(screen: Screen, strategies: [Strategy], rules: [Rule], flaws: [Flaw], sessionName: String?,
                keyboard: Keyboard, fixed: Bool = false, parseRule: @escaping (Rule) -> ValueExpression?) {
        self.fixed = fixed
        self.screen = screen
        self.strategies = strategies
        self.rules = rules
        self.flaws = flaws
        self.sessionName = sessionName
        self.keyboard = keyboard
        self.parseRule = parseRule
    }

    // MARK: The file

    /// The whole file.
    public mutating func source() -> String {
        plan()
        for c in screen.controllers { writeClass(c) }
        writeStrategies()
        // After the strategies: kbplay runs a controller's rules after them.
        for c in screen.controllers { writeRules(of: c) }
        return assemble()
    }

    /// Names every class, property and constraint, and decides where each
    /// view and constraint is made.
    private mutating func plan() {
        // A table's cells are its data source's; the views in them are the
        // controller's properties, put into the cells as they are made.
        for v in screen.views where v.row != nil {
            excluded.insert(v.name)
        }
        for c in screen.controllers {
            let className = typeNames.declare(c.name + "ViewController")
            classes[c.name] = ClassCode(controller: c, className: className)
        }
        for v in screen.views where v.intrinsicOverride != nil && !v.isRootView && !excluded.contains(v.name) && v.kind != .tableView {
            // `lines` → LinesLabel; `emailField` → EmailField.
            let stem = SwiftNames.identifier(v.name)
            let kind = String(Self.viewClass(v.kind).dropFirst(2))
            let lastWord = String(kind[(kind.lastIndex(where: \.isUppercase) ?? kind.startIndex)...])
            let suffix = stem.hasSuffix(kind) || stem.hasSuffix(lastWord) ? "" : kind
            sizedClasses[v.name] = typeNames.declareMember(stem.prefix(1).uppercased() + stem.dropFirst() + suffix)
        }
        // A property named like a type the code names would hide it.
        let types = SwiftSupport.typeNames.union(SwiftSupport.namedTypes).union(classes.values.map(\.className))
            .union(sizedClasses.values)
        for c in screen.controllers {
            update(c.name) { $0.names.reserve(types) }
            // A table view controller's table is its `tableView`; kbplay's
            // name for it is a computed property.
            if let t = c.tableView {
                excluded.insert(t)
                update(c.name) { _ = $0.names.declare(t) }
            }
        }
        // Child controllers, as their parents' properties.
        for c in screen.controllers {
            guard let p = c.parent else { continue }
            update(p) { $0.childProperty[c.name] = $0.names.declare(c.name) }
        }
        for v in screen.views where !v.isRootView && !excluded.contains(v.name) {
            _ = classes[v.controller]?.names.declare(v.name)
        }
        for c in screen.constraints {
            guard let home = home(of: c) else { continue }
            placement[c.name] = home
            if isStored(c) { _ = classes[home]?.names.declare(c.name) }
        }
    }

    /// The controller whose class makes `constraint`: the nearest one
    /// whose class reaches every view it mentions (through child
    /// controllers' properties); nil when a view it mentions is not written
    /// or no class reaches them all.
    func home(of constraint: LayoutConstraint) -> String? {
        var owners: [String] = []
        for v in constraint.views {
            guard !excluded.contains(v) || isTableOfController(v), let view = try? screen.view(named: v) else { return nil }
            owners.append(view.controller)
        }
        var candidate: String? = owners.first
        while let c = candidate {
            if owners.allSatisfy({ path(from: c, to: $0) != nil }) { return c }
            candidate = (try? screen.controller(named: c))?.parent
        }
        return nil
    }

    /// Whether `view` is a table view controller's table (written as its `tableView`).
    func isTableOfController(_ view: String) -> Bool {
        screen.controllers.contains { $0.tableView == view }
    }

    /// The child controllers from `from` down to `to` (empty when they are
    /// the same), or nil when `to` is not `from` or one of its descendants.
    func path(from: String, to: String) -> [String]? {
        var chain: [String] = []
        var current = to
        while current != from {
            chain.append(current)
            guard let parent = (try? screen.controller(named: current))?.parent else { return nil }
            current = parent
        }
        return chain.reversed()
    }

    /// Whether a constraint is a stored property: when a strategy or rule
    /// drives it, when it is inactive (it is kept to activate later), or
    /// when its name is one the user gave (not kbplay's `cN`).
    func isStored(_ c: LayoutConstraint) -> Bool {
        if strategies.contains(where: { s in s.references.contains { $0.name == c.name } }) { return true }
        if rules.contains(where: { $0.constraint == c.name || constraintsRead(by: $0).contains(c.name) }) { return true }
        if !c.isActive { return true }
        // kbplay's own names: `cN`, `pin`'s VIEW_top … VIEW_trailing, and
        // an import's VIEW_ATTRIBUTE with a number when it repeats.
        if c.name.count > 1, c.name.hasPrefix("c"), c.name.dropFirst().allSatisfy(\.isNumber) { return false }
        let base = String(c.name.reversed().drop(while: \.isNumber).reversed())
        return !c.views.contains { base == "\($0)_\(c.first.attribute.rawValue)" }
    }

    // MARK: References

    /// How class `from` writes view `name` (a root view `C.view`
    /// included), or nil when it cannot reach it.
    public func viewReference(_ name: String, from: String) -> String? {
        if name == cellInScope { return "cell.contentView" }
        guard let v = try? screen.view(named: name) else { return nil }
        guard var parts = childProperties(from: from, to: v.controller) else { return nil }
        if v.isRootView {
            parts.append("view")
        } else if let own = classes[v.controller]?.names.callName(v.name) {
            parts.append(own)
        } else {
            return nil
        }
        return parts.joined(separator: ".")
    }

    /// How class `from` writes constraint `name`, when it is a stored
    /// property of that class or of a child's.
    public func constraintReference(_ name: String, from: String) -> String? {
        guard let home = placement[name], let parts = childProperties(from: from, to: home),
              let own = classes[home]?.names.callName(name) else { return nil }
        return (parts + [own]).joined(separator: ".")
    }

    /// The child-controller properties class `from` goes through to reach
    /// controller `to` (none for `to` itself), or nil when it cannot.
    private func childProperties(from: String, to: String) -> [String]? {
        guard let chain = path(from: from, to: to) else { return nil }
        var parts: [String] = []
        var holder = from
        for child in chain {
            guard let p = classes[holder]?.childProperty[child] else { return nil }
            parts.append(p)
            holder = child
        }
        return parts
    }

    /// The anchor's owner as class `from` writes it: the view, or its guide.
    func ownerReference(_ anchor: Anchor, from: String) -> String? {
        guard let view = viewReference(anchor.view, from: from) else { return nil }
        guard let guide = anchor.guide else { return view }
        let property: String
        switch guide {
        case .safeArea: property = "safeAreaLayoutGuide"
        case .margins: property = "layoutMarginsGuide"
        case .keyboard: property = "keyboardLayoutGuide"
        case .content: property = "contentLayoutGuide"
        case .frameGuide: property = "frameLayoutGuide"
        }
        return view + "." + property
    }

    // MARK: A controller's class

    private mutating func writeClass(_ c: Controller) {
        guard var code = classes[c.name] else { return }
        let name = c.name
        if c.tableView != nil { code.superclass = "UITableViewController" }
        var body: [String] = []
        // Views, in the order they were made (a superview before its subviews).
        for v in screen.views where v.controller == name && !v.isRootView {
            if excluded.contains(v.name) { continue }
            guard let ref = code.names.callName(v.name) else { continue }
            code.properties.append("let \(ref) = \(Self.initializer(v, className: sizedClasses[v.name]))")
            body += viewLines(v, ref, in: name)
        }
        if let t = c.tableView, let table = try? screen.view(named: t), let config = table.table,
           let ref = code.names.callName(t) {
            code.properties.append("/// kbplay's \(t): the table view this controller makes.")
            code.properties.append("var \(ref): UITableView { tableView }")
            body.append("\(ref).rowHeight = \(SwiftExporter.number(config.rowHeight))")
            if config.style != .plain {
                body.append("// kbplay: \(t) is \(config.style.rawValue): make this controller with \(code.className)(style: .\(config.style.rawValue))")
            }
        }
        // Child controllers, embedded in their containers.
        for child in screen.controllers where child.parent == name {
            guard let prop = code.childProperty[child.name], let childClass = classes[child.name]?.className else { continue }
            code.properties.append("let \(prop) = \(childClass)()")
            guard let containerName = child.container, let container = viewReference(containerName, from: name) else { continue }
            body += [
                "addChild(\(prop))",
                "\(prop).view.translatesAutoresizingMaskIntoConstraints = false",
                "\(container).addSubview(\(prop).view)",
            ]
            code.pendingConstraints += ["top", "leading", "trailing", "bottom"].map {
                "\(prop).view.\($0)Anchor.constraint(equalTo: \(container).\($0)Anchor)"
            }
            code.childrenDidMove.append("\(prop).didMove(toParent: self)")
        }
        code.viewDidLoad = body
        classes[name] = code
        writeConstraints(of: name)
        writeDataSource(of: name)
        writeKeyboardParts(of: c)
    }

    /// The UIKit class of a kind of view.
    static func viewClass(_ kind: ViewKind) -> String {
        switch kind {
        case .view: "UIView"
        case .label: "UILabel"
        case .button: "UIButton"
        case .textField: "UITextField"
        case .textView: "UITextView"
        case .scrollView: "UIScrollView"
        case .stackView: "UIStackView"
        case .tableView: "UITableView"
        }
    }

    /// The expression a view's property starts with: its UIKit class's,
    /// or `className`'s (a subclass of it).
    static func initializer(_ v: View, className: String? = nil) -> String {
        let cls = className ?? viewClass(v.kind)
        switch v.kind {
        case .button: return "\(cls)(type: .system)"
        case .tableView: return "\(cls)(frame: .zero, style: .\(v.table?.style.rawValue ?? "plain"))"
        default: return "\(cls)()"
        }
    }

    /// The subclasses that give views the intrinsic content size kbplay
    /// gave them, in the order the views were made.
    private func sizedClassLines() -> [String] {
        var out: [String] = []
        for v in screen.views {
            guard let cls = sizedClasses[v.name], let size = v.intrinsicOverride else { continue }
            let base = Self.viewClass(v.kind)
            let (w, h) = (SwiftExporter.number(size.width), SwiftExporter.number(size.height))
            out += [
                "",
                "/// The content size kbplay gave \(v.name) (`intrinsic \(w) \(h)`). In an app a \(base) measures its own",
                "/// content: make \(v.name) a plain \(base) to let it.",
                "final class \(cls): \(base) {",
                "    override var intrinsicContentSize: CGSize { CGSize(width: \(w), height: \(h)) }",
                "}",
            ]
        }
        return out
    }

    /// The lines that set a view up and put it in its superview.
    private func viewLines(_ v: View, _ ref: String, in controller: String) -> [String] {
        var out: [String] = []
        if let a = v.accessory {
            // An input accessory view is sized by its frame; its width follows the keyboard's.
            out.append("\(ref).frame = CGRect(x: 0, y: 0, width: 0, height: \(SwiftExporter.number(a.height)))")
        } else {
            out.append("\(ref).translatesAutoresizingMaskIntoConstraints = false")
        }
        if let t = v.text {
            let literal = Self.stringLiteral(t)
            switch v.kind {
            case .button: out.append("\(ref).setTitle(\(literal), for: .normal)")
            case .label, .textField, .textView: out.append("\(ref).text = \(literal)")
            default: out.append("// kbplay: \(ref)'s text is \(literal)")
            }
        }
        if let st = v.stack {
            out.append("\(ref).axis = .\(st.axis.rawValue)")
            out.append("\(ref).spacing = \(SwiftExporter.number(st.spacing))")
            out.append("\(ref).distribution = .\(st.distribution.rawValue)")
            out.append("\(ref).alignment = .\(st.alignment.rawValue)")
        }
        if let t = v.table, !isTableOfController(v.name) {
            out.append("\(ref).rowHeight = \(SwiftExporter.number(t.rowHeight))")
            out.append("\(ref).dataSource = self")
        }
        out += ViewProperty.all.compactMap { $0.swift?(v, ref, Self.writer) }
        if let parentName = v.parent, let parent = viewReference(parentName, from: controller) {
            let isStack = (try? screen.view(named: parentName))?.kind == .stackView
            out.append("\(parent).\(isStack ? "addArrangedSubview" : "addSubview")(\(ref))")
        }
        return out
    }

    /// A Swift string literal of `text`.
    static func stringLiteral(_ text: String) -> String {
        var out = "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case "\n": out += "\\n"
            case "\r": out += "\\r"
            case "\t": out += "\\t"
            default:
                if scalar.value < 0x20 || scalar.value == 0x7f {
                    out += "\\u{\(String(scalar.value, radix: 16))}"
                } else {
                    out.unicodeScalars.append(scalar)
                }
            }
        }
        return out + "\""
    }

    /// A number as a Swift literal that reads back as the same double:
    /// whole numbers without a fraction, others as Swift prints them
    /// (`0.3333`, `1e+20`).
    static func number(_ x: Double) -> String {
        if x == x.rounded(), abs(x) < 1e15 { return String(Int(x)) }
        return "\(x)"
    }

    /// A priority as UIKit code writes it.
    static func priority(_ p: Int) -> String { ViewProperty.swiftPriority(p) }

    /// Numbers and strings as Swift source writes them.
    static let writer = ViewProperty.Writer(number: SwiftExporter.number, string: SwiftExporter.stringLiteral)

    // MARK: Assembly

    private func assemble() -> String {
        var out: [String] = []
        let s = screen
        out.append("// kbplay export swift\(fixed ? " fixed" : ""): \(sessionName.map { "the session \"\($0)\"" } ?? "this session") as UIKit code\(fixed ? ", with each flaw it showed fixed as its fix: line says where code can (`export swift` writes it as it is, to diff against)" : "").")
        out.append("// Device \(s.device.id) (\(s.device.name)), \(s.orientation.rawValue)\(s.window.map { w in w.kind == .stage ? "; a Stage Manager window \(w.frame)" : "; window \(w.kind.rawValue)" } ?? "").")
        if let root = s.controllers.first, let rootClass = classes[root.name]?.className {
            out.append("// The window's root view controller: \(rootClass)().")
        } else {
            out.append("// kbplay: the session has no controller.")
        }
        out.append("// kbplay's names are the properties' names and the constraints' identifiers.")
        if keyboard.isUp {
            out.append("// kbplay: the keyboard is up in this session: the constants and content insets below are those the screen has at rest (as declared or last set by a command), and scroll views start at the top.")
        }
        var renamed = typeNames.renamed
        for c in s.controllers { renamed += classes[c.name]?.names.renamed ?? [] }
        if !renamed.isEmpty {
            out.append("// kbplay: names Swift cannot use as they are: " + renamed.map { "\($0.0) → \($0.1)" }.joined(separator: ", "))
        }
        out += headerNotes
        out.append("")
        out.append("import UIKit")
        for module in optionalImports {
            out += ["#if canImport(\(module))", "import \(module)", "#endif"]
        }
        for c in s.controllers {
            guard let code = classes[c.name] else { continue }
            out.append("")
            out += code.lines()
        }
        out += sizedClassLines()
        var kinds = support
        var supportLines = kinds.map { SwiftSupport.lines($0, flaws: flaws, fixes: fixes(of: $0.strategy), fixing: fixed) }
        // A fixed strategy measures the keyboard's overlap with a view.
        if fixed, !kinds.contains(.overlap),
           (out + supportLines.flatMap { $0 }).contains(where: { $0.contains("keyboardOverlap(") }) {
            kinds.append(.overlap)
            supportLines.append(SwiftSupport.lines(.overlap, flaws: [], fixes: [], fixing: false))
        }
        for lines in supportLines {
            out.append("")
            out += lines
        }
        out.append("")
        out += SwiftSupport.lines(.named, flaws: [], fixes: [], fixing: false)
        return out.joined(separator: "\n") + "\n"
    }

    // MARK: For the strategies' code

    mutating func use(_ kind: SwiftSupport.Kind) {
        if !support.contains(kind) { support.append(kind) }
    }

    mutating func note(_ line: String) { headerNotes.append(line) }

    /// Changes a controller's class in place (a copy taken out and put
    /// back would copy its lines on every change).
    mutating func update(_ controller: String, _ change: (inout ClassCode) -> Void) {
        guard classes[controller] != nil else { return }
        change(&classes[controller]!)
    }
}
