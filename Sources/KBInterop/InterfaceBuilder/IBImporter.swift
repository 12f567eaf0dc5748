import KBModel

/// Turns one scene of an Interface Builder document into a kbplay screen,
/// with UIKit's semantics: the designed device, the navigation and tab
/// bar controllers around the scene (their bars move the safe area),
/// container views and their embedded controllers, views, stack views,
/// scroll views and their layout guides, every constraint, and the
/// constraints UIKit makes from an autoresizing mask.
///
/// What kbplay does not model becomes a finding naming the element, its
/// IB id and its line; what cannot be imported at all (no views, an
/// unknown scene, an outlet or a constraint naming a missing object, a
/// cycle of embed segues) is an error, and nothing is made.
public struct IBImporter {
    let document: IBDocument
    private var screen: Screen
    private var names = IBNames()
    private var made: [(id: String, name: String)] = []
    private var findings: [IBFinding] = []
    private var warnings: [ModelWarning] = []
    private var stored: [IBImport.StoredFrame] = []
    /// Table view controllers made: the controller and its table.
    private var tableControllers: [(controller: String, table: String)] = []
    /// IB id → view name.
    private var viewNames: [String: String] = [:]
    /// IB id → the guide it is: a view's guide, or a legacy top or bottom
    /// layout guide (the safe area's top or bottom).
    private var guides: [String: Guide] = [:]
    /// IB id → the outlet property that points at it.
    private var outlets: [String: String] = [:]
    /// IB ids of scroll views that have content and frame layout guides.
    private var guidedScrollViews: Set<String> = []
    /// Constraints the canvas's size class leaves uninstalled (`<variation>` masks): inactive.
    private var excluded: Set<String> = []
    /// The canvas's size class, whose variations are laid out.
    private var sizeClass = IBSizeClass.any
    /// Subviews the canvas's size class leaves uninstalled: not made.
    private var uninstalledViews: Set<String> = []
    /// Views the size class does not install (with the views inside them).
    private var notInstalled = 0
    /// Constraints left out because a view they name is uninstalled.
    private var uninstalledConstraints = 0
    /// The size-class variations met (other than the default), where first
    /// and whether they apply on the canvas.
    private var variationKeys: [String: (line: Int, column: Int, applies: Bool)] = [:]
    /// Views that show text, by name: their kind, font and stored height,
    /// where their baselines lie.
    private var textMetrics: [String: (element: String, font: IBFont, height: Double)] = [:]
    /// Text views that do not scroll: their height, whether it was stored, and where.
    private var nonScrollingTextViews: [(name: String, height: Double, stored: Bool, line: Int, column: Int)] = []
    /// Baseline constraints placed by font metrics, and those on views without text (at the bottom).
    private var baselines: (placed: Set<ObjectIdentifier>, withoutText: Int, first: (line: Int, column: Int)?) = ([], 0, nil)
    /// Layout margins set in the document, by view name.
    private var marginSpecs: [String: MarginSpec] = [:]
    /// Each view's window frame as the document stores it, by name.
    private var storedWindowFrames: [String: Rect] = [:]
    /// Margin findings, one per cause: the views each applies to.
    private var marginCauses: [String: (views: [String], line: Int, column: Int)] = [:]

    private struct MarginSpec {
        var custom: EdgeInsets?
        var fromSafeArea = true
        var preserves = false
        /// A root view's controller keeps UIKit's minimum side margins.
        var respectsSystemMinimum = true
        var isRoot = false
    }
    /// Views whose margins follow the readable width (not modeled).
    private var readableWidthViews: Set<String> = []
    /// Views kbplay lays out approximately, and why: a stored frame such a
    /// view misses is explained by it.
    private var approximated: [String: String] = [:]
    /// The bars Xcode simulated over the scene (on the document's own canvas).
    private var bars = IBSimulatedBars()
    /// Appearance attributes and elements (no effect on layout), counted.
    private var appearance: [String: (count: Int, line: Int, column: Int)] = [:]

    private enum Guide {
        case view(String, Anchor.Guide)
        case legacyTop(String), legacyBottom(String)
    }

    private struct PendingConstraint {
        var element: IBElement
        /// The view whose `<constraints>` hold it.
        var owner: String
    }

    init(_ document: IBDocument, device: Device, orientation: Orientation) {
        self.document = document
        screen = Screen(device: device, orientation: orientation)
    }

    /// Imports the scene `sceneName` (or the initial, or only, one) on
    /// `device` (or the nearest preset to the one the document was designed on).
    public static func run(_ document: IBDocument, scene sceneName: String?, device deviceID: String?,
                    orientation wanted: Orientation? = nil) throws(IBReadError) -> IBImport {
        let scene = try chooseScene(document, sceneName)
        var findings: [IBFinding] = []
        var (device, orientation, designed) = try chooseDevice(document, deviceID, scene: scene, &findings)
        var bars = IBSimulatedBars()
        if deviceID == nil {
            // The canvas the document stores its frames on: its size, its
            // safe area and the bars Xcode simulated over the scene.
            let (content, wrappers) = IBCanvas.contentAndWrappers(document, scene)
            bars = IBSimulatedBars.of(document, content: content, wrappers: wrappers, device: device, orientation: orientation)
            device = IBCanvas.adjust(device, orientation: orientation, document: document, scene: scene, bars: bars, &findings)
            designed = device
        }
        let designedOrientation = orientation
        if let wanted { orientation = wanted }
        var importer = IBImporter(document, device: device, orientation: orientation)
        importer.findings = findings
        importer.bars = bars
        // A document without a device was laid out on the any-width, any-height canvas.
        importer.sizeClass = document.root.child("device") == nil && deviceID == nil
            ? .any : IBSizeClass.of(device, orientation)
        let controller = try importer.build(scene)
        importer.reportSizeClasses()
        importer.reportMarginsAndBaselines()
        importer.reportAppearance()
        var result = IBImport(screen: importer.screen, controller: controller, names: importer.made,
                              findings: importer.findings, warnings: importer.warnings, storedFrames: importer.stored,
                              tableControllers: importer.tableControllers)
        // The stored frames are the designed device's: on another, they are not compared.
        guard device.id == designed.id, orientation == designedOrientation else {
            let e = document.root.child("device") ?? document.root
            result.findings.append(IBFinding(.note, "the document was designed on \(e["id"] ?? "an unnamed device") (nearest preset \(designed.id)): on \(device.id) \(orientation.rawValue) its stored frames are not compared",
                                             line: e.line, column: e.column))
            return result
        }
        let layout = result.screen.layout()
        let mismatches = result.frameMismatches(in: layout)
        // A view whose frame kbplay's constraints do not fix is a cause kbplay can name.
        let ambiguous = mismatches.isEmpty ? [] : Set(result.screen.ambiguousViews(among: mismatches.map(\.name)))
        result.findings += importer.explainMismatches(mismatches, ambiguous: ambiguous)
        return result
    }

