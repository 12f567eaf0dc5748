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
                    leftOut.append("\(c.identifier.map { "'\($0)'" } ?? c.address): the keyboard's own constraint (kbplay lays the keyboard out itself)")
                    continue
                }
                if let id = c.identifier, id.hasPrefix("UIViewSafeAreaLayoutGuide-") || id.hasPrefix("UIViewLayoutMarginsGuide-") {
                    leftOut.append("'\(id)': UIKit's own guide constraint (kbplay makes the same)")
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
            // The root: a view whose encapsulated width or height the
            // controller's presentation sets, else the outermost view.
            var rootKey: String?
            var rootWidth: Double?
            var rootHeight: Double?
            for c in constraints where c.identifier == "UIView-Encapsulated-Layout-Width" || c.identifier == "UIView-Encapsulated-Layout-Height" {
                if parents[c.first.item.key] == nil && !c.first.item.className.contains("Cell")
                    && (rootKey == nil || rootKey == c.first.item.key) {
                    rootKey = c.first.item.key
                    if c.first.attribute == "width" { rootWidth = c.constant } else { rootHeight = c.constant }
                }
            }
            if rootKey == nil, let top = order.first(where: { parents[$0] == nil && order.contains { parents[$0] != nil }
                    && hierarchyItems[$0] != nil && !(items[$0]?.className.contains("Cell") ?? true) }) {
                rootKey = top
            }
            if rootKey == nil {
                let outer = order.filter { key in
                    parents[key] == nil && order.contains { parents[$0] == key } && !(items[key]?.className.contains("Cell") ?? true)
                }
                if outer.count == 1 { rootKey = outer[0] }
            }
            // The device.
            let catalog = DeviceCatalog.standard
            var device = deviceID.map { catalog.device($0) } ?? nil
            var orient = orientation ?? .portrait
            if device == nil, let w = rootWidth {
                let candidates = [catalog.defaultDevice] + catalog.devices
                if let d = candidates.first(where: { $0.screen.width == w && (rootHeight == nil || $0.screen.height == rootHeight) })
                    ?? candidates.first(where: { $0.screen.width == w }) {
                    device = d
                    orient = .portrait
                } else if let d = candidates.first(where: { $0.screen.height == w }) {
                    device = d
                    orient = .landscape
                }
                if let device {
                    assumed.append("device \(device.id) \(orient.rawValue), from the root view's encapsulated width \(w.formatted)")
                } else {
                    assumed.append("device \(catalog.defaultDevice.id): no preset is \(w.formatted) pt wide")
                }
            } else if device == nil, let fallback, let d = catalog.device(fallback.id) {
                device = d
                orient = fallback.orientation
                assumed.append(fallback.why)
            } else if device == nil {
                assumed.append("device \(catalog.defaultDevice.id) \(orient.rawValue): the log names no screen size")
            }
            let chosen = device ?? catalog.defaultDevice
            var screen = Screen(device: chosen, orientation: orient)
            do {
                _ = try screen.addController(ConsoleLogImporter.controller)
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
                if item.isDebugName {
                    let last = item.className.split(separator: ".").last.map(String.init) ?? item.className
                    viewNames[key] = unique(ConsoleLogImporter.sanitized(last), numbered: false)
                } else if let label = item.label, Screen.isValidName(label), let f = label.unicodeScalars.first, ("a"..."z").contains(f) {
                    viewNames[key] = unique(label, numbered: false)
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
            // Constraints: the root's encapsulated size is the device's; the
            // one UIKit broke goes last, so kbplay breaks it as UIKit did.
            constraints = constraints.filter { c in
                let isRootSize = viewNames[c.first.item.key] == ConsoleLogImporter.root
                    && (c.identifier == "UIView-Encapsulated-Layout-Width" || c.identifier == "UIView-Encapsulated-Layout-Height")
                if isRootSize { names.append((c.address, "\(ConsoleLogImporter.root).\(c.first.attribute)")) }
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
                    let first = try anchor(c.first, other: c.second, c, &guideNotes)
                    var second = try c.second.map { (t) throws(CommandError) in try anchor(t, other: c.first, c, &guideNotes) }
                    if second == nil, first.attribute.kind != .size {
                        // `minX == 20`: against the superview, as UIKit means it.
                        let parent = (try? screen.view(named: first.view))?.parent ?? ConsoleLogImporter.root
                        second = Anchor(parent, nil, first.attribute)
                    }
                    let relation = LayoutRelation(rawValue: c.relation.rawValue)!
                    let priority = min(max(c.priority, 1), 1000)
                    do {
                        let r = try screen.constrain(first, relation, second, multiplier: c.multiplier, constant: c.constant,
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
            let decisive = warnings.first { $0.brokenConstraint.name == broke } ?? warnings.first
            let conflict: [String] = decisive.map { w in
                if case let .unsatisfiable(_, conflicts, _) = w { return conflicts.map(\.name) }
                return []
            } ?? []
            var frames: [(String, Rect)] = []
            for v in log.hierarchy {
                if let name = viewNames[v.item.key], let f = v.frame, name != ConsoleLogImporter.root { frames.append((name, f)) }
            }
            return LogImport(screen: screen, dump: k, names: names, uikitBroke: broke, conflict: conflict, warnings: warnings,
                             assumed: assumed, leftOut: leftOut, frames: frames)
        }

        /// The anchor a term stands for: a view's, or a guide's of the view
        /// it belongs to (the root's safe area and keyboard; the margins of
        /// the other item's superview).
        mutating func anchor(_ t: LogConstraint.Term, other: LogConstraint.Term?, _ c: LogConstraint,
                             _ guideNotes: inout Set<String>) throws(CommandError) -> Anchor {
            var attribute = t.attribute
            var guide: Anchor.Guide?
            let view: String
            if t.item.className == "|" {
                let otherKey = other.map { $0.item.key }
                view = otherKey.flatMap { parents[$0] }.flatMap { viewNames[$0] } ?? ConsoleLogImporter.root
            } else if let g = t.item.guide {
                switch g {
                case .safeArea:
                    guide = .safeArea
                    view = ConsoleLogImporter.root
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
                if attribute.hasSuffix("WithinMargins") {
                    attribute.removeLast("WithinMargins".count)
                    guide = .margins
                } else if attribute.hasSuffix("Margin") {
                    attribute.removeLast("Margin".count)
                    guide = .margins
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
