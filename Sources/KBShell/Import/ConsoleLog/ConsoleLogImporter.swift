import KBModel

/// A conflict dump rebuilt as a screen: a controller `App` whose root view
/// holds the views the log names, the dump's constraints added in the
/// log's order with the one UIKit broke added last, so kbplay breaks it
/// too and the layout is the one the app showed.
struct LogImport: Sendable {
    var screen: Screen
    /// The dump imported (1-based) and how many the log has.
    var dump: Int
    /// Address → name, for views, guides and constraints, in the order named.
    var names: [(address: String, name: String)]
    /// The constraint UIKit broke, by its kbplay name.
    var uikitBroke: String?
    /// What kbplay found: the conflict set of the warning that broke a constraint.
    var conflict: [String]
    var warnings: [ModelWarning]
    /// What the log could not say and kbplay assumed.
    var assumed: [String]
    /// Constraints of the dump left out, with why.
    var leftOut: [String]
    /// Frames of the hierarchy dump kbplay's layout misses: name, the log's, kbplay's (window coordinates).
    var frames: [(name: String, log: Rect)]
    /// What the dump means, beyond the conflict (a conflict inside the system keyboard).
    var notes: [String] = []
    /// Why the conflict cannot hold, as one line of arithmetic over its
    /// constants (``ConflictArithmetic``), named in the log's terms; nil
    /// when its constraints alone do not show it.
    var arithmetic: String? = nil
}

enum ConsoleLogImporter {
    /// The root view's name: the controller `App`'s view.
    static let controller = "App"
    static var root: String { "\(controller).view" }

    /// Rebuilds dump `k` (1-based) of `log` on `deviceID` (else the device
    /// an encapsulated root width names, else the default).
    /// `fallback` is the device to use when the dump names no screen size
    /// (the one the keyboard notifications' frames imply), with why.
    static func run(_ log: ConsoleLog, dump k: Int, device deviceID: String?, orientation: Orientation?,
                    fallback: (id: String, orientation: Orientation, why: String)? = nil) throws(CommandError) -> LogImport {
        guard !log.dumps.isEmpty else {
            throw CommandError("the log has no constraint-conflict dump ('\(ConsoleLog.header)')",
                               suggestion: "paste the whole message, from 'Unable to simultaneously satisfy constraints.' to the constraint UIKit broke")
        }
        guard k >= 1, k <= log.dumps.count else {
            throw CommandError("the log has \(log.dumps.count) conflict dump\(log.dumps.count == 1 ? "" : "s"), no dump \(k)",
                               suggestion: "dump 1…\(log.dumps.count)")
        }
        var b = Builder(log: log, dump: log.dumps[k - 1])
        return try b.build(k, deviceID: deviceID, orientation: orientation, fallback: fallback)
    }

    /// A log of keyboard notifications alone: the controller `App` with
    /// its root view, on `deviceID`, else the device the notifications'
    /// frames imply, else the default.
    static func notificationsOnly(device deviceID: String?, orientation: Orientation?,
                                  fromNotifications: (Device, Orientation, String)?) throws(CommandError) -> LogImport {
        let catalog = DeviceCatalog.standard
        var assumed: [String] = []
        let device: Device
        var orient = orientation ?? .portrait
        if let deviceID, let d = catalog.device(deviceID) {
            device = d
        } else if let (d, o, why) = fromNotifications {
            device = d
            orient = o
            assumed.append(why)
        } else {
            device = catalog.defaultDevice
            assumed.append("device \(device.id) \(orient.rawValue): the keyboard notifications' frames are not of a preset's screen")
        }
        var screen = Screen(device: device, orientation: orient)
        do {
            _ = try screen.addController(controller)
        } catch {
            throw CommandError(error.description)
        }
        return LogImport(screen: screen, dump: 0, names: [], uikitBroke: nil, conflict: [], warnings: [], assumed: assumed,
                         leftOut: [], frames: [])
    }