    /// One finding per cause of the stored frames kbplay misses: a view
    /// that follows another one that differs (its superview, or a view it
    /// is constrained to) by the same offset is named in that view's
    /// finding, not in one of its own; a view kbplay approximates says so;
    /// only the rest is a frame warning of its own.
    func explainMismatches(_ mismatches: [(name: String, kbplay: Rect, stored: Rect)], ambiguous: Set<String> = []) -> [IBFinding] {
        guard !mismatches.isEmpty else { return [] }
        let byName = Dictionary(mismatches.map { ($0.name, $0) }, uniquingKeysWith: { a, _ in a })
        // The views each view is tied to: its superview and those its constraints name.
        var ties: [String: Set<String>] = [:]
        for c in screen.constraints {
            let vs = c.views.filter { byName[$0] != nil }
            guard vs.count > 1 else { continue }
            for v in vs { ties[v, default: []].formUnion(vs.filter { $0 != v }) }
        }
        func offset(_ m: (name: String, kbplay: Rect, stored: Rect)) -> (dx: Double, dy: Double, dw: Double, dh: Double) {
            (m.kbplay.x - m.stored.x, m.kbplay.y - m.stored.y, m.kbplay.width - m.stored.width, m.kbplay.height - m.stored.height)
        }
        func close(_ a: Double, _ b: Double) -> Bool { abs(a - b) <= 0.5 }
        // A view follows one before it in the document (its superview, or a
        // view it is tied to) that differs too: it keeps its size and moves as
        // that view's origin or far edge does. Only earlier views lead, so
        // every chain ends.
        let order = Dictionary(mismatches.enumerated().map { ($1.name, $0) }, uniquingKeysWith: { a, _ in a })
        func leader(of m: (name: String, kbplay: Rect, stored: Rect)) -> String? {
            let d = offset(m)
            guard close(d.dw, 0), close(d.dh, 0), let mine = order[m.name] else { return nil }
            var candidates = ties[m.name] ?? []
            if let p = (try? screen.view(named: m.name))?.parent, byName[p] != nil { candidates.insert(p) }
            for u in candidates.sorted(by: { order[$0, default: 0] < order[$1, default: 0] }) {
                guard let um = byName[u], let theirs = order[u], theirs < mine else { continue }
                let o = offset(um)
                if [o.dx, o.dx + o.dw].contains(where: { close($0, d.dx) }),
                   [o.dy, o.dy + o.dh].contains(where: { close($0, d.dy) }) {
                    return u
                }
            }
            return nil
        }
        var root: [String: String] = [:]
        for m in mismatches {
            let r = leader(of: m).map { root[$0] ?? $0 } ?? m.name
            root[m.name] = r
        }
        var out: [IBFinding] = []
        for m in mismatches where root[m.name] == m.name {
            let e = element(named: m.name)
            let followers = mismatches.filter { root[$0.name] == m.name && $0.name != m.name }.map(\.name)
            let why = approximated[m.name].map { "because \($0)" }
                ?? (ambiguous.contains(m.name) ? "because its constraints do not fix its frame: kbplay's layout of it is ambiguous (`explain \(m.name)` shows what decides it), where Xcode's canvas kept the stored frame" : nil)
                ?? "(its constraints differ from what Xcode last laid out, or depend on what kbplay approximates)"
            var message = "\(m.name): kbplay lays it out at \(m.kbplay), the document stores \(m.stored) \(why)"
            if !followers.isEmpty {
                message += "; \(followers.count) view\(followers.count == 1 ? "" : "s") placed from it differ\(followers.count == 1 ? "s" : "") with it: \(followers.joined(separator: ", "))"
            }
            out.append(IBFinding(.warning, message, line: e?.line ?? 0, column: e?.column ?? 0))
        }
        return out
    }

    private func element(named name: String) -> IBElement? {
        made.first { $0.name == name }.flatMap { document.objects[$0.id] }
    }

    // MARK: Scene and device

    private static func chooseScene(_ d: IBDocument, _ name: String?) throws(IBReadError) -> IBScene {
        let usable = d.scenes.filter { $0.rootView != nil || $0.isWrapper }
        guard !usable.isEmpty else {
            throw IBReadError(message: "\(d.path): the document has no views to import (no scene with a view\(d.isStoryboard ? "" : ", no top-level view"))")
        }
        let list = usable.map { "  " + $0.listing }.joined(separator: "\n")
        if let name {
            if let s = usable.first(where: { $0.keys.contains(name) }) { return s }
            let all = usable.flatMap(\.keys)
            let near = nearestName(to: name, in: all)
            throw IBReadError(message: "\(d.path): no scene '\(name)'\(near.map { " — did you mean '\($0)'?" } ?? ""); its scenes:\n\(list)")
        }
        if let s = d.initialScene { return s }
        if usable.count == 1 { return usable[0] }
        throw IBReadError(message: "\(d.path) has \(usable.count) scenes and no initial view controller: name one with scene NAME (its storyboard identifier, class, id or title):\n\(list)")
    }

    /// Interface Builder's device ids: screen size in points and the
    /// portrait safe-area top, to find the nearest preset.
    private static let ibDevices: [String: (width: Double, height: Double, top: Double)] = [
        "retina3_5": (320, 480, 20), "retina4_0": (320, 568, 20), "retina4_7": (375, 667, 20),
        "retina5_5": (414, 736, 20), "retina5_9": (375, 812, 44), "retina5_4": (375, 812, 50),
        "retina6_1": (414, 896, 48), "retina6_5": (414, 896, 44), "retina6_0": (390, 844, 47),
        "retina6_7": (428, 926, 47), "retina6_12": (393, 852, 59), "retina6_72": (430, 932, 59),
        "retina6_3": (402, 874, 62), "retina6_9": (440, 956, 62),
        "ipad9_7": (768, 1024, 20), "ipad10_2": (810, 1080, 20), "ipad10_5": (834, 1112, 20),
        "ipad10_9rounded": (820, 1180, 24), "ipad11": (834, 1194, 24), "ipad12_9": (1024, 1366, 20),
        "ipad12_9rounded": (1024, 1366, 24),
    ]

