import KBModel

extension ConsoleLogImporter {
    struct Builder {
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

        mutating func build(_ k: Int, deviceID: String?, orientation: Orientation?,
                            fallback: (id: String, orientation: Orientation, why: String)?) throws(ImportError) -> LogImport {
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
                throw ImportError(error.description)
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
                do throws(ImportError) {
                    var d1 = 0.0, d2 = 0.0
                    let first = try anchor(c.first, other: c.second, c, &guideNotes, margin: &d1)
                    var second = try c.second.map { (t) throws(ImportError) in try anchor(t, other: c.first, c, &guideNotes, margin: &d2) }
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
                        throw ImportError(error.description)
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
                             _ guideNotes: inout Set<String>, margin: inout Double) throws(ImportError) -> Anchor {
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
                    throw ImportError("a layout guide of its own (\(t.item.label.map { "'\($0)'" } ?? t.item.className)), which kbplay does not model")
                }
                if let a = t.item.address {
                    let gName = "\(view).\(guide!.rawValue)"
                    if !names.contains(where: { $0.address == a }) { names.append((a, gName)) }
                    guideNotes.insert("\(a) (\(t.item.label ?? t.item.className)): \(gName)'s guide")
                }
            } else {
                guard let v = viewNames[t.item.key] else { throw ImportError("an item the dump does not name") }
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
                throw ImportError("the attribute '\(t.attribute)', which kbplay does not model")
            }
            return Anchor(view, guide, a)
        }
    }
}
