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
struct IBImporter {
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
    /// Constraints excluded from the default size class (`<variation>`): inactive.
    private var excluded: Set<String> = []
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
    static func run(_ document: IBDocument, scene sceneName: String?, device deviceID: String?,
                    orientation wanted: Orientation? = nil) throws(IBReadError) -> IBImport {
        let scene = try chooseScene(document, sceneName)
        var findings: [IBFinding] = []
        var (device, orientation, designed) = try chooseDevice(document, deviceID, scene: scene, &findings)
        if deviceID == nil {
            // The canvas the document stores its frames on: its size and safe area.
            device = IBCanvas.adjust(device, orientation: orientation, document: document, scene: scene, &findings)
            designed = device
        }
        let designedOrientation = orientation
        if let wanted { orientation = wanted }
        var importer = IBImporter(document, device: device, orientation: orientation)
        importer.findings = findings
        let controller = try importer.build(scene)
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
        for m in result.frameMismatches(in: layout) {
            let e = importer.element(named: m.name)
            result.findings.append(IBFinding(.warning, "\(m.name): kbplay lays it out at \(m.kbplay), the document stores \(m.stored) (its constraints differ from what Xcode last laid out, or depend on what kbplay approximates)",
                                             line: e?.line ?? 0, column: e?.column ?? 0))
        }
        return result
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
        try model { s throws(ModelError) in
            try s.addView(.view, bar, to: root)
            try s.addView(.view, content, to: root)
            let r = AnchorOwner(view: root)
            try s.constrain(Anchor(bar, nil, .leading), .equal, r.anchor(.leading), name: bar + "_leading")
            try s.constrain(Anchor(bar, nil, .trailing), .equal, r.anchor(.trailing), name: bar + "_trailing")
            try s.constrain(Anchor(content, nil, .leading), .equal, r.anchor(.leading), name: content + "_leading")
            try s.constrain(Anchor(content, nil, .trailing), .equal, r.anchor(.trailing), name: content + "_trailing")
            if isNavigation {
                try s.constrain(Anchor(bar, nil, .height), .equal, nil, constant: height, name: bar + "_height")
                try s.constrain(Anchor(bar, nil, .top), .equal, Anchor(root, .safeArea, .top), name: bar + "_top")
                try s.constrain(Anchor(content, nil, .top), .equal, Anchor(bar, nil, .bottom), name: content + "_top")
                try s.constrain(Anchor(content, nil, .bottom), .equal, r.anchor(.bottom), name: content + "_bottom")
            } else {
                // The bar reaches the screen's bottom, its items 49 pt over the safe area's.
                try s.constrain(Anchor(bar, nil, .top), .equal, Anchor(root, .safeArea, .bottom), constant: -height, name: bar + "_top")
                try s.constrain(Anchor(bar, nil, .bottom), .equal, r.anchor(.bottom), name: bar + "_bottom")
                try s.constrain(Anchor(content, nil, .top), .equal, r.anchor(.top), name: content + "_top")
                try s.constrain(Anchor(content, nil, .bottom), .equal, Anchor(bar, nil, .top), name: content + "_bottom")
            }
        }
        if let id = barElement?.id { record(id, bar) }
        let what = isNavigation ? "navigation bar" : "tab bar"
        finding(.note, w.controller, "\(w.controller.label) is imported as controller \(c) with its \(what) as the view \(bar) (\(fmt(height)) pt) and its child in \(content): the child's safe area is UIKit's, but its root view starts \(isNavigation ? "below the bar" : "above the bar"), where UIKit extends it under the bar")
        if isNavigation, w.controller["toolbarHidden"] == "NO" {
            finding(.warning, w.controller, "the navigation controller's toolbar is not modeled: the child's safe area ignores it")
        }
        if !isNavigation, w.relationships.count > 1 {
            finding(.note, w.controller, "the tab bar controller has \(w.relationships.count) tabs: only the first is imported (name another with scene NAME)")
        }
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
        readViewParts(rootElement, name: rootName, &constraints)
        checkRootAttributes(rootElement)

        // Subviews, depth first in document order.
        func walk(_ parentElement: IBElement, _ parentName: String, _ parentOrigin: Point, _ parentSize: (Double, Double),
                  inStack: Bool) throws(IBReadError) {
            for e in parentElement.subviews {
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
                try model { s throws(ModelError) in try s.addView(kind.kind, name, to: parentName, options: options) }
                record(e.id, name)
                if let id = e.id { viewNames[id] = name }
                if let a = kind.approximation { finding(.warning, e, a) }
                try readPriorities(e, name)
                try readVisibility(e, name)
                readViewParts(e, name: name, &constraints)
                readFieldTraits(e)
                let here = Point(x: parentOrigin.x + (rect?.x ?? 0), y: parentOrigin.y + (rect?.y ?? 0))
                if let r = rect {
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
        try walk(rootElement, rootName, origin, (rootRect.width, rootRect.height), inStack: false)

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
        s.axis = e["axis"] == "vertical" ? .vertical : .horizontal
        s.spacing = e.number("spacing") ?? 0
        switch e["distribution"] ?? "fill" {
        case "fill": s.distribution = .fill
        case "fillEqually": s.distribution = .fillEqually
        case "equalSpacing": s.distribution = .equalSpacing
        case let d:
            s.distribution = d == "equalCentering" ? .equalSpacing : .fill
            finding(.warning, e, "distribution \(d) is not modeled: laid out as \(s.distribution.rawValue)")
        }
        switch e["alignment"] ?? "fill" {
        case "fill": s.alignment = .fill
        case "leading", "top": s.alignment = .leading
        case "trailing", "bottom": s.alignment = .trailing
        case "center": s.alignment = .center
        case let a:
            s.alignment = a == "lastBaseline" ? .trailing : .leading
            finding(.warning, e, "alignment \(a) is not modeled (kbplay has no baselines): laid out as \(s.alignment.rawValue)")
        }
        if e["layoutMarginsRelativeArrangement"] == "YES" {
            finding(.warning, e, "layoutMarginsRelativeArrangement is not modeled: the arranged views span the stack's edges")
        }
        if e["baselineRelativeArrangement"] == "YES" {
            finding(.warning, e, "baselineRelativeArrangement is not modeled: spacing is measured between edges")
        }
        return s
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
        for v in e.children("variation") {
            for m in v.children("mask") where m["key"] == "constraints" {
                for x in m.children("exclude") { if let r = x["reference"] { excluded.insert(r) } }
            }
            if v["key"] != "default" {
                finding(.note, v, "size-class variation \(v["key"] ?? "?") is not imported: the default (any width, any height) is")
            }
        }
        if let m = e.child("edgeInsets", key: "layoutMargins") ?? e.child("directionalEdgeInsets", key: "directionalLayoutMargins") {
            finding(.warning, m, "custom layout margins are not modeled: \(name).margins keeps UIKit's defaults (8 pt, or 16/20 pt beside the safe area for a root view)")
        }
        if e["preservesSuperviewLayoutMargins"] == "YES" {
            finding(.warning, e, "preservesSuperviewLayoutMargins is not modeled: \(name).margins are its own")
        }
        if e["insetsLayoutMarginsFromSafeArea"] == "NO" {
            finding(.warning, e, "insetsLayoutMarginsFromSafeArea NO is not modeled: \(name).margins stay inside the safe area")
        }
        if e["layoutMarginsFollowReadableWidth"] == "YES" {
            finding(.warning, e, "layoutMarginsFollowReadableWidth is not modeled: \(name).margins keep their default width")
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
        for child in e.children where !Self.handledChildren.contains(child.name) {
            if Self.appearanceChildren.contains(child.name) { countAppearance("<\(child.name)>", child); continue }
            finding(.note, child, "<\(child.name)> is not modeled: left out")
        }
        for (key, _) in e.attributes.sorted(by: { $0.key < $1.key }) where !Self.handledAttributes.contains(key) {
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
        let a = try item(firstItem)
        let b: Item? = secondItem == nil && e["secondAttribute"] == nil ? nil : try item(secondItem)
        guard let first = anchor(a, firstAttribute, other: b, e) else { return }
        var second: Anchor?
        if let b {
            guard let s = anchor(b, e["secondAttribute"] ?? firstAttribute, other: a, e) else { return }
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
        let constant = e.number("constant") ?? 0
        var priority = 1000
        if let p = e.number("priority") {
            priority = Self.priority(p)
            if Double(priority) != p { finding(.note, e, "priority \(fmt(p)) is rounded to \(priority)") }
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
    private mutating func anchor(_ item: Item, _ attribute: String, other: Item?, _ e: IBElement) -> Anchor? {
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
        case "baseline", "lastBaseline":
            base = "bottom"
            finding(.warning, e, "constraint \(e.id ?? ""): \(attribute) is imported as bottom (kbplay has no font metrics)")
        case "firstBaseline":
            base = "top"
            finding(.warning, e, "constraint \(e.id ?? ""): firstBaseline is imported as top (kbplay has no font metrics)")
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
