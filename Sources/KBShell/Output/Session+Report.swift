import KBModel

extension Session {
    /// The change report of a mutation: what its `apply` wrote, with the
    /// layout changes from `before` to `after`, the views left ambiguous
    /// and the focus verdict.
    mutating func report(before: LayoutSnapshot, after: LayoutSnapshot, log: ChangeLog) -> ChangeReport {
        var report = log.report
        let stage = log.stage
        (report.entries, report.notifications, report.warnings) = (stage.entries, stage.notifications, stage.warnings)
        (report.flaws, report.notes, report.reportedConstants) = (stage.flaws, stage.notes, stage.reportedConstants)
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
        if let focus = state.focusReport(in: after) {
            report.focus = ChangeReport.Focus(report: focus, field: screen.focus ?? focus.field, isCaret: focus.field != screen.focus,
                                              keyboardUp: after.keyboardFrame != nil,
                                              hint: focus.obscuredBy.first?.cause == .keyboard ? state.layoutGuideHint() : nil)
        }
        return report
    }
}
