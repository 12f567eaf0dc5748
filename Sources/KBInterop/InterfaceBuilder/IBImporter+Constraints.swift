import KBModel

// IBImporter: constraints and their anchors.
extension IBImporter {
    // MARK: Constraints

    mutating func addConstraint(_ p: PendingConstraint) throws(IBReadError) {
        let e = p.element
        let where_ = "\(document.path):\(e.line):\(e.column)"
        if e["placeholder"] == "YES" {
            finding(.note, e, "placeholder constraint \(e.id ?? "") is removed, as Xcode removes it at build time")
            // Xcode's canvas (and so the stored frames) still has it.
            let placed = [e["firstItem"].flatMap { viewNames[$0] } ?? p.owner] + (e["secondItem"].flatMap { viewNames[$0] }.map { [$0] } ?? [])
            for v in placed where approximated[v] == nil {
                approximated[v] = "placeholder constraint \(e.id ?? "") is removed at build time, and Xcode stored the frame its canvas laid out with it"
            }
            return
        }
        guard let firstAttribute = e["firstAttribute"] else {
            throw IBReadError(message: "\(where_): constraint \(e.id ?? "") has no firstAttribute")
        }
        let firstItem = e["firstItem"]
        let secondItem = e["secondItem"]
        func item(_ id: String?) throws(IBReadError) -> Item {
            guard let id else { return .view(p.owner) }
            if let v = viewNames[id] { return .view(v) }
            if let g = guides[id] { return .guide(g) }
            if document.objects[id] == nil {
                throw IBReadError(message: "\(where_): constraint \(e.id ?? "") names item \(id), which is not in the document")
            }
            throw IBReadError(message: "\(where_): constraint \(e.id ?? "") names item \(id) (\(document.objects[id]!.label)), which is not a view or layout guide of this scene")
        }
        if !uninstalledViews.isEmpty, [firstItem, secondItem].contains(where: { $0.map { uninstalledViews.contains($0) } ?? false }) {
            // A constraint on a view the size class does not install is not installed either.
            uninstalledConstraints += 1
            return
        }
        let a = try item(firstItem)
        let b: Item? = secondItem == nil && e["secondAttribute"] == nil ? nil : try item(secondItem)
        // What a margin or a baseline lies from the anchor kbplay uses for it.
        var firstOffset = 0.0, secondOffset = 0.0
        guard let first = anchor(a, firstAttribute, other: b, e, offset: &firstOffset) else { return }
        var second: Anchor?
        if let b {
            guard let s = anchor(b, e["secondAttribute"] ?? firstAttribute, other: a, e, offset: &secondOffset) else { return }
            second = s
        }
        let multiplier: Double
        if let m = e["multiplier"] {
            let parts = m.split(separator: ":")
            if parts.count == 2, let x = Double(parts[0]), let y = Double(parts[1]), y != 0 {
                multiplier = x / y
            } else if parts.count == 1, let x = Double(m) {
                multiplier = x
            } else {
                finding(.warning, e, "constraint \(e.id ?? "") has multiplier \"\(m)\", neither a number nor a ratio (1:2): left out")
                return
            }
        } else {
            multiplier = 1
        }
        let relation: LayoutRelation
        switch e["relation"] {
        case "greaterThanOrEqual": relation = .greaterOrEqual
        case "lessThanOrEqual": relation = .lessOrEqual
        default: relation = .equal
        }
        // first + k1 = m · (second + k2) + c, so first = m · second + (c + m · k2 − k1).
        let constant = (varied(e, "constant").flatMap(Double.init) ?? 0) + (second == nil ? 0 : multiplier * secondOffset) - firstOffset
        var priority = 1000
        if let p = e.number("priority") {
            priority = Self.priority(p)
            if Double(priority) != p { finding(.note, e, "priority \(fmt(p)) is rounded to \(priority)") }
        }
        for (a, other) in [(first, second), (second, Optional(first))] {
            guard let a, a.guide == .margins, readableWidthViews.contains(a.view), let o = other?.view,
                  o != a.view, approximated[o] == nil else { continue }
            approximated[o] = "it is placed from the margins of \(a.view), which follow the readable width kbplay does not model"
        }
        let name = constraintName(e, first, second)
        // An inactive constraint is made at the lowest priority (which no
        // conflict can break), deactivated, then given its own.
        let inactive = e.id.map { excluded.contains($0) } ?? false || e["active"] == "NO"
        do {
            let result = try screen.constrain(first, relation, second, multiplier: multiplier, constant: constant,
                                               priority: inactive ? 1 : priority, name: name)
            warnings += result.warnings
            if inactive {
                try screen.deactivate(name)
                try screen.setPriority(priority, of: name)
            }
        } catch {
            names.release(name)
            finding(.warning, e, "constraint \(e.id ?? "") (\(first) \(relation.rawValue) \(second.map { "\($0)" } ?? fmt(constant))) cannot be imported: \(error): left out")
            for v in [first.view] + (second.map { [$0.view] } ?? []) where approximated[v] == nil {
                approximated[v] = "constraint \(e.id ?? "") on it could not be imported"
            }
            return
        }
        record(e.id, name)
    }