    /// A `recursiveDescription` alone: a screen of the frames it prints.
    /// The outermost view's size is the screen's (a window's) or the root's;
    /// the root is the window's first subview, else the outermost view.
    /// Each view is pinned to its frame in its superview by four
    /// constraints (`NAME_left`, `_top`, `_width`, `_height`); the parts of
    /// a control (a text field's background, a button's label) and layout
    /// guides are its own, not rebuilt.
    static func hierarchyOnly(_ log: ConsoleLog, device deviceID: String?, orientation: Orientation?) throws(CommandError) -> LogImport {
        let catalog = DeviceCatalog.standard
        var assumed: [String] = []
        let views = log.hierarchy
        guard let top = views.first else { throw CommandError("the log has no views") }
        let topIsWindow = top.item.className.hasSuffix("Window")
        var rootView = topIsWindow ? views.first { $0.parent == top.item.key } ?? top : top
        // An `_autolayoutTrace` has no frames, only superviews.
        let isTrace = !views.contains { $0.frame != nil }
        if isTrace {
            // The trace prints UIKit's presentation containers between the window and the
            // controller's view: the root is the view inside them.
            while presentationContainers.contains(rootView.item.className),
                  let inner = views.first(where: { $0.parent == rootView.item.key }) { rootView = inner }
        }
        var device = deviceID.flatMap { catalog.device($0) }
        var orient = orientation ?? .portrait
        let size = (topIsWindow ? top.frame : rootView.frame)?.size
        if device == nil, let size {
            for d in [catalog.defaultDevice] + catalog.devices where device == nil {
                for o in [Orientation.portrait, .landscape] where device == nil && d.screenSize(o) == size {
                    device = d
                    orient = o
                }
            }
            assumed.append(device.map { "device \($0.id) \(orient.rawValue), from the \(topIsWindow ? "window's" : "outermost view's") frame (\(formatPoints(size.width)) × \(formatPoints(size.height)))" }
                           ?? "device \(catalog.defaultDevice.id) portrait: no preset's screen is \(formatPoints(size.width)) × \(formatPoints(size.height))")
        } else if device == nil {
            assumed.append("device \(catalog.defaultDevice.id) \(orient.rawValue): the trace gives no screen size (device ID [portrait|landscape] picks another)")
        }
        let chosen = device ?? catalog.defaultDevice
        var screen = Screen(device: chosen, orientation: orient)
        do {
            _ = try screen.addController(controller)
            if let f = rootView.frame, f.size != chosen.screenSize(orient) || (topIsWindow && (f.x != 0 || f.y != 0)) {
                _ = try screen.setRootViewFrame(of: controller, to: f)
            }
        } catch {
            throw CommandError(error.description)
        }
        var names: [(address: String, name: String)] = []
        var viewNames: [String: String] = [rootView.item.key: root]
        if let a = rootView.item.address { names.append((a, root)) }
        var used: Set<String> = ["window", "screen", "kb", "keyboard", controller]
        var counters: [String: Int] = [:]
        var leftOut: [String] = []
        var count = 0
        for v in views {
            guard let parentKey = v.parent, let parent = viewNames[parentKey], v.frame != nil || isTrace else { continue }
            if v.item.className.hasSuffix("LayoutGuide") { continue }
            let parentKind = (try? screen.view(named: parent))?.kind
            if let k = parentKind, [.textField, .textView, .button, .label].contains(k) { continue }
            let kind = self.kind(of: v.item.className)
            var n = counters[kind.rawValue, default: 0]
            var name: String
            repeat {
                n += 1
                name = "\(kind.rawValue)\(n)"
            } while used.contains(name)
            counters[kind.rawValue] = n
            used.insert(name)
            var options = ViewOptions()
            if kind == .label || kind == .textField, let t = v.item.label, !t.isEmpty { options.text = t }
            do {
                _ = try screen.addView(kind, name, to: parent, options: options)
                for (attribute, value) in v.frame.map({ f in [(Anchor.Attribute.left, f.x), (.top, f.y), (.width, f.width), (.height, f.height)] }) ?? [] {
                    let other: Anchor? = attribute.kind == .size ? nil : Anchor(parent, nil, attribute)
                    _ = try screen.constrain(Anchor(name, nil, attribute), .equal, other, constant: value, name: "\(name)_\(attribute.rawValue)")
                }
            } catch {
                leftOut.append("line \(v.line) \(v.item.className): \(error.description)")
                continue
            }
            viewNames[v.item.key] = name
            if let a = v.item.address { names.append((a, name)) }
            count += 1
        }
        _ = screen.layout()
        var notes: [String] = []
        if isTrace {
            assumed.append("the views without constraints, at kbplay's layout: an _autolayoutTrace gives superviews, not frames or constraints")
            let ambiguous = views.filter(\.ambiguous).compactMap { viewNames[$0.item.key] }
            if !ambiguous.isEmpty {
                notes.append("the trace marks \(ambiguous.joined(separator: ", ")) AMBIGUOUS LAYOUT: UIKit's constraints did not decide \(ambiguous.count == 1 ? "its frame" : "their frames")")
            }
        } else {
            assumed.append("each view pinned to its frame in its superview (NAME_left, _top, _width, _height): a recursiveDescription has frames, not constraints")
        }
        return LogImport(screen: screen, dump: 0, names: names, uikitBroke: nil, conflict: [], warnings: [], assumed: assumed,
                         leftOut: leftOut, frames: [], notes: notes)
    }

    /// UIKit's views that hold a presented or contained controller's view
    /// (the window's transition view, a sheet's shadow view, a navigation
    /// controller's containers): not the app's.
    static let presentationContainers: Set<String> = [
        "UITransitionView", "UIDropShadowView", "UILayoutContainerView", "UINavigationTransitionView", "UIViewControllerWrapperView",
    ]

    /// The view kind a class stands for, by its UIKit class or a custom
    /// class's suffix (`MyApp.LoginButton` is a button).
    static func kind(of className: String) -> ViewKind {
        let base = className.split(separator: ".").last.map(String.init) ?? className
        let table: [(String, ViewKind)] = [
            ("TextField", .textField), ("TextView", .textView), ("Label", .label), ("Button", .button),
            ("TableView", .scrollView), ("ScrollView", .scrollView), ("CollectionView", .scrollView),
        ]
        for (suffix, kind) in table where base.hasSuffix(suffix) { return kind }
        return .view
    }

