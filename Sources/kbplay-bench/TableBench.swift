import ArgumentParser
import Foundation
import KBModel
import KBShell

extension SessionBench {
    /// A keyboard show and hide on a table of `rows` rows: a
    /// UITableViewController whose field sits in the middle row, focused
    /// and resigned through `Session.execute` (the notifications, the
    /// table-controller handler setting the inset and scrolling the row,
    /// the layout, the diff and the verdict), and the same keyboard frames
    /// set through the model alone. Rows without views are no views, so
    /// the table costs what a short one does.
    func runTableCase(_ rows: Int) throws {
        var session = Session(sessionsDirectory: NSTemporaryDirectory())
        let middle = rows / 2
        for line in ["device iphone-15", "controller Settings table items rows \(rows)",
                     "add textField field to items row \(middle)",
                     "constrain field.leading == itemsRow\(middle).leading + 16",
                     "constrain field.trailing == itemsRow\(middle).trailing - 16",
                     "constrain field.centerY == itemsRow\(middle).centerY",
                     "set items.contentOffset.y = \(Double(middle) * TableConfiguration.defaultRowHeight - 300)"] {
            let o = session.execute(line)
            guard o.status == .ok else { throw ValidationError("table case: \(line): \(o.text)") }
        }
        var shows: [Double] = [], model: [Double] = []
        var verdict = ""
        for _ in 0..<steps {
            for line in ["focus field", "resign"] {
                let s0 = DispatchTime.now().uptimeNanoseconds
                let o = session.execute(line)
                let us = Double(DispatchTime.now().uptimeNanoseconds - s0) / 1e3
                if line == "focus field" {
                    shows.append(us)
                    verdict = o.report?.focus?.verdict ?? ""
                }
            }
        }
        var screen = session.screen
        var previous = screen.layout()
        let shown = screen.device.dockedKeyboardFrame(screen.orientation)
        for step in 0..<steps {
            let s0 = DispatchTime.now().uptimeNanoseconds
            screen.setKeyboardFrame(step % 2 == 0 ? shown : nil)
            let next = screen.layout()
            _ = LayoutDiff.changes(from: previous, to: next)
            model.append(Double(DispatchTime.now().uptimeNanoseconds - s0) / 1e3)
            previous = next
        }
        func median(_ xs: [Double]) -> String { String(format: "%.1f", xs.sorted()[xs.count / 2]) }
        print("case=table-keyboard rows=\(rows) views=\(session.screen.views.count) show_us=\(median(shows)) "
            + "model_us=\(median(model))")
        print("#   focus (keyboard show, table-controller inset and scroll, layout, diff, verdict); \(verdict)")
        fflush(nil)
    }
}
