import KBModel

/// One view as the drawing shows it: a group carrying its name and window
/// frame, its frame's rectangle, and what its kind shows inside (a text
/// field's text or placeholder and caret, a label's text, a button's
/// title). A new kind of view is a case in ``style`` and ``drawContent``.
struct DrawnView {
    let layout: ViewLayout
    /// The label's or button's text, or a text input's text.
    let text: String?
    /// A text field's placeholder, shown while it has no text.
    let placeholder: String?
    /// Its `alpha`: drawn as opacity.
    let alpha: Double
    /// A table view's rows.
    let table: TableConfiguration?
    let isFocused: Bool
    /// Points of the view the keyboard hides (the focused field only).
    let covered: Double
    /// The focused field, and something keeps it from being seen.
    let isObscured: Bool

    /// The fill and stroke of the view's rectangle, and its class.
    private var style: (fill: String, stroke: String, dash: String?, kind: String) {
        switch layout.kind {
        case .textField, .textView: ("#f2f2f7", "#8e8e93", nil, "input")
        case .button: ("#0a84ff", "#0a84ff", nil, "button")
        case .label: ("none", "none", nil, "label")
        case .stackView: ("none", "#b0b0b8", "3 3", "stack")
        case .scrollView: ("#fafafa", "#c7c7cc", nil, "scroll")
        case .tableView: ("#f2f2f7", "#c7c7cc", nil, "table")
        case .view: ("none", layout.depth == 0 ? "none" : "#d1d1d6", nil, "container")
        }
    }

    func draw(into out: inout SVGText, clip: Int?) {
        let f = layout.windowFrame
        let style = style
        var classes: SVGLine = "view \(style.kind)"
        if isFocused { classes.append(" focused") }
        if covered > 0 { classes.append(" covered") }
        if isObscured { classes.append(" obscured") }
        let clipPath: SVGLine = clip.map { " clip-path=\"url(#clip-\($0))\"" } ?? ""
        let opacity: SVGLine = alpha < 1 ? " opacity=\"\(max(0, alpha))\"" : ""
        out.line(2, "<g data-view=\"\(escaped: layout.name)\" data-kind=\"\(layout.kind.rawValue)\" data-frame=\"\(frame: f)\" class=\"\(classes)\"\(clipPath)\(opacity)>")
        out.line(3, "<title>\(escaped: layout.name) (\(f.minX) \(f.minY); \(f.width) \(f.height))</title>")
        var (fill, stroke) = (style.fill, style.stroke)
        if covered > 0 || isObscured {
            (fill, stroke) = ("#ffd7d5", "#ff3b30")
        } else if isFocused {
            stroke = "#0a84ff"
        }
        let width = isFocused || covered > 0 || isObscured ? "2" : "1"
        let radius: SVGLine = layout.kind == .button || layout.kind == .textField ? " rx=\"6\"" : ""
        let dash: SVGLine = style.dash.map { " stroke-dasharray=\"\($0)\"" } ?? ""
        out.line(3, "<rect class=\"frame\" x=\"\(f.minX)\" y=\"\(f.minY)\" width=\"\(f.width)\" height=\"\(f.height)\"\(radius) fill=\"\(fill)\" stroke=\"\(stroke)\" stroke-width=\"\(width)\"\(dash)/>")
        drawContent(into: &out)
        out.line(2, "</g>")
    }

    /// What the kind shows inside its frame.
    private func drawContent(into out: inout SVGText) {
        let f = layout.windowFrame
        guard f.width > 0, f.height > 0 else { return }
        switch layout.kind {
        case .textField, .textView:
            // The text, or the placeholder (in grey), or nothing: the name
            // shows on hover (the group's title). A focused field shows the
            // caret where typing goes.
            let y = layout.kind == .textField ? f.midY + 5 : f.minY + 19
            let caret: SVGLine = isFocused ? "<tspan class=\"caret\" fill=\"#0a84ff\" font-weight=\"700\">|</tspan>" : ""
            if let text, !text.isEmpty {
                out.line(3, "<text class=\"text\" x=\"\(f.minX + 8)\" y=\"\(y)\" fill=\"#1c1c1e\">\(escaped: text)\(caret)</text>")
            } else if let placeholder, !placeholder.isEmpty {
                out.line(3, "<text class=\"placeholder\" x=\"\(f.minX + 8)\" y=\"\(y)\" fill=\"#a1a1a8\">\(caret)\(escaped: placeholder)</text>")
            } else if isFocused {
                out.line(3, "<text class=\"placeholder\" x=\"\(f.minX + 8)\" y=\"\(y)\" fill=\"#a1a1a8\">\(caret)</text>")
            }
        case .label:
            guard let content = text, !content.isEmpty else {
                return out.line(3, "<text class=\"placeholder\" x=\"\(f.minX)\" y=\"\(f.midY + 5)\" fill=\"#a1a1a8\">\(escaped: layout.name)</text>")
            }
            out.line(3, "<text class=\"text\" x=\"\(f.minX)\" y=\"\(f.midY + 5)\" fill=\"#1c1c1e\">\(escaped: content)</text>")
        case .button:
            let title = text.flatMap { $0.isEmpty ? nil : $0 } ?? layout.name
            out.line(3, "<text class=\"title\" x=\"\(f.midX)\" y=\"\(f.midY + 5)\" text-anchor=\"middle\" font-weight=\"600\" fill=\"#ffffff\">\(escaped: title)</text>")
        case .tableView:
            // Row separators where the rows are, at the table's offset.
            guard let table, table.rows > 0, table.rowHeight > 0 else { return }
            let offset = layout.scroll?.contentOffset.y ?? 0
            var lines: SVGLine = ""
            var count = 0
            for row in 1...table.rows {
                let y = f.minY + table.headerHeight + Double(row) * table.rowHeight - offset
                if y <= f.minY { continue }
                if y >= f.maxY || count >= 200 { break }
                lines.append("<line x1=\"\(f.minX + 16)\" y1=\"\(y)\" x2=\"\(f.maxX)\" y2=\"\(y)\"/>")
                count += 1
            }
            if count > 0 { out.line(3, "<g class=\"rows\" stroke=\"#c7c7cc\">\(lines)</g>") }
        case .view, .stackView, .scrollView:
            return
        }
    }
}
