import ArgumentParser
import Foundation
import KBShell

/// `export swift` (and `export kbs`, for comparison) of the screen
/// `kbplay-bench import` builds: a scroll view of rows, each a stack view
/// of a label and a text field, with a content-inset strategy attached and
/// a field focused, so the export writes views, stacks, constraints and a
/// strategy. Timed through `Session.execute`, as the shell runs it.
struct ExportBench: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "export",
        abstract: "Export a screen of N views (stack views, constraints, a strategy) as UIKit Swift and as a script."
    )

    @Option(help: "Views in the screen, the root view included (rounded to 3 + 3 × rows).") var views = 300
    @Option(help: "Exports timed per format (the median and the slowest are printed).") var runs = 30

    func run() throws {
        let rows = max(1, (views - 3) / 3)
        let path = NSTemporaryDirectory() + "kbplay-bench-export-\(getpid()).storyboard"
        try ImportBench.storyboard(rows: rows).write(toFile: path, atomically: true, encoding: .utf8)
        defer { try? FileManager.default.removeItem(atPath: path) }
        var session = Session()
        guard session.execute("import \(path)").status == .ok else { throw ValidationError("the import failed") }
        let scroll = session.screen.views.first { $0.kind == .scrollView }?.name ?? ""
        let field = session.screen.views.last { $0.kind == .textField }?.name ?? ""
        let controller = session.screen.controllers.first?.name ?? ""
        for line in ["handle \(controller) with content-inset \(scroll)", "focus \(field)"] {
            let o = session.execute(line)
            guard o.status == .ok else { throw ValidationError("\(line): \(o.text)") }
        }
        for format in ["swift", "kbs"] {
            var bytes = 0
            let (median, slowest) = try medianAndSlowest(runs: runs, setUp: {}) { _ in
                let outcome = session.execute("export \(format)")
                guard outcome.status == .ok else { throw ValidationError("export \(format) failed:\n\(outcome.text)") }
                bytes = outcome.text.utf8.count
            }
            print("case=export-\(format) views=\(session.screen.views.count) constraints=\(session.screen.constraints.count) bytes=\(bytes) median_ms=\(milliseconds(median)) max_ms=\(milliseconds(slowest))")
        }
    }
}
