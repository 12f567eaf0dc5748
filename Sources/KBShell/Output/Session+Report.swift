import KBModel

extension Session {
    /// The change report of a mutation: what its `apply` wrote, with the
    /// layout changes from `before` to `after`, the views left ambiguous
    /// and the focus verdict.
    mutating func report(before: LayoutSnapshot, after: LayoutSnapshot, log: ChangeLog) -> ChangeReport {
        var report = log.report
        report.changes = LayoutDiff.changes(from: before, to: after)
        // Ambiguity depends on which constraints there are, not on their
        // constants or the keyboard: check it when the structure changed,
        // among the views that moved.
        if log.structural {
            let moved = report.changes.compactMap { c -> String? in
                switch c {
                case let .viewAdded(v, _), let .frame(v, _, _): return v
                default: return nil
                }
            }
            if !moved.isEmpty { report.ambiguous = screen.ambiguousViews(among: moved) }
        }
        if let focus = caretReport(in: after) ?? screen.focusReport(in: after) {
            report.focus = ChangeReport.Focus(report: focus, field: screen.focus ?? focus.field, isCaret: focus.field != screen.focus,
                                              keyboardUp: after.keyboardFrame != nil,
                                              hint: focus.obscuredBy.first?.cause == .keyboard ? layoutGuideHint() : nil)
        }
        return report
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
}
