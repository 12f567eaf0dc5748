import KBModel

/// The canvas Xcode laid a scene out on, so that the stored frames can be
/// met: the size of the scene's root view (a document without a device,
/// the 600 × 600 size-class canvas, a freeform size, a XIB's view), and
/// the safe-area insets that Xcode version gave the device, read from the
/// document's own frames of views pinned to the safe area.
enum IBCanvas {
    /// `preset` with the scene's canvas: its screen size and safe-area
    /// insets as the document stores them. Each change is a finding.
    static func adjust(_ preset: Device, orientation: Orientation, document: IBDocument, scene: IBScene,
                       bars: IBSimulatedBars = IBSimulatedBars(), _ findings: inout [Finding]) -> Device {
        let (content, wrappers) = contentAndWrappers(document, scene)
        guard let root = content.rootView, let r = root.frame, r.width > 0, r.height > 0 else { return preset }
        var device = preset
        let size = preset.screenSize(orientation)
        var insets = preset.safeAreaInsets(orientation)
        // Xcode lays a scene out on its own canvas when the document names no
        // device (or one kbplay does not know) or the scene is freeform.
        let deviceID = document.root.child("device")?["id"]
        let freeform = [content.controller, root].contains { $0.child("freeformSimulatedSizeMetrics") != nil }
        let ownCanvas = deviceID == nil || Self.knownDevices.contains(deviceID!) == false || freeform || content.isCell
        // A root view beside an opaque bar is stored past it (at y 64 under a
        // 20 pt status bar and a 44 pt navigation bar): the canvas is the
        // root view with the bars.
        var canvasHeight = r.height
        if let t = bars.top, !t.under, r.y > 0 { canvasHeight += r.y }
        if let b = bars.bottom, !b.under { canvasHeight += b.height }
        if ownCanvas, abs(r.width - size.width) > 0.5 || abs(canvasHeight - size.height) > 0.5 {
            device.screen = orientation == .portrait ? Size(width: r.width, height: canvasHeight) : Size(width: canvasHeight, height: r.width)
            // UIKit's root side margins: 20 pt in a regular width (a canvas from 600 pt wide), else the idiom's.
            if r.width >= 600 { device.rootSideMarginOverride = 20 }
            findings.append(Finding(.note, "the scene was laid out on a \(fmt(r.width))×\(fmt(canvasHeight)) canvas (its root view's stored size\(canvasHeight != r.height ? " with the bars beside it" : "")), not \(preset.id)'s \(fmt(size.width))×\(fmt(size.height)) screen: that canvas is the screen, with \(preset.id)'s keyboard",
                                      line: root.line, column: root.column))
        }
        if content.isCell {
            // A cell's content view lies inside a table, away from the screen's edges: no safe area.
            let zero = EdgeInsets()
            if insets != zero {
                findings.append(Finding(.note, "\(content.controller.name) is laid out on its own, as Xcode shows it: its content view is the screen, without a safe area",
                                          line: content.controller.line, column: content.controller.column))
            }
            if orientation == .portrait { device.safeArea.portrait = zero } else { device.safeArea.landscape = zero }
            return device
        }
        let navigation = wrappers.contains { $0.controller.name == "navigationController" }
        let tabs = wrappers.contains { $0.controller.name == "tabBarController" }
        let sizeClass = deviceID == nil ? IBSizeClass.any : IBSizeClass.of(preset, orientation)
        let derived = pinnedInsets(root, height: r.height, sizeClass: sizeClass)
        var used: [String] = []
        // A bar the root view does not extend under is built as a view beside
        // it (the importer's simulated bar controller): the window's insets stay.
        let topBeside = bars.top.map { !$0.under } ?? false
        let bottomBeside = bars.bottom.map { !$0.under } ?? false
        // Where nothing pins to the safe area, the bars Xcode simulated give it.
        let simulated = bars.insets(insets)
        var barFindings = bars.findings(base: insets, device: preset)
        func drop(_ line: Int?, _ column: Int?) { barFindings.removeAll { $0.line == line && $0.column == column } }
        // What kbplay's preset gives with the bars the root view extends under.
        func expected(_ value: Double, _ base: Double, _ bar: IBSimulatedBars.Bar?) -> String {
            value == base ? fmt(base) : "\(fmt(base)), \(fmt(value)) with the \(bar?.kind.rawValue ?? "status bar hidden")"
        }
        let navigationUnder = navigation && (bars.top?.under ?? false)
        if !navigation || navigationUnder, !topBeside, let top = derived.top {
            // The stored frames of views pinned to the safe area already
            // include any bar Xcode simulated: they win, and the bars have no finding.
            drop(bars.top?.line, bars.top?.column)
            drop(bars.statusBarHidden?.line, bars.statusBarHidden?.column)
            // An inset more than 100 pt past the preset's and its bar is no bar
            // Xcode simulated (a large title's is 96): the view is misplaced.
            if abs(top - simulated.top) > 0.25, top <= insets.top + 100 + (bars.top?.height ?? 0) {
                used.append("top \(fmt(top)) (kbplay's \(preset.id) has \(expected(simulated.top, insets.top, bars.top)))")
                insets.top = top
            } else {
                insets.top = simulated.top
            }
        } else {
            insets.top = simulated.top
        }
        let tabsUnder = tabs && (bars.bottom?.under ?? false)
        if !tabs || tabsUnder, !bottomBeside, let bottom = derived.bottom {
            drop(bars.bottom?.line, bars.bottom?.column)
            if abs(bottom - simulated.bottom) > 0.25, bottom <= insets.bottom + 100 + (bars.bottom?.height ?? 0) {
                used.append("bottom \(fmt(bottom)) (kbplay's \(preset.id) has \(expected(simulated.bottom, insets.bottom, bars.bottom)))")
                insets.bottom = bottom
            } else {
                insets.bottom = simulated.bottom
            }
        } else {
            insets.bottom = simulated.bottom
        }
        findings += barFindings
        // A root view's system minimum side margins: 20 pt in a regular width
        // (a Plus or Max phone in landscape) and on the phones 414 pt wide or
        // more in portrait (the Plus, Max and XR sizes), 16 on the others,
        // where kbplay's preset has the idiom's 16; said where the scene uses margins.
        let regular = sizeClass.traits["widthClass"] == "regular"
        let widePhone = preset.screen.width >= 414
        if regular || widePhone, preset.idiom != .pad, device.rootSideMarginOverride == nil, usesMargins(root) {
            device.rootSideMarginOverride = 20
            let why = regular ? "the canvas is regular width (\(preset.id) \(orientation.rawValue))"
                : "\(preset.id) is \(fmt(preset.screen.width)) pt wide (a Plus, Max or XR size)"
            findings.append(Finding(.note, "\(why): a root view's minimum side margins are 20 pt, not 16",
                                      line: root.line, column: root.column))
        }
        if insets != preset.safeAreaInsets(orientation) {
            if orientation == .portrait { device.safeArea.portrait = insets } else { device.safeArea.landscape = insets }
        }
        if !used.isEmpty {
            let bars = content.controller.child("navigationItem", key: "navigationItem") != nil && !navigation
                ? "; the scene has a navigation item, so this includes the navigation bar Xcode simulated over it" : ""
            findings.append(Finding(.note, "safe-area insets \(used.joined(separator: ", ")): read from the stored frames of the views pinned to the safe area, as \(document.root["toolsVersion"].map { "Xcode (tools \($0))" } ?? "Xcode") laid them out\(bars)",
                                      line: root.line, column: root.column))
        }
        return device
    }

