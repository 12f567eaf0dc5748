import KBModel

// IBImporter: reading a view's attributes.
extension IBImporter {
    // MARK: Views

    mutating func viewName(_ e: IBElement) -> String {
        if let id = e.id, let p = outlets[id], let n = IBNames.outletName(p) { return names.claim(n) }
        if let a = e.child("accessibility", key: "accessibilityConfiguration")?["identifier"], let n = IBNames.identifier(a) {
            return names.claim(n)
        }
        if let l = e["userLabel"], let n = IBNames.identifier(l) { return names.claim(n) }
        if let t = IBNames.fromText(e) { return names.claim(t) }
        let base = e.name == "containerView" ? "container" : (IBViewKind.of(e)?.kind == .view && e.name != "view" ? e.name : e.name)
        return names.indexed(base)
    }

    func text(of e: IBElement) -> String? {
        switch e.name {
        case "label", "textField", "textView": return e.text
        case "button": return IBNames.buttonTitle(e)
        default: return nil
        }
    }

    mutating func stackConfiguration(_ e: IBElement) -> StackConfiguration {
        var s = StackConfiguration()
        s.axis = varied(e, "axis") == "vertical" ? .vertical : .horizontal
        s.spacing = varied(e, "spacing").flatMap(Double.init) ?? 0
        switch varied(e, "distribution") ?? "fill" {
        case "fill": s.distribution = .fill
        case "fillEqually": s.distribution = .fillEqually
        case "equalSpacing": s.distribution = .equalSpacing
        case let d:
            s.distribution = d == "equalCentering" ? .equalSpacing : .fill
            finding(.warning, e, "distribution \(d) is not modeled: laid out as \(s.distribution.rawValue)")
        }
        switch varied(e, "alignment") ?? "fill" {
        case "fill": s.alignment = .fill
        case "leading", "top": s.alignment = .leading
        case "trailing", "bottom": s.alignment = .trailing
        case "center": s.alignment = .center
        case let a:
            s.alignment = a == "lastBaseline" ? .trailing : .leading
            finding(.warning, e, "alignment \(a) is not modeled (kbplay does not align a stack's views by their baselines): laid out as \(s.alignment.rawValue)")
        }
        if e["layoutMarginsRelativeArrangement"] == "YES" {
            finding(.warning, e, "layoutMarginsRelativeArrangement is not modeled: the arranged views span the stack's edges")
        }
        if e["baselineRelativeArrangement"] == "YES" {
            finding(.warning, e, "baselineRelativeArrangement is not modeled: spacing is measured between edges")
        }
        return s
    }

    /// An attribute as the canvas's size class has it: the value of the
    /// most specific `<variation key="…" ATTRIBUTE="…"/>` that applies (a
    /// constraint's constant, a stack's spacing or axis, varied for a size
    /// class in Xcode), else the element's own.
    mutating func varied(_ e: IBElement, _ attribute: String) -> String? {
        var best: (parts: Int, value: String)?
        for v in e.children("variation") {
            guard let key = v["key"], let value = v[attribute], let parts = IBSizeClass.parts(key) else { continue }
            if key != "default", variationKeys[key] == nil { variationKeys[key] = (v.line, v.column, sizeClass.matches(key)) }
            guard sizeClass.matches(key), parts.count >= (best?.parts ?? 0) else { continue }
            best = (parts.count, value)
        }
        return best?.value ?? e[attribute]
    }

    /// What of a stack view kbplay lays out approximately, if anything.
    static func stackApproximation(_ e: IBElement) -> String? {
        if let d = e["distribution"], !["fill", "fillEqually", "equalSpacing"].contains(d) { return "distribution \(d)" }
        if let a = e["alignment"], !["fill", "leading", "top", "trailing", "bottom", "center"].contains(a) { return "alignment \(a)" }
        if e["layoutMarginsRelativeArrangement"] == "YES" { return "layoutMarginsRelativeArrangement" }
        if e["baselineRelativeArrangement"] == "YES" { return "baselineRelativeArrangement" }
        return nil
    }

    mutating func readPriorities(_ e: IBElement, _ name: String) throws(IBReadError) {
        let keys: [(String, Axis, Bool)] = [
            ("horizontalHuggingPriority", .horizontal, true), ("verticalHuggingPriority", .vertical, true),
            ("horizontalCompressionResistancePriority", .horizontal, false),
            ("verticalCompressionResistancePriority", .vertical, false),
        ]
        for (key, axis, hugging) in keys {
            guard let p = e.number(key) else { continue }
            let priority = Self.priority(p)
            try model { s throws(ModelError) in
                if hugging { try s.setHugging(priority, axis, of: name) } else { try s.setCompressionResistance(priority, axis, of: name) }
            }
        }
    }

