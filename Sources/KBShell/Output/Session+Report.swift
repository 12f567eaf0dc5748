import KBModel

extension Session {
    /// The printed and JSON forms of a change.
    mutating func report(_ line: String, before: LayoutSnapshot, after: LayoutSnapshot, log: ChangeLog) -> CommandOutcome {
        var text = log.lines
        for w in log.warnings { text.append(describe(w)) }
        let changes = LayoutDiff.changes(from: before, to: after)
        let shown = log.reportedConstants.isEmpty ? changes : changes.filter { change in
            if case let .constant(name, _, _) = change { return !log.reportedConstants.contains(name) }
            return true
        }
        if !shown.isEmpty {
            text += aligned(shown)
        } else if !log.warnings.isEmpty {
            text[text.count - 1] += "; nothing moved"
        } else if !log.notifications.isEmpty || (log.lines.isEmpty && log.notes.isEmpty) {
            text.append("no view moved")
        }
        // Ambiguity depends on which constraints there are, not on their
        // constants or the keyboard: check it when the structure changed,
        // among the views that moved.
        var ambiguous: [String] = []
        if log.structural {
            let moved = changes.compactMap { c -> String? in
                switch c {
                case let .viewAdded(v, _), let .frame(v, _, _): return v
                default: return nil
                }
            }
            if !moved.isEmpty { ambiguous = screen.ambiguousViews(among: moved) }
        }
        if !ambiguous.isEmpty, log.ambiguityIsNote {
            text.append("note: ambiguous layout: \(ambiguous.joined(separator: ", ")) — a dump lists only the constraints in conflict, so the rest of \(ambiguous.count == 1 ? "its" : "their") frame is not in the log (explain VIEW shows what decides it)")
        } else if !ambiguous.isEmpty {
            text.append("⚠ ambiguous layout: \(ambiguous.joined(separator: ", ")) — the constraints let \(ambiguous.count == 1 ? "its" : "their") frame move (explain VIEW shows what decides it)")
        }
        text += log.notes
        var members: [String: JSON] = log.extra
        if !ambiguous.isEmpty { members["ambiguous"] = .array(ambiguous.map { .string($0) }) }
        if let a = log.animation {
            let (lines, frames) = animationLines(a.count, begin: a.begin, end: a.end, changes: changes)
            text += lines
            members["animation"] = frames
        }
        members["warnings"] = .array(log.warnings.map { .string($0.description) })
        if let focus = caretReport(in: after) ?? screen.focusReport(in: after) {
            let isCaret = focus.field != screen.focus
            text.append(verdict(focus, keyboardUp: after.keyboardFrame != nil))
            members["focus"] = focusJSON(focus, isCaret: isCaret)
            if focus.obscuredBy.first?.cause == .keyboard, let hint = layoutGuideHint() {
                text.append(hint)
                members["hint"] = .string(hint)
            }
        }
        if !log.flaws.isEmpty {
            for f in log.flaws {
                let (reason, fix) = f.message.splitFix()
                text.append("⚑ \(f.strategy.rawValue): \(reason)")
                if let fix { text.append("  fix: \(fix)") }
            }
            members["flaws"] = .array(log.flaws.map { f in
                .object(["id": .string(f.id.rawValue), "strategy": .string(f.strategy.rawValue),
                         "controller": .string(f.controller), "message": .string(f.message)])
            })
        }
        var outcome = CommandOutcome(command: line, text: text.joined(separator: "\n"), members: members)
        outcome.notifications = log.notifications
        outcome.changes = changes
        return outcome
    }

