// The rules every screen keeps, checked by the mutations that could break
// them and, all at once, by `validate()` for a screen read from a file.

extension Screen {
    // MARK: Checks the mutations share with validate()

    /// A name a controller, view or constraint can take: well formed and
    /// not reserved (whether it is free is the caller's question).
    public static func checkName(_ name: String) throws(ModelError) {
        guard isValidName(name) else { throw .invalidName(name) }
        guard !reservedNames.contains(name) else { throw .reservedName(name) }
    }

    /// A constraint or content priority: 1…1000.
    public static func checkPriority(_ priority: Int) throws(ModelError) {
        guard (1...1000).contains(priority) else { throw .invalidPriority(priority) }
    }

    /// The largest length the layout takes, in points, either way: a
    /// constant, a size, a spacing, an inset, an offset, a frame's side.
    /// Sums and products of such numbers stay exact in a double far below
    /// a point, so the solver gives the same frames however it reaches
    /// them; a larger number would lose the smaller ones beside it.
    public static let largestLength = 10_000_000.0
    /// The largest multiplier, either way (a multiplied length stays far
    /// within a double's exact range).
    public static let largestMultiplier = 10_000.0

    /// A number layout can use: finite, and at most ``largestLength``
    /// either way.
    public static func checkFinite(_ what: String, _ value: Double) throws(ModelError) {
        guard value.isFinite, abs(value) <= largestLength else { throw .invalidNumber(what, value) }
    }

    /// The longest side of any screen in the catalog: what a height read
    /// from a file (made on any device) is checked against.
    static var tallestScreen: Double {
        DeviceCatalog.standard.devices.map { max($0.screen.width, $0.screen.height) }.max() ?? 0
    }

    /// A view's alpha: a number from 0 to 1.
    public static func checkAlpha(_ alpha: Double) throws(ModelError) {
        guard alpha.isFinite, (0...1).contains(alpha) else { throw .invalidAlpha(alpha) }
    }

    /// Insets of four finite numbers.
    static func checkFinite(_ what: String, _ insets: EdgeInsets) throws(ModelError) {
        for x in [insets.top, insets.left, insets.bottom, insets.right] { try checkFinite(what, x) }
    }

    /// A field that can become first responder: a text field or text view.
    public static func checkFocusable(_ view: View) throws(ModelError) {
        guard view.kind.isTextInput else { throw .notATextInput(view.name) }
    }

    /// A stack view's options: a finite spacing.
    static func checkStack(_ stack: StackConfiguration) throws(ModelError) {
        try checkFinite("spacing", stack.spacing)
    }

    /// What `constrain` requires of a constraint whose anchors resolve:
    /// anchors of one kind (a size may stand alone), a priority of
    /// 1…1000, a non-zero multiplier and a constant, each within its range.
    static func checkConstraint(_ first: Anchor, _ second: Anchor?, multiplier: Double, constant: Double,
                                priority: Int) throws(ModelError) {
        if let second {
            guard first.attribute.kind == second.attribute.kind else {
                throw .incompatibleAnchors(first.description, second.description)
            }
        } else if first.attribute.kind != .size {
            throw .positionNeedsAnchor(first.description)
        }
        try checkPriority(priority)
        guard multiplier.isFinite, multiplier != 0, abs(multiplier) <= largestMultiplier else {
            throw .invalidMultiplier(multiplier)
        }
        try checkFinite("constant", constant)
    }

    /// A child controller's container: a view of its parent controller.
    func checkContainer(_ container: String, of parent: String) throws(ModelError) {
        let box = try view(named: container)
        guard box.controller == parent else { throw .containerNotInParent(container: container, parent: parent) }
    }

    // MARK: The whole screen

