import KBModel

/// `export kbs` (and `kbplay import --script`): a stage written as a
/// script of kbplay commands, which `kbplay run` reads back into the same
/// screen, keyboard, strategies and rules.
public enum ScriptExporter {
    /// The stage as a script of commands that rebuilds it: the device and
    /// the app's window, the controllers in the order they were made (table
    /// view controllers with their tables), every view with its options,
    /// priorities, clipping, alpha and visibility (table rows, input
    /// accessory views, input views), every constraint by name (its
    /// constant, multiplier, priority; inactive ones deactivated), scroll
    /// state, the sheets presented, the keyboard's settings and the focus,
    /// then the strategies and the rules (attached last, so none runs again
    /// on constants that already hold its effect). Running it from an empty
    /// session lays the screen out as this one is; the undo history, the
    /// events posted and the state a strategy keeps of its own (a root
    /// view resized by resize-root) are not in it.
    public static func script(of stage: Stage) -> String {
        let s = stage.screen
        var out = ["# kbplay script (export kbs): the screen, the keyboard, then the strategies and rules",
                   "device \(s.device.id) \(s.orientation.rawValue)"]
        if let preset = try? DeviceCatalog.standard.lookup(s.device.id), preset != s.device {
            // An imported document's canvas has no command: said, not hidden.
            let size = s.device.screenSize(s.orientation), i = s.device.safeAreaInsets(s.orientation)
            out.append("# note: the imported document's canvas (\(ScriptText.number(size.width))×\(ScriptText.number(size.height)), safe area \(ScriptText.number(i.top)) top, \(ScriptText.number(i.bottom)) bottom) is not \(s.device.id)'s: this script lays the screen out on \(s.device.id) as it is, so frames may differ (a saved session keeps the canvas)")
        }
        if let w = s.window {
            out.append(w.kind == .stage
                ? "window stage \(ScriptText.number(w.frame.x)) \(ScriptText.number(w.frame.y)) \(ScriptText.number(w.frame.width)) \(ScriptText.number(w.frame.height))"
                : "window \(w.kind.rawValue)")
        }
        // The views whose properties are set (not the root views).
        var described: [View] = []
        var inputViews: [String] = []
        // Views a command makes by itself: a table view controller's table.
        let tables = Set(s.controllers.compactMap(\.tableView))
        for v in s.views {
            if v.isRootView {
                guard let c = try? s.controller(named: v.controller) else { continue }
                var line = "controller \(c.name)"
                if let p = c.parent, let at = c.container { line += " in \(p) at \(at)" }
                if let t = c.tableView, let config = try? s.view(named: t).table {
                    line += " table \(t)" + Self.tableOptions(config)
                }
                out.append(line)
                continue
            }
            if let h = v.inputViewHeight { inputViews.append("inputView \(v.name) height \(ScriptText.number(h))") }
            if let a = v.accessory {
                out.append("accessory \(a.owner) height \(ScriptText.number(a.height)) as \(v.name)")
            } else if v.row != nil || tables.contains(v.name) {
                // A table's cell is made by the first view added to its row.
            } else {
                guard let parent = v.parent else { continue }
                var line = "add \(v.kind.rawValue) \(v.name) to \(parent)"
                if let p = try? s.view(named: parent), let row = p.row, let table = p.parent { line = "add \(v.kind.rawValue) \(v.name) to \(table) row \(row)" }
                if let t = v.text { line += " text \(ScriptText.quote(t))" }
                if let t = v.placeholder { line += " placeholder \(ScriptText.quote(t))" }
                if let i = v.intrinsicOverride { line += " intrinsic \(ScriptText.number(i.width)) \(ScriptText.number(i.height))" }
                if let st = v.stack {
                    line += " axis \(st.axis.rawValue) spacing \(ScriptText.number(st.spacing)) distribution \(st.distribution.rawValue) alignment \(st.alignment.rawValue)"
                }
                if let config = v.table { line += Self.tableOptions(config) }
                out.append(line)
            }
            out += ViewProperty.scriptLines(v, at: [.withTheViewFirst, .withTheView], writer: Self.writer)
            described.append(v)
        }
        for c in s.constraints {
            var line = "constrain \(c.first) \(c.relation.rawValue) "
            if let second = c.second {
                line += "\(second)"
                if c.multiplier != 1 { line += " * \(ScriptText.number(c.multiplier))" }
                if c.constant > 0 { line += " + \(ScriptText.number(c.constant))" }
                if c.constant < 0 { line += " - \(ScriptText.number(-c.constant))" }
            } else {
                line += ScriptText.number(c.constant)
            }
            // An inactive constraint is made at the lowest priority (which
            // no conflict can break), deactivated, then given its own.
            if !c.isActive {
                out.append(line + " @ 1 as \(c.name)")
                out.append("deactivate \(c.name)")
                if c.priority != 1 { out.append("set \(c.name).priority = \(c.priority)") }
                continue
            }
            if c.priority != 1000 { line += " @ \(c.priority)" }
            line += " as \(c.name)"
            out.append(line)
        }
        // Hidden after them: a view hidden in a stack leaves its layout,
        // which the constraints above do not depend on. Then where scroll
        // views are scrolled to.
        for v in described { out += ViewProperty.scriptLines(v, at: [.afterTheConstraints], writer: Self.writer) }
        for v in s.views { out += ViewProperty.scriptLines(v, at: [.last], writer: Self.writer) }
        out += inputViews
        // A dismissed controller, out of the window as dismissing it left
        // it (before the sheets: the root presents one at a time).
        for c in s.controllers where c.isDismissed == true {
            out.append("present \(c.name) as sheet")
            out.append("dismiss \(c.name)")
        }
        // Sheets, each after the one that presents it.
        var presented: Set<String> = []
        var pending = s.controllers.filter { $0.presentation != nil }
        while !pending.isEmpty {
            let ready = pending.filter { c in !pending.contains { $0.name == c.presentation!.presenter } }
            guard !ready.isEmpty else { break }
            for c in ready {
                let p = c.presentation!
                out.append("present \(c.name) as \(p.style.rawValue) detent \(p.detent.rawValue) from \(p.presenter)")
                presented.insert(c.name)
            }
            pending.removeAll { presented.contains($0.name) }
        }
        for c in s.controllers where !c.isAppeared && c.isDismissed != true { out.append("disappear \(c.name)") }
        // The keyboard as it is, before any strategy is attached (so no
        // handler runs again on constants that already hold its effect).
        let k = stage.keyboard
        if !k.predictive { out.append("keyboard predictive off") }
        if k.type != .default { out.append("keyboard type \(k.type.rawValue)") }
        if k.hardware { out.append("keyboard hardware on") }
        if k.isUp {
            out.append(s.focus.map { "focus \($0)" } ?? "keyboard show")
            if let h = k.heightOverride { out.append("keyboard height \(ScriptText.number(h))") }
            switch k.mode {
            case .docked: break
            case .undocked: out.append("keyboard undock")
            case .split: out.append("keyboard split")
            case .floating: out.append("keyboard float")
            }
            if let y = k.dragTop { out.append("keyboard drag \(ScriptText.number(y))") }
        } else if let f = s.focus, k.hardware {
            out.append("focus \(f)")
        }
        // `controller … table` attaches UIKit's own table handling itself.
        for strategy in stage.strategies where !(strategy.kind == .tableController && s.controllers.contains { $0.name == strategy.controller && $0.tableView == strategy.scrollView }) {
            var line = "handle \(strategy.controller) with \(strategy.kind.rawValue)"
            for a in strategy.kind.type.arguments {
                let value: String
                if a.field.isName {
                    guard let n = strategy.name(a.field) else { continue }
                    value = n
                } else {
                    let x = strategy.number(a.field)
                    if !a.required, x == Strategy(kind: strategy.kind, controller: "").number(a.field) { continue }
                    value = ScriptText.number(x)
                }
                line += a.keyword.map { " \($0) \(value)" } ?? " \(value)"
            }
            out.append(line)
        }
        out += stage.rules.map(\.text)
        return out.joined(separator: "\n") + "\n"
    }

    /// A table's options as `add` and `controller … table` take them.
    public static func tableOptions(_ t: TableConfiguration) -> String {
        " rows \(t.rows) rowHeight \(ScriptText.number(t.rowHeight)) style \(t.style.rawValue)"
    }

    /// Numbers and strings as a script writes them.
    static let writer = ViewProperty.Writer(number: ScriptText.number, string: ScriptText.quote)
}
