import KBModel

extension Session {
    func help(_ command: Token?, line: String) -> CommandOutcome {
        guard let command else { return CommandOutcome(command: line, text: Help.overview()) }
        let word = command.text
        if word == "strategies" {
            let lines = StrategyKind.allCases.map { k in "  \(k.usage.padded(72)) \(k.registration)" }
            return CommandOutcome(command: line, text: (["handle CONTROLLER with STRATEGY:"] + lines + [
                "flaws kbplay points out: " + Flaw.ID.allCases.map(\.rawValue).joined(separator: ", "),
                "your own rules: on CONTROLLER EVENT: set NAME.constant = EXPR",
            ]).joined(separator: "\n"))
        }
        let specs = CommandTable.all.filter { $0.words[0] == word }
        if specs.isEmpty {
            return .rejected(line, CommandError("no command '\(word)'", column: command.column,
                                                  suggestion: nearestName(to: word, in: CommandTable.firstWords + ["strategies"])))
        }
        return CommandOutcome(command: line, text: specs.map(Help.command).joined(separator: "\n\n"))
    }

    func devicesList() -> CommandOutcome {
        let catalog = DeviceCatalog.standard
        var lines: [String] = []
        for d in catalog.devices {
            let s = d.screen, a = d.safeArea.portrait
            let marker = d.id == screen.device.id ? "*" : " "
            lines.append("\(marker) \(d.id.padded(18)) \(formatPoints(s.width))×\(formatPoints(s.height))  safe \(formatPoints(a.top))/\(formatPoints(a.bottom))  keyboard \(formatPoints(d.keyboard.portrait)) (\(formatPoints(d.keyboard.landscape)) landscape)  \(d.name)")
        }
        return CommandOutcome(command: "devices", text: lines.joined(separator: "\n"),
                              members: ["devices": .array(catalog.devices.map { .string($0.id) })])
    }

    mutating func tree() -> CommandOutcome {
        let snapshot = screen.layout()
        var lines = ["window (0 0; \(formatPoints(snapshot.screenSize.width)) \(formatPoints(snapshot.screenSize.height)))  \(screen.device.id) \(screen.orientation.rawValue)"
            + (screen.window.map { "  \($0.kind.rawValue) at \($0.frame) on the screen" } ?? "")]
        for v in snapshot.views {
            let model = try? screen.view(named: v.name)
            var note = model.map { $0.kind.rawValue } ?? ""
            if model?.isHidden == true { note += ", hidden" }
            if let m = model, m.alpha != 1 { note += ", alpha \(formatNumber(m.alpha))" }
            if let m = model, m.clipsToBounds != m.kind.isScrollView { note += m.clipsToBounds ? ", clipsToBounds" : ", clipsToBounds off" }
            if screen.focus == v.name { note += ", first responder" }
            if let s = v.scroll { note += ", content \(formatPoints(s.contentSize.width))×\(formatPoints(s.contentSize.height)) offset (\(formatPoints(s.contentOffset.x)) \(formatPoints(s.contentOffset.y)))" }
            if let t = model?.table { note += ", \(t.rows) rows of \(formatPoints(t.rowHeight))\(t.style == .grouped ? ", grouped" : "")" }
            if let m = model, let row = m.row { note = "cell of row \(row)" }
            if let m = model, let a = m.accessory {
                let shown = screen.keyboard.accessory == m.name
                note = "input accessory of \(a.owner), \(formatPoints(a.height)) pt" + (shown ? ", on the keyboard" : ", not on screen")
            }
            if let m = model, let h = m.inputViewHeight { note += ", inputView \(formatPoints(h)) pt" }
            if let m = model, m.isRootView {
                let c = try? screen.controller(named: m.controller)
                note = "root of \(m.controller)" + (c?.isDismissed == true ? ", dismissed" : "")
                    + (c?.isAppeared == false ? ", not in the window" : "")
                if let p = c?.presentation { note += ", presented as \(p.style.rawValue)\(p.detent == .medium ? " (medium)" : "") from \(p.presenter)" }
                if let t = c?.tableView { note += ", UITableViewController of \(t)" }
            }
            lines.append(String(repeating: "  ", count: v.depth + 1) + "\(v.name) \(v.frame)  [\(note)]")
        }
        if let k = snapshot.keyboardFrame { lines.append("  keyboard \(k)") }
        return CommandOutcome(command: "tree", text: lines.joined(separator: "\n"))
    }

