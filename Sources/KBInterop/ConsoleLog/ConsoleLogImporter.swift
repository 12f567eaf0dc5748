import KBModel

/// A conflict dump rebuilt as a screen: a controller `App` whose root view
/// holds the views the log names, the dump's constraints added in the
/// log's order with the one UIKit broke added last, so kbplay breaks it
/// too and the layout is the one the app showed.
public struct LogImport: Sendable {
    public var screen: Screen
    /// The dump imported (1-based) and how many the log has.
    public var dump: Int
    /// Address → name, for views, guides and constraints, in the order named.
    public var names: [(address: String, name: String)]
    /// The constraint UIKit broke, by its kbplay name.
    public var uikitBroke: String?
    /// What kbplay found: the conflict set of the warning that broke a constraint.
    public var conflict: [String]
    public var warnings: [ModelWarning]
    /// What the log could not say and kbplay assumed.
    public var assumed: [String]
    /// Constraints of the dump left out, with why.
    public var leftOut: [String]
    /// Frames of the hierarchy dump kbplay's layout misses: name, the log's, kbplay's (window coordinates).
    public var frames: [(name: String, log: Rect)]
    /// What the dump means, beyond the conflict (a conflict inside the system keyboard).
    public var notes: [String] = []
    /// Why the conflict cannot hold, as one line of arithmetic over its
    /// constants (``ConflictArithmetic``), named in the log's terms; nil
    /// when its constraints alone do not show it.
    public var arithmetic: String? = nil
}

public enum ConsoleLogImporter {
    /// The root view's name: the controller `App`'s view.
    public static let controller = "App"
    public static var root: String { "\(controller).view" }

    /// Rebuilds dump `k` (1-based) of `log` on `deviceID` (else the device
    /// an encapsulated root width names, else the default).
    /// `fallback` is the device to use when the dump names no screen size
    /// (the one the keyboard notifications' frames imply), with why.
    public static func run(_ log: ConsoleLog, dump k: Int, device deviceID: String?, orientation: Orientation?,
                    fallback: (id: String, orientation: Orientation, why: String)? = nil) throws(ImportError) -> LogImport {
        guard !log.dumps.isEmpty else {
            throw ImportError("the log has no constraint-conflict dump ('\(ConsoleLog.header)')",
                               suggestion: "paste the whole message, from 'Unable to simultaneously satisfy constraints.' to the constraint UIKit broke")
        }
        guard k >= 1, k <= log.dumps.count else {
            throw ImportError("the log has \(log.dumps.count) conflict dump\(log.dumps.count == 1 ? "" : "s"), no dump \(k)",
                               suggestion: "dump 1…\(log.dumps.count)")
        }
        var b = Builder(log: log, dump: log.dumps[k - 1])
        return try b.build(k, deviceID: deviceID, orientation: orientation, fallback: fallback)
    }

    /// A log of keyboard notifications alone: the controller `App` with
    /// its root view, on `deviceID`, else the device the notifications'
    /// frames imply, else the default.
    public static func notificationsOnly(device deviceID: String?, orientation: Orientation?,
                                  fromNotifications: (Device, Orientation, String)?) throws(ImportError) -> LogImport {
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
            throw ImportError(error.description)
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
    public static func hierarchyOnly(_ log: ConsoleLog, device deviceID: String?, orientation: Orientation?) throws(ImportError) -> LogImport {
        let catalog = DeviceCatalog.standard
        var assumed: [String] = []
        let views = log.hierarchy
        guard let top = views.first else { throw ImportError("the log has no views") }
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
            if let (d, o) = FramedViews.preset(forScreen: size, in: catalog) { (device, orient) = (d, o) }
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
            throw ImportError(error.description)
        }
        var names: [(address: String, name: String)] = []
        var viewNames: [String: String] = [rootView.item.key: root]
        if let a = rootView.item.address { names.append((a, root)) }
        var numbered = FramedViews.Names(reserved: ["window", "screen", "kb", "keyboard", controller])
        var leftOut: [String] = []
        var count = 0
        for v in views {
            guard let parentKey = v.parent, let parent = viewNames[parentKey], v.frame != nil || isTrace else { continue }
            if v.item.className.hasSuffix("LayoutGuide") { continue }
            let parentKind = (try? screen.view(named: parent))?.kind
            if let k = parentKind, [.textField, .textView, .button, .label].contains(k) { continue }
            let kind = self.kind(of: v.item.className)
            let name = numbered.next(for: kind)
            var options = ViewOptions()
            if kind == .label || kind == .textField, let t = v.item.label, !t.isEmpty { options.text = t }
            do {
                _ = try screen.addView(kind, name, to: parent, options: options)
                if let frame = v.frame { try FramedViews.pin(name, to: frame, in: parent, on: &screen) }
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
}

private extension Double {
    var formatted: String { formatPoints(self) }
}
