/// A view property `set` changes (`set email.alpha = 0.5`), with what the
/// rule language reads of it, the `set` line `export kbs` writes and the
/// statement `export swift` writes: one entry of ``all`` per property. A
/// new property is one entry here (and its field on ``View``, which the
/// session file holds).
public struct ViewProperty: Sendable {
    /// What a value of the property is written as.
    public enum Kind: Sendable, Equatable {
        /// A number: an expression of the rule language.
        case number
        /// A priority: a whole number from 1 to 1000.
        case priority
        /// A count: a whole number from 0 to the bound.
        case count(Int)
        /// On or off (`true` and `false` too).
        case flag
        /// A quoted string, as in `example`.
        case text(example: String)
        /// One of the words.
        case choice([String])
    }

    /// A value `set` read for the property.
    public enum Value: Sendable, Equatable {
        case number(Double), flag(Bool), text(String), choice(String)
    }

    /// Where `export kbs` writes its `set` line: with the view, or after
    /// every constraint (a hidden arranged view leaves its stack's layout,
    /// which the constraints do not depend on; an offset is where a scroll
    /// view is scrolled to once its content is laid out).
    public enum ScriptPlace: Int, Sendable, Comparable {
        /// With the view, before its other properties.
        case withTheViewFirst
        case withTheView, afterTheConstraints, last
        public static func < (a: Self, b: Self) -> Bool { a.rawValue < b.rawValue }
    }

    /// How a consumer writes numbers and strings in its language (kbplay's
    /// commands, Swift).
    public struct Writer: Sendable {
        public var number: @Sendable (Double) -> String
        public var string: @Sendable (String) -> String
        public init(number: @escaping @Sendable (Double) -> String, string: @escaping @Sendable (String) -> String) {
            self.number = number
            self.string = string
        }
    }

    /// `alpha`, `hugging.horizontal`, `contentInset.bottom`.
    public let name: String
    public let kind: Kind
    /// Offered by completion after any view's name (the others are a
    /// scroll view's or a table view's).
    public let offeredForEveryView: Bool
    let write: @Sendable (inout Screen, String, Value) throws(ModelError) -> MutationResult
    let said: (@Sendable (Screen, String, Writer) -> String?)?
    /// The rule language's number for it (`V.alpha`; a flag is 1 or 0),
    /// for the properties it reads.
    public let scalar: (@Sendable (View) -> Double)?
    /// The same, as Swift reads it from `ref`.
    public let swiftScalar: (@Sendable (String) -> String)?
    /// `export kbs`: the `set` line's words after `set V.` when the value
    /// is not UIKit's default (`alpha = 0.5`, `hidden on`).
    public let script: (@Sendable (View, Writer) -> String?)?
    public let scriptPlace: ScriptPlace
    /// `export swift`: the statement for `ref` when the value is not
    /// UIKit's default (`ref.alpha = 0.5`); nil for properties the
    /// exporter writes with more around them (text, insets and offsets
    /// at rest, rows).
    public let swift: (@Sendable (View, String, Writer) -> String?)?
    /// What `set`'s help says of it (`V.alpha (0…1)`); nil for a
    /// property the help names with another (`V.hugging.horizontal|vertical`).
    public var help: String? = nil

    /// Sets the property of `view`; what `set` says of it (nil: nothing),
    /// in the words of `writer`.
    public func set(_ value: Value, of view: String, on screen: inout Screen, writer: Writer) throws(ModelError)
        -> (result: MutationResult, said: String?) {
        let result = try write(&screen, view, value)
        return (result, said?(screen, view, writer))
    }

    /// The property named `name`.
    public static func named(_ name: String) -> ViewProperty? { byName[name] }

    /// The `set` lines `export kbs` writes for `view` at `places`, in
    /// their order.
    public static func scriptLines(_ view: View, at places: [ScriptPlace], writer: Writer) -> [String] {
        places.flatMap { place in
            all.filter { $0.scriptPlace == place }.compactMap { p in p.script?(view, writer).map { "set \(view.name).\($0)" } }
        }
    }

    /// What `set`'s help says of the properties, in the order of ``all``.
    public static var helpText: String { all.compactMap(\.help).joined(separator: ", ") }

    /// The names of the properties the rule language reads as numbers.
    public static var scalarNames: [String] { all.filter { $0.scalar != nil }.map(\.name) }

    private static let byName: [String: ViewProperty] = Dictionary(uniqueKeysWithValues: all.map { ($0.name, $0) })
}

