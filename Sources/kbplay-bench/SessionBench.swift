import ArgumentParser
import Foundation
import KBModel
import KBShell

/// A long form in a scroll view above an input bar on the keyboard layout
/// guide, timed through keyboard shows and hides: each step is the
/// keyboard's frame change, the incremental solve, a snapshot and a diff.
struct SessionBench: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "session",
        abstract: "Keyboard show/hide on a session of N views (solve + snapshot + diff)."
    )

    @Option(help: "Views in the session (default: 1000 and 10000).") var views: Int?
    @Option(help: "Keyboard changes to time.") var steps = 21
    @Option(name: .customLong("stack-rows"), help: "Rows of the form built in a stack view (0: skip that case).") var stackRows = 1000
    @Option(name: .customLong("stack-shell-rows"), help: "Rows of the same form built through Session.execute (0: skip that case).") var stackShellRows = 1000
    @Option(name: .customLong("table-rows"), help: "Rows of the table a keyboard shows on (0: skip that case).") var tableRows = 10_000
    @Option(name: .customLong("churn-passes"), help: "Passes of a view added and removed, with a keyboard change and a rotation each (0: skip that case).") var churnPasses = 5000

    func run() throws {
        for n in views.map({ [$0] }) ?? [1000, 10000] {
            try runCase(n)
        }
        if stackRows > 0 { try runStackCase(stackRows) }
        if stackShellRows > 0 { try runStackShellCase(stackShellRows) }
        if tableRows > 0 { try runTableCase(tableRows) }
        if churnPasses > 0 { try runChurnCase(churnPasses) }
    }

    /// A session that runs for long: a label added to a form's stack view,
    /// constrained, the keyboard shown or hidden, the device rotated, the
    /// label removed, `passes` times. The first and the last thousand
    /// passes should take the same time.
    func runChurnCase(_ passes: Int) throws {
        var s = Screen()
        try s.addController("Form")
        try s.addView(.stackView, "form", to: "Form.view",
                      options: ViewOptions(stack: StackConfiguration(axis: .vertical, spacing: 8)))
        try s.pin("form", to: "Form.view.safeArea", insets: EdgeInsets(top: 0, left: 0, bottom: 0, right: 0))
        try s.addView(.textField, "email", to: "form")
        let shown = s.device.dockedKeyboardFrame(s.orientation)
        _ = s.layout()
        var times: [Double] = []
        for k in 0..<passes {
            let s0 = DispatchTime.now().uptimeNanoseconds
            try s.addView(.label, "hint", to: "form", options: ViewOptions(text: "hint \(k)"))
            try s.constrain("hint.height", .greaterOrEqual, constant: 30, priority: 700)
            s.setKeyboardFrame(k % 2 == 0 ? shown : nil)
            s.rotate(to: k % 3 == 0 ? .landscape : .portrait)
            _ = s.layout()
            try s.remove("hint")
            _ = s.layout()
            times.append(Double(DispatchTime.now().uptimeNanoseconds - s0) / 1e3)
        }
        func mean(_ part: ArraySlice<Double>) -> String { String(format: "%.1f", part.reduce(0, +) / Double(part.count)) }
        let storage = s.solverStorage()
        print("case=session-churn passes=\(passes) first_pass_us=\(mean(times.prefix(1000))) "
            + "last_pass_us=\(mean(times.suffix(1000))) rss_mb=\(String(format: "%.1f", residentMegabytes()))")
        print("#   solver symbols=\(storage.symbols) slots=\(storage.slots) (means of the first and last 1,000 passes)")
        fflush(nil)
    }

    /// A form of `rows` labels added one by one to a vertical stack view in
    /// a scroll view, as a script would: each `add` lays the stack out
    /// again.
    func runStackCase(_ rows: Int) throws {
        var s = Screen()
        try s.addController("Form")
        try s.addView(.scrollView, "list", to: "Form.view")
        try s.pin("list", to: "Form.view.safeArea", insets: EdgeInsets(top: 0, left: 0, bottom: 0, right: 0))
        try s.addView(.stackView, "form", to: "list",
                      options: ViewOptions(stack: StackConfiguration(axis: .vertical, spacing: 4)))
        try s.pin("form", to: "list.content", insets: EdgeInsets(top: 0, left: 0, bottom: 0, right: 0))
        try s.constrain("form.width", .equal, "list.frameGuide.width")
        _ = s.layout()
        var times: [Double] = []
        let t0 = DispatchTime.now().uptimeNanoseconds
        for i in 0..<rows {
            let s0 = DispatchTime.now().uptimeNanoseconds
            try s.addView(.label, "row\(i)", to: "form", options: ViewOptions(text: "Row \(i)"))
            _ = s.layout()
            times.append(Double(DispatchTime.now().uptimeNanoseconds - s0) / 1e3)
        }
        let totalMs = Double(DispatchTime.now().uptimeNanoseconds - t0) / 1e6
        let last = s.layout().windowFrame("row\(rows - 1)")!
        let lastTen = times.suffix(10).sorted()
        print("case=stack-build rows=\(rows) build_ms=\(String(format: "%.1f", totalMs)) "
            + "last_add_us=\(String(format: "%.1f", lastTen[lastTen.count / 2]))")
        print("#   first_add_us=\(String(format: "%.1f", times.first!)) last_row=\(last)")
        fflush(nil)
    }

    /// The same form built through `Session.execute`, a command line per
    /// row as `kbplay run` reads them: each `add` also takes the layout
    /// before and after, diffs them, checks the moved views for ambiguity
    /// and writes the report.
    func runStackShellCase(_ rows: Int) throws {
        var session = Session()
        for line in ["controller Form", "add scrollView list to Form.view", "pin list to Form.view.safeArea",
                     "add stackView form to list axis vertical spacing 4", "pin form to list.content",
                     "constrain form.width == list.frameGuide.width"] {
            let outcome = session.execute(line)
            guard outcome.status == .ok else { throw ValidationError("setup command failed: \(line)\n\(outcome.text)") }
        }
        var times: [Double] = []
        var bytes = 0
        let t0 = DispatchTime.now().uptimeNanoseconds
        for i in 0..<rows {
            let s0 = DispatchTime.now().uptimeNanoseconds
            let outcome = session.execute("add label row\(i) to form text \"Row \(i)\"")
            times.append(Double(DispatchTime.now().uptimeNanoseconds - s0) / 1e3)
            guard outcome.status == .ok else { throw ValidationError("row \(i) failed:\n\(outcome.text)") }
            bytes += outcome.text.utf8.count
        }
        let totalMs = Double(DispatchTime.now().uptimeNanoseconds - t0) / 1e6
        let lastTen = times.suffix(10).sorted()
        print("case=stack-build-shell rows=\(rows) build_ms=\(String(format: "%.1f", totalMs)) "
            + "last_add_us=\(String(format: "%.1f", lastTen[lastTen.count / 2]))")
        print("#   first_add_us=\(String(format: "%.1f", times.first!)) output_bytes=\(bytes)")
        fflush(nil)
    }

    func runCase(_ n: Int) throws {
        let t0 = DispatchTime.now().uptimeNanoseconds
        var screen = try SessionBench.build(views: n)
        var previous = screen.layout()
        let buildMs = Double(DispatchTime.now().uptimeNanoseconds - t0) / 1e6
        let shown = screen.device.dockedKeyboardFrame(screen.orientation)
        var times: [Double] = []
        var moved = 0
        for step in 0..<steps {
            let s0 = DispatchTime.now().uptimeNanoseconds
            screen.setKeyboardFrame(step % 2 == 0 ? shown : nil)
            let next = screen.layout()
            let changes = LayoutDiff.changes(from: previous, to: next)
            times.append(Double(DispatchTime.now().uptimeNanoseconds - s0) / 1e3)
            moved = max(moved, changes.count)
            previous = next
        }
        let sorted = times.sorted()
        let median = sorted[sorted.count / 2]
        print("case=session-keyboard views=\(screen.views.count) command_us=\(String(format: "%.1f", median)) "
            + "build_ms=\(String(format: "%.1f", buildMs)) rss_mb=\(String(format: "%.1f", residentMegabytes()))")
        print("#   steps=\(steps) min_us=\(String(format: "%.1f", sorted.first!)) "
            + "max_us=\(String(format: "%.1f", sorted.last!)) changes_per_step=\(moved) "
            + "bar=\(previous.windowFrame("bar")!) last=\(previous.windowFrame(screen.views.last!.name)!)")
        fflush(nil)
    }

    /// Controller `Form`: scroll view `list` from the safe-area top down to
    /// the input bar `bar`, which sits on `Form.view.keyboard.top`; the
    /// list's content is a column of labelled text fields. `views` counts
    /// every view, the root view included.
    static func build(views n: Int) throws -> Screen {
        var s = Screen()
        try s.addController("Form")
        try s.addView(.view, "bar", to: "Form.view")
        try s.constrain("bar.leading", .equal, "Form.view.leading")
        try s.constrain("bar.trailing", .equal, "Form.view.trailing")
        try s.constrain("bar.bottom", .equal, "Form.view.keyboard.top")
        try s.constrain("bar.height", .equal, constant: 44)
        try s.addView(.scrollView, "list", to: "Form.view")
        try s.constrain("list.top", .equal, "Form.view.safeArea.top")
        try s.constrain("list.leading", .equal, "Form.view.leading")
        try s.constrain("list.trailing", .equal, "Form.view.trailing")
        try s.constrain("list.bottom", .equal, "bar.top")
        try s.addView(.view, "content", to: "list")
        try s.pin("content", to: "list.content")
        try s.constrain("content.width", .equal, "list.frameGuide.width")
        var previous: String?
        var count = 4
        var i = 0
        while count + 2 <= n {
            let label = "label\(i)", field = "field\(i)"
            try s.addView(.label, label, to: "content", options: ViewOptions(text: "Field \(i)"))
            if let previous {
                try s.constrain("\(label).top", .equal, "\(previous).bottom", constant: 12)
            } else {
                try s.constrain("\(label).top", .equal, "content.top", constant: 16)
            }
            try s.constrain("\(label).leading", .equal, "content.leading", constant: 16)
            try s.constrain("\(label).trailing", .equal, "content.trailing", constant: -16)
            try s.addView(.textField, field, to: "content")
            try s.constrain("\(field).top", .equal, "\(label).bottom", constant: 4)
            try s.constrain("\(field).leading", .equal, "\(label).leading")
            try s.constrain("\(field).trailing", .equal, "\(label).trailing")
            previous = field
            count += 2
            i += 1
        }
        if let previous {
            try s.constrain("content.bottom", .equal, "\(previous).bottom", constant: 16)
        }
        return s
    }
}

/// The resident set size from /proc/self/status (VmRSS), in MB.
func residentMegabytes() -> Double {
    guard let status = try? String(contentsOfFile: "/proc/self/status", encoding: .utf8) else { return 0 }
    for line in status.split(separator: "\n") where line.hasPrefix("VmRSS:") {
        let kb = line.split(separator: " ").compactMap { Double($0) }.first ?? 0
        return kb / 1024
    }
    return 0
}
