import KBModel

// IBImporter: layout margins and autoresizing masks.
extension IBImporter {
    // MARK: Layout margins

    /// The margins a view sets: `layoutMargins` or `directionalLayoutMargins`
    /// (leading is left), `insetsLayoutMarginsFromSafeArea`,
    /// `preservesSuperviewLayoutMargins`; a root view's controller may drop
    /// UIKit's minimum side margins (`viewRespectsSystemMinimumLayoutMargins`).
    mutating func readMargins(_ e: IBElement, name: String) {
        var spec = MarginSpec()
        spec.isRoot = (try? screen.view(named: name))?.isRootView ?? false
        if let m = e.child("edgeInsets", key: "layoutMargins") {
            spec.custom = EdgeInsets(top: m.number("top") ?? 0, left: m.number("left") ?? 0,
                                     bottom: m.number("bottom") ?? 0, right: m.number("right") ?? 0)
        } else if let m = e.child("directionalEdgeInsets", key: "directionalLayoutMargins") {
            spec.custom = EdgeInsets(top: m.number("top") ?? 0, left: m.number("leading") ?? 0,
                                     bottom: m.number("bottom") ?? 0, right: m.number("trailing") ?? 0)
        }
        spec.fromSafeArea = e["insetsLayoutMarginsFromSafeArea"] != "NO"
        spec.preserves = e["preservesSuperviewLayoutMargins"] == "YES"
        if spec.isRoot { spec.respectsSystemMinimum = e.parent?["viewRespectsSystemMinimumLayoutMargins"] != "NO" }
        guard spec.custom != nil || !spec.fromSafeArea || spec.preserves || !spec.respectsSystemMinimum else { return }
        marginSpecs[name] = spec
    }

    /// UIKit's default margins of a view, from its edges or its safe area:
    /// a root view's side margins are the system minimum (16 pt in a
    /// compact width, 20 in a regular one), its top and bottom 0; any
    /// other view's are 8 on every edge.
    func defaultMargins(isRoot: Bool) -> EdgeInsets {
        let side = screen.device.rootSideMargin
        return isRoot ? EdgeInsets(top: 0, left: side, bottom: 0, right: side) : EdgeInsets(all: 8)
    }

    /// The margins of `v` kbplay's `V.margins` does not hold, as the edge
    /// they are measured from (`V.safeArea`, or `V` itself) and the insets
    /// from it; nil when the view keeps UIKit's defaults.
    mutating func customMargins(_ v: String) -> (Anchor.Guide?, EdgeInsets)? {
        guard let spec = marginSpecs[v] else { return nil }
        var m = spec.custom ?? defaultMargins(isRoot: spec.isRoot)
        if spec.isRoot, spec.respectsSystemMinimum {
            // A root view's side margins are at least the system minimum.
            let side = screen.device.rootSideMargin
            m.left = max(m.left, side)
            m.right = max(m.right, side)
        }
        if spec.preserves, let inherited = inheritedMargins(v, own: m, fromSafeArea: spec.fromSafeArea) {
            noteMargins("preservesSuperviewLayoutMargins: a view's margins are at least its superview's where the two overlap (from the stored frames)", v)
            return (nil, inherited)
        }
        if let c = spec.custom {
            noteMargins("custom layout margins (\(fmt(c.top)) \(fmt(c.left)) \(fmt(c.bottom)) \(fmt(c.right)))\(spec.isRoot && spec.respectsSystemMinimum ? " at least the system minimum of \(fmt(screen.device.rootSideMargin)) pt on the sides" : "")", v)
        }
        if !spec.fromSafeArea {
            noteMargins("insetsLayoutMarginsFromSafeArea NO: the margins are measured from the view's edges, not its safe area", v)
        }
        if spec.isRoot, !spec.respectsSystemMinimum, spec.custom == nil {
            noteMargins("viewRespectsSystemMinimumLayoutMargins NO", v)
        }
        return (spec.fromSafeArea ? .safeArea : nil, m)
    }

    /// The margins of `v` from its own edges when it preserves its
    /// superview's: per edge the larger of its own (past its safe area) and
    /// the superview's margin less how far in from that edge `v` lies, by
    /// the stored frames. nil when a frame is missing.
    func inheritedMargins(_ v: String, own: EdgeInsets, fromSafeArea: Bool) -> EdgeInsets? {
        guard let f = storedWindowFrames[v], let parent = (try? screen.view(named: v))?.parent,
              let pf = storedWindowFrames[parent] else { return nil }
        let mine = own + (fromSafeArea ? safeOverlap(f) : EdgeInsets())
        let theirs = effectiveMargins(parent)
        return EdgeInsets(top: max(mine.top, theirs.top - (f.minY - pf.minY)),
                          left: max(mine.left, theirs.left - (f.minX - pf.minX)),
                          bottom: max(mine.bottom, theirs.bottom - (pf.maxY - f.maxY)),
                          right: max(mine.right, theirs.right - (pf.maxX - f.maxX)))
    }

