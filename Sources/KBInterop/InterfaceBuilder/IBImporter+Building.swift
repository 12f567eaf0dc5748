import KBModel

// IBImporter: building the scene, its wrappers and controllers.
extension IBImporter {
    // MARK: Building

    /// Builds the scene (inside the navigation and tab bar controllers
    /// that hold it) and returns its controller's name.
    mutating func build(_ scene: IBScene) throws(IBReadError) -> String {
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
    mutating func collectOutlets(_ scenes: [IBScene]) {
        for s in scenes {
            for holder in [s.controller] + (s.owner.map { [$0] } ?? []) {
                for o in holder.child("connections")?.children("outlet") ?? [] {
                    guard let d = o["destination"], let p = o["property"], p != "view" else { continue }
                    if outlets[d] == nil { outlets[d] = p }
                }
            }
        }
    }

    func checkOutlets(in scene: IBScene) throws(IBReadError) {
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
    mutating func buildWrapper(_ w: IBScene, in parent: (controller: String, container: String)?) throws(IBReadError)
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
    mutating func addBar(_ bar: String, content: String, to root: String, top: Bool, height: Double,
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
    mutating func buildSimulatedBar(_ b: IBSimulatedBars.Bar, top: Bool,
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
    mutating func buildController(_ scene: IBScene, in parent: (controller: String, container: String)?,
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
}