    /// A constraint identifier as a kbplay name: `UIView-Encapsulated-Layout-Width` → `UIView_Encapsulated_Layout_Width`.
    static func sanitized(_ text: String) -> String {
        var out = String.UnicodeScalarView()
        for u in text.unicodeScalars {
            let ok = ("A"..."Z").contains(u) || ("a"..."z").contains(u) || ("0"..."9").contains(u) || u == "_"
            // Runs of other characters become one `_`.
            if ok { out.append(u) } else if let l = out.last, l != "_" { out.append("_") }
        }
        var name = String(out)
        while name.hasSuffix("_") && name.count > 1 { name.removeLast() }
        if let f = name.unicodeScalars.first, ("0"..."9").contains(f) { name = "_" + name }
        return name.isEmpty ? "_" : name
    }

    private struct Builder {
        let log: ConsoleLog
        let dump: ConsoleLog.Dump
        var used: Set<String> = ["window", "screen", "kb", "keyboard", ConsoleLogImporter.controller]
        var assumed: [String] = []
        var leftOut: [String] = []
        /// Item key → kbplay view name.
        var viewNames: [String: String] = [:]
        var parents: [String: String] = [:]
        var items: [String: LogItem] = [:]
        var order: [String] = []
        var counters: [String: Int] = [:]
        var names: [(address: String, name: String)] = []
        /// How many of the dump's constraints are the system keyboard's own.
        var keyboardConstraints = 0
        /// UIKit's guide constraints (`UIViewSafeAreaLayoutGuide-bottom`): each with its guide's and its owner's keys.
        var guideConstraints: [(constraint: LogConstraint, guide: String, owner: String?)] = []
        /// A guide's key → the key of the view it belongs to.
        var guideOwners: [String: String] = [:]
        /// The root has a frame of its own (the log's size), not the screen.
        var rootHasOwnFrame = false

        init(log: ConsoleLog, dump: ConsoleLog.Dump) {
            self.log = log
            self.dump = dump
        }

        mutating func unique(_ base: String, numbered: Bool) -> String {
            if !numbered, !used.contains(base), Screen.isValidName(base) {
                used.insert(base)
                return base
            }
            var n = counters[base, default: 0]
            var name: String
            repeat {
                n += 1
                name = "\(base)\(n)"
            } while used.contains(name)
            counters[base] = n
            used.insert(name)
            return name
        }

        mutating func note(_ item: LogItem) {
            guard item.guide == nil, item.className != "|", items[item.key] == nil else { return }
            items[item.key] = item
            order.append(item.key)
        }

        /// The constraints that are rebuilt, and the item whose
        /// encapsulated size (if any) is the root's.
        mutating func collect() -> [LogConstraint] {
            var kept: [LogConstraint] = []
            for c in dump.constraints {
                let terms = [c.first] + (c.second.map { [$0] } ?? [])
                if terms.contains(where: { $0.item.isKeyboardInternal }) || (c.identifier.map(Self.isKeyboardIdentifier) ?? false) {
                    keyboardConstraints += 1
                }
                if let id = c.identifier, id.hasPrefix("UIViewSafeAreaLayoutGuide-") || id.hasPrefix("UIViewLayoutMarginsGuide-") {
                    leftOut.append("'\(id)': UIKit's own guide constraint (kbplay makes the same)")
                    // The guide belongs to the view its constraint names as `|`.
                    if let guide = terms.first(where: { $0.item.guide != nil })?.item {
                        let owner = c.superview.map(\.key)
                        if let o = c.superview { note(o) }
                        guideConstraints.append((c, guide.key, owner))
                        if let o = owner, guideOwners[guide.key] == nil { guideOwners[guide.key] = o }
                    }
                    continue
                }
                if c.className == "NSContentSizeLayoutConstraint" {
                    leftOut.append("\(c.address): a content-size constraint (kbplay gives views their intrinsic sizes)")
                    continue
                }
                if c.isTruncated {
                    leftOut.append("\(c.address): UIKit printed its equation cut short")
                    continue
                }
                for t in terms { note(t.item) }
                if let s = c.superview { note(s) }
                kept.append(c)
            }
            return kept
        }

        /// `width` or `height` when `c` is a size UIKit imposes on a view
        /// from outside: a container's encapsulated size, an autoresizing
        /// size, `systemLayoutSizeFitting`'s target, a temporary size.
        static func imposedSize(_ c: LogConstraint) -> String? {
            guard c.second == nil, c.relation == .equal, c.first.attribute == "width" || c.first.attribute == "height" else { return nil }
            let ids = ["UIView-Encapsulated-Layout-Width", "UIView-Encapsulated-Layout-Height"]
            guard c.identifier.map(ids.contains) ?? (c.className == "NSAutoresizingMaskLayoutConstraint") else { return nil }
            return c.first.attribute
        }

        /// A size UIKit gives a view while it measures it or before it is
        /// in a window (`systemLayoutSizeFitting`'s `fittingSizeHTarget`,
        /// an input accessory view's `_UITemporaryLayoutWidth`): that view
        /// is not a screen's root, and the size stays a constraint.
        static func isMeasuringSize(_ c: LogConstraint) -> Bool {
            guard let id = c.identifier else { return false }
            return ["fittingSizeHTarget", "fittingSizeVTarget", "_UITemporaryLayoutWidth", "_UITemporaryLayoutHeight"].contains(id)
        }