    /// Whether a constraint under `root` uses a margin attribute.
    static func usesMargins(_ root: IBElement) -> Bool {
        var found = false
        root.forEachDescendant { e in
            guard !found, e.name == "constraint" else { return }
            found = [e["firstAttribute"], e["secondAttribute"]].contains { $0?.hasSuffix("Margin") == true || $0?.hasSuffix("WithinMargins") == true }
        }
        return found
    }

    /// Interface Builder's device ids that name a screen.
    static var knownDevices: Set<String> { IBImporter.ibDeviceIDs }

    /// The scene whose root view is laid out, and the navigation and tab
    /// bar controllers around it.
    static func contentAndWrappers(_ d: IBDocument, _ scene: IBScene) -> (IBScene, [IBScene]) {
        var chain: [IBScene] = []
        var content = scene
        var seen: Set<String> = []
        if content.isWrapper {
            while content.isWrapper, let id = content.controller.id, seen.insert(id).inserted {
                chain.append(content)
                guard let first = content.relationships.first, let next = d.scene(id: first) else { break }
                content = next
            }
        } else {
            var outer = d.container(of: content)
            while let o = outer, let id = o.controller.id, seen.insert(id).inserted {
                chain.append(o)
                outer = d.container(of: o)
            }
        }
        return (content, chain)
    }