    /// `clipsSubviews` and `alpha`, which decide what of a field can be seen.
    mutating func readVisibility(_ e: IBElement, _ name: String) throws(IBReadError) {
        if let clips = e.flag("clipsSubviews") {
            try model { s throws(ModelError) in try s.setClipsToBounds(clips, of: name) }
        }
        if let a = e.number("alpha") {
            let alpha = min(1, max(0, a))
            if alpha != a { finding(.warning, e, "alpha \(fmt(a)) is outside 0…1: \(fmt(alpha)) is used") }
            try model { s throws(ModelError) in try s.setAlpha(alpha, of: name) }
        }
    }

    /// Guides, constraints, size-class variations, margins and the
    /// attributes kbplay does not model, of one view.
    mutating func readViewParts(_ e: IBElement, name: String, _ constraints: inout [PendingConstraint]) {
        for g in e.children("viewLayoutGuide") {
            guard let id = g.id else { continue }
            switch g["key"] {
            case "safeArea": guides[id] = .view(name, .safeArea); record(id, name + ".safeArea")
            case "contentLayoutGuide": guides[id] = .view(name, .content); record(id, name + ".content")
                if let sid = e.id { guidedScrollViews.insert(sid) }
            case "frameLayoutGuide": guides[id] = .view(name, .frameGuide); record(id, name + ".frameGuide")
            case let k: finding(.warning, g, "layout guide \(k ?? "?") is not modeled: constraints to it cannot be imported")
            }
        }
        for c in e.child("constraints")?.children("constraint") ?? [] {
            constraints.append(PendingConstraint(element: c, owner: name))
        }
        let variations = e.children("variation")
        if !variations.isEmpty {
            // The constraints and subviews of the canvas's size class are the ones laid out.
            excluded.formUnion(sizeClass.uninstalled(variations, mask: "constraints"))
            uninstalledViews.formUnion(sizeClass.uninstalled(variations, mask: "subviews"))
            for v in variations {
                guard let key = v["key"], key != "default" else { continue }
                if variationKeys[key] == nil { variationKeys[key] = (v.line, v.column, sizeClass.matches(key)) }
            }
        }
        readMargins(e, name: name)
        if e["layoutMarginsFollowReadableWidth"] == "YES" {
            finding(.warning, e, "layoutMarginsFollowReadableWidth is not modeled: \(name).margins keep their default width")
            readableWidthViews.insert(name)
        }
        if let mode = e["keyboardDismissMode"] {
            if let m = KeyboardDismissMode(rawValue: mode), (try? screen.view(named: name))?.scroll != nil {
                _ = try? screen.setKeyboardDismissMode(m, of: name)
            } else {
                finding(.note, e, "keyboardDismissMode \(mode) is not one kbplay models on \(name): left out")
            }
        }
        if e.name == "scrollView", let b = e["contentInsetAdjustmentBehavior"], b != "never" {
            finding(.note, e, "contentInsetAdjustmentBehavior \(b): kbplay does not add the safe area to \(name)'s content inset")
        }
        for child in e.children where !Self.handledChildren.contains(child.name)
            && !(child.name == "nil" && child["key"]?.hasPrefix("simulated") == true) {
            if Self.appearanceChildren.contains(child.name) { countAppearance("<\(child.name)>", child); continue }
            finding(.note, child, "<\(child.name)> is not modeled: left out")
        }
        for (key, _) in e.attributes.sorted(by: { $0.key < $1.key }) where !Self.handledAttributes.contains(key)
            && !(e.name == "textView" && key == "scrollEnabled") {
            if Self.appearanceAttributes.contains(key) { countAppearance(key, e); continue }
            finding(.note, e, "attribute \(key) of \(e.label) is not modeled: left out")
        }
    }

    /// The root view's own attributes that kbplay cannot follow.
    mutating func checkRootAttributes(_ e: IBElement) {
        if e["hidden"] == "YES" { finding(.warning, e, "a hidden root view is shown: kbplay always shows a controller's view") }
    }

    /// A text field's text input traits: kbplay's keyboard does not change
    /// with them; `keyboard type` does.
    mutating func readFieldTraits(_ e: IBElement) {
        guard let t = e.child("textInputTraits", key: "textInputTraits") else { return }
        if let k = t["keyboardType"], k != "default" {
            let hint = ["numberPad", "decimalPad", "phonePad", "asciiCapableNumberPad"].contains(k) ? "keyboard type number" : "keyboard type default"
            finding(.note, t, "keyboardType \(k) is not applied on focus: `\(hint)` gives its keyboard")
        }
        if let r = t["returnKeyType"], r != "default" {
            finding(.note, t, "returnKeyType \(r): `return` ends editing whatever the key says")
        }
        for (key, _) in t.attributes.sorted(by: { $0.key < $1.key }) where !["key", "keyboardType", "returnKeyType"].contains(key) {
            countAppearance("textInputTraits " + key, t)
        }
    }
}
