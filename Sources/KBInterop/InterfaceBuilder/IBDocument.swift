import KBModel

/// An Interface Builder document (`.storyboard` or `.xib`) read into
/// elements, with what the import needs to find in it: every object by
/// its IB id, the scenes (a storyboard's view controllers, or a XIB's
/// File's Owner with its view and its other top-level views) and the
/// designed device.
public struct IBDocument {
    let path: String
    let root: IBElement
    let isStoryboard: Bool
    /// Every element with an `id`, by id (a document where one repeats is refused).
    let objects: [String: IBElement]
    let scenes: [IBScene]

    /// Reads the document; refuses what is not XML, not Interface Builder,
    /// or not iOS (a macOS or tvOS document is named by its runtime).
    public init(bytes: [UInt8], path: String) throws(IBReadError) {
        self.path = path
        root = try IBElement.parse(bytes, path: path)
        guard root.name == "document", let type = root["type"], type.hasPrefix("com.apple.InterfaceBuilder") else {
            throw IBReadError(message: "\(path):\(root.line):\(root.column): not an Interface Builder document (its root element is <\(root.name)>, expected <document type=\"com.apple.InterfaceBuilder3.CocoaTouch.…\">)")
        }
        let runtime = root["targetRuntime"] ?? "iOS.CocoaTouch"
        guard type.contains("CocoaTouch"), runtime.hasPrefix("iOS") else {
            let target = runtime.hasPrefix("MacOSX") ? "macOS (AppKit)" : runtime.hasPrefix("AppleTV") ? "tvOS" : runtime.hasPrefix("watchKit") ? "watchOS" : runtime
            throw IBReadError(message: "\(path):\(root.line):\(root.column): a document for \(target) (targetRuntime \"\(runtime)\"): kbplay imports iOS Cocoa Touch storyboards and XIBs")
        }
        isStoryboard = type.contains("Storyboard")
        var objects: [String: IBElement] = [:]
        var repeated: (first: IBElement, second: IBElement)?
        root.forEachDescendant { e in
            guard let id = e.id else { return }
            if let first = objects[id] {
                if repeated == nil { repeated = (first, e) }
            } else {
                objects[id] = e
            }
        }
        // Xcode gives every object its own id and refuses a document where
        // one repeats; which of the two a connection or a constraint meant
        // cannot be known, so the import is refused too.
        if let (first, second) = repeated {
            throw IBReadError(message: "\(path):\(second.line):\(second.column): id \"\(second.id ?? "")\" is used twice: by <\(first.name)> at line \(first.line), column \(first.column), and by <\(second.name)> here; ids in an Interface Builder document are unique (a merge conflict resolved by hand often leaves a copy) — give one of them a new id, and point its constraints and connections at the one they mean")
        }
        self.objects = objects
        scenes = isStoryboard ? Self.storyboardScenes(root) : Self.xibScenes(root)
    }

    /// The controllers of `<scenes>`: each scene's object marked
    /// `sceneMemberID="viewController"`.
    private static func storyboardScenes(_ root: IBElement) -> [IBScene] {
        guard let scenes = root.child("scenes") else { return [] }
        return scenes.children("scene").compactMap { scene in
            guard let objects = scene.child("objects"),
                  let c = objects.children.first(where: { $0["sceneMemberID"] == "viewController" }) else { return nil }
            return IBScene(controller: c, rootView: c.children.first { $0["key"] == "view" }, owner: c)
        }
    }

    /// A XIB's scenes: File's Owner with the view its `view` outlet names,
    /// then every other top-level view.
    private static func xibScenes(_ root: IBElement) -> [IBScene] {
        guard let objects = root.child("objects") else { return [] }
        let owner = objects.children.first { $0.name == "placeholder" && $0["placeholderIdentifier"] == "IBFilesOwner" }
        let viewID = owner?.child("connections")?.children("outlet").first { $0["property"] == "view" }?["destination"]
        var scenes: [IBScene] = []
        for e in objects.children where e.name != "placeholder" && e.id != nil {
            if IBScene.cellKinds.contains(e.name) {
                // A cell designed on its own: its content view is the view laid out.
                scenes.append(IBScene(controller: e, rootView: e.children.first { $0["key"] == "contentView" }, owner: owner))
                continue
            }
            guard IBViewKind.isView(e.name) else { continue }
            if e.id == viewID, let owner {
                scenes.insert(IBScene(controller: owner, rootView: e, owner: owner), at: 0)
            } else {
                scenes.append(IBScene(controller: e, rootView: e, owner: owner))
            }
        }
        return scenes
    }

    /// The storyboard's initial view controller, if it names one.
    var initialScene: IBScene? {
        guard let id = root["initialViewController"] else { return nil }
        return scenes.first { $0.controller.id == id }
    }

    /// The scene whose controller has IB id `id`.
    func scene(id: String) -> IBScene? { scenes.first { $0.controller.id == id } }

    /// The controllers that hold `scene` through a relationship segue (a
    /// navigation controller's root, a tab bar controller's tab).
    func container(of scene: IBScene) -> IBScene? {
        guard let id = scene.controller.id else { return nil }
        return scenes.first { s in
            IBScene.wrapperKinds.contains(s.controller.name)
                && s.relationships.contains(id)
        }
    }
}

/// One scene: its view controller element (in a XIB, File's Owner or a
/// top-level view) and its root view.
struct IBScene {
    let controller: IBElement
    let rootView: IBElement?
    /// The object whose outlets name the scene's objects.
    let owner: IBElement?

    /// Controllers whose own view kbplay draws as a bar around a child.
    static let wrapperKinds: Set<String> = ["navigationController", "tabBarController"]

    var isWrapper: Bool { Self.wrapperKinds.contains(controller.name) }
    /// Table and collection view cells, the top level of a cell's XIB.
    static let cellKinds: Set<String> = ["tableViewCell", "collectionViewCell", "collectionReusableView"]
    /// Whether the scene is a cell laid out on its own (no controller, no safe area).
    var isCell: Bool { Self.cellKinds.contains(controller.name) }

    /// The destinations of its relationship segues (root view controller, tabs), in order.
    var relationships: [String] {
        (controller.child("connections")?.children("segue") ?? [])
            .filter { $0["kind"] == "relationship" }
            .compactMap { $0["destination"] }
    }

    /// How the scene is listed: `id, class, identifier, fields`.
    var className: String { controller["customClass"] ?? controller.name }

    var fieldCount: Int {
        var n = 0
        rootView?.forEachDescendant { e in if e.name == "textField" || e.name == "textView" { n += 1 } }
        return n
    }

    /// The words a `scene NAME` may match.
    var keys: [String] {
        [controller["storyboardIdentifier"], controller["customClass"], controller.id, controller["title"],
         controller["userLabel"]].compactMap { $0 } + [IBNames.controllerName(controller)]
    }

    var listing: String {
        var parts = ["id \(controller.id ?? "-")", className]
        if let s = controller["storyboardIdentifier"] { parts.append("identifier \(s)") }
        if let t = controller["title"] { parts.append("title \"\(t)\"") }
        parts.append("\(fieldCount) text field\(fieldCount == 1 ? "" : "s")")
        return parts.joined(separator: ", ")
    }
}
