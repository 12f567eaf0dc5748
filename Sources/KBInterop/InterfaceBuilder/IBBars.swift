import KBModel

/// The bars Xcode simulates over a scene that no navigation or tab bar
/// controller of the document holds: a navigation bar for a scene with a
/// navigation item, one a push segue leads to, or one whose simulated
/// metrics name it; a tab bar or toolbar its bottom-bar metrics name (or
/// the toolbar of the navigation controller around it); a hidden status
/// bar. Each bar is either under the root view (translucent, and the
/// controller extends its layout under it: UIKit's safe area grows by
/// the bar) or beside it (opaque without `extendedLayoutIncludesOpaqueBars`,
/// or an edge left out of `edgesForExtendedLayout`: the root view starts
/// past the bar).
struct IBSimulatedBars {
    enum Kind: String {
        case navigation = "navigation bar", tab = "tab bar", toolbar
    }

    struct Bar {
        var kind: Kind
        /// The bar's height, past the status bar (top) or over the home
        /// indicator (bottom).
        var height: Double
        /// Whether the root view extends under it.
        var under: Bool
        /// Why Xcode simulated it, in words, and where.
        var cause: String
        /// Why the root view does not extend under it (when it does not).
        var beside: String
        var line: Int
        var column: Int
        /// Whether it is the bar of a navigation or tab bar controller of the
        /// document (built by the importer, with a note of its own), not one
        /// Xcode simulates.
        var real = false
    }

    var top: Bar?
    var bottom: Bar?
    /// Where the document hides the status bar (`<nil key="simulatedStatusBarMetrics"/>`,
    /// or a XIB's view that names no simulated status bar).
    var statusBarHidden: IBElement?
    /// Whether the status bar is hidden because a XIB's view names none.
    var statusBarInferred = false

    var isEmpty: Bool { top == nil && bottom == nil && statusBarHidden == nil }

    /// UIKit's bar heights (Apple's bar metrics since iOS 12): a navigation
    /// bar is 44 pt on a phone and 50 on a pad, 32 in a phone's compact
    /// landscape height, and a prompt adds 30; a tab bar is 49 (50 on a
    /// pad, 32 in a phone's landscape); a toolbar 44, 49 over a home
    /// indicator, 50 on a pad, 32 in a phone's landscape.
    static func height(_ kind: Kind, device: Device, orientation: Orientation, prompted: Bool = false) -> Double {
        let compactHeight = device.idiom != .pad && orientation == .landscape
        if compactHeight { return 32 }
        let pad = device.idiom == .pad
        switch kind {
        case .navigation: return (pad ? 50 : 44) + (prompted ? 30 : 0)
        case .tab: return pad ? 50 : 49
        case .toolbar: return pad ? 50 : (device.safeAreaInsets(orientation).bottom > 0 ? 49 : 44)
        }
    }

