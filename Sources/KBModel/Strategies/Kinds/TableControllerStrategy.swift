/// UITableViewController's own keyboard handling, which a table in a plain
/// controller does not get: while the controller is in the window, a
/// keyboard frame change sets the table's `contentInset.bottom` so that its
/// adjusted inset is the keyboard's overlap with the table (the overlap
/// minus the table's bottom safe-area inset, which the adjusted inset
/// already holds), then scrolls the first responder's row to visible
/// (`scrollToRow(at:at: .none)`); on keyboardWillHide the inset goes back
/// to 0. kbplay models this from UIKit's documented behaviour (the table
/// view controller "adjusts its table view for the keyboard"); the exact
/// arithmetic is kbplay's.
public enum TableControllerStrategy: KeyboardStrategy {
    public static let kind = StrategyKind.tableController
    public static let arguments: [StrategyArgument] = [
        .positional("TABLE", .scrollView, "the table view", .scrollView),
    ]
    public static let source = "UITableViewController's own"
    public static let fixedInSwift: Set<Flaw.ID> = []
    public static let registration = "UIKit's own: UITableViewController, from viewWillAppear to viewWillDisappear"
    public static let outlivesDisappear = false
    public static let observed: [KeyboardNotification.Name] = [.willChangeFrame, .willHide]

    public static func handle<Host: StrategyHost>(_ s: inout Strategy, _ h: inout Handler, host: inout Host) -> Bool {
        let p = formatPoints
        let n = h.notification
        guard let table = s.scrollView, let before = host.contentInset(of: table),
              let frame = host.windowFrame(of: table) else { return false }
        var insets = before
        if n.name == .willHide {
            insets.bottom = 0
            guard insets != before else { return true }
            host.setContentInset(insets, of: table)
            h.report.effects.append(HandlerEffect(.contentInsetBottom(table), before: .points(before.bottom), after: .points(0),
                                                 why: "(keyboardWillHide)"))
            return true
        }
        // The keyboard converted to the table: its overlap with the table's bounds.
        let overlap = max(0, min(frame.maxY, n.end.maxY) - max(frame.minY, n.end.minY))
        let safeBottom = host.safeAreaInsets(of: table).bottom
        insets.bottom = max(0, overlap - safeBottom)
        if insets != before {
            host.setContentInset(insets, of: table)
            h.report.effects.append(HandlerEffect(.contentInsetBottom(table), before: .points(before.bottom), after: .points(insets.bottom),
                                                 why: "(keyboard overlap \(p(overlap)) − safeAreaInsets.bottom \(p(safeBottom)))"))
        }
        if let field = host.focus, let row = host.scrollRowToVisible(holding: field, in: table) {
            h.report.effects.append(HandlerEffect(.rowScrolledToVisible(table: table, row: row), why: "(scrollToRow(at: [0, \(row)], at: .none))"))
        }
        return true
    }

    /// A comment: UIKit's own handling when the class is the table's
    /// UITableViewController, else what would give it.
    public static func writeSwift<Host: SwiftTemplateHost>(_ s: Strategy, summary: String, into host: inout Host) {
        let own = host.tableView(ofController: s.controller) == s.scrollView
        let lines = [own
            ? "// kbplay: \(summary): UIKit adjusts \(s.scrollView ?? "the table")'s content inset for the keyboard and scrolls the editing row to visible"
            : "// kbplay: \(summary) on \(s.scrollView ?? "a table"): make this a UITableViewController of it to get UIKit's handling"]
            + host.setupFlawComments(s)
        host.appendSetup(lines, to: s.controller)
    }
}
