import ArgumentParser
import Foundation
import KBShell

/// `kbplay-bench import-log`: a generated console log (a long run of app
/// output around conflict dumps whose rows of labels carry `constraints`
/// constraints in all) read and rebuilt by `import log`, timed.
struct LogImportBench: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "import-log",
        abstract: "Times import log on a generated console log (default: 5,000 lines, 200 constraints).")

    @Option(help: "Lines in the log.") var lines = 5_000
    @Option(help: "Constraints in its dump.") var constraints = 200
    @Option(help: "Timed runs.") var runs = 20
    @Option(help: "Printed keyboard notifications among the app output (show and hide bursts of two, in NSNotification's form), replayed and compared.")
    var notifications = 0

    func run() throws {
        let text = Self.log(lines: lines, constraints: constraints, notifications: notifications)
        let path = NSTemporaryDirectory() + "kbplay-bench-\(getpid()).log"
        try text.write(toFile: path, atomically: true, encoding: .utf8)
        defer { try? FileManager.default.removeItem(atPath: path) }
        var times: [Double] = []
        var summary = ""
        for _ in 0..<runs {
            var session = Session(sessionsDirectory: NSTemporaryDirectory())
            let start = DispatchTime.now().uptimeNanoseconds
            let outcome = session.execute("import log \(path)")
            times.append(Double(DispatchTime.now().uptimeNanoseconds - start) / 1e6)
            guard outcome.status == .ok else { throw ValidationError("import log failed: \(outcome.text)") }
            summary = String(outcome.text.split(separator: "\n").first ?? "")
        }
        times.sort()
        print(summary.replacingOccurrences(of: path, with: "LOG"))
        let count = text.split(separator: "\n", omittingEmptySubsequences: false).count - 1
        let printed = notifications > 0 ? ", \(notifications) keyboard notifications" : ""
        print("import log: \(count) lines, \(constraints) constraints\(printed): "
              + String(format: "median %.1f ms, min %.1f ms, max %.1f ms (%d runs)", times[times.count / 2], times[0], times[times.count - 1], runs))
    }

    /// Rows of two labels, each row 44 pt below the last, with one width
    /// that conflicts at the end; app output fills the log to `lines`.
    static func log(lines: Int, constraints: Int, notifications: Int = 0) -> String {
        var entries = ["'UIView-Encapsulated-Layout-Width' UIView:0x7e0000000001.width == 393"]
        var row = 0
        while entries.count + 5 <= constraints - 1 {
            let a = String(format: "0x7f00%08x", row * 2), b = String(format: "0x7f00%08x", row * 2 + 1)
            let above = row == 0 ? "UILayoutGuide:0x600000001000'UIViewSafeAreaLayoutGuide'.top" : String(format: "UILabel:0x7f00%08x.bottom", (row - 1) * 2)
            entries += [
                "UILabel:\(a).top == \(above) + 8",
                "UILabel:\(a).leading == UIView:0x7e0000000001.leadingMargin",
                "UILabel:\(b).leading == UILabel:\(a).trailing + 8",
                "UILabel:\(b).firstBaseline == UILabel:\(a).firstBaseline",
                "UIView:0x7e0000000001.trailingMargin == UILabel:\(b).trailing",
            ]
            row += 1
        }
        while entries.count < constraints - 1 { entries.append("UILabel:0x7f0000000000.height >= 21") }
        entries.append("UILabel:0x7f0000000000.width == 1000")
        var out = ["2026-03-02 09:14:27.118204+0100 Bench[1:2] [LayoutConstraints] Unable to simultaneously satisfy constraints.",
                   "\tProbably at least one of the constraints in the following list is one you don't want. ", "("]
        for (i, e) in entries.enumerated() {
            out.append("    \"<NSLayoutConstraint:0x6000\(String(format: "%08x", i)) \(e)   (active)>\"\(i + 1 < entries.count ? "," : "")")
        }
        out += [")", "", "Will attempt to recover by breaking constraint ",
                "<NSLayoutConstraint:0x6000\(String(format: "%08x", entries.count - 1)) \(entries.last!)   (active)>", ""]
        // The keyboard of the iPhone 15 (393 × 852, 336 high) shown and
        // hidden: 852 − 336 = 516, centers 852 + 168 = 1020 and 516 + 168 = 684.
        for i in 0..<notifications {
            let show = i % 4 < 2
            let (from, to) = show ? (852, 516) : (516, 852)
            let name = ["UIKeyboardWillShowNotification", "UIKeyboardDidShowNotification",
                        "UIKeyboardWillHideNotification", "UIKeyboardDidHideNotification"][i % 4]
            out += ["2026-03-02 09:15:00.000000+0100 Bench[1:2] NSConcreteNotification 0x6000\(String(format: "%08x", i)) {name = \(name); userInfo = {",
                    "    UIKeyboardAnimationCurveUserInfoKey = 7;", "    UIKeyboardAnimationDurationUserInfoKey = \"0.25\";",
                    "    UIKeyboardBoundsUserInfoKey = \"NSRect: {{0, 0}, {393, 336}}\";",
                    "    UIKeyboardCenterBeginUserInfoKey = \"NSPoint: {196.5, \(from + 168)}\";",
                    "    UIKeyboardCenterEndUserInfoKey = \"NSPoint: {196.5, \(to + 168)}\";",
                    "    UIKeyboardFrameBeginUserInfoKey = \"NSRect: {{0, \(from)}, {393, 336}}\";",
                    "    UIKeyboardFrameEndUserInfoKey = \"NSRect: {{0, \(to)}, {393, 336}}\";",
                    "    UIKeyboardIsLocalUserInfoKey = 1;", "}}"]
        }
        var filler = 0
        while out.count < lines {
            out.insert("2026-03-02 09:14:\(String(format: "%02d", filler % 60)).000000+0100 Bench[1:2] [Feed] loaded item \(filler)", at: 0)
            filler += 1
        }
        return out.joined(separator: "\n") + "\n"
    }
}