    /// The bars Xcode simulates over `content` (the scene whose root view
    /// is laid out), inside the `wrappers` the document puts around it.
    static func of(_ d: IBDocument, content: IBScene, wrappers: [IBScene], device: Device,
                   orientation: Orientation) -> IBSimulatedBars {
        var bars = IBSimulatedBars()
        guard !content.isCell else { return bars }
        let controller = content.controller
        // Storyboards keep simulated metrics on the controller, XIBs on the top-level view.
        let holders = [controller] + (content.rootView.map { [$0] } ?? [])
        func metrics(_ key: String) -> IBElement? {
            for h in holders { if let m = h.children.first(where: { $0["key"] == key }) { return m } }
            return nil
        }
        let navigation = wrappers.first { $0.controller.name == "navigationController" }
        let tabs = wrappers.contains { $0.controller.name == "tabBarController" }
        // Which edges the root view extends under: all by default.
        let edges = controller.child("extendedEdge", key: "edgesForExtendedLayout")
        let includesOpaque = controller["extendedLayoutIncludesOpaqueBars"] == "YES"
        func attributesSayUnder(_ edge: String, translucent: Bool) -> Bool {
            if let edges, edges[edge] != "YES" { return false }
            return translucent || includesOpaque
        }
        // Where the document stores the root view says which Xcode laid out:
        // past a top bar when it starts below the screen's top; short of a
        // bottom bar when it ends above the screen's bottom (on a device's
        // screen; a document's own canvas is the root view's size).
        let r = content.rootView?.frame
        let onDevice = d.root.child("device") != nil
        func storedUnder(_ edge: String) -> Bool? {
            guard let r else { return nil }
            if edge == "top" { return r.y <= 0.5 }
            guard onDevice else { return nil }
            return r.y + r.height >= device.screenSize(orientation).height - 0.5
        }
        func under(_ edge: String, translucent: Bool) -> Bool {
            storedUnder(edge) ?? attributesSayUnder(edge, translucent: translucent)
        }
        func besideReason(_ edge: String, translucent: Bool) -> String {
            if attributesSayUnder(edge, translucent: translucent) {
                return "the document stores the root view \(edge == "top" ? "below" : "above") it"
            }
            if let edges, edges[edge] != "YES" { return "edgesForExtendedLayout leaves out the \(edge) edge" }
            return "the bar is opaque (translucent NO) and extendedLayoutIncludesOpaqueBars is off"
        }

        if let s = metrics("simulatedStatusBarMetrics") {
            if s.name == "nil" { bars.statusBarHidden = s }
        } else if !d.isStoryboard, let root = content.rootView {
            // A XIB's view simulates no status bar unless its metrics name one.
            bars.statusBarHidden = root
            bars.statusBarInferred = true
        }

        if navigation == nil {
            let top = metrics("simulatedTopBarMetrics")
            var found: (kind: Kind, element: IBElement, cause: String)?
            if let top, top.name != "nil" {
                let kind: Kind = top.name == "simulatedToolbarMetrics" ? .toolbar : .navigation
                found = (kind, top, "its simulated top bar is a \(kind.rawValue) (\(top.name))")
            } else if top == nil {
                if let item = controller.child("navigationItem", key: "navigationItem") {
                    found = (.navigation, item, "the scene has a navigation item")
                } else if let segue = pushSegue(into: controller, d) {
                    found = (.navigation, segue, "a \(segue["kind"] ?? "push") segue at line \(segue.line) leads to the scene")
                }
            }
            if let (kind, e, cause) = found {
                let translucent = e.name == "simulatedNavigationBarMetrics" || e.name == "simulatedToolbarMetrics"
                    ? e["translucent"] != "NO" : true
                let h = height(kind, device: device, orientation: orientation, prompted: e["prompted"] == "YES")
                bars.top = Bar(kind: kind, height: h, under: under("top", translucent: translucent), cause: cause,
                               beside: besideReason("top", translucent: translucent), line: e.line, column: e.column)
            }
        } else if let n = navigation {
            // The navigation controller's own bar: the child extends under it unless it is opaque.
            let bar = n.controller.child("navigationBar", key: "navigationBar")
            let large = bar?["prefersLargeTitles"] == "YES" || bar?["largeTitles"] == "YES"
            let translucent = bar?["translucent"] != "NO"
            bars.top = Bar(kind: .navigation, height: large ? 96 : height(.navigation, device: device, orientation: orientation),
                           under: under("top", translucent: translucent), cause: "the navigation controller around it",
                           beside: besideReason("top", translucent: translucent), line: n.controller.line, column: n.controller.column,
                           real: true)
        }
        if let t = wrappers.first(where: { $0.controller.name == "tabBarController" }) {
            // The tab bar controller's own bar: the child extends under it unless it is opaque.
            let translucent = t.controller.child("tabBar", key: "tabBar")?["translucent"] != "NO"
            bars.bottom = Bar(kind: .tab, height: height(.tab, device: device, orientation: orientation),
                              under: under("bottom", translucent: translucent), cause: "the tab bar controller around it",
                              beside: besideReason("bottom", translucent: translucent), line: t.controller.line,
                              column: t.controller.column, real: true)
        }
        if !tabs {
            let bottom = metrics("simulatedBottomBarMetrics")
            var found: (kind: Kind, element: IBElement, translucent: Bool, cause: String)?
            if let bottom, bottom.name != "nil" {
                let kind: Kind = bottom.name == "simulatedTabBarMetrics" ? .tab : .toolbar
                found = (kind, bottom, bottom["translucent"] != "NO", "its simulated bottom bar is a \(kind.rawValue) (\(bottom.name))")
            } else if bottom == nil, let n = navigation, n.controller["toolbarHidden"] == "NO" {
                let toolbar = n.controller.child("toolbar", key: "toolbar")
                found = (.toolbar, n.controller, toolbar?["translucent"] != "NO",
                         "the navigation controller around it shows its toolbar (toolbarHidden NO)")
            }
            if let (kind, e, translucent, cause) = found {
                bars.bottom = Bar(kind: kind, height: height(kind, device: device, orientation: orientation),
                                  under: under("bottom", translucent: translucent), cause: cause,
                                  beside: besideReason("bottom", translucent: translucent), line: e.line, column: e.column)
            }
        }
        return bars
    }

