import KBModel

// What the builder reads from a dump's constraints and classes.
extension ConsoleLogImporter.Builder {
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
}