    /// A view's margins from its own edges, by its stored frame: its custom
    /// or default margins past its safe area (or its edges).
    func effectiveMargins(_ v: String) -> EdgeInsets {
        let spec = marginSpecs[v]
        let isRoot = spec?.isRoot ?? ((try? screen.view(named: v))?.isRootView ?? false)
        var m = spec?.custom ?? defaultMargins(isRoot: isRoot)
        if isRoot, spec?.respectsSystemMinimum ?? true {
            m.left = max(m.left, screen.device.rootSideMargin)
            m.right = max(m.right, screen.device.rootSideMargin)
        }
        guard spec?.fromSafeArea ?? true, let f = storedWindowFrames[v] else { return m }
        return m + safeOverlap(f)
    }

    /// The part of the window's safe-area insets a frame overlaps.
    func safeOverlap(_ f: Rect) -> EdgeInsets {
        let size = screen.screenSize, safe = screen.windowSafeAreaInsets
        return EdgeInsets(top: max(0, min(f.height, safe.top - f.minY)), left: max(0, min(f.width, safe.left - f.minX)),
                          bottom: max(0, min(f.height, f.maxY - (size.height - safe.bottom))),
                          right: max(0, min(f.width, f.maxX - (size.width - safe.right))))
    }

    /// How far a margin anchor lies from the same anchor of the edge the
    /// margins are measured from.
    static func marginOffset(_ a: Anchor.Attribute, _ m: EdgeInsets) -> Double {
        switch a {
        case .leading, .left: m.left
        case .trailing, .right: -m.right
        case .top: m.top
        case .bottom: -m.bottom
        case .centerX: (m.left - m.right) / 2
        case .centerY: (m.top - m.bottom) / 2
        case .width: -(m.left + m.right)
        case .height: -(m.top + m.bottom)
        }
    }

    mutating func noteMargins(_ cause: String, _ view: String) {
        guard let e = element(named: view) ?? viewNames.first(where: { $0.value == view }).flatMap({ document.objects[$0.key] })
        else { return }
        var c = marginCauses[cause] ?? ([], e.line, e.column)
        if !c.views.contains(view) { c.views.append(view) }
        marginCauses[cause] = c
    }

    /// One note per cause of the margins and baselines read.
    mutating func reportMarginsAndBaselines() {
        for (cause, c) in marginCauses.sorted(by: { ($0.value.line, $0.value.column) < ($1.value.line, $1.value.column) }) {
            findings.append(Finding(.note, "\(cause): the constraints to the margins of \(c.views.joined(separator: ", ")) are made to \(c.views.count == 1 ? "its" : "their") edges or safe area with the margin added",
                                      line: c.line, column: c.column))
        }
        if let t = nonScrollingTextViews.first {
            let list = nonScrollingTextViews.map { "\($0.name) \(fmt($0.height))\($0.stored ? "" : " (from its lines)")" }.joined(separator: ", ")
            findings.append(Finding(.note, "a text view with scrollEnabled NO is as tall as its text, its intrinsic height: \(list) (the height Xcode stored for its text and font; kbplay does not wrap text)",
                                      line: t.line, column: t.column))
        }
        if let first = baselines.first {
            let n = baselines.placed.count
            let plain = baselines.withoutText > 0 ? " (and \(baselines.withoutText) baseline\(baselines.withoutText == 1 ? "" : "s") of views without text, at their bottom, as UIKit places them)" : ""
            findings.append(Finding(.note, "\(n) baseline constraint\(n == 1 ? "" : "s") placed by font metrics\(plain): a baseline is the system font's ascender (0.952 × its size) under the top of its centred line, the descender (0.241 × its size) over the bottom of the last; kbplay approximates every font by the system font's ratios",
                                      line: first.line, column: first.column))
        }
    }

    func isLegacyScrollView(_ name: String) -> Bool {
        guard let v = try? screen.view(named: name), v.kind == .scrollView else { return false }
        guard let id = viewNames.first(where: { $0.value == name })?.key else { return false }
        return !guidedScrollViews.contains(id)
    }

    /// An outlet's property, else the identifier, else the view it
    /// constrains and its attribute (`emailField_top`).
    mutating func constraintName(_ e: IBElement, _ first: Anchor, _ second: Anchor?) -> String {
        if let id = e.id, let p = outlets[id], let n = IBNames.outletName(p) { return names.claim(n) }
        if let i = e["identifier"], let n = IBNames.identifier(i) { return names.claim(n) }
        // The view it places: the first item, unless that is a guide or a
        // root view and the second is neither.
        func places(_ a: Anchor) -> Bool { a.guide == nil && !a.view.hasSuffix(".view") }
        let subject = places(first) || second == nil ? first : (places(second!) ? second! : first)
        let view = subject.view.replacingOccurrences(of: ".", with: "_")
        return names.claim("\(view)_\(subject.attribute.rawValue)")
    }