    /// Diff lines with the names padded so the frames line up, as one
    /// block of text (a diff often moves every view: it is built in one
    /// buffer, each frame formatted once).
    func aligned(_ changes: [LayoutChange]) -> [String] {
        // Changes are read in place (copying each would copy its name).
        changes.withUnsafeBufferPointer { changes in
            var width = 0
            for k in changes.indices {
                // Names are ASCII (`[A-Za-z_][A-Za-z0-9_]*`): bytes are columns.
                if case let .frame(v, _, _) = changes[k] { width = max(width, v.utf8.count) }
            }
            // The frames before, formatted first (their widest decides the
            // padding), then copied into their lines.
            var befores = PointText(capacity: changes.count * 24)
            var before: [(start: Int, end: Int)] = []
            before.reserveCapacity(changes.count)
            var frameWidth = 0
            for k in changes.indices {
                guard case let .frame(_, a, _) = changes[k] else { continue }
                let start = befores.count
                befores.append(a)
                before.append((start, befores.count))
                frameWidth = max(frameWidth, befores.count - start)
            }
            var out = PointText(capacity: changes.count * 64)
            var f = 0
            for k in changes.indices {
                if out.count > 0 { out.append(UInt8(ascii: "\n")) }
                guard case let .frame(v, _, b) = changes[k] else {
                    changes[k].write(into: &out)
                    continue
                }
                let (start, end) = before[f]
                f += 1
                out.appendLiteral("~ ")
                out.append(v)
                out.appendSpaces(width - v.utf8.count + 2)
                out.append(befores, start, end)
                out.appendSpaces(frameWidth - (end - start))
                out.appendLiteral(" → ")
                out.append(b)
            }
            return [out.string]
        }
    }

    /// UIKit's "Unable to simultaneously satisfy constraints", names aligned.
    func describe(_ w: ModelWarning) -> String {
        guard case let .unsatisfiable(broken, conflicts, cause) = w else { return w.description }
        let width = conflicts.map(\.name.count).max() ?? 0
        var lines = ["Unable to simultaneously satisfy constraints. These required constraints conflict:"]
        lines += conflicts.map { "    \($0.name.padded(width))  \($0.equation)" }
        let why: String
        switch cause {
        case .added: why = "the constraint just added"
        case .activated: why = "the constraint just activated"
        case .changed: why = "the constraint just changed"
        case .layout: why = "to keep the layout valid"
        }
        lines.append("broke \(broken.name), \(why)")
        return lines.joined(separator: "\n")
    }

    /// The keyboard and the views that move with it at `count` moments of
    /// the curve-7 spring; views animate on the keyboard's curve, so each
    /// is at the same fraction of its way.
    func animationLines(_ count: Int, begin: Rect, end: Rect, changes: [LayoutChange]) -> ([String], JSON) {
        var lines = ["animation along curve 7 (a critically damped spring; it settles at \(formatPoints(DeviceCatalog.standard.curve7.settles)) s, not the 0.25 s of userInfo):"]
        var frames: [JSON] = []
        for time in Keyboard.animationTimes(count) {
            let p = Keyboard.progress(at: time)
            let top = begin.minY + (end.minY - begin.minY) * p
            var line = "  t=\(formatPoints(time)) s  \(formatPoints(p * 100))%  keyboard top \(formatPoints(top))"
            var views: [String: JSON] = [:]
            for c in changes {
                guard case let .frame(v, a, b) = c else { continue }
                let y = a.minY + (b.minY - a.minY) * p
                line += "  \(v).minY \(formatPoints(y))"
                views[v] = .number(roundPoints(y))
            }
            lines.append(line)
            frames.append(.object(["t": .number(time), "progress": .number(p), "keyboardTop": .number(top), "minY": .object(views)]))
        }
        return (lines, .array(frames))
    }

    /// For a focused text view, what matters is its caret (at the end of the
    /// text: the content's last line), where it is after scrolling and
    /// within the view; nil for other fields.
    func caretReport(in snapshot: LayoutSnapshot) -> FocusReport? {
        guard let focus = screen.focus, (try? screen.view(named: focus))?.kind == .textView,
              let view = snapshot.view(focus), let scroll = view.scroll else { return nil }
        let line = ScreenHost.caretHeight
        let caretTop = view.windowFrame.minY - scroll.contentOffset.y + max(0, scroll.contentSize.height - line)
        let top = min(max(caretTop, view.windowFrame.minY), view.windowFrame.maxY - line)
        let caret = Rect(x: view.windowFrame.minX, y: top, width: 2, height: line)
        let screenHeight = snapshot.screenSize.height
        let keyboardTop = snapshot.keyboardFrame.map { $0.minY < screenHeight ? $0.minY : screenHeight } ?? screenHeight
        // A text view on an input accessory rides on the keyboard.
        let accessory = screen.enclosingAccessory(of: focus)
        let covered = accessory != nil ? 0 : roundPoints(max(0, min(caret.maxY, screenHeight) - keyboardTop))
        var report = FocusReport(field: "the caret of \(focus)", fieldFrame: caret, keyboardTop: keyboardTop, covered: covered,
                                 clearance: covered > 0 || accessory != nil ? 0 : roundPoints(max(0, keyboardTop - caret.maxY)),
                                 obscuredBy: screen.obstructions(of: caret, view: focus, in: snapshot, keyboardCovered: covered,
                                                                 clipsItself: true))
        report.accessory = accessory
        return report
    }

