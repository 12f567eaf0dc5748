import SwiftSyntax

/// IQKeyboardManager, as an app sets it up (usually once, in
/// `application(_:didFinishLaunchingWithOptions:)`): one manager for the
/// whole app, which kbplay runs as its `auto-scroll` strategy on every
/// screen.
///
/// Read in every spelling of the library's versions, in source order (the
/// last assignment wins, as at run time):
/// - enabling: `IQKeyboardManager.shared.enable = true` (6.x),
///   `.isEnabled = true` (7 and later), `IQKeyboardManager.sharedManager().enable = true` (5.x);
/// - the distance kept between the field and the keyboard (10 pt unless
///   set): `keyboardDistanceFromTextField` (up to 7.x), `keyboardDistance`
///   (8.x).
/// A condition around them (`#if canImport(IQKeyboardManagerSwift)`) is
/// read through: its code is the app's when the package is linked.
enum KeyboardManagerReader {
    /// IQKeyboardManager's default distance, in points.
    static let defaultDistance = 10.0

    static func report(_ index: CodeIndex) -> KeyboardCodeReport? {
        var enabled: (on: Bool, place: Place, owner: String)?
        var distance: Double?
        for (file, tree) in index.trees.enumerated() where index.files[file].text.contains("IQKeyboardManager") {
            for node in tree.allDescendants {
                guard let q = node.as(SequenceExprSyntax.self) else { continue }
                let e = Array(q.elements)
                guard e.count == 3, e[1].is(AssignmentExprSyntax.self) else { continue }
                let target = HandlerWalk.normalize(e[0].trimmedDescription)
                guard let property = managerProperty(target) else { continue }
                let value = HandlerWalk.normalize(e[2].trimmedDescription)
                switch property {
                case "enable", "isEnabled":
                    guard value == "true" || value == "false" else { continue }
                    enabled = (value == "true", index.place(q, file: file), owner(of: Syntax(q)) ?? "the app")
                case "keyboardDistanceFromTextField", "keyboardDistance":
                    if let x = Double(value), x.isFinite, x >= 0 { distance = x }
                default:
                    continue
                }
            }
        }
        guard let enabled, enabled.on else { return nil }
        let d = distance ?? defaultDistance
        let points = d == d.rounded() ? String(Int(d)) : "\(d)"
        return KeyboardCodeReport(
            type: enabled.owner, file: enabled.place.file, line: enabled.place.line, column: enabled.place.column,
            observes: [.keyboardWillShow, .keyboardWillHide, .keyboardDidChangeFrame],
            registers: "IQKeyboardManager (the whole app)", removes: "never",
            onShow: "the root view moves up until the focused field is \(points) pt above the keyboard",
            onHide: "the root view moves back",
            strategy: .autoScroll, why: "IQKeyboardManager is enabled: one manager for the whole app",
            flaws: [], target: nil, runsFor: nil, runs: .autoScroll,
            runsArguments: d == defaultDistance ? nil : "distance \(points)", appWide: true)
    }

    /// The manager's property an assignment sets (`enable`), or nil when
    /// the target is not IQKeyboardManager's shared instance.
    static func managerProperty(_ target: String) -> String? {
        for prefix in ["IQKeyboardManager.shared.", "IQKeyboardManager.sharedManager()."] where target.hasPrefix(prefix) {
            let rest = target.dropFirst(prefix.count)
            return rest.contains(".") ? nil : String(rest)
        }
        return nil
    }

    /// The type whose code holds `node`.
    private static func owner(of node: Syntax) -> String? {
        var p = node.parent
        while let n = p {
            if let c = n.as(ClassDeclSyntax.self) { return c.name.text }
            if let s = n.as(StructDeclSyntax.self) { return s.name.text }
            if let x = n.as(ExtensionDeclSyntax.self) { return x.extendedType.trimmedDescription }
            p = n.parent
        }
        return nil
    }
}