    /// A push segue (or a show segue from a scene with a navigation bar)
    /// whose destination is `controller`: Xcode infers a navigation bar.
    private static func pushSegue(into controller: IBElement, _ d: IBDocument) -> IBElement? {
        guard let id = controller.id else { return nil }
        var found: IBElement?
        d.root.forEachDescendant { e in
            guard found == nil, e.name == "segue", e["destination"] == id else { return }
            switch e["kind"] {
            case "push": found = e
            case "show":
                // A show segue pushes only inside a navigation controller.
                var source = e.parent
                while let s = source, s["sceneMemberID"] != "viewController" { source = s.parent }
                guard let src = source else { return }
                let inNavigation = src.child("navigationItem", key: "navigationItem") != nil
                    || d.scenes.first { $0.controller === src }.flatMap { d.container(of: $0) }?.controller.name == "navigationController"
                if inNavigation { found = e }
            default: break
            }
        }
        return found
    }

    /// The window's safe-area insets with the bars the root view extends
    /// under, and the status bar hidden: the insets `adjust` lays the scene
    /// out with. A hidden status bar takes the top inset to 0 on a device
    /// whose top inset is only its status bar (24 pt or less); a notch's
    /// stays.
    func insets(_ base: EdgeInsets) -> EdgeInsets {
        var i = base
        if statusBarHidden != nil, i.top <= 24 { i.top = 0 }
        if let t = top, t.under { i.top += t.height }
        if let b = bottom, b.under { i.bottom += b.height }
        return i
    }

    /// One finding per bar: why Xcode simulated it and what it does to the
    /// scene's layout.
    func findings(base: EdgeInsets, device: Device) -> [Finding] {
        var out: [Finding] = []
        let statusTop = statusBarHidden != nil && base.top <= 24 ? 0 : base.top
        if let s = statusBarHidden, !(statusBarInferred && base.top > 24) {
            out.append(Finding(.note, (statusBarInferred ? "a XIB's view simulates no status bar unless its simulated metrics name one: " : "the status bar is hidden (simulatedStatusBarMetrics none): ")
                                 + (base.top <= 24 ? "the safe-area top is 0, not \(device.id)'s \(fmt(base.top))" : "\(device.id)'s safe-area top \(fmt(base.top)) stays (its sensor housing, not the status bar)"),
                                 line: s.line, column: s.column))
        }
        if let t = top, !t.real {
            let effect = t.under
                ? "the root view extends under it, so its safe-area top is \(fmt(statusTop)) + \(fmt(t.height)) = \(fmt(statusTop + t.height))"
                : "\(t.beside), so the root view starts below it, at y \(fmt(statusTop + t.height))"
            out.append(Finding(.note, "\(t.cause): Xcode simulated a \(fmt(t.height)) pt \(t.kind.rawValue) over it; \(effect)",
                                 line: t.line, column: t.column))
        }
        if let b = bottom, !b.real {
            let effect = b.under
                ? "the root view extends under it, so its safe-area bottom is \(fmt(base.bottom)) + \(fmt(b.height)) = \(fmt(base.bottom + b.height))"
                : "\(b.beside), so the root view ends above it, \(fmt(base.bottom + b.height)) pt over the screen's bottom"
            out.append(Finding(.note, "\(b.cause): Xcode simulated a \(fmt(b.height)) pt \(b.kind.rawValue) under it; \(effect)",
                                 line: b.line, column: b.column))
        }
        return out
    }
}