    /// The constraints UIKit makes from a view's frame and autoresizing
    /// mask (NSAutoresizingMaskLayoutConstraint), per axis: fixed margins
    /// stay fixed, a flexible size or margin takes the superview's change.
    mutating func addAutoresizing(_ e: IBElement, _ name: String, _ parent: String,
                                          _ parentSize: (Double, Double)) throws(IBReadError) {
        guard let r = e.frame else {
            finding(.warning, e, "\(name) has neither constraints nor a frame: it stays at zero size")
            return
        }
        let mask = e.child("autoresizingMask", key: "autoresizingMask")
        let flexible = { (k: String) in mask?[k] == "YES" }
        let parentView = try? screen.view(named: parent)
        let p = AnchorOwner(view: parent, guide: parentView?.kind == .scrollView ? .content : nil)
        let axes: [(Axis, min: Anchor.Attribute, max: Anchor.Attribute, size: Anchor.Attribute, center: Anchor.Attribute,
                    origin: Double, length: Double, superLength: Double, flexMin: Bool, flexSize: Bool, flexMax: Bool)] = [
            (.horizontal, .left, .right, .width, .centerX, r.x, r.width, parentSize.0,
             flexible("flexibleMinX"), flexible("widthSizable"), flexible("flexibleMaxX")),
            (.vertical, .top, .bottom, .height, .centerY, r.y, r.height, parentSize.1,
             flexible("flexibleMinY"), flexible("heightSizable"), flexible("flexibleMaxY")),
        ]
        let prefix = "NSAutoresizingMaskLayoutConstraint_" + name
        do {
            for a in axes {
                let trailingGap = a.superLength - a.origin - a.length
                let v = AnchorOwner(view: name)
                switch (a.flexMin, a.flexSize) {
                case (false, false):
                    try screen.constrain(v.anchor(a.min), .equal, p.anchor(a.min), constant: a.origin, name: names.claim("\(prefix)_\(a.min)"))
                    try screen.constrain(v.anchor(a.size), .equal, nil, constant: a.length, name: names.claim("\(prefix)_\(a.size)"))
                case (true, false) where !a.flexMax:
                    try screen.constrain(v.anchor(a.max), .equal, p.anchor(a.max), constant: -trailingGap, name: names.claim("\(prefix)_\(a.max)"))
                    try screen.constrain(v.anchor(a.size), .equal, nil, constant: a.length, name: names.claim("\(prefix)_\(a.size)"))
                case (true, false):
                    let offset = a.origin + a.length / 2 - a.superLength / 2
                    try screen.constrain(v.anchor(a.center), .equal, p.anchor(a.center), constant: offset, name: names.claim("\(prefix)_\(a.center)"))
                    try screen.constrain(v.anchor(a.size), .equal, nil, constant: a.length, name: names.claim("\(prefix)_\(a.size)"))
                case (false, true) where !a.flexMax:
                    try screen.constrain(v.anchor(a.min), .equal, p.anchor(a.min), constant: a.origin, name: names.claim("\(prefix)_\(a.min)"))
                    try screen.constrain(v.anchor(a.max), .equal, p.anchor(a.max), constant: -trailingGap, name: names.claim("\(prefix)_\(a.max)"))
                default:
                    // A flexible size beside a flexible margin: both grow
                    // in proportion to the superview.
                    let m = a.superLength > 0 ? a.length / a.superLength : 1
                    if a.flexMin {
                        try screen.constrain(v.anchor(a.max), .equal, p.anchor(a.max), constant: -trailingGap, name: names.claim("\(prefix)_\(a.max)"))
                    } else {
                        try screen.constrain(v.anchor(a.min), .equal, p.anchor(a.min), constant: a.origin, name: names.claim("\(prefix)_\(a.min)"))
                    }
                    if m > 0 {
                        try screen.constrain(v.anchor(a.size), .equal, p.anchor(a.size), multiplier: m, name: names.claim("\(prefix)_\(a.size)"))
                    } else {
                        try screen.constrain(v.anchor(a.size), .equal, nil, constant: 0, name: names.claim("\(prefix)_\(a.size)"))
                    }
                }
            }
        } catch {
            throw IBReadError(message: "\(document.path): \(error)")
        }
        finding(.note, e, "\(name) is placed by its frame and autoresizing mask: its constraints are \(prefix)_…, as UIKit makes them")
    }
}