extension ViewProperty {
    /// Every property, in the order `export swift` writes them.
    public static let all: [ViewProperty] = [
        priority("hugging.horizontal", \.hugging.horizontal, default: { $0.kind.defaultHugging }, swiftName: "setContentHuggingPriority", axis: .horizontal),
        priority("compression.horizontal", \.compressionResistance.horizontal, default: { _ in 750 }, swiftName: "setContentCompressionResistancePriority", axis: .horizontal),
        priority("hugging.vertical", \.hugging.vertical, default: { $0.kind.defaultHugging }, swiftName: "setContentHuggingPriority", axis: .vertical),
        priority("compression.vertical", \.compressionResistance.vertical, default: { _ in 750 }, swiftName: "setContentCompressionResistancePriority", axis: .vertical),
        ViewProperty(
            name: "clipsToBounds", kind: .flag, offeredForEveryView: true,
            write: { screen, view, value throws(ModelError) in try screen.setClipsToBounds(value.flag, of: view) },
            said: { screen, view, _ in
                guard let v = try? screen.view(named: view) else { return nil }
                return "\(view).clipsToBounds is \(v.clipsToBounds ? "on: its subviews are cut at its bounds" : "off")"
            },
            scalar: { $0.clipsToBounds ? 1 : 0 }, swiftScalar: { "(\($0).clipsToBounds ? 1 : 0)" },
            script: { v, _ in v.clipsToBounds != v.kind.isScrollView ? "clipsToBounds \(v.clipsToBounds ? "on" : "off")" : nil },
            scriptPlace: .withTheView,
            swift: { v, ref, _ in v.clipsToBounds != v.kind.isScrollView ? "\(ref).clipsToBounds = \(v.clipsToBounds)" : nil }, help: "V.clipsToBounds (on|off)"),
        ViewProperty(
            name: "alpha", kind: .number, offeredForEveryView: true,
            write: { screen, view, value throws(ModelError) in try screen.setAlpha(value.number, of: view) },
            said: { screen, view, _ in (try? screen.view(named: view)).map { "\(view).alpha is \(formatNumber($0.alpha))" } },
            scalar: { $0.alpha }, swiftScalar: { "\($0).alpha" },
            script: { v, w in v.alpha != 1 ? "alpha = \(w.number(v.alpha))" : nil },
            scriptPlace: .withTheView,
            swift: { v, ref, w in v.alpha != 1 ? "\(ref).alpha = \(w.number(v.alpha))" : nil }, help: "V.alpha (0…1)"),
        ViewProperty(
            name: "placeholder", kind: .text(example: "= \"Email\""), offeredForEveryView: true,
            write: { screen, view, value throws(ModelError) in try screen.setPlaceholder(value.text, of: view) },
            said: { screen, view, w in
                (try? screen.view(named: view))?.placeholder.map { "\(view) shows \(w.string($0)) while it has no text" }
            },
            scalar: nil, swiftScalar: nil, script: nil, scriptPlace: .withTheView,
            swift: { v, ref, w in v.placeholder.map { "\(ref).placeholder = \(w.string($0))" } }, help: "V.placeholder (a text field's, drawn while it has no text)"),
        ViewProperty(
            name: "hidden", kind: .flag, offeredForEveryView: true,
            write: { screen, view, value throws(ModelError) in try screen.setHidden(value.flag, of: view) },
            said: nil,
            scalar: { $0.isHidden ? 1 : 0 }, swiftScalar: { "(\($0).isHidden ? 1 : 0)" },
            script: { v, _ in v.isHidden ? "hidden on" : nil }, scriptPlace: .afterTheConstraints,
            swift: { v, ref, _ in v.isHidden ? "\(ref).isHidden = true" : nil }, help: "V.hidden (on|off)"),
        ViewProperty(
            name: "keyboardDismissMode", kind: .choice(KeyboardDismissMode.allCases.map(\.rawValue)), offeredForEveryView: false,
            write: { screen, view, value throws(ModelError) in
                try screen.setKeyboardDismissMode(KeyboardDismissMode(rawValue: value.word) ?? .none, of: view)
            },
            said: { screen, view, _ in
                (try? screen.view(named: view))?.scroll.map { "\(view).keyboardDismissMode is .\(($0.keyboardDismissMode ?? .none).rawValue)" }
            },
            scalar: nil, swiftScalar: nil,
            script: { v, _ in v.scroll?.keyboardDismissMode.map { "keyboardDismissMode = \($0.rawValue)" } },
            scriptPlace: .withTheViewFirst,
            swift: { v, ref, _ in
                guard let mode = v.scroll?.keyboardDismissMode, mode != .none else { return nil }
                return "\(ref).keyboardDismissMode = .\(mode.rawValue)"
            }, help: "S.keyboardDismissMode (" + KeyboardDismissMode.allCases.map(\.rawValue).joined(separator: ", ") + ")"),
        inset("top", \.top), inset("left", \.left), inset("bottom", \.bottom), inset("right", \.right),
        offset("x"), offset("y"),
        ViewProperty(
            name: "text", kind: .text(example: "\"Sign in\""), offeredForEveryView: true,
            write: { screen, view, value throws(ModelError) in try screen.setText(value.text, of: view) },
            said: nil, scalar: nil, swiftScalar: nil, script: nil, scriptPlace: .withTheView, swift: nil, help: "V.text"),
        ViewProperty(
            name: "rows", kind: .count(TableConfiguration.maxRows), offeredForEveryView: false,
            write: { screen, view, value throws(ModelError) in try screen.setTable(view, rows: Int(value.number)) },
            said: nil, scalar: nil, swiftScalar: nil, script: nil, scriptPlace: .withTheView, swift: nil, help: "T.rows (a table view's)"),
        ViewProperty(
            name: "rowHeight", kind: .number, offeredForEveryView: false,
            write: { screen, view, value throws(ModelError) in try screen.setTable(view, rowHeight: value.number) },
            said: nil, scalar: nil, swiftScalar: nil, script: nil, scriptPlace: .withTheView, swift: nil, help: "T.rowHeight"),
        accessibilityIdentifier,
    ]

