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
    var screen: Screen
    var names = IBNames()
    var made: [(id: String, name: String)] = []
    var findings: [Finding] = []
    var warnings: [ModelWarning] = []
    var stored: [IBImport.StoredFrame] = []
    /// Table view controllers made: the controller and its table.
    var tableControllers: [(controller: String, table: String)] = []
    /// IB id → view name.
    var viewNames: [String: String] = [:]
    /// IB id → the guide it is: a view's guide, or a legacy top or bottom
    /// layout guide (the safe area's top or bottom).
    var guides: [String: Guide] = [:]
    /// IB id → the outlet property that points at it.
    var outlets: [String: String] = [:]
    /// IB ids of scroll views that have content and frame layout guides.
    var guidedScrollViews: Set<String> = []
    /// Constraints the canvas's size class leaves uninstalled (`<variation>` masks): inactive.
    var excluded: Set<String> = []
    /// The canvas's size class, whose variations are laid out.
    var sizeClass = IBSizeClass.any
    /// Subviews the canvas's size class leaves uninstalled: not made.
    var uninstalledViews: Set<String> = []
    /// Views the size class does not install (with the views inside them).
    var notInstalled = 0
    /// Constraints left out because a view they name is uninstalled.
    var uninstalledConstraints = 0
    /// The size-class variations met (other than the default), where first
    /// and whether they apply on the canvas.
    var variationKeys: [String: (line: Int, column: Int, applies: Bool)] = [:]
    /// Views that show text, by name: their kind, font and stored height,
    /// where their baselines lie.
    var textMetrics: [String: (element: String, font: IBFont, height: Double)] = [:]
    /// Text views that do not scroll: their height, whether it was stored, and where.
    var nonScrollingTextViews: [(name: String, height: Double, stored: Bool, line: Int, column: Int)] = []
    /// Baseline constraints placed by font metrics, and those on views without text (at the bottom).
    var baselines: (placed: Set<ObjectIdentifier>, withoutText: Int, first: (line: Int, column: Int)?) = ([], 0, nil)
    /// Layout margins set in the document, by view name.
    var marginSpecs: [String: MarginSpec] = [:]
    /// Each view's window frame as the document stores it, by name.
    var storedWindowFrames: [String: Rect] = [:]
    /// Margin findings, one per cause: the views each applies to.
    var marginCauses: [String: (views: [String], line: Int, column: Int)] = [:]

    struct MarginSpec {
        var custom: EdgeInsets?
        var fromSafeArea = true
        var preserves = false
        /// A root view's controller keeps UIKit's minimum side margins.
        var respectsSystemMinimum = true
        var isRoot = false
    }
    /// Views whose margins follow the readable width (not modeled).
    var readableWidthViews: Set<String> = []
    /// Views kbplay lays out approximately, and why: a stored frame such a
    /// view misses is explained by it.
    var approximated: [String: String] = [:]
    /// The bars Xcode simulated over the scene (on the document's own canvas).
    var bars = IBSimulatedBars()
    /// Appearance attributes and elements (no effect on layout), counted.
    var appearance: [String: (count: Int, line: Int, column: Int)] = [:]

    enum Guide {
        case view(String, Anchor.Guide)
        case legacyTop(String), legacyBottom(String)
    }

    struct PendingConstraint {
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
        var findings: [Finding] = []
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
            result.findings.append(Finding(.note, "the document was designed on \(e["id"] ?? "an unnamed device") (nearest preset \(designed.id)): on \(device.id) \(orientation.rawValue) its stored frames are not compared",
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
    func explainMismatches(_ mismatches: [(name: String, kbplay: Rect, stored: Rect)], ambiguous: Set<String> = []) -> [Finding] {
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
        var out: [Finding] = []
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
            out.append(Finding(.warning, message, line: e?.line ?? 0, column: e?.column ?? 0))
        }
        return out
    }

    func element(named name: String) -> IBElement? {
        made.first { $0.name == name }.flatMap { document.objects[$0.id] }
    }

    // MARK: Scene and device

    static func chooseScene(_ d: IBDocument, _ name: String?) throws(IBReadError) -> IBScene {
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
    static let ibDevices: [String: (width: Double, height: Double, top: Double)] = [
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
    static func chooseDevice(_ d: IBDocument, _ override: String?, scene: IBScene,
                                     _ findings: inout [Finding]) throws(IBReadError)
        -> (device: Device, orientation: Orientation, designed: Device) {
        let (designed, orientation) = designedDevice(d, scene: scene, &findings)
        guard let override else { return (designed, orientation, designed) }
        do {
            return (try DeviceCatalog.standard.lookup(override), orientation, designed)
        } catch {
            throw IBReadError(message: "\(error)")
        }
    }

    static func designedDevice(_ d: IBDocument, scene: IBScene, _ findings: inout [Finding]) -> (Device, Orientation) {
        let catalog = DeviceCatalog.standard
        let deviceElement = d.root.child("device")
        var orientation: Orientation = deviceElement?["orientation"] == "landscape" ? .landscape : .portrait
        var target: (width: Double, height: Double, top: Double)?
        if let id = deviceElement?["id"] {
            if let known = ibDevices[id] {
                target = known
            } else if let r = scene.rootView?.frame {
                target = orientation == .portrait ? (r.width, r.height, 0) : (r.height, r.width, 0)
                findings.append(Finding(.note, "device \(id) is not one kbplay knows: the nearest preset to the scene's size \(fmt(r.width))×\(fmt(r.height)) is used",
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
            findings.append(Finding(.note, "the document names no device: \(best.id) is used, the preset nearest to its root view's \(fmt(r.width))×\(fmt(r.height))",
                                      line: d.root.line, column: d.root.column))
            return (best, orientation)
        }
        guard let t = target else {
            if deviceElement == nil {
                findings.append(Finding(.note, "the document names no device: \(catalog.defaultDevice.id) is used",
                                          line: d.root.line, column: d.root.column))
            }
            return (catalog.defaultDevice, orientation)
        }
        let best = catalog.devices.min { a, b in
            distance(a, t) < distance(b, t)
        }!
        return (best, orientation)
    }

    static func distance(_ device: Device, _ t: (width: Double, height: Double, top: Double)) -> Double {
        abs(device.screen.width - t.width) + abs(device.screen.height - t.height)
            + abs(device.safeArea.portrait.top - t.top) / 100
    }
}

extension IBNames {
    /// Gives back a name claimed for something that was then not made.
    mutating func release(_ name: String) { removeUsed(name) }
}

/// A number as the findings print it: whole numbers without a fraction.
func fmt(_ x: Double) -> String {
    x == x.rounded() && abs(x) < 1e15 ? String(Int(x)) : String(x)
}