    enum Item {
        case view(String)
        case guide(Guide)
    }

    /// An IB item and attribute as a kbplay anchor: margins attributes are
    /// the margins guide's, a legacy top or bottom layout guide is the safe
    /// area's edge, and a scroll view's edges seen from inside it (without
    /// content layout guides) are its content's, as UIKit reads them.
    mutating func anchor(_ item: Item, _ attribute: String, other: Item?, _ e: IBElement,
                                 offset: inout Double) -> Anchor? {
        var base = attribute
        var guide: Anchor.Guide?
        let marginAttributes: [String: String] = [
            "leadingMargin": "leading", "trailingMargin": "trailing", "topMargin": "top", "bottomMargin": "bottom",
            "leftMargin": "left", "rightMargin": "right", "centerXWithinMargins": "centerX", "centerYWithinMargins": "centerY",
        ]
        if let m = marginAttributes[attribute] {
            base = m
            guide = .margins
        }
        switch attribute {
        case "baseline", "lastBaseline", "firstBaseline":
            let isFirst = attribute == "firstBaseline"
            base = isFirst ? "top" : "bottom"
            guard case let .view(v) = item, let t = textMetrics[v] else {
                if case let .view(v) = item, (try? screen.view(named: v))?.kind == .stackView {
                    finding(.warning, e, "constraint \(e.id ?? ""): the \(attribute) of stack view \(v) is imported as its \(base) (a stack's baseline is one of its arranged views')")
                } else {
                    // A view without text: UIKit's baselines are its bottom.
                    base = "bottom"
                    baselines.withoutText += 1
                    if baselines.first == nil { baselines.first = (e.line, e.column) }
                }
                break
            }
            // The font's baseline inside the view's stored height (IBFont's approximation).
            if let o = IBFont.baselineOffsets(t.element, t.font, height: t.height) {
                offset = isFirst ? o.first : -o.last
            }
            baselines.placed.insert(ObjectIdentifier(e))
            if baselines.first == nil { baselines.first = (e.line, e.column) }
        default: break
        }
        guard let attr = Anchor.Attribute(rawValue: base) else {
            finding(.warning, e, "constraint \(e.id ?? ""): attribute \(attribute) is not one kbplay knows: left out")
            return nil
        }
        switch item {
        case let .view(v):
            if guide == nil, attr.kind != .size, isLegacyScrollView(v), case let .view(o)? = other, screen.isDescendant(o, of: v) {
                return Anchor(v, .content, attr)
            }
            if guide == .margins, let (g, insets) = customMargins(v) {
                // Margins kbplay's V.margins does not hold: the edge they are measured from, and the inset.
                offset = Self.marginOffset(attr, insets)
                return Anchor(v, g, attr)
            }
            return Anchor(v, guide, attr)
        case let .guide(.view(v, g)):
            if guide != nil { finding(.warning, e, "constraint \(e.id ?? ""): a margin of a layout guide is its edge in kbplay") }
            return Anchor(v, g, attr)
        case let .guide(.legacyTop(root)):
            return Anchor(root, .safeArea, attr == .bottom ? .top : attr)
        case let .guide(.legacyBottom(root)):
            return Anchor(root, .safeArea, attr == .top ? .bottom : attr)
        }
    }
}