    static var ibDeviceIDs: Set<String> { Set(ibDevices.keys) }

    /// The preset nearest to the designed device, and the one to use.
    private static func chooseDevice(_ d: IBDocument, _ override: String?, scene: IBScene,
                                     _ findings: inout [IBFinding]) throws(IBReadError)
        -> (device: Device, orientation: Orientation, designed: Device) {
        let (designed, orientation) = designedDevice(d, scene: scene, &findings)
        guard let override else { return (designed, orientation, designed) }
        do {
            return (try DeviceCatalog.standard.lookup(override), orientation, designed)
        } catch {
            throw IBReadError(message: "\(error)")
        }
    }

    private static func designedDevice(_ d: IBDocument, scene: IBScene, _ findings: inout [IBFinding]) -> (Device, Orientation) {
        let catalog = DeviceCatalog.standard
        let deviceElement = d.root.child("device")
        var orientation: Orientation = deviceElement?["orientation"] == "landscape" ? .landscape : .portrait
        var target: (width: Double, height: Double, top: Double)?
        if let id = deviceElement?["id"] {
            if let known = ibDevices[id] {
                target = known
            } else if let r = scene.rootView?.frame {
                target = orientation == .portrait ? (r.width, r.height, 0) : (r.height, r.width, 0)
                findings.append(IBFinding(.note, "device \(id) is not one kbplay knows: the nearest preset to the scene's size \(fmt(r.width))×\(fmt(r.height)) is used",
                                          line: deviceElement!.line, column: deviceElement!.column))
            }
        }
        let content = IBCanvas.contentAndWrappers(d, scene).0
        if deviceElement == nil, let r = content.rootView?.frame, r.width > 0, r.height > 0 {
            // No device (a document older than Xcode 8): the preset nearest to its root view's size
            // (a cell's: to its width, in portrait).
            let best: Device
            if content.isCell {
                best = catalog.devices.min { abs($0.screen.width - r.width) < abs($1.screen.width - r.width) }!
            } else {
                target = (min(r.width, r.height), max(r.width, r.height), 0)
                if r.width > r.height { orientation = .landscape }
                best = catalog.devices.min { distance($0, target!) < distance($1, target!) }!
            }
            findings.append(IBFinding(.note, "the document names no device: \(best.id) is used, the preset nearest to its root view's \(fmt(r.width))×\(fmt(r.height))",
                                      line: d.root.line, column: d.root.column))
            return (best, orientation)
        }
        guard let t = target else {
            if deviceElement == nil {
                findings.append(IBFinding(.note, "the document names no device: \(catalog.defaultDevice.id) is used",
                                          line: d.root.line, column: d.root.column))
            }
            return (catalog.defaultDevice, orientation)
        }
        let best = catalog.devices.min { a, b in
            distance(a, t) < distance(b, t)
        }!
        return (best, orientation)
    }

    private static func distance(_ device: Device, _ t: (width: Double, height: Double, top: Double)) -> Double {
        abs(device.screen.width - t.width) + abs(device.screen.height - t.height)
            + abs(device.safeArea.portrait.top - t.top) / 100
    }

    // MARK: Building

    /// Builds the scene (inside the navigation and tab bar controllers
    /// that hold it) and returns its controller's name.
    private mutating func build(_ scene: IBScene) throws(IBReadError) -> String {
        if document.root["useAutolayout"] == "NO" {
            finding(.warning, document.root, "the document does not use Auto Layout: every view is placed by its frame and autoresizing mask")
        }
        if document.root["useSafeAreas"] == "NO" {
            finding(.note, document.root, "the document does not use safe-area layout guides: its top and bottom layout guides are imported as the safe area's top and bottom")
        }
        // The wrappers around the scene, outermost first.
        var chain: [IBScene] = []
        var content = scene
        if content.isWrapper {
            // A navigation or tab bar controller chosen itself: its first child is the content.
            var seen: Set<String> = []
            while content.isWrapper {
                guard let id = content.controller.id, seen.insert(id).inserted else { break }
                chain.append(content)
                guard let first = content.relationships.first, let next = document.scene(id: first) else {
                    throw IBReadError(message: "\(document.path):\(content.controller.line): \(content.controller.label) has no root view controller to import")
                }
                content = next
            }
        } else {
            var outer = document.container(of: content)
            var seen: Set<String> = []
            while let o = outer, let id = o.controller.id, seen.insert(id).inserted {
                chain.insert(o, at: 0)
                outer = document.container(of: o)
            }
        }
        collectOutlets(chain + [content])
        var parent: (controller: String, container: String)?
        for w in chain { parent = try buildWrapper(w, in: parent) }
        // Bars Xcode simulated beside the root view: the scene a child past them.
        if let t = bars.top, !t.under, !t.real { parent = try buildSimulatedBar(t, top: true, in: parent) }
        if let b = bars.bottom, !b.under, !b.real { parent = try buildSimulatedBar(b, top: false, in: parent) }
        return try buildController(content, in: parent, windowOrigin: nil, embedding: [])
    }

    /// Outlets of the scenes imported name what they point at; an outlet
    /// to an object that is not in the document is an error.
    private mutating func collectOutlets(_ scenes: [IBScene]) {
        for s in scenes {
            for holder in [s.controller] + (s.owner.map { [$0] } ?? []) {
                for o in holder.child("connections")?.children("outlet") ?? [] {
                    guard let d = o["destination"], let p = o["property"], p != "view" else { continue }
                    if outlets[d] == nil { outlets[d] = p }
                }
            }
        }
    }

    private func checkOutlets(in scene: IBScene) throws(IBReadError) {
        var holders = [scene.controller] + (scene.owner.map { [$0] } ?? [])
        scene.rootView?.forEachDescendant { e in if e.child("connections") != nil { holders.append(e) } }
        for h in holders {
            for o in h.child("connections")?.children("outlet") ?? [] {
                guard let d = o["destination"] else { continue }
                if document.objects[d] == nil {
                    throw IBReadError(message: "\(document.path):\(o.line):\(o.column): outlet '\(o["property"] ?? "?")' of \(h.label) points at object \(d), which is not in the document")
                }
            }
        }
    }