    /// The safe-area top and bottom insets the stored frames imply: for
    /// each required `=` constraint with multiplier 1 between the root's
    /// safe area (or its top or bottom layout guide) and a view placed by
    /// stored frames all the way up (not under a scroll view, not
    /// misplaced), the inset that constraint gives; the value most of them
    /// give (nil when none does).
    static func pinnedInsets(_ root: IBElement, height: Double, sizeClass: IBSizeClass = .any) -> (top: Double?, bottom: Double?) {
        var topGuides: Set<String> = [], bottomGuides: Set<String> = [], safeAreas: Set<String> = []
        for g in root.children("viewLayoutGuide") where g["key"] == "safeArea" { if let id = g.id { safeAreas.insert(id) } }
        if let vc = root.parent {
            for g in vc.child("layoutGuides")?.children("viewControllerLayoutGuide") ?? [] {
                guard let id = g.id else { continue }
                if g["type"] == "bottom" { bottomGuides.insert(id) } else { topGuides.insert(id) }
            }
        }
        guard !(safeAreas.isEmpty && topGuides.isEmpty && bottomGuides.isEmpty) else { return (nil, nil) }
        // Views placed by their stored frames: y and bottom relative to the root.
        var placed: [String: (y: Double, maxY: Double)] = [:]
        func walk(_ e: IBElement, _ y: Double) {
            for v in e.subviews {
                guard let f = v.frame, v["misplaced"] != "YES", v["ambiguous"] != "YES" else { continue }
                let vy = y + f.y
                if let id = v.id { placed[id] = (vy, vy + f.height) }
                if !["scrollView", "tableView", "collectionView", "textView"].contains(v.name) { walk(v, vy) }
            }
        }
        walk(root, 0)
        var tops: [Double] = [], bottoms: [Double] = []
        var constraints: [IBElement] = []
        // Constraints the canvas's size class does not install say nothing of its safe area.
        var uninstalled = sizeClass.uninstalled(root.children("variation"), mask: "constraints")
        var all: [IBElement] = []
        root.forEachDescendant { e in
            if e.name == "constraint" { all.append(e) }
            let variations = e.children("variation")
            if !variations.isEmpty { uninstalled.formUnion(sizeClass.uninstalled(variations, mask: "constraints")) }
        }
        constraints = all.filter { !uninstalled.contains($0.id ?? "") }
        for c in constraints {
            guard c["relation"] == nil || c["relation"] == "equal", c["placeholder"] != "YES", c["active"] != "NO",
                  (c.number("priority") ?? 1000) >= 1000, c["multiplier"] == nil || c.number("multiplier") == 1,
                  let a1 = c["firstAttribute"] else { continue }
            let a2 = c["secondAttribute"] ?? a1
            let constant = c.number("constant") ?? 0
            // Which side is the guide: +1 when it is the second item (view = guide + c), −1 when the first.
            let owner = c.parent?.parent?.id
            let first = c["firstItem"] ?? owner, second = c["secondItem"]
            for (guideItem, guideAttr, viewItem, viewAttr, sign) in [(second, a2, first, a1, 1.0), (first, a1, second, a2, -1.0)] {
                guard let g = guideItem, let v = viewItem, let p = placed[v] else { continue }
                let isTop = (safeAreas.contains(g) && guideAttr == "top") || (topGuides.contains(g) && guideAttr == "bottom")
                let isBottom = (safeAreas.contains(g) && guideAttr == "bottom") || (bottomGuides.contains(g) && guideAttr == "top")
                // view = guide + c (sign 1), or guide = view + c (sign −1): guide = view − sign·c.
                if isTop, viewAttr == "top" { tops.append(p.y - sign * constant) }
                if isBottom, viewAttr == "bottom" { bottoms.append(height - (p.maxY - sign * constant)) }
            }
        }
        func mostCommon(_ xs: [Double]) -> Double? {
            let valid = xs.filter { $0 >= 0 && $0 < height / 2 }
            var counts: [Double: Int] = [:]
            for x in valid { counts[(x * 2).rounded() / 2, default: 0] += 1 }
            return counts.max { ($0.value, -$0.key) < ($1.value, -$1.key) }?.key
        }
        return (mostCommon(tops), mostCommon(bottoms))
    }
}
