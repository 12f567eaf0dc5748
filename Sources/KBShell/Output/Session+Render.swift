import Foundation
import KBModel

extension Session {
    /// `render`: the screen as text (boxes with names, the keyboard shaded,
    /// the focused field marked), or `render svg FILE`.
    mutating func render(svg written: String?, line: String) throws -> CommandOutcome {
        let snapshot = screen.layout()
        if let file = written.map(path(of:)) {
            do { try FileIO.atomicWrite(file, svg(snapshot)) } catch {
                return .rejected(line, CommandError(error.description), status: .ioError)
            }
            return CommandOutcome(command: line, text: "wrote \(file)", members: ["path": .string(file)])
        }
        return CommandOutcome(command: line, text: ascii(snapshot))
    }

    /// A character picture: 40 columns across the screen, rows half as tall.
    func ascii(_ s: LayoutSnapshot) -> String {
        let columns = 40
        let scale = s.screenSize.width / Double(columns)
        let rows = max(8, Int((s.screenSize.height / scale / 2).rounded()))
        let rowHeight = s.screenSize.height / Double(rows)
        var grid = Array(repeating: Array(repeating: Character(" "), count: columns), count: rows)
        // Clamped before they become Ints: a view can sit 1e46 points away.
        func col(_ x: Double) -> Int { Int(min(Double(columns - 1), max(0, (x / scale).rounded(.down)))) }
        func row(_ y: Double) -> Int { Int(min(Double(rows - 1), max(0, (y / rowHeight).rounded(.down)))) }
        func put(_ r: Int, _ c: Int, _ ch: Character) {
            if r >= 0 && r < rows && c >= 0 && c < columns { grid[r][c] = ch }
        }
        func text(_ r: Int, _ c: Int, _ string: String, limit: Int) {
            for (k, ch) in string.prefix(max(0, limit)).enumerated() { put(r, c + k, ch) }
        }
        let safe = screen.windowSafeAreaInsets
        if safe.top > 0 {
            let r = row(safe.top) - (safe.top.truncatingRemainder(dividingBy: rowHeight) == 0 ? 1 : 0)
            for c in 0..<columns { put(max(0, r), c, "·") }
            text(max(0, r), 1, " safe area ", limit: columns - 2)
        }
        for v in s.views where !v.isHidden && v.depth > 0 {
            let f = v.windowFrame
            guard f.width > 0, f.height > 0, f.maxY > 0, f.minY < s.screenSize.height else { continue }
            let c0 = col(f.minX), c1 = col(f.maxX - 0.01), r0 = row(f.minY), r1 = row(f.maxY - 0.01)
            let focused = screen.focus == v.name
            let kind = (try? screen.view(named: v.name))?.kind
            if kind == .textField || kind == .button || (r0 == r1) {
                let (open, close): (Character, Character) = kind == .button ? ("(", ")") : kind == .label ? (" ", " ") : ("[", "]")
                for c in c0...max(c0, c1) { put(r0, c, " ") }
                put(r0, c0, open)
                put(r0, max(c0, c1), close)
                text(r0, c0 + 1, v.name + (focused ? " ▏" : ""), limit: max(0, c1 - c0 - 1))
                continue
            }
            for c in c0...max(c0, c1) {
                put(r0, c, "─")
                put(r1, c, "─")
            }
            for r in r0...max(r0, r1) {
                put(r, c0, "│")
                put(r, c1, "│")
            }
            put(r0, c0, "┌"); put(r0, c1, "┐"); put(r1, c0, "└"); put(r1, c1, "┘")
            text(r0, c0 + 2, " \(v.name)\(focused ? " ▏" : "") ", limit: max(0, c1 - c0 - 3))
        }
        if let k = s.keyboardFrame, k.minY < s.screenSize.height {
            let r0 = row(k.minY), r1 = row(min(k.maxY, s.screenSize.height) - 0.01)
            let c0 = col(k.minX), c1 = col(k.maxX - 0.01)
            for r in r0...max(r0, r1) { for c in c0...max(c0, c1) { put(r, c, "▒") } }
            let label = " keyboard "
            text(r0, c0 + max(0, (c1 - c0 + 1 - label.count) / 2), label, limit: c1 - c0 + 1)
        }
        let title = " \(screen.device.id) \(screen.orientation.rawValue) "
        var out = ["┌" + title + String(repeating: "─", count: max(0, columns - title.count)) + "┐"]
        for r in grid {
            var line = String(r)
            if colors {
                // Colour on a terminal only: the keyboard blue, the focused field bold.
                line = line.replacingOccurrences(of: "▒", with: "\u{1B}[34m▒\u{1B}[0m")
                if let focus = screen.focus {
                    line = line.replacingOccurrences(of: focus + " ▏", with: "\u{1B}[1;33m" + focus + " ▏\u{1B}[0m")
                }
            }
            out.append("│" + line + "│")
        }
        out.append("└" + String(repeating: "─", count: columns) + "┘")
        return out.joined(separator: "\n")
    }

    /// The SVG of the screen at 1 pt = 1 px (``ScreenDrawing``): the
    /// drawing the daemon's web pages show too.
    func svg(_ s: LayoutSnapshot) -> String {
        ScreenDrawing(screen: screen, keyboard: keyboard, snapshot: s).svg
    }
}