    /// A navigation or tab bar controller: a controller whose bar is a view
    /// (44 pt under the safe-area top; 49 pt over the safe-area bottom)
    /// and whose child sits in the rest, so the child's safe area is what
    /// UIKit gives it.
    private mutating func buildWrapper(_ w: IBScene, in parent: (controller: String, container: String)?) throws(IBReadError)
        -> (controller: String, container: String) {
        let c = names.claim(IBNames.controllerName(w.controller))
        try model { s throws(ModelError) in
            if let parent { try s.addController(c, in: parent.controller, at: parent.container) } else { try s.addController(c) }
        }
        names.reserve(c + ".view")
        record(w.controller.id, c)
        let root = c + ".view"
        let isNavigation = w.controller.name == "navigationController"
        let barElement = w.controller.child(isNavigation ? "navigationBar" : "tabBar")
        let bar = names.claim(isNavigation ? "navigationBar" : "tabBar")
        let content = names.claim(isNavigation ? "navigationContent" : "tabContent")
        var height: Double = isNavigation ? 44 : 49
        if isNavigation, barElement?["prefersLargeTitles"] == "YES" || w.controller.child("navigationBar")?["largeTitles"] == "YES" {
            height = 96
        }
        // On the document's canvas the bar is known: translucent (the child
        // extends under it) or not; on a chosen device the child sits beside it.
        let known = (isNavigation ? bars.top : bars.bottom).flatMap { $0.real ? $0 : nil }
        if let known { height = known.height }
        let under = known?.under ?? false
        try addBar(bar, content: content, to: root, top: isNavigation, height: height, under: under)
        if let id = barElement?.id { record(id, bar) }
        let what = isNavigation ? "navigation bar" : "tab bar"
        let side = isNavigation ? "below" : "above"
        let how: String
        switch known {
        case let k? where k.under:
            how = "over its child in \(content): the child's root view extends under the bar, as UIKit's does, and its safe area \(isNavigation ? "starts below" : "ends above") the bar"
        case let k?:
            how = "and its child in \(content): \(k.beside), so the child's root view starts \(side) the bar, as UIKit's does"
        case nil:
            how = "and its child in \(content): the child's safe area is UIKit's, but its root view starts \(side) the bar, where UIKit extends it under the bar"
        }
        finding(.note, w.controller, "\(w.controller.label) is imported as controller \(c) with its \(what) as the view \(bar) (\(fmt(height)) pt) \(how)")
        if isNavigation, w.controller["toolbarHidden"] == "NO", bars.bottom?.kind != .toolbar {
            finding(.warning, w.controller, "the navigation controller's toolbar is not modeled: the child's safe area ignores it")
        }
        if !isNavigation, w.relationships.count > 1 {
            finding(.note, w.controller, "the tab bar controller has \(w.relationships.count) tabs: only the first is imported (name another with scene NAME)")
        }
        return (c, content)
    }


    /// A bar and the view beside it that holds the child controller: a top
    /// bar `height` under the safe-area top with the content below it; a
    /// bottom bar from `height` over the safe-area bottom to the screen's
    /// bottom, with the content above it.
    private mutating func addBar(_ bar: String, content: String, to root: String, top: Bool, height: Double,
                                 under: Bool = false) throws(IBReadError) {
        if under {
            // A translucent bar over its child: the content fills the root view, and
            // the bar lies in the safe-area inset it adds (the canvas's insets include it).
            try model { s throws(ModelError) in
                try s.addView(.view, content, to: root)
                try s.addView(.view, bar, to: root)
                let r = AnchorOwner(view: root)
                for (v, a) in [(bar, Anchor.Attribute.leading), (bar, .trailing), (content, .leading), (content, .trailing),
                               (content, .top), (content, .bottom)] {
                    try s.constrain(Anchor(v, nil, a), .equal, r.anchor(a), name: "\(v)_\(a.rawValue)")
                }
                if top {
                    try s.constrain(Anchor(bar, nil, .height), .equal, nil, constant: height, name: bar + "_height")
                    try s.constrain(Anchor(bar, nil, .bottom), .equal, Anchor(root, .safeArea, .top), name: bar + "_bottom")
                } else {
                    try s.constrain(Anchor(bar, nil, .top), .equal, Anchor(root, .safeArea, .bottom), name: bar + "_top")
                    try s.constrain(Anchor(bar, nil, .bottom), .equal, r.anchor(.bottom), name: bar + "_bottom")
                }
            }
            return
        }
        try model { s throws(ModelError) in
            try s.addView(.view, bar, to: root)
            try s.addView(.view, content, to: root)
            let r = AnchorOwner(view: root)
            try s.constrain(Anchor(bar, nil, .leading), .equal, r.anchor(.leading), name: bar + "_leading")
            try s.constrain(Anchor(bar, nil, .trailing), .equal, r.anchor(.trailing), name: bar + "_trailing")
            try s.constrain(Anchor(content, nil, .leading), .equal, r.anchor(.leading), name: content + "_leading")
            try s.constrain(Anchor(content, nil, .trailing), .equal, r.anchor(.trailing), name: content + "_trailing")
            if top {
                try s.constrain(Anchor(bar, nil, .height), .equal, nil, constant: height, name: bar + "_height")
                try s.constrain(Anchor(bar, nil, .top), .equal, Anchor(root, .safeArea, .top), name: bar + "_top")
                try s.constrain(Anchor(content, nil, .top), .equal, Anchor(bar, nil, .bottom), name: content + "_top")
                try s.constrain(Anchor(content, nil, .bottom), .equal, r.anchor(.bottom), name: content + "_bottom")
            } else {
                // The bar reaches the screen`s bottom, its items `height` over the safe area`s.
                try s.constrain(Anchor(bar, nil, .top), .equal, Anchor(root, .safeArea, .bottom), constant: -height, name: bar + "_top")
                try s.constrain(Anchor(bar, nil, .bottom), .equal, r.anchor(.bottom), name: bar + "_bottom")
                try s.constrain(Anchor(content, nil, .top), .equal, r.anchor(.top), name: content + "_top")
                try s.constrain(Anchor(content, nil, .bottom), .equal, Anchor(bar, nil, .top), name: content + "_bottom")
            }
        }
    }