    mutating func frames() -> CommandOutcome {
        let snapshot = screen.layout()
        // Names are ASCII (`[A-Za-z_][A-Za-z0-9_]*`): bytes are columns.
        let width = snapshot.views.map(\.name.utf8.count).max() ?? 0
        var text = PointText(capacity: (snapshot.views.count + 1) * (width + 24))
        var map: [String: JSON] = [:]
        map.reserveCapacity(snapshot.views.count)
        func line(_ name: String, _ f: Rect) {
            if text.count > 0 { text.append(UInt8(ascii: "\n")) }
            text.append(name)
            text.appendSpaces(width - name.utf8.count)
            text.append(UInt8(ascii: " "))
            text.append(f.minX)
            text.append(UInt8(ascii: " "))
            text.append(f.minY)
            text.append(UInt8(ascii: " "))
            text.append(f.width)
            text.append(UInt8(ascii: " "))
            text.append(f.height)
        }
        // Views read in place (a view layout is large).
        for s in 0 ..< snapshot.views.segmentCount {
            snapshot.views.segment(s).withUnsafeBufferPointer { views in
                for k in views.indices {
                    let f = views[k].windowFrame.rounded
                    line(views[k].name, f)
                    map[views[k].name] = .array([.number(f.minX), .number(f.minY), .number(f.width), .number(f.height)])
                }
            }
        }
        if let k = snapshot.keyboardFrame { line("keyboard", k) }
        return CommandOutcome(command: "frames", text: text.string, members: ["frames": .object(map)])
    }

    mutating func constraintList(_ view: String?) throws -> CommandOutcome {
        if let view { _ = try screen.view(named: view) }
        let list = screen.constraints.filter { view == nil || $0.mentions(view!) }
        let width = list.map(\.name.count).max() ?? 0
        let lines = list.map { c -> String in
            let state = c.isBroken ? "  (broken)" : c.isActive ? "" : "  (inactive)"
            return "\(c.name.padded(width))  \(c.equation)\(state)"
        }
        return CommandOutcome(command: "constraints", text: lines.isEmpty ? "no constraints" : lines.joined(separator: "\n"),
                              members: ["constraints": .array(list.map { .string($0.description) })])
    }

    func eventList(_ count: Int?) -> CommandOutcome {
        let n = max(0, count ?? 8)
        let list = eventLog.suffix(min(n, Self.eventLimit))
        var lines: [String] = []
        for e in list {
            let n = e.notification
            lines.append(n.name.rawValue)
            for (key, value) in n.userInfo { lines.append("    \(key) = \(value)") }
            for h in e.handlers { lines.append("  → \(h.controller) · \(h.handler): \(h.effect.what)") }
        }
        return CommandOutcome(command: "events", text: lines.isEmpty ? "no keyboard notifications yet" : lines.joined(separator: "\n"),
                              members: ["notifications": .array(list.map { .verbatim($0.notification.jsonText) })])
    }

    mutating func explain(_ view: String) throws -> CommandOutcome {
        let explanations = try screen.explain(view)
        let frame = screen.layout().windowFrame(view) ?? .zero
        var lines = ["\(view) \(frame) is decided by:"]
        lines += explanations.map { "  \($0)" }
        if !screen.ambiguousViews(among: [view]).isEmpty {
            lines.append("⚠ \(view)'s frame is ambiguous: the constraints above let it move; add a constraint for each free edge or size")
        }
        return CommandOutcome(command: "explain", text: lines.joined(separator: "\n"))
    }

    mutating func undoRedo(_ undo: Bool) -> CommandOutcome {
        guard let target = undo ? undoStack.last : redoStack.last else {
            let why = undo && readFromFile
                ? " since this session was read back from a file (a session file, or a daemon's snapshot after a close, an idle unload or a restart), which keeps no undo history"
                : ""
            return CommandOutcome(command: undo ? "undo" : "redo", text: (undo ? "nothing to undo" : "nothing to redo") + why)
        }
        let before = screen.layout()
        let current = Checkpoint(state)
        if undo {
            undoStack.removeLast()
            redoStack.append(current)
        } else {
            redoStack.removeLast()
            undoStack.append(current)
        }
        state = target.state
        let after = screen.layout()
        var log = ChangeLog()
        log.notes.append(undo ? "undone" : "redone")
        return CommandOutcome(command: undo ? "undo" : "redo", report: report(before: before, after: after, log: log))
    }
}