        /// A conflict entry in the log's terms: kbplay's root frame is the
        /// root size the log states; the safe-area guide's constraints are
        /// UIKit's guide constraints the log lists for that view (by axis);
        /// a margins guide's are part of the constraint that uses the
        /// margin, as UIKit prints it. Anything else stays as it is.
        static func inLogTerms(_ e: ConflictEntry, rootSize: [String: String],
                               guides: [(name: String, owner: String, edge: String)]) -> [String] {
            if e.isUser { return [e.name] }
            let frame = "UIView-Encapsulated-Layout-"
            if e.name.hasPrefix(frame), e.equation.hasPrefix(ConsoleLogImporter.root + "."),
               let n = rootSize[String(e.name.dropFirst(frame.count))] {
                return [n]
            }
            if e.name.hasPrefix("UILayoutGuide-margins-") { return [] }
            if e.name.hasPrefix("UILayoutGuide-safeArea-") {
                let part = String(e.name.dropFirst("UILayoutGuide-safeArea-".count))
                let horizontal = part == "left" || part == "width"
                let mine = guides.filter { e.equation.hasPrefix("\($0.owner).safeArea.") }
                let axis = mine.filter { ["left", "right", "leading", "trailing"].contains($0.edge) == horizontal }
                if !axis.isEmpty { return axis.map(\.name) }
                if !mine.isEmpty { return mine.map(\.name) }
            }
            return [e.name]
        }

        /// A control's name from its title or text, as a developer would
        /// name the outlet: `UIButton:0x…'Add Entry'` → `addEntryButton`,
        /// `UILabel:0x…'Price'` → `priceLabel`. Nil for other views and
        /// for a text of no ASCII words (`'分享'`, `' '`).
        static func titledName(_ label: String?, _ kind: ViewKind) -> String? {
            let suffixes: [ViewKind: String] = [.button: "Button", .label: "Label", .textField: "TextField", .textView: "TextView"]
            guard let label, let suffix = suffixes[kind] else { return nil }
            var words: [String] = []
            var word = ""
            for u in label.unicodeScalars {
                if ("a"..."z").contains(u) || ("A"..."Z").contains(u) || ("0"..."9").contains(u) {
                    word.unicodeScalars.append(u)
                } else if u == " " || u == "-" || u == "_" || u == "." || u == "," || u == ":" || u == "!" || u == "?" || u == "'" {
                    if !word.isEmpty { words.append(word); word = "" }
                } else {
                    return nil
                }
            }
            if !word.isEmpty { words.append(word) }
            guard !words.isEmpty, words.count <= 4, let f = words[0].unicodeScalars.first, !("0"..."9").contains(f) else { return nil }
            let camel = words.enumerated().map { i, w in i == 0 ? w.lowercased() : w.prefix(1).uppercased() + w.dropFirst() }.joined()
            let name = camel.lowercased().hasSuffix(suffix.lowercased()) ? camel : camel + suffix
            return name.count <= 40 && Screen.isValidName(name) ? name : nil
        }

        /// A system view's class as a name: `_UIRemoteKeyboardPlaceholderView` → `remoteKeyboardPlaceholderView`,
        /// `_UIKBCompatInputView` → `kbCompatInputView`.
        static func systemName(_ className: String) -> String {
            var u = Array((className.split(separator: ".").last.map(String.init) ?? className).unicodeScalars)
            while u.first == "_" { u.removeFirst() }
            if u.count > 3, u[0] == "U", u[1] == "I", ("A"..."Z").contains(u[2]) { u.removeFirst(2) }
            // The leading capitals, but the last of a run before a lower-case letter.
            var i = 0
            while i < u.count, ("A"..."Z").contains(u[i]) {
                if i > 0, i + 1 < u.count, ("a"..."z").contains(u[i + 1]) { break }
                u[i] = Unicode.Scalar(u[i].value + 32)!
                i += 1
            }
            return ConsoleLogImporter.sanitized(String(String.UnicodeScalarView(u)))
        }

        static func isEncapsulated(_ c: LogConstraint) -> Bool {
            c.identifier == "UIView-Encapsulated-Layout-Width" || c.identifier == "UIView-Encapsulated-Layout-Height"
        }

        /// What the log states of the screen, in words.
        static func facts(width: Double?, height: Double?, insets: [String: Double]) -> String {
            var parts: [String] = []
            if let width { parts.append("the root view's width \(formatPoints(width))") }
            if let height { parts.append("its height \(formatPoints(height))") }
            if !insets.isEmpty {
                parts.append("its safe area's " + insets.sorted { $0.key < $1.key }.map { "\($0.key) inset \(formatPoints($0.value))" }.joined(separator: ", "))
            }
            return parts.joined(separator: ", ")
        }

        /// The first preset (the default first) and orientation whose
        /// screen has the width, height and safe-area insets given.
        static func preset(width: Double?, height: Double?, insets: [String: Double], catalog: DeviceCatalog) -> (Device, Orientation)? {
            for d in [catalog.defaultDevice] + catalog.devices {
                for o in [Orientation.portrait, .landscape] {
                    let s = d.screenSize(o), i = d.safeAreaInsets(o)
                    let edges = ["top": i.top, "bottom": i.bottom, "left": i.left, "right": i.right]
                    guard width.map({ $0 == s.width }) ?? true, height.map({ $0 == s.height }) ?? true,
                          insets.allSatisfy({ (edge, value) in edges[edge].map { abs($0 - value) < 0.5 } ?? true }) else { continue }
                    return (d, o)
                }
            }
            return nil
        }