    /// Checks that the screen is one the mutations could have built: names
    /// well formed and unique; each controller with one root view, a child
    /// controller's inside a view of its parent; every other view inside a
    /// view made before it, of its own controller (so no view contains
    /// itself); options only on the kinds that have them; priorities,
    /// numbers, anchors and the focus as the mutations require.
    ///
    /// The first rule broken is thrown, with the path of the value that
    /// breaks it. A screen that passes has its name index built.
    public mutating func validate() throws(ScreenViolation) {
        func at(_ path: String, _ body: () throws(ModelError) -> Void) throws(ScreenViolation) {
            do { try body() } catch { throw ScreenViolation(path, error.description) }
        }
        // Names: one thing each, well formed; a root view's is its controller's and `.view`.
        var seen: [String: (kind: ModelError.NameKind, path: String)] = [:]
        func name(_ name: String, _ kind: ModelError.NameKind, _ path: String, rootOf controller: String? = nil)
            throws(ScreenViolation) {
            if let controller {
                guard name == controller + ".view" else {
                    throw ScreenViolation(path, "the root view of \(controller) is called '\(controller).view', not '\(name)'")
                }
            } else {
                try at(path) { () throws(ModelError) in try Screen.checkName(name) }
            }
            if let other = seen[name] {
                throw ScreenViolation(path, "the name '\(name)' is used twice (by a \(other.kind.rawValue) at \(other.path) and a \(kind.rawValue)); names are unique across controllers, views and constraints")
            }
            seen[name] = (kind, path)
        }
        for (i, c) in controllers.enumerated() { try name(c.name, .controller, "controllers[\(i)].name") }
        let controllerNames = Set(controllers.map(\.name))
        for (i, v) in viewList.enumerated() {
            if v.isRootView && !controllerNames.contains(v.controller) {
                throw ScreenViolation("views[\(i)].controller", "unknown controller '\(v.controller)'"
                    + (nearestName(to: v.controller, in: controllers.map(\.name)).map { " — did you mean '\($0)'?" } ?? ""))
            }
            try name(v.name, .view, "views[\(i)].name", rootOf: v.isRootView ? v.controller : nil)
        }
        for (i, c) in constraintList.enumerated() { try name(c.name, .constraint, "constraints[\(i)].name") }
        rebuildNames()

        var viewIndex: [String: Int] = [:]
        for (i, v) in viewList.enumerated() { viewIndex[v.name] = i }
        var controllerIndex: [String: Int] = [:]
        for (i, c) in controllers.enumerated() { controllerIndex[c.name] = i }

        // Controllers: a parent made before, a container of the parent's.
        for (i, c) in controllers.enumerated() {
            let path = "controllers[\(i)]"
            switch (c.parent, c.container) {
            case (nil, nil):
                break
            case let (parent?, container?):
                guard let p = controllerIndex[parent], p < i else {
                    throw ScreenViolation(path + ".parent", controllerIndex[parent] == nil
                        ? "unknown controller '\(parent)'"
                        : "'\(parent)' is not a controller made before \(c.name): a child controller's parent exists when the child is made")
                }
                try at(path + ".container") { () throws(ModelError) in try checkContainer(container, of: parent) }
            default:
                throw ScreenViolation(path + (c.parent == nil ? ".container" : ".parent"),
                                      "a child controller has both a parent and a container (controller NAME in PARENT at VIEW); a top-level one has neither")
            }
            if let f = c.rootFrameOverride {
                guard c.parent == nil else {
                    throw ScreenViolation(path + ".rootFrameOverride", "only a top-level controller's root view has a frame of its own; \(c.name) is a child of \(c.parent!)")
                }
                try at(path + ".rootFrameOverride") { () throws(ModelError) in
                    for x in [f.x, f.y, f.width, f.height] { try Screen.checkFinite("frame", x) }
                }
            }
            if let pr = c.presentation {
                guard i > 0, c.parent == nil else {
                    throw ScreenViolation(path + ".presentation", "only a top-level controller other than the window's root is presented")
                }
                guard let p = controllerIndex[pr.presenter], p != i else {
                    throw ScreenViolation(path + ".presentation.presenter", "unknown controller '\(pr.presenter)'"
                        + (nearestName(to: pr.presenter, in: controllers.map(\.name)).map { " — did you mean '\($0)'?" } ?? ""))
                }
                guard c.isAppeared else {
                    throw ScreenViolation(path + ".isAppeared", "a presented controller is in the window (dismiss takes it out)")
                }
            }
            if let d = c.isDismissed {
                guard d, i > 0, c.parent == nil, c.presentation == nil, !c.isAppeared else {
                    throw ScreenViolation(path + ".isDismissed", "only a top-level controller other than the window's root that is neither presented nor appeared is dismissed, and the member is true or left out")
                }
            }
            if let t = c.tableView {
                guard let k = viewIndex[t], viewList[k].kind == .tableView, viewList[k].parent == c.rootView else {
                    throw ScreenViolation(path + ".tableView", "'\(t)' is not a tableView in \(c.rootView)")
                }
            }
            if let r = c.resignedFirstResponder {
                guard r, c.inputAccessory != nil else {
                    throw ScreenViolation(path + ".resignedFirstResponder", "only a controller with an input accessory view resigns first responder, and the member is true or left out")
                }
            }
            if let a = c.inputAccessory {
                guard let k = viewIndex[a], viewList[k].accessory?.owner == c.name else {
                    throw ScreenViolation(path + ".inputAccessory", "'\(a)' is not an input accessory view of \(c.name)")
                }
            }
            guard let r = viewIndex[c.rootView], viewList[r].isRootView, viewList[r].controller == c.name else {
                throw ScreenViolation(path + ".name", "controller \(c.name) has no root view '\(c.rootView)' in views")
            }
        }

        if let w = window {
            guard device.idiom == .pad, w.kind != .full else {
                throw ScreenViolation("window", w.kind == .full ? "a full window is no window: leave the member out"
                                                                : ModelError.windowNeedsPad(w.kind.rawValue).description)
            }
            if w.kind == .stage {
                try at("window.frame") { () throws(ModelError) in try Screen.checkWindow(w.frame, in: screenSize) }
            } else if let f = AppWindow.frame(of: w.kind, screen: screenSize), f != w.frame {
                throw ScreenViolation("window.frame", "a \(w.kind.rawValue) window on \(device.id) in \(orientation.rawValue) is \(f)")
            }
        }

        // Views: a root view where its controller puts it; every other view
        // inside a view made before it, of the same controller.
        for (i, v) in viewList.enumerated() {
            let path = "views[\(i)]"
            guard let ci = controllerIndex[v.controller] else {
                throw ScreenViolation(path + ".controller", "unknown controller '\(v.controller)'"
                    + (nearestName(to: v.controller, in: controllers.map(\.name)).map { " — did you mean '\($0)'?" } ?? ""))
            }
            if v.isRootView {
                let c = controllers[ci]
                guard v.parent == c.container else {
                    throw ScreenViolation(path + ".parent", c.container.map { "the root view of the child controller \(c.name) is in its container '\($0)'" }
                        ?? "the root view of \(c.name), a top-level controller, has no parent (null)")
                }
                if let container = v.parent, let p = viewIndex[container], p > i {
                    throw ScreenViolation(path + ".parent", cycle(from: i, viewIndex).map {
                        "\(Screen.chain($0)) is a cycle: a view cannot contain itself"
                    } ?? "'\(container)' comes after \(v.name) in views: a child controller's container exists when it is made")
                }
                guard v.kind == .view else {
                    throw ScreenViolation(path + ".kind", "a root view is a view, not a \(v.kind.rawValue)")
                }
            } else if let a = v.accessory {
                // An input accessory view: no parent; its owner a controller
                // or a text input of that controller, made before it, that
                // names it back.
                guard v.parent == nil else {
                    throw ScreenViolation(path + ".parent", "\(v.name) is an input accessory view: it rides on the keyboard and has no parent (null)")
                }
                guard v.kind == .view else {
                    throw ScreenViolation(path + ".kind", "an input accessory view is a view, not a \(v.kind.rawValue)")
                }
                try at(path + ".accessory.height") { () throws(ModelError) in
                    try Screen.checkAccessoryHeight(a.height, screenHeight: Screen.tallestScreen)
                }
                if let c = controllerIndex[a.owner] {
                    guard controllers[c].name == v.controller, controllers[c].inputAccessory == v.name else {
                        throw ScreenViolation(path + ".accessory.owner", "controller \(a.owner) does not name \(v.name) as its inputAccessory, or \(v.name) is not of \(a.owner)")
                    }
                } else if let o = viewIndex[a.owner], o < i {
                    guard viewList[o].kind.isTextInput else {
                        throw ScreenViolation(path + ".accessory.owner", ModelError.accessoryNeedsResponder(a.owner).description)
                    }
                    guard viewList[o].inputAccessory == v.name, viewList[o].controller == v.controller else {
                        throw ScreenViolation(path + ".accessory.owner", "\(a.owner) does not name \(v.name) as its inputAccessory, or they are of different controllers")
                    }
                } else {
                    throw ScreenViolation(path + ".accessory.owner", "'\(a.owner)' is no controller or text input made before \(v.name)")
                }
            } else {
                guard let parent = v.parent else {
                    throw ScreenViolation(path + ".parent", "\(v.name) is not a root view, so it has a parent: the view it was added to")
                }
                guard let p = viewIndex[parent] else {
                    throw ScreenViolation(path + ".parent", "unknown view '\(parent)'"
                        + (nearestName(to: parent, in: viewList.map(\.name)).map { " — did you mean '\($0)'?" } ?? ""))
                }
                guard p < i else {
                    throw ScreenViolation(path + ".parent", cycle(from: i, viewIndex).map {
                        "\(Screen.chain($0)) is a cycle: a view cannot contain itself; its parent is a view made before it"
                    } ?? "'\(parent)' comes after \(v.name) in views: a view is added to a parent that already exists")
                }
                guard viewList[p].controller == v.controller else {
                    throw ScreenViolation(path + ".controller", "\(v.name) is in \(parent), a view of \(viewList[p].controller), so it belongs to \(viewList[p].controller), not \(v.controller)")
                }
            }
            for (axis, value) in [("horizontal", v.hugging.horizontal), ("vertical", v.hugging.vertical)] {
                try at(path + ".hugging." + axis) { () throws(ModelError) in try Screen.checkPriority(value) }
            }
            for (axis, value) in [("horizontal", v.compressionResistance.horizontal),
                                  ("vertical", v.compressionResistance.vertical)] {
                try at(path + ".compressionResistance." + axis) { () throws(ModelError) in try Screen.checkPriority(value) }
            }
            try at(path + ".alpha") { () throws(ModelError) in try Screen.checkAlpha(v.alpha) }
            if let a = v.inputAccessory {
                guard let k = viewIndex[a], viewList[k].accessory?.owner == v.name else {
                    throw ScreenViolation(path + ".inputAccessory", "'\(a)' is not an input accessory view of \(v.name)")
                }
            }
            if let t = v.table {
                guard v.kind == .tableView else {
                    throw ScreenViolation(path + ".table", ModelError.notATableView(v.name).description + ": only a tableView has rows")
                }
                try at(path + ".table.rows") { () throws(ModelError) in try Screen.checkRows(t.rows) }
                try at(path + ".table.rowHeight") { () throws(ModelError) in try Screen.checkRowHeight(t.rowHeight) }
                let header = t.style == .grouped ? TableConfiguration.groupedHeaderHeight : 0
                guard t.headerHeight == header else {
                    throw ScreenViolation(path + ".table.headerHeight", "a \(t.style.rawValue) table's header is \(formatPoints(header)) pt")
                }
            } else if v.kind == .tableView {
                throw ScreenViolation(path + ".table", "a tableView has its rows (rows, rowHeight, style, headerHeight)")
            }
            if let row = v.row {
                guard let parent = v.parent, let p = viewIndex[parent], let t = viewList[p].table else {
                    throw ScreenViolation(path + ".row", "only a table view's cell has a row: \(v.name) is not in a tableView")
                }
                try at(path + ".row") { () throws(ModelError) in
                    guard (0..<t.rows).contains(row) else { throw .rowOutOfRange(table: parent, row: row, rows: t.rows) }
                }
                guard v.name == Screen.cellName(parent, row), v.kind == .view else {
                    throw ScreenViolation(path + ".name", "row \(row)'s cell of \(parent) is a view called \(Screen.cellName(parent, row))")
                }
            }
            if v.placeholder != nil, v.kind != .textField {
                throw ScreenViolation(path + ".placeholder", ModelError.placeholderNeedsTextField(v.name).description)
            }
            if let h = v.inputViewHeight {
                guard v.kind.isTextInput else {
                    throw ScreenViolation(path + ".inputViewHeight", ModelError.notATextInput(v.name).description + ": only text inputs have an inputView")
                }
                try at(path + ".inputViewHeight") { () throws(ModelError) in
                    try Screen.checkAccessoryHeight(h, screenHeight: Screen.tallestScreen)
                }
            }
            if let size = v.intrinsicOverride {
                try at(path + ".intrinsicOverride") { () throws(ModelError) in
                    try Screen.checkFinite("intrinsic width", size.width)
                    try Screen.checkFinite("intrinsic height", size.height)
                }
            }
            if v.kind == .stackView {
                guard let stack = v.stack else {
                    throw ScreenViolation(path + ".stack", "a stack view has its options (axis, spacing, distribution, alignment)")
                }
                try at(path + ".stack.spacing") { () throws(ModelError) in try Screen.checkStack(stack) }
            } else if v.stack != nil {
                throw ScreenViolation(path + ".stack", ModelError.notAStackView(v.name).description + ": only a stackView has stack options")
            }
            if v.kind.isScrollView {
                guard let scroll = v.scroll else {
                    throw ScreenViolation(path + ".scroll", "a \(v.kind.rawValue) has its scroll state (contentInset, indicatorInsets)")
                }
                if scroll.keyboardDismissMode == KeyboardDismissMode.none {
                    throw ScreenViolation(path + ".scroll.keyboardDismissMode", "\"none\" is the default: leave the member out")
                }
                try at(path + ".scroll") { () throws(ModelError) in
                    try Screen.checkFinite("content inset", scroll.contentInset)
                    if let r = scroll.restingContentInset { try Screen.checkFinite("content inset", r) }
                    try Screen.checkFinite("indicator inset", scroll.indicatorInsets)
                    if let o = scroll.contentOffset {
                        try Screen.checkFinite("content offset", o.x)
                        try Screen.checkFinite("content offset", o.y)
                    }
                }
            } else if v.scroll != nil {
                throw ScreenViolation(path + ".scroll", ModelError.notAScrollView(v.name).description + ": only those have scroll state")
            }
        }

        // Constraints: what `constrain` and `pin` accept.
        for (i, c) in constraintList.enumerated() {
            let path = "constraints[\(i)]"
            try at(path + ".first") { () throws(ModelError) in _ = try resolve(c.first) }
            if let second = c.second { try at(path + ".second") { () throws(ModelError) in _ = try resolve(second) } }
            do {
                try Screen.checkConstraint(c.first, c.second, multiplier: c.multiplier, constant: c.constant, priority: c.priority)
            } catch {
                let member = switch error {
                case .invalidPriority: "priority"
                case .invalidMultiplier: "multiplier"
                case .invalidNumber: "constant"
                default: "second"
                }
                throw ScreenViolation("\(path).\(member)", error.description)
            }
            if let r = c.restingConstant {
                // The constant it had at rest: held to the bound a constant is.
                try at(path + ".restingConstant") { () throws(ModelError) in try Screen.checkFinite("constant at rest", r) }
            }
            if c.isBroken && !c.isActive {
                throw ScreenViolation(path + ".isBroken", "an inactive constraint is not broken (deactivate clears it): false")
            }
        }
        if unnamedCount < 0 {
            throw ScreenViolation("unnamedCount", "\(unnamedCount) is not a count of unnamed constraints (0 or more)")
        }
        if let f = focus {
            try at("focus") { () throws(ModelError) in try Screen.checkFocusable(try view(named: f)) }
        }
        // Whether a constraint holds is not checked: which of two that
        // conflict is broken depends on the order the commands added them
        // and the stacks' own constraints in, which the file does not keep.
    }

    /// A cycle's names joined by arrows, its middle left out if it is long.
    private static func chain(_ names: [String]) -> String {
        guard names.count > 8 else { return names.joined(separator: " → ") }
        return (names.prefix(3) + ["… (\(names.count - 6) more)"] + names.suffix(3)).joined(separator: " → ")
    }

    /// The views from `i` up its parents until one repeats, if one does.
    private func cycle(from i: Int, _ viewIndex: [String: Int]) -> [String]? {
        var chain = [viewList[i].name]
        var seen: [String: Int] = [viewList[i].name: 0]
        var current = viewList[i]
        while let p = current.parent, let next = viewIndex[p] {
            if let start = seen[p] { return Array(chain[start...]) + [p] }
            seen[p] = chain.count
            chain.append(p)
            current = viewList[next]
        }
        return nil
    }
}