    /// A bar Xcode simulated beside the root view (opaque, or an edge not
    /// extended under it): a controller with the bar as a view and the
    /// scene a child beside it, as a navigation or tab bar controller is
    /// imported, so the scene`s root view starts past the bar.
    private mutating func buildSimulatedBar(_ b: IBSimulatedBars.Bar, top: Bool,
                                            in parent: (controller: String, container: String)?) throws(IBReadError)
        -> (controller: String, container: String) {
        let (controllerName, barName, contentName): (String, String, String) = switch b.kind {
        case .navigation: ("Navigation", "navigationBar", "navigationContent")
        case .tab: ("Tabs", "tabBar", "tabContent")
        case .toolbar: ("Toolbar", "toolbar", "toolbarContent")
        }
        let c = names.claim(controllerName)
        try model { s throws(ModelError) in
            if let parent { try s.addController(c, in: parent.controller, at: parent.container) } else { try s.addController(c) }
        }
        names.reserve(c + ".view")
        let bar = names.claim(barName)
        let content = names.claim(contentName)
        try addBar(bar, content: content, to: c + ".view", top: top, height: b.height)
        return (c, content)
    }

    /// A view controller: its root view, its views and constraints, then
    /// the controllers embedded in its container views.
    private mutating func buildController(_ scene: IBScene, in parent: (controller: String, container: String)?,
                                          windowOrigin: Point?, embedding: [String]) throws(IBReadError) -> String {
        guard let rootElement = scene.rootView else {
            throw IBReadError(message: "\(document.path):\(scene.controller.line): \(scene.controller.label) has no view to import")
        }
        try checkOutlets(in: scene)
        let c = names.claim(IBNames.controllerName(scene.controller))
        try model { s throws(ModelError) in
            if let parent { try s.addController(c, in: parent.controller, at: parent.container) } else { try s.addController(c) }
        }
        let root = c + ".view"
        names.reserve(root)
        record(scene.controller.id, c)
        if rootElement.name == "tableView" {
            // A UITableViewController: its view is its table, which fills it.
            let table = names.claim(rootElement.id.flatMap { outlets[$0] }.flatMap { IBNames.outletName($0) } ?? "tableView")
            try model { s throws(ModelError) in try s.makeTableController(c, table: table, TableConfiguration()) }
            record(rootElement.id, table)
            if let id = rootElement.id { viewNames[id] = table }
            tableControllers.append((c, table))
            finding(.note, rootElement, "\(scene.controller.label) is imported as a table view controller: its table \(table) fills \(root), without rows (its prototype cells are not rows), and UIKit adjusts it for the keyboard (table-controller)")
        } else {
            record(rootElement.id, root)
            if let id = rootElement.id { viewNames[id] = root }
        }
        for g in scene.controller.child("layoutGuides")?.children("viewControllerLayoutGuide") ?? [] {
            guard let id = g.id else { continue }
            guides[id] = g["type"] == "bottom" ? .legacyBottom(root) : .legacyTop(root)
            record(id, root + ".safeArea")
        }
        let rootRect = rootElement.frame ?? IBRect(x: 0, y: 0, width: screen.screenSize.width, height: screen.screenSize.height)
        let origin = windowOrigin ?? Point(x: rootRect.x, y: rootRect.y)
        var constraints: [PendingConstraint] = []
        var autoresizing: [(IBElement, String, parent: String, parentSize: (Double, Double))] = []
        var embeds: [(IBElement, container: String, origin: Point)] = []
        // The view the root element is: the root view, or a table view controller's table.
        let rootName = viewNames[rootElement.id ?? ""] ?? root
        storedWindowFrames[rootName] = Rect(x: origin.x, y: origin.y, width: rootRect.width, height: rootRect.height)
        readViewParts(rootElement, name: rootName, &constraints)
        checkRootAttributes(rootElement)

        // Subviews, depth first in document order.
        func walk(_ parentElement: IBElement, _ parentName: String, _ parentOrigin: Point, _ parentSize: (Double, Double),
                  inStack: Bool) throws(IBReadError) {
            for e in parentElement.subviews {
                if let id = e.id, uninstalledViews.contains(id) {
                    // Not installed in the canvas's size class: not in the hierarchy, nor is what it holds.
                    notInstalled += 1
                    e.forEachDescendant { d in
                        if let i = d.id { uninstalledViews.insert(i) }
                        if d.parent?.name == "subviews", IBViewKind.isView(d.name) { notInstalled += 1 }
                    }
                    continue
                }
                guard let kind = IBViewKind.of(e) else {
                    finding(.warning, e, "<\(e.name)> in <subviews> is not a view kbplay knows: left out, with its subviews")
                    continue
                }
                let name = viewName(e)
                let rect = e.frame
                if let r = rect, ![r.x, r.y, r.width, r.height].allSatisfy({ $0.isFinite && abs($0) < 1e7 }) || (r.width < 0 || r.height < 0) {
                    throw IBReadError(message: "\(document.path):\(e.line):\(e.column): the frame of \(e.label) is (\(fmt(r.x)) \(fmt(r.y)); \(fmt(r.width)) \(fmt(r.height))): not a frame kbplay can lay out (finite numbers, sizes from 0)")
                }
                var options = ViewOptions()
                options.text = text(of: e)
                if e.name == "textField", let placeholder = e["placeholder"] { options.placeholder = placeholder }
                options.isHidden = e["hidden"] == "YES"
                if kind.intrinsicFromFrame, let r = rect { options.intrinsic = Size(width: r.width, height: r.height) }
                if let a = kind.alignmentInsets {
                    // Constraints place the alignment rect; its intrinsic size is the frame's less the insets.
                    options.alignmentInsets = a
                    if let i = options.intrinsic {
                        options.intrinsic = Size(width: max(0, i.width - a.left - a.right), height: max(0, i.height - a.top - a.bottom))
                    }
                }
                if kind.kind == .stackView { options.stack = stackConfiguration(e) }
                if e.name == "textView", e["scrollEnabled"] == "NO" {
                    // A text view that does not scroll is as tall as its text: the height Xcode
                    // measured (its stored frame), else its lines in its font and 8 pt insets.
                    let font = IBFont.of(e)
                    let size = rect.map { Size(width: $0.width, height: $0.height) }
                        ?? Size(width: 0, height: font.textViewHeight(options.text))
                    options.intrinsic = size
                    nonScrollingTextViews.append((name, size.height, rect != nil, e.line, e.column))
                }
                if ["label", "button", "textField", "textView"].contains(e.name), let r = rect {
                    textMetrics[name] = (e.name, IBFont.of(e), r.height)
                }
                try model { s throws(ModelError) in try s.addView(kind.kind, name, to: parentName, options: options) }
                record(e.id, name)
                if let id = e.id { viewNames[id] = name }
                if let a = kind.approximation {
                    finding(.warning, e, a)
                    if !kind.intrinsicFromFrame { approximated[name] = "kbplay imports this \(e.name) as a plain view without a size of its own" }
                }
                if kind.kind == .stackView, let reason = Self.stackApproximation(e) {
                    approximated[name] = "kbplay approximates its \(reason)"
                }
                if inStack, let p = approximated[parentName], (try? screen.view(named: parentName))?.kind == .stackView {
                    approximated[name] = "its stack view \(parentName) is laid out approximately (\(p.replacingOccurrences(of: "kbplay approximates its ", with: "")))"
                }
                try readPriorities(e, name)
                try readVisibility(e, name)
                readViewParts(e, name: name, &constraints)
                readFieldTraits(e)
                let here = Point(x: parentOrigin.x + (rect?.x ?? 0), y: parentOrigin.y + (rect?.y ?? 0))
                if let r = rect {
                    storedWindowFrames[name] = Rect(x: here.x, y: here.y, width: r.width, height: r.height)
                    stored.append(.init(name: name, frame: Rect(x: here.x, y: here.y, width: r.width, height: r.height),
                                        misplaced: e["misplaced"] == "YES" || e["ambiguous"] == "YES"))
                }
                let autoresizes = e["translatesAutoresizingMaskIntoConstraints"] != "NO"
                    || document.root["useAutolayout"] == "NO"
                if autoresizes && !inStack {
                    autoresizing.append((e, name, parentName, parentSize))
                }
                if e.name == "containerView" {
                    for segue in e.child("connections")?.children("segue") ?? [] where segue["kind"] == "embed" {
                        embeds.append((segue, name, here))
                    }
                }
                try walk(e, name, here, (rect?.width ?? 0, rect?.height ?? 0), inStack: kind.kind == .stackView)
            }
        }
        let before = Set(storedWindowFrames.keys)
        try walk(rootElement, rootName, origin, (rootRect.width, rootRect.height), inStack: false)
        if let o = windowOrigin {
            // An embedded scene's frames are stored on its own canvas: where its
            // container overlaps the window's safe area (a bar, the status bar),
            // UIKit's child safe area has that overlap and the stored frames do not.
            let overlap = safeOverlap(Rect(x: o.x, y: o.y, width: rootRect.width, height: rootRect.height))
            if overlap.top > 0 || overlap.bottom > 0 {
                let reason = "it is in the embedded scene \(c), whose frames Xcode stores on the scene's own canvas, where its safe area does not have the \(fmt(overlap.top)) pt top and \(fmt(overlap.bottom)) pt bottom its container overlaps"
                for name in storedWindowFrames.keys where !before.contains(name) && approximated[name] == nil {
                    approximated[name] = reason
                }
            }
        }

        for p in constraints { try addConstraint(p) }
        for (e, name, parentName, size) in autoresizing { try addAutoresizing(e, name, parentName, size) }

        for (segue, container, here) in embeds {
            guard let d = segue["destination"], let child = document.scene(id: d) else {
                throw IBReadError(message: "\(document.path):\(segue.line):\(segue.column): the embed segue of \(container) names controller \(segue["destination"] ?? "?"), which is not a scene of the document")
            }
            let chain = embedding + [scene.controller.id ?? c]
            if chain.contains(d) {
                let names = (chain + [d]).map { id in document.scene(id: id).map { IBNames.controllerName($0.controller) } ?? id }
                throw IBReadError(message: "\(document.path):\(segue.line):\(segue.column): the embed segues form a cycle (\(names.joined(separator: " → "))): a controller cannot contain itself")
            }
            collectOutlets([child])
            _ = try buildController(child, in: (c, container), windowOrigin: here, embedding: chain)
        }
        return c
    }

