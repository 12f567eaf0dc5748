import KBModel

/// The views of a layout as the drawing shows them, in hierarchy order:
/// what each inherits from its ancestors (hidden, the clip of the nearest
/// one that clips) and whether it rides on the keyboard (an input
/// accessory view and what it holds, drawn over the keyboard).
struct DrawnViews {
    let screen: Screen
    let snapshot: LayoutSnapshot
    private var index: [String: Int] = [:]

    init(screen: Screen, snapshot: LayoutSnapshot) {
        self.screen = screen
        self.snapshot = snapshot
        for (k, v) in snapshot.views.enumerated() { index[v.name] = k }
    }

    /// Draws the views that ride on the keyboard (`accessories`) or the others.
    func draw(into out: inout SVGText, accessories: Bool) {
        let focus = screen.focusReport(in: snapshot)
        var models: [View?] = []
        models.reserveCapacity(snapshot.views.count)
        for v in snapshot.views { models.append(try? screen.view(named: v.name)) }
        // A view that clips (a scroll view, `clipsToBounds`) gets a clip
        // path, which what it holds names.
        var defs: [SVGLine] = []
        for (k, v) in snapshot.views.enumerated() where models[k]?.clipsToBounds ?? v.kind.isScrollView {
            guard isAccessory(k, models) == accessories, !v.isHidden else { continue }
            let f = v.windowFrame
            defs.append("<clipPath id=\"clip-\(k)\"><rect x=\"\(f.minX)\" y=\"\(f.minY)\" width=\"\(f.width)\" height=\"\(f.height)\"/></clipPath>")
        }
        if !defs.isEmpty {
            out.line(2, "<defs>")
            for d in defs { out.line(3, d) }
            out.line(2, "</defs>")
        }
        for (k, v) in snapshot.views.enumerated() where isAccessory(k, models) == accessories {
            // A hidden view hides what it holds.
            var hidden = v.isHidden
            var clip: Int?
            var parent = v.parent
            while let p = parent, let a = index[p] {
                let ancestor = snapshot.views[a]
                hidden = hidden || ancestor.isHidden
                if clip == nil, models[a]?.clipsToBounds ?? ancestor.kind.isScrollView { clip = a }
                parent = ancestor.parent
            }
            guard !hidden else { continue }
            let model = models[k]
            // The focused field, red when something keeps it from being
            // seen; "covered" when that is the keyboard.
            let report = focus?.field == v.name ? focus : nil
            let byKeyboard = report?.obscuredBy.first?.cause == .keyboard
            let drawn = DrawnView(layout: v, text: model?.text, placeholder: model?.placeholder, alpha: model?.alpha ?? 1, table: model?.table,
                                  isFocused: screen.focus == v.name,
                                  covered: byKeyboard ? report?.covered ?? 0 : 0,
                                  isObscured: report?.isVisible == false && !byKeyboard)
            drawn.draw(into: &out, clip: clip)
        }
    }

    /// Whether the view at `k` is an input accessory view or inside one.
    private func isAccessory(_ k: Int, _ models: [View?]) -> Bool {
        var at: Int? = k
        while let i = at {
            if models[i]?.accessory != nil { return true }
            at = snapshot.views[i].parent.flatMap { index[$0] }
        }
        return false
    }
}