    /// A content hugging or compression resistance priority on one axis.
    private static func priority(_ name: String, _ path: WritableKeyPath<View, Int> & Sendable, default value: @escaping @Sendable (View) -> Int,
                                 swiftName: String, axis: Axis) -> ViewProperty {
        let both = axis == .horizontal ? "V." + name.replacingOccurrences(of: ".horizontal", with: ".horizontal|vertical") : nil
        let hugging = name.hasPrefix("hugging")
        return ViewProperty(
            name: name, kind: .priority, offeredForEveryView: true,
            write: { screen, view, v throws(ModelError) in
                let p = Int(v.number)
                return hugging ? try screen.setHugging(p, axis, of: view) : try screen.setCompressionResistance(p, axis, of: view)
            },
            said: nil, scalar: nil, swiftScalar: nil,
            script: { v, _ in v[keyPath: path] != value(v) ? "\(name) \(v[keyPath: path])" : nil },
            scriptPlace: .withTheView,
            swift: { v, ref, _ in
                v[keyPath: path] != value(v) ? "\(ref).\(swiftName)(\(swiftPriority(v[keyPath: path])), for: .\(axis.rawValue))" : nil
            }, help: both)
    }

    /// One edge of a scroll view's `contentInset`; the others stay.
    private static func inset(_ edge: String, _ path: WritableKeyPath<EdgeInsets, Double> & Sendable) -> ViewProperty {
        ViewProperty(
            name: "contentInset." + edge, kind: .number, offeredForEveryView: false,
            write: { screen, view, value throws(ModelError) in
                guard var insets = screen.layout().view(view)?.scroll?.contentInset else { throw .notAScrollView(view) }
                insets[keyPath: path] = value.number
                return try screen.setContentInset(insets, of: view)
            },
            said: nil, scalar: nil, swiftScalar: nil,
            script: { v, w in
                guard let x = v.scroll?.contentInset[keyPath: path], x != 0 else { return nil }
                return "contentInset.\(edge) = \(w.number(x))"
            },
            scriptPlace: .withTheView, swift: nil, help: edge == "top" ? "V.contentInset.top|left|bottom|right" : nil)
    }

    /// One coordinate of a scroll view's `contentOffset`; the other stays
    /// where the view is scrolled to now.
    private static func offset(_ coordinate: String) -> ViewProperty {
        let isX = coordinate == "x"
        return ViewProperty(
            name: "contentOffset." + coordinate, kind: .number, offeredForEveryView: false,
            write: { screen, view, value throws(ModelError) in
                guard let current = screen.layout().view(view)?.scroll?.contentOffset else { throw .notAScrollView(view) }
                let offset = isX ? Point(x: value.number, y: current.y) : Point(x: current.x, y: value.number)
                return try screen.setContentOffset(offset, of: view)
            },
            said: nil, scalar: nil, swiftScalar: nil,
            script: { v, w in
                v.scroll?.contentOffset.map { "contentOffset.\(coordinate) = \(w.number(isX ? $0.x : $0.y))" }
            },
            scriptPlace: .last, swift: nil, help: isX ? "V.contentOffset.x|y" : nil)
    }

    /// A priority as UIKit code writes it (`.defaultHigh`, `UILayoutPriority(700)`).
    public static func swiftPriority(_ p: Int) -> String {
        switch p {
        case 1000: ".required"
        case 750: ".defaultHigh"
        case 250: ".defaultLow"
        default: "UILayoutPriority(\(p))"
        }
    }
}

extension ViewProperty.Value {
    var number: Double {
        switch self {
        case let .number(x): x
        case let .flag(b): b ? 1 : 0
        case .text, .choice: 0
        }
    }

    var flag: Bool { if case let .flag(b) = self { b } else { number != 0 } }

    var text: String? {
        switch self {
        case let .text(t), let .choice(t): t
        case .number, .flag: nil
        }
    }

    var word: String { text ?? "" }
}