        static func isWindowLike(_ className: String) -> Bool {
            ["UIWindow", "UITransitionView", "UIDropShadowView", "UILayoutContainerView", "UINavigationTransitionView",
             "UIViewControllerWrapperView", "UITextEffectsWindow"].contains(className)
        }

        static func isKeyboardIdentifier(_ id: String) -> Bool {
            ["assistantHeight", "assistantView.", "accessoryView.", "inputView.", "_UIKBAutolayout", "UIKB-"].contains { id.hasPrefix($0) }
        }

        mutating func build(_ k: Int, deviceID: String?, orientation: Orientation?,
                            fallback: (id: String, orientation: Orientation, why: String)?) throws(CommandError) -> LogImport {
            var constraints = collect()
            // The hierarchy: `names: '|':…` of the visual format, then the hierarchy dumps.
            for c in constraints {
                guard let s = c.superview else { continue }
                for t in [c.first] + (c.second.map { [$0] } ?? []) where t.item.key != s.key && t.item.guide == nil {
                    parents[t.item.key] = s.key
                }
            }
            // A stack view's canvas and alignment constraints relate it to
            // its arranged subviews: they give the superview a `|` does not.
            for c in constraints {
                guard let id = c.identifier, id.hasPrefix("UISV-canvas-connection") || id.hasPrefix("UISV-alignment"),
                      let second = c.second else { continue }
                for (stack, view) in [(c.first.item, second.item), (second.item, c.first.item)]
                    where stack.className.hasSuffix("StackView") && view.guide == nil && view.className != "|"
                        && !view.className.hasPrefix("_UILayoutSpacer") && stack.key != view.key && parents[view.key] == nil {
                    parents[view.key] = stack.key
                }
            }
            // Views a visual-format spacing relates share their superview.
            var spread = true
            while spread {
                spread = false
                for c in constraints where c.relatesSiblings {
                    guard let b = c.second?.item.key else { continue }
                    let a = c.first.item.key
                    if let p = parents[a], parents[b] == nil, p != b { parents[b] = p; spread = true }
                    if let p = parents[b], parents[a] == nil, p != a { parents[a] = p; spread = true }
                }
            }
            for v in log.hierarchy {
                if let p = v.parent { parents[v.item.key] = p }
                if let old = items[v.item.key], old.label == nil, v.item.label != nil { items[v.item.key]?.label = v.item.label }
            }
            // The hierarchy dumps' ancestors of the views named, so they keep their places.
            var hierarchyItems: [String: LogItem] = [:]
            for v in log.hierarchy where hierarchyItems[v.item.key] == nil { hierarchyItems[v.item.key] = v.item }
            for key in order {
                var k = key
                var steps = 0
                while let p = parents[k], items[p] == nil, let item = hierarchyItems[p], steps < 64 {
                    if Self.isWindowLike(item.className) { break }
                    items[p] = item
                    order.append(p)
                    k = p
                    steps += 1
                }
            }
            // The root: a view without a superview whose size the log
            // states (its encapsulated width or height, which the
            // controller's presentation sets, then an autoresizing size,
            // a fitting or temporary size), else the outermost view.
            var rootKey: String?
            var rootWidth: Double?
            var rootHeight: Double?
            let measured = Set(constraints.filter(Self.isMeasuringSize).map(\.first.item.key))
            func notRoot(_ key: String) -> Bool { measured.contains(key) || (items[key]?.className.contains("Cell") ?? true) }
            // An autoresizing size is a root's only when it is a screen's
            // (a view that translates its mask and fills the window).
            let screenSides = Set(DeviceCatalog.standard.devices.flatMap { [$0.screen.width, $0.screen.height] })
            for pass in 0..<2 where rootKey == nil {
                for c in constraints {
                    guard let attribute = Self.imposedSize(c), (pass == 0) == Self.isEncapsulated(c),
                          pass == 0 || screenSides.contains(c.constant) else { continue }
                    if parents[c.first.item.key] == nil && !notRoot(c.first.item.key)
                        && (rootKey == nil || rootKey == c.first.item.key) {
                        rootKey = c.first.item.key
                        if attribute == "width" { rootWidth = c.constant } else { rootHeight = c.constant }
                    }
                }
            }
            if rootKey == nil, let top = order.first(where: { parents[$0] == nil && order.contains { parents[$0] != nil }
                    && hierarchyItems[$0] != nil && !notRoot($0) }) {
                rootKey = top
            }
            if rootKey == nil {
                let outer = order.filter { key in
                    parents[key] == nil && order.contains { parents[$0] == key } && !notRoot(key)
                }
                if outer.count == 1 { rootKey = outer[0] }
            }
            // The root's size the log states is its frame.
            var rootSizeAddresses: Set<String> = []
            for c in constraints where c.first.item.key == rootKey {
                guard let attribute = Self.imposedSize(c) else { continue }
                if attribute == "width", rootWidth == nil || Self.isEncapsulated(c) { rootWidth = c.constant }
                if attribute == "height", rootHeight == nil || Self.isEncapsulated(c) { rootHeight = c.constant }
                rootSizeAddresses.insert(c.address)
            }
            // The root's safe-area insets the log states (`UIViewSafeAreaLayoutGuide-bottom … -(0)-|`).
            var insets: [String: Double] = [:]
            for g in guideConstraints where g.owner != nil && g.owner == rootKey
                && g.constraint.identifier?.hasPrefix("UIViewSafeAreaLayoutGuide-") == true {
                let edge = String(g.constraint.identifier!.dropFirst("UIViewSafeAreaLayoutGuide-".count))
                insets[edge] = abs(g.constraint.constant)
            }
            // The device: the one given, else the preset whose screen has the
            // root's size and insets, else the notifications' screen, else the default.
            let catalog = DeviceCatalog.standard
            var device = deviceID.map { catalog.device($0) } ?? nil
            var orient = orientation ?? .portrait
            var rootFrame: Rect?
            let stated = rootWidth != nil || rootHeight != nil || !insets.isEmpty
            if device == nil, stated {
                let facts = Self.facts(width: rootWidth, height: rootHeight, insets: insets)
                if let (d, o) = Self.preset(width: rootWidth, height: rootHeight, insets: insets, catalog: catalog) {
                    device = d
                    orient = o
                    let encapsulatedWidth = constraints.first { $0.first.item.key == rootKey && $0.identifier == "UIView-Encapsulated-Layout-Width" }
                    assumed.append("device \(d.id) \(o.rawValue), from \(encapsulatedWidth.map { "the root view's encapsulated width \(formatPoints($0.constant))" } ?? facts)")
                } else if let (d, o) = (insets.isEmpty ? nil : Self.preset(width: nil, height: nil, insets: insets, catalog: catalog))
                            ?? fallback.flatMap({ f in catalog.device(f.id).map { ($0, f.orientation) } }) {
                    device = d
                    orient = o
                    assumed.append("device \(d.id) \(o.rawValue): no preset's screen has \(facts)")
                } else {
                    assumed.append("device \(catalog.defaultDevice.id) \(orient.rawValue): no preset's screen has \(facts)")
                }
            } else if device == nil, let fallback, let d = catalog.device(fallback.id) {
                device = d
                orient = fallback.orientation
                assumed.append(fallback.why)
            } else if device == nil {
                assumed.append("device \(catalog.defaultDevice.id) \(orient.rawValue): the log names no screen size")
            }
            let chosen = device ?? catalog.defaultDevice
            let screenSize = chosen.screenSize(orient)
            if let rootKey, (rootWidth.map { $0 != screenSize.width } ?? false) || (rootHeight.map { $0 != screenSize.height } ?? false) {
                // A root that is not the screen (an input view, a view being
                // measured): its own frame, the size the log states.
                rootFrame = Rect(x: 0, y: 0, width: rootWidth ?? screenSize.width, height: rootHeight ?? screenSize.height)
                assumed.append("\(ConsoleLogImporter.root) (\(items[rootKey]?.className ?? "")) is \(formatPoints(rootFrame!.width)) × \(formatPoints(rootFrame!.height)), as the log states, not the screen")
            }
            var screen = Screen(device: chosen, orientation: orient)
            do {
                _ = try screen.addController(ConsoleLogImporter.controller)
                if let rootFrame {
                    _ = try screen.setRootViewFrame(of: ConsoleLogImporter.controller, to: rootFrame)
                    rootHasOwnFrame = true
                }
            } catch {
                throw CommandError(error.description)
            }
            if let rootKey {
                viewNames[rootKey] = ConsoleLogImporter.root
            } else {
                assumed.append("\(ConsoleLogImporter.root): the views' superview (the log names none)")
            }
            // Names, in the order the log mentions the views.
            for key in order where viewNames[key] == nil {
                let item = items[key]!
                let kind = ConsoleLogImporter.kind(of: item.className)
                if item.isKeyboardInternal {
                    viewNames[key] = unique(Self.systemName(item.className), numbered: false)
                } else if item.isDebugName {
                    let last = item.className.split(separator: ".").last.map(String.init) ?? item.className
                    viewNames[key] = unique(ConsoleLogImporter.sanitized(last), numbered: false)
                } else if let label = item.label, Screen.isValidName(label), let f = label.unicodeScalars.first, ("a"..."z").contains(f) {
                    viewNames[key] = unique(label, numbered: false)
                } else if let titled = Self.titledName(item.label, kind) {
                    viewNames[key] = unique(titled, numbered: false)
                } else if item.className.hasSuffix("StackView") {
                    // Its arranged subviews keep the stack's UISV constraints from the log.
                    let name = unique("stackView", numbered: true)
                    viewNames[key] = name
                    assumed.append("\(name) (\(item.className)): a plain view holding the stack's UISV constraints of the log")
                } else {
                    viewNames[key] = unique(kind.rawValue, numbered: true)
                }
            }
            for key in order { if let a = items[key]?.address, let n = viewNames[key] { names.append((a, n)) } }
            // Views, parents first.
            var added: Set<String> = [ConsoleLogImporter.root]
            var orphans: [String] = []
            func add(_ key: String, _ depth: Int, _ screen: inout Screen) {
                guard let name = viewNames[key], !added.contains(name), depth < 64, let item = items[key] else { return }
                var parent = ConsoleLogImporter.root
                if let p = parents[key], p != key, let pName = viewNames[p] {
                    add(p, depth + 1, &screen)
                    if added.contains(pName) { parent = pName }
                } else {
                    orphans.append(name)
                }
                let kind = ConsoleLogImporter.kind(of: item.className)
                var options = ViewOptions()
                if kind == .label || kind == .button, let text = item.label, viewNames[key] != text { options.text = text }
                added.insert(name)
                do {
                    _ = try screen.addView(kind, name, to: parent, options: options)
                } catch {
                    added.remove(name)
                    leftOut.append("view \(name): \(error.description)")
                }
            }
            for key in order { add(key, 0, &screen) }
            if !orphans.isEmpty {
                assumed.append("superview of \(orphans.joined(separator: ", ")): \(ConsoleLogImporter.root) (the log does not say)")
            }
            var rootSizeNames: [String: String] = [:]
            // Constraints: the root's encapsulated size is the device's; the
            // one UIKit broke goes last, so kbplay breaks it as UIKit did.
            constraints = constraints.filter { c in
                let isRootSize = rootSizeAddresses.contains(c.address)
                if isRootSize {
                    names.append((c.address, "\(ConsoleLogImporter.root).\(c.first.attribute)"))
                    rootSizeNames[c.first.attribute] = "\(ConsoleLogImporter.root).\(c.first.attribute)"
                }
                return !isRootSize
            }
            // Names in the log's order, before the broken one moves to the end.
            var given: [String: String] = [:]
            for c in constraints where given[c.address] == nil {
                given[c.address] = c.identifier.map { unique(ConsoleLogImporter.sanitized($0), numbered: false) } ?? unique("c", numbered: true)
            }
            if let i = constraints.firstIndex(where: { $0.address == dump.brokenAddress }) {
                constraints.append(constraints.remove(at: i))
            }
            var constraintNames: [String: String] = [:]
            var warnings: [ModelWarning] = []
            var guideNotes: Set<String> = []
            for c in constraints {
                guard let name = given[c.address], constraintNames[c.address] == nil else { continue }
                do throws(CommandError) {
                    var d1 = 0.0, d2 = 0.0
                    let first = try anchor(c.first, other: c.second, c, &guideNotes, margin: &d1)
                    var second = try c.second.map { (t) throws(CommandError) in try anchor(t, other: c.first, c, &guideNotes, margin: &d2) }
                    if second == nil, first.attribute.kind != .size {
                        // `minX == 20`: against the superview, as UIKit means it.
                        let parent = (try? screen.view(named: first.view))?.parent ?? ConsoleLogImporter.root
                        second = Anchor(parent, nil, first.attribute)
                    }
                    let relation = LayoutRelation(rawValue: c.relation.rawValue)!
                    let priority = min(max(c.priority, 1), 1000)
                    do {
                        // `first + d1 REL m × (second + d2) + C`: the margins folded into the constant.
                        let r = try screen.constrain(first, relation, second, multiplier: c.multiplier,
                                                     constant: c.constant + c.multiplier * d2 - d1,
                                                     priority: priority, name: name)
                        warnings += r.warnings
                        if !c.isActive { _ = try screen.deactivate(name) }
                    } catch {
                        throw CommandError(error.description)
                    }
                    constraintNames[c.address] = name
                    names.append((c.address, name))
                } catch {
                    leftOut.append("line \(c.line) \(c.identifier.map { "'\($0)'" } ?? c.address): \(error.message)")
                }
            }
            // A size the constraints would make negative is a conflict the
            // layout pass finds (and recovers from as UIKit does).
            warnings += screen.layout().warnings
            assumed += guideNotes.sorted()
            let broke = constraintNames[dump.brokenAddress]
            if broke == nil {
                assumed.append("UIKit broke \(dump.brokenAddress), which is not among the constraints rebuilt")
            }
            // UIKit's guide constraints: named, for the conflict in the log's terms.
            var guideNames: [(name: String, owner: String, edge: String)] = []
            for g in guideConstraints {
                guard let id = g.constraint.identifier else { continue }
                let name = unique(ConsoleLogImporter.sanitized(id), numbered: false)
                names.append((g.constraint.address, name))
                let owner = g.owner.flatMap { viewNames[$0] } ?? ConsoleLogImporter.root
                guideNames.append((name, owner, String(id.split(separator: "-").last ?? "")))
            }
            let decisive = warnings.first { $0.brokenConstraint.name == broke } ?? warnings.first
            var conflict: [String] = []
            var arithmetic: String?
            if let w = decisive, case let .unsatisfiable(_, conflicts, _) = w {
                for e in conflicts {
                    for n in Self.inLogTerms(e, rootSize: rootSizeNames, guides: guideNames) where !conflict.contains(n) { conflict.append(n) }
                }
                if var rows = screen.conflictRows(conflicts) {
                    for i in rows.indices {
                        rows[i].name = Self.inLogTerms(conflicts[i], rootSize: rootSizeNames, guides: guideNames).first ?? conflicts[i].name
                    }
                    arithmetic = ConflictArithmetic.explain(rows)
                }
            }
            var notes: [String] = []
            if keyboardConstraints > 0 {
                let views = order.filter { items[$0]?.isKeyboardInternal ?? false }.compactMap { viewNames[$0] }
                let which = views.isEmpty ? "" : " (\(views.joined(separator: ", ")))"
                if keyboardConstraints == dump.constraints.count {
                    notes.append("this conflict is inside the system keyboard\(which), not in the app's constraints: UIKit breaks one of the keyboard's own constraints itself and the keyboard still shows; nothing in the app adds or can remove them (a known iOS message with input accessory views and the assistant bar; it is harmless)")
                } else {
                    notes.append("the dump also lists the system keyboard's own views\(which), rebuilt as plain views: the app's constraints listed with them (an input accessory view's, a custom input view's) are the ones to change")
                }
            }
            var frames: [(String, Rect)] = []
            for v in log.hierarchy {
                if let name = viewNames[v.item.key], let f = v.frame, name != ConsoleLogImporter.root { frames.append((name, f)) }
            }
            return LogImport(screen: screen, dump: k, names: names, uikitBroke: broke, conflict: conflict, warnings: warnings,
                             assumed: assumed, leftOut: leftOut, frames: frames, notes: notes, arithmetic: arithmetic)
        }

        /// The anchor a term stands for: a view's, or a guide's of the view
        /// it belongs to (the root's safe area and keyboard; the margins of
        /// the other item's superview).
        mutating func anchor(_ t: LogConstraint.Term, other: LogConstraint.Term?, _ c: LogConstraint,
                             _ guideNotes: inout Set<String>, margin: inout Double) throws(CommandError) -> Anchor {
            var attribute = t.attribute
            var guide: Anchor.Guide?
            let view: String
            if t.item.className == "|" {
                let otherKey = other.map { $0.item.key }
                view = otherKey.flatMap { parents[$0] }.flatMap { viewNames[$0] } ?? ConsoleLogImporter.root
            } else if let g = t.item.guide {
                switch g {
                case .safeArea:
                    // The guide of the view whose guide constraints name it (a
                    // cell's content view, a window), else the root's.
                    guide = .safeArea
                    view = guideOwners[t.item.key].flatMap { viewNames[$0] } ?? ConsoleLogImporter.root
                case .keyboard:
                    guide = .keyboard
                    view = ConsoleLogImporter.root
                case .margins:
                    guide = .margins
                    let owner = other.flatMap { parents[$0.item.key] }.flatMap { viewNames[$0] } ?? ConsoleLogImporter.root
                    view = owner
                case .other:
                    throw CommandError("a layout guide of its own (\(t.item.label.map { "'\($0)'" } ?? t.item.className)), which kbplay does not model")
                }
                if let a = t.item.address {
                    let gName = "\(view).\(guide!.rawValue)"
                    if !names.contains(where: { $0.address == a }) { names.append((a, gName)) }
                    guideNotes.insert("\(a) (\(t.item.label ?? t.item.className)): \(gName)'s guide")
                }
            } else {
                guard let v = viewNames[t.item.key] else { throw CommandError("an item the dump does not name") }
                view = v
            }
            if guide == nil {
                let printed = attribute
                if attribute.hasSuffix("WithinMargins") {
                    attribute.removeLast("WithinMargins".count)
                    guide = .margins
                } else if attribute.hasSuffix("Margin") {
                    attribute.removeLast("Margin".count)
                    guide = .margins
                }
                // A `…Margin` attribute is the edge and the view's margin in one
                // constraint (UIKit lists no guide constraint for it). On a view
                // other than a screen's root the margins are UIView's 8 pt:
                // folded into the constant, so a view narrower than its margins
                // conflicts as in UIKit. A screen's root keeps kbplay's margins
                // guide (the system minimum and the safe area).
                if guide == .margins, view != ConsoleLogImporter.root || rootHasOwnFrame {
                    guide = nil
                    let m = 8.0
                    switch attribute {
                    case "leading", "left", "top": margin = m
                    case "trailing", "right", "bottom": margin = -m
                    default: margin = 0
                    }
                    guideNotes.insert("\(view).\(printed) taken as \(view).\(attribute)\(margin == 0 ? "" : margin > 0 ? " + 8" : " - 8") (UIView's default margins, 8 pt)")
                }
            }
            let map: [String: String] = ["minX": "left", "maxX": "right", "midX": "centerX", "minY": "top", "maxY": "bottom",
                                         "midY": "centerY"]
            if let m = map[attribute] { attribute = m }
            if attribute == "lastBaseline" || attribute == "firstBaseline" || attribute == "baseline" {
                guideNotes.insert("\(view).\(attribute) taken as \(view).\(attribute == "firstBaseline" ? "top" : "bottom") (kbplay has no baselines)")
                attribute = attribute == "firstBaseline" ? "top" : "bottom"
            }
            guard let a = Anchor.Attribute(rawValue: attribute) else {
                throw CommandError("the attribute '\(t.attribute)', which kbplay does not model")
            }
            return Anchor(view, guide, a)
        }
    }
}

private extension Double {
    var formatted: String { formatPoints(self) }
}
