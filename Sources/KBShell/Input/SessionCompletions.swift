import KBModel

/// The names of one session, frozen for completion (a value, so the
/// terminal's completer can hold it between commands).
public struct SessionCompletions: CompletionContext {
    var views: [String] = []
    var fields: [String] = []
    var scrollViews: [String] = []
    var controllers: [String] = []
    var constraints: [String] = []
    var sessions: [String] = []

    public init() {}

    public func names(_ kind: ValueKind) -> [String] {
        switch kind {
        case .view: return views
        case .field: return fields
        case .responder: return (fields + controllers).sorted()
        case .scrollView: return scrollViews
        case .controller: return controllers
        case .constraint: return constraints
        case .object, .anchor, .expression: return (controllers + views + constraints).sorted()
        case .device: return DeviceCatalog.standard.devices.map(\.id)
        case .strategy: return StrategyKind.allCases.map(\.rawValue)
        case .event: return KeyboardNotification.Name.allCases.map(\.rawValue)
        case .session: return sessions
        case .viewKind: return ViewKind.allCases.map(\.rawValue)
        case .command: return CommandTable.firstWords
        case let .choice(words): return words
        case .newName, .number, .string, .file, .scene: return []
        }
    }

    public func members(of base: String, for kind: ValueKind) -> [String] {
        let attributes = Anchor.Attribute.allCases.map(\.rawValue)
        if base == "kb" {
            return ["kb.begin.", "kb.end.", "kb.frame.", "kb.visible", "kb.duration", "kb.curve"]
        }
        if base.hasPrefix("kb."), ["kb.begin", "kb.end", "kb.frame"].contains(base) {
            return Session.rectMembers.map { "\(base).\($0)" }
        }
        if constraints.contains(base) { return ["\(base).constant", "\(base).priority"] }
        let parts = base.split(separator: ".").map(String.init)
        // V.guide → its anchors; V.frame → rectangle members.
        if let last = parts.last, parts.count >= 2 {
            let owner = parts.dropLast().joined(separator: ".")
            if views.contains(owner) {
                if Anchor.Guide.allCases.map(\.rawValue).contains(last) { return attributes.map { "\(base).\($0)" } }
                if last == "frame" || last == "bounds" { return Session.rectMembers.map { "\(base).\($0)" } }
                if last == "safeAreaInsets" || last == "contentInset" { return Session.insetMembers.map { "\(base).\($0)" } }
                if last == "contentOffset" { return ["\(base).x", "\(base).y"] }
                if last == "hugging" || last == "compression" { return ["\(base).horizontal", "\(base).vertical"] }
            }
        }
        if controllers.contains(base) { return ["\(base).view."] }
        guard views.contains(base) else { return [] }
        var out = attributes.map { "\(base).\($0)" }
        var guides = ["safeArea", "margins", "keyboard"]
        if scrollViews.contains(base) { guides += ["content", "frameGuide"] }
        out += guides.map { "\(base).\($0)." }
        switch kind {
        case .expression:
            out += ["frame", "bounds", "safeAreaInsets"].map { "\(base).\($0)." }
            if scrollViews.contains(base) { out += ["\(base).contentInset.", "\(base).contentOffset."] }
        case .anchor:
            // The view properties `set` takes for any view; `hugging.` and
            // `compression.` once, to complete their axis next.
            var properties: [String] = []
            for p in ViewProperty.all where p.offeredForEveryView {
                let word = p.name.split(separator: ".").count > 1 ? String(p.name.split(separator: ".")[0]) + "." : p.name
                if !properties.contains(word) { properties.append(word) }
            }
            out += properties.map { "\(base).\($0)" }
        default: break
        }
        return out
    }
}

extension Session {
    /// The names completion offers now.
    public var completions: SessionCompletions {
        var c = SessionCompletions()
        c.views = screen.views.map(\.name).sorted()
        c.fields = screen.views.filter { $0.kind.isTextInput }.map(\.name).sorted()
        c.scrollViews = screen.views.filter { $0.scroll != nil }.map(\.name).sorted()
        c.controllers = screen.controllers.map(\.name).sorted()
        c.constraints = screen.constraints.map(\.name).sorted()
        c.sessions = SessionName.saved(in: sessionsDirectory)
        return c
    }

    /// TAB completion candidates for the line up to the cursor.
    public func complete(prefix: String, word: String) -> [String] {
        ShellCompleter(context: completions).completions(prefix: prefix, word: word)
    }
}