    // MARK: Views

    private mutating func viewName(_ e: IBElement) -> String {
        if let id = e.id, let p = outlets[id], let n = IBNames.outletName(p) { return names.claim(n) }
        if let a = e.child("accessibility", key: "accessibilityConfiguration")?["identifier"], let n = IBNames.identifier(a) {
            return names.claim(n)
        }
        if let l = e["userLabel"], let n = IBNames.identifier(l) { return names.claim(n) }
        if let t = IBNames.fromText(e) { return names.claim(t) }
        let base = e.name == "containerView" ? "container" : (IBViewKind.of(e)?.kind == .view && e.name != "view" ? e.name : e.name)
        return names.indexed(base)
    }

    private func text(of e: IBElement) -> String? {
        switch e.name {
        case "label", "textField", "textView": return e.text
        case "button": return IBNames.buttonTitle(e)
        default: return nil
        }
    }

    private mutating func stackConfiguration(_ e: IBElement) -> StackConfiguration {
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
    private mutating func varied(_ e: IBElement, _ attribute: String) -> String? {
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
    private static func stackApproximation(_ e: IBElement) -> String? {
        if let d = e["distribution"], !["fill", "fillEqually", "equalSpacing"].contains(d) { return "distribution \(d)" }
        if let a = e["alignment"], !["fill", "leading", "top", "trailing", "bottom", "center"].contains(a) { return "alignment \(a)" }
        if e["layoutMarginsRelativeArrangement"] == "YES" { return "layoutMarginsRelativeArrangement" }
        if e["baselineRelativeArrangement"] == "YES" { return "baselineRelativeArrangement" }
        return nil
    }

    private mutating func readPriorities(_ e: IBElement, _ name: String) throws(IBReadError) {
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
    private mutating func readVisibility(_ e: IBElement, _ name: String) throws(IBReadError) {
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
    private mutating func readViewParts(_ e: IBElement, name: String, _ constraints: inout [PendingConstraint]) {
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
                try? screen.setKeyboardDismissMode(m, of: name)
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
    private mutating func checkRootAttributes(_ e: IBElement) {
        if e["hidden"] == "YES" { finding(.warning, e, "a hidden root view is shown: kbplay always shows a controller's view") }
    }

    /// A text field's text input traits: kbplay's keyboard does not change
    /// with them; `keyboard type` does.
    private mutating func readFieldTraits(_ e: IBElement) {
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

    // MARK: Constraints

    private mutating func addConstraint(_ p: PendingConstraint) throws(IBReadError) {
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

    private enum Item {
        case view(String)
        case guide(Guide)
    }

    /// An IB item and attribute as a kbplay anchor: margins attributes are
    /// the margins guide's, a legacy top or bottom layout guide is the safe
    /// area's edge, and a scroll view's edges seen from inside it (without
    /// content layout guides) are its content's, as UIKit reads them.
    private mutating func anchor(_ item: Item, _ attribute: String, other: Item?, _ e: IBElement,
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

    // MARK: Layout margins

    /// The margins a view sets: `layoutMargins` or `directionalLayoutMargins`
    /// (leading is left), `insetsLayoutMarginsFromSafeArea`,
    /// `preservesSuperviewLayoutMargins`; a root view's controller may drop
    /// UIKit's minimum side margins (`viewRespectsSystemMinimumLayoutMargins`).
    private mutating func readMargins(_ e: IBElement, name: String) {
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
    private func defaultMargins(isRoot: Bool) -> EdgeInsets {
        let side = screen.device.rootSideMargin
        return isRoot ? EdgeInsets(top: 0, left: side, bottom: 0, right: side) : EdgeInsets(all: 8)
    }

    /// The margins of `v` kbplay's `V.margins` does not hold, as the edge
    /// they are measured from (`V.safeArea`, or `V` itself) and the insets
    /// from it; nil when the view keeps UIKit's defaults.
    private mutating func customMargins(_ v: String) -> (Anchor.Guide?, EdgeInsets)? {
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
    private func inheritedMargins(_ v: String, own: EdgeInsets, fromSafeArea: Bool) -> EdgeInsets? {
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
    private func effectiveMargins(_ v: String) -> EdgeInsets {
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
    private func safeOverlap(_ f: Rect) -> EdgeInsets {
        let size = screen.screenSize, safe = screen.windowSafeAreaInsets
        return EdgeInsets(top: max(0, min(f.height, safe.top - f.minY)), left: max(0, min(f.width, safe.left - f.minX)),
                          bottom: max(0, min(f.height, f.maxY - (size.height - safe.bottom))),
                          right: max(0, min(f.width, f.maxX - (size.width - safe.right))))
    }

    /// How far a margin anchor lies from the same anchor of the edge the
    /// margins are measured from.
    private static func marginOffset(_ a: Anchor.Attribute, _ m: EdgeInsets) -> Double {
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

    private mutating func noteMargins(_ cause: String, _ view: String) {
        guard let e = element(named: view) ?? viewNames.first(where: { $0.value == view }).flatMap({ document.objects[$0.key] })
        else { return }
        var c = marginCauses[cause] ?? ([], e.line, e.column)
        if !c.views.contains(view) { c.views.append(view) }
        marginCauses[cause] = c
    }

    /// One note per cause of the margins and baselines read.
    private mutating func reportMarginsAndBaselines() {
        for (cause, c) in marginCauses.sorted(by: { ($0.value.line, $0.value.column) < ($1.value.line, $1.value.column) }) {
            findings.append(IBFinding(.note, "\(cause): the constraints to the margins of \(c.views.joined(separator: ", ")) are made to \(c.views.count == 1 ? "its" : "their") edges or safe area with the margin added",
                                      line: c.line, column: c.column))
        }
        if let t = nonScrollingTextViews.first {
            let list = nonScrollingTextViews.map { "\($0.name) \(fmt($0.height))\($0.stored ? "" : " (from its lines)")" }.joined(separator: ", ")
            findings.append(IBFinding(.note, "a text view with scrollEnabled NO is as tall as its text, its intrinsic height: \(list) (the height Xcode stored for its text and font; kbplay does not wrap text)",
                                      line: t.line, column: t.column))
        }
        if let first = baselines.first {
            let n = baselines.placed.count
            let plain = baselines.withoutText > 0 ? " (and \(baselines.withoutText) baseline\(baselines.withoutText == 1 ? "" : "s") of views without text, at their bottom, as UIKit places them)" : ""
            findings.append(IBFinding(.note, "\(n) baseline constraint\(n == 1 ? "" : "s") placed by font metrics\(plain): a baseline is the system font's ascender (0.952 × its size) under the top of its centred line, the descender (0.241 × its size) over the bottom of the last; kbplay approximates every font by the system font's ratios",
                                      line: first.line, column: first.column))
        }
    }

    private func isLegacyScrollView(_ name: String) -> Bool {
        guard let v = try? screen.view(named: name), v.kind == .scrollView else { return false }
        guard let id = viewNames.first(where: { $0.value == name })?.key else { return false }
        return !guidedScrollViews.contains(id)
    }

    /// An outlet's property, else the identifier, else the view it
    /// constrains and its attribute (`emailField_top`).
    private mutating func constraintName(_ e: IBElement, _ first: Anchor, _ second: Anchor?) -> String {
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
    private mutating func addAutoresizing(_ e: IBElement, _ name: String, _ parent: String,
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

    // MARK: Helpers

    /// A priority as kbplay holds it: a whole number from 1 to 1000 (a
    /// number past either end, or not a number, is the nearest end).
    static func priority(_ p: Double) -> Int {
        guard !p.isNaN else { return 1000 }
        return Int(min(1000, max(1, p.rounded())))
    }

    private mutating func model(_ body: (inout Screen) throws(ModelError) -> Void) throws(IBReadError) {
        do { try body(&screen) } catch {
            throw IBReadError(message: "\(document.path): \(error)")
        }
    }

    private mutating func record(_ id: String?, _ name: String) {
        guard let id else { return }
        made.append((id, name))
    }

    private mutating func finding(_ severity: IBFinding.Severity, _ e: IBElement, _ message: String) {
        findings.append(IBFinding(severity, message, line: e.line, column: e.column))
    }

    private mutating func countAppearance(_ what: String, _ e: IBElement) {
        if let c = appearance[what] {
            appearance[what] = (c.count + 1, c.line, c.column)
        } else {
            appearance[what] = (1, e.line, e.column)
        }
    }

    /// One note for the size classes the document varies: the canvas's,
    /// the variations laid out and those left out.
    private mutating func reportSizeClasses() {
        guard let first = variationKeys.values.min(by: { ($0.line, $0.column) < ($1.line, $1.column) }) else { return }
        let applied = variationKeys.filter(\.value.applies).keys.sorted()
        let other = variationKeys.filter { !$0.value.applies }.keys.sorted()
        var message = "size classes: the canvas is \(sizeClass.description) (\(screen.device.id) \(screen.orientation.rawValue)), so "
        message += applied.isEmpty ? "the default constraints are laid out" : "the variations \(applied.joined(separator: ", ")) are laid out over the default"
        if !other.isEmpty { message += "; \(other.joined(separator: ", ")) \(other.count == 1 ? "is" : "are") another canvas's and left out" }
        let views = notInstalled, constraints = excluded.count + uninstalledConstraints
        if views + constraints > 0 {
            message += " (\(constraints) constraint\(constraints == 1 ? "" : "s") inactive or left out\(views > 0 ? ", \(views) view\(views == 1 ? "" : "s") not installed" : ""))"
        }
        findings.append(IBFinding(.note, message, line: first.line, column: first.column))
    }

    /// One note for the appearance the document sets (colours, fonts,
    /// content modes…), which has no effect on layout.
    private mutating func reportAppearance() {
        guard !appearance.isEmpty else { return }
        let first = appearance.values.min { ($0.line, $0.column) < ($1.line, $1.column) }!
        let list = appearance.sorted { $0.key < $1.key }.map { "\($0.key) ×\($0.value.count)" }.joined(separator: ", ")
        findings.append(IBFinding(.note, "appearance is not modeled (no effect on layout; sizes come from the stored frames): \(list)",
                                  line: first.line, column: first.column))
    }

    /// Attributes the import reads (or that only Xcode's editor uses).
    private static let handledAttributes: Set<String> = [
        "id", "key", "text", "placeholder", "hidden", "translatesAutoresizingMaskIntoConstraints", "misplaced", "ambiguous",
        "horizontalHuggingPriority", "verticalHuggingPriority", "horizontalCompressionResistancePriority",
        "verticalCompressionResistancePriority", "axis", "spacing", "distribution", "alignment", "userLabel",
        "customClass", "customModule", "customModuleProvider", "fixedFrame", "clipsSubviews", "alpha",
        "preservesSuperviewLayoutMargins", "insetsLayoutMarginsFromSafeArea", "layoutMarginsFollowReadableWidth",
        "layoutMarginsRelativeArrangement", "baselineRelativeArrangement", "keyboardDismissMode",
        "contentInsetAdjustmentBehavior", "image", "restorationIdentifier", "sceneMemberID", "tableViewCell",
    ]
    /// Attributes that change how a view looks, not where it is.
    private static let appearanceAttributes: Set<String> = [
        "contentMode", "opaque", "userInteractionEnabled", "contentHorizontalAlignment", "contentVerticalAlignment",
        "buttonType", "lineBreakMode", "textAlignment", "baselineAdjustment", "adjustsFontSizeToFit", "minimumFontSize",
        "minimumScaleFactor", "borderStyle", "clearButtonMode", "adjustsFontForContentSizeCategory", "numberOfLines",
        "semanticContentAttribute", "showsHorizontalScrollIndicator", "showsVerticalScrollIndicator", "bounces",
        "alwaysBounceVertical", "alwaysBounceHorizontal", "pagingEnabled", "scrollEnabled", "editable", "selectable",
        "highlighted", "enabled", "selected", "tag", "clearsContextBeforeDrawing", "autoresizesSubviews",
        "multipleTouchEnabled", "exclusiveTouch", "contentScaleFactor", "insetsContentViewsToSafeArea",
        "directionalLockEnabled", "delaysContentTouches", "canCancelContentTouches", "bouncesZoom", "minimumZoomScale",
        "maximumZoomScale", "indicatorStyle", "textColor", "highlightedImage", "catalog", "on", "continuous",
        "minValue", "maxValue", "value", "progress", "style", "animating", "hidesWhenStopped",
        "segmentControlStyle", "selectedSegmentIndex", "adjustsImageWhenHighlighted", "adjustsImageWhenDisabled",
        "adjustsImageSizeForAccessibilityContentSizeCategory", "showsTouchWhenHighlighted",
        "reversesTitleShadowWhenHighlighted", "springLoaded", "pointerInteraction", "changesSelectionAsPrimaryAction",
        "role", "dataDetectorTypes", "allowsEditingTextAttributes", "usesAttributedText", "background",
        "disabledBackground", "title", "preferredMaxLayoutWidth", "contentInsetAdjustmentBehavior_", "translucent",
        "barStyle", "estimatedRowHeight", "rowHeight", "sectionHeaderHeight", "sectionFooterHeight",
        "separatorStyle", "dataMode", "prefetchingEnabled", "numberOfPages", "currentPage", "datePickerMode",
        "minuteInterval", "useCurrentDate", "style_", "searchBarStyle", "showsCancelButton",
    ]
    /// Elements below a view that the import reads.
    private static let handledChildren: Set<String> = [
        "rect", "autoresizingMask", "subviews", "constraints", "viewLayoutGuide", "connections", "variation",
        "textInputTraits", "accessibility", "state", "buttonConfiguration", "edgeInsets", "directionalEdgeInsets",
        // A XIB view's simulated metrics: read as the bars Xcode simulated over it.
        "simulatedStatusBarMetrics", "simulatedNavigationBarMetrics", "simulatedTabBarMetrics", "simulatedToolbarMetrics",
    ]
    /// Elements below a view that set how it looks.
    private static let appearanceChildren: Set<String> = [
        "color", "fontDescription", "nil", "imageReference", "backgroundConfiguration", "attributedString",
        "userDefinedRuntimeAttributes", "inset", "string", "segments", "point", "size", "freeformSimulatedSizeMetrics",
        "simulatedMetricsContainer", "prototypes", "date", "locale", "textAttributes", "navigationBarAppearance",
        "preferredSymbolConfiguration", "imageView", "label", "font",
    ]
}

extension IBNames {
    /// Gives back a name claimed for something that was then not made.
    mutating func release(_ name: String) { removeUsed(name) }
}

/// A number as the findings print it: whole numbers without a fraction.
func fmt(_ x: Double) -> String {
    x == x.rounded() && abs(x) < 1e15 ? String(Int(x)) : String(x)
}