    /// Why a field under the keyboard did not move although its controller
    /// (or one it is embedded in) is handled with layout-guide: nothing is
    /// pinned to the guide. Nil otherwise.
    func layoutGuideHint() -> String? {
        guard let f = screen.focus, let v = try? screen.view(named: f) else { return nil }
        var controller: String? = v.controller
        while let c = controller {
            if let unpinned = unpinnedLayoutGuide(of: c) {
                return "  hint: \(c) is handled with layout-guide, but nothing is pinned to \(unpinned.guide): \(unpinned.pin)"
            }
            controller = (try? screen.controller(named: c))?.parent
        }
        return nil
    }

    /// The focus line: visible, or the first thing that hides the field.
    func verdict(_ f: FocusReport, keyboardUp: Bool) -> String {
        let p = formatPoints
        if let first = f.obscuredBy.first {
            switch first.cause {
            case .keyboard:
                return "✗ \(f.field) is covered by the keyboard: its bottom is at \(p(f.fieldFrame.maxY)), the keyboard's top at \(p(f.keyboardTop)) (\(p(f.covered)) pt hidden)"
            case .dismissed:
                let c = first.view ?? "its controller"
                return "✗ \(f.field) is not in the window: \(c) was dismissed (present \(c) as sheet to show it again)"
            case .hidden:
                let view = first.view ?? f.field
                let what = first.byAlpha ? "\(view).alpha is 0" : "\(view).hidden is on"
                return "✗ \(f.field) is hidden: \(what)"
            case .offscreen:
                return "✗ \(f.field) is off screen: \(p(first.points)) pt \(Self.beyond(first.edge))"
            case .clipped:
                return "✗ \(f.field) is clipped by \(first.view ?? "its superview") (\(p(first.points)) pt past its \(first.edge?.rawValue ?? "bottom") edge)"
            case .statusBar:
                return "✗ \(f.field) is under the status bar (\(p(first.points)) pt into the top safe-area inset)"
            case .homeIndicator:
                return "✗ \(f.field) is under the home indicator (\(p(first.points)) pt into the bottom safe-area inset)"
            }
        }
        if let a = f.accessory { return "✓ \(f.field) is visible, on the input accessory view \(a)" }
        if !keyboardUp { return "✓ \(f.field) is visible (no keyboard on screen)" }
        return "✓ \(f.field) is visible, \(p(f.clearance)) pt above the keyboard"
    }

    private static func beyond(_ edge: Obstruction.Edge?) -> String {
        switch edge ?? .bottom {
        case .top: "above the top"
        case .bottom: "below the bottom"
        case .left: "left of the left edge"
        case .right: "right of the right edge"
        }
    }

    /// The JSON form of the focus verdict.
    func focusJSON(_ focus: FocusReport, isCaret: Bool) -> JSON {
        var f: [String: JSON] = ["field": .string(screen.focus ?? focus.field), "covered": .number(focus.covered),
                                 "clearance": .number(focus.clearance), "visible": .bool(focus.isVisible),
                                 "obscuredBy": .array(focus.obscuredBy.map { o in
                                     var m: [String: JSON] = ["by": .string(o.cause.rawValue), "points": .number(o.points)]
                                     if let v = o.view { m["view"] = .string(v) }
                                     if let e = o.edge { m["edge"] = .string(e.rawValue) }
                                     return .object(m)
                                 })]
        if isCaret { f["caret"] = .bool(true) }
        if let a = focus.accessory { f["accessory"] = .string(a) }
        return .object(f)
    }
}
