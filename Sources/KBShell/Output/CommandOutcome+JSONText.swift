import KBModel

extension CommandOutcome {
    // The JSON form, written straight from the outcome: its notifications
    // and layout changes (most of a keyboard event's JSON) are written
    // without first being made JSON values. `--json` mode and the daemon's
    // replies write a command's JSON this way; ``json`` reads it back.

    /// Appends ``jsonText``'s UTF-8 bytes to `out`.
    public func writeJSON(into out: inout PointText) {
        // The keys `json` sets itself replace members of the same name.
        let members = self.members
        var keys: [Key] = [.command, .ok, .output]
        if notifications != nil { keys.append(.notifications) }
        if changes != nil { keys.append(.changes) }
        for key in members.keys where !keys.contains(where: { $0.name == key }) {
            keys.append(.member(key))
        }
        keys.sort { $0.name < $1.name }
        out.append(UInt8(ascii: "{"))
        for (i, key) in keys.enumerated() {
            if i > 0 { out.appendLiteral(", ") }
            JSON.writeString(key.name, to: &out)
            out.appendLiteral(": ")
            switch key {
            case .command: JSON.writeString(command, to: &out)
            case .ok: out.appendLiteral(status != .rejected && status != .ioError ? "true" : "false")
            case .output: JSON.writeString(text, to: &out)
            case .notifications: Self.writeArray(notifications ?? [], Self.write, to: &out)
            case .changes: Self.writeArray(changes ?? [], Self.write, to: &out)
            case let .member(name): members[name]?.write(into: &out)
            }
        }
        out.append(UInt8(ascii: "}"))
    }

    /// A top-level key of the JSON form.
    private enum Key {
        case command, ok, output, notifications, changes
        case member(String)

        var name: String {
            switch self {
            case .command: "command"
            case .ok: "ok"
            case .output: "output"
            case .notifications: "notifications"
            case .changes: "changes"
            case let .member(name): name
            }
        }
    }

    private static func writeArray<T>(_ items: [T], _ write: (T, inout PointText) -> Void, to out: inout PointText) {
        out.append(UInt8(ascii: "["))
        for (i, item) in items.enumerated() {
            if i > 0 { out.appendLiteral(", ") }
            write(item, &out)
        }
        out.append(UInt8(ascii: "]"))
    }

    /// A notification's JSON form (see ``KeyboardNotification/writeJSON(into:)``).
    private static func write(_ n: KeyboardNotification, to out: inout PointText) { n.writeJSON(into: &out) }

    /// A layout change's JSON form (see ``LayoutChange/writeJSON(into:)``).
    private static func write(_ c: LayoutChange, to out: inout PointText) { c.writeJSON(into: &out) }
}

/// A value with a JSON form, and the one place that form is written:
/// `--json` lines, the daemon's replies, subscribers' changes and journal
/// records, and (read back) ``JSON`` values all come from it.
public protocol JSONWritable {
    /// Appends the value's JSON text (UTF-8) to `out`.
    func writeJSON(into out: inout PointText)
}

extension JSONWritable {
    /// The JSON text, one line.
    public var jsonText: String {
        var out = PointText(capacity: 1024)
        writeJSON(into: &out)
        return out.string
    }
}

extension JSON: JSONWritable {
    public func writeJSON(into out: inout PointText) { write(into: &out) }

    /// A value's JSON form as a ``JSON`` value (its text read back).
    public init(_ value: some JSONWritable) {
        self = (try? JSONReader.parse(value.jsonText)) ?? .null
    }
}

extension CommandOutcome: JSONWritable {}

/// Two numbers as a JSON array, `[a, b]`.
private func writeNumbers(_ a: Double, _ b: Double, to out: inout PointText) {
    out.append(UInt8(ascii: "["))
    JSON.writeNumber(a, to: &out)
    out.appendLiteral(", ")
    JSON.writeNumber(b, to: &out)
    out.append(UInt8(ascii: "]"))
}

/// Four numbers as a JSON array, `[a, b, c, d]`.
private func writeNumbers(_ a: Double, _ b: Double, _ c: Double, _ d: Double, to out: inout PointText) {
    out.append(UInt8(ascii: "["))
    JSON.writeNumber(a, to: &out)
    out.appendLiteral(", ")
    JSON.writeNumber(b, to: &out)
    out.appendLiteral(", ")
    JSON.writeNumber(c, to: &out)
    out.appendLiteral(", ")
    JSON.writeNumber(d, to: &out)
    out.append(UInt8(ascii: "]"))
}

/// A frame as `[x, y, w, h]`.
private func writeFrame(_ r: Rect, to out: inout PointText) {
    writeNumbers(r.minX, r.minY, r.width, r.height, to: &out)
}

extension KeyboardNotification: JSONWritable {
    /// `{"begin": [x, y, w, h], "curve", "duration", "end", "isLocal", "name"}`, keys in order.
    public func writeJSON(into out: inout PointText) {
        let n = self
        out.appendLiteral("{\"begin\": ")
        writeFrame(n.begin, to: &out)
        out.appendLiteral(", \"curve\": ")
        JSON.writeNumber(Double(n.curve), to: &out)
        out.appendLiteral(", \"duration\": ")
        JSON.writeNumber(n.duration, to: &out)
        out.appendLiteral(", \"end\": ")
        writeFrame(n.end, to: &out)
        out.appendLiteral(n.isLocal ? ", \"isLocal\": true, \"name\": " : ", \"isLocal\": false, \"name\": ")
        JSON.writeString(n.name.rawValue, to: &out)
        out.append(UInt8(ascii: "}"))
    }

}

extension LayoutChange: JSONWritable {
    /// `{"after", "before", "kind", "target"}` (the values it has), keys in order.
    public func writeJSON(into out: inout PointText) {
        let c = self
        func insets(_ e: EdgeInsets, _ out: inout PointText) { writeNumbers(e.top, e.left, e.bottom, e.right, to: &out) }
        func values(_ before: (inout PointText) -> Void, _ after: (inout PointText) -> Void, _ out: inout PointText) {
            out.appendLiteral("{\"after\": ")
            after(&out)
            out.appendLiteral(", \"before\": ")
            before(&out)
        }
        switch c {
        case let .viewAdded(_, f):
            out.appendLiteral("{\"after\": ")
            writeFrame(f, to: &out)
        case let .viewRemoved(_, f):
            out.appendLiteral("{\"before\": ")
            writeFrame(f, to: &out)
        case let .frame(_, a, b):
            values({ writeFrame(a, to: &$0) }, { writeFrame(b, to: &$0) }, &out)
        case let .safeAreaInsets(_, a, b), let .contentInset(_, a, b), let .adjustedContentInset(_, a, b),
             let .indicatorInsets(_, a, b):
            values({ insets(a, &$0) }, { insets(b, &$0) }, &out)
        case let .contentSize(_, a, b):
            values({ writeNumbers(a.width, a.height, to: &$0) }, { writeNumbers(b.width, b.height, to: &$0) }, &out)
        case let .contentOffset(_, a, b):
            values({ writeNumbers(a.x, a.y, to: &$0) }, { writeNumbers(b.x, b.y, to: &$0) }, &out)
        case let .constant(_, a, b):
            values({ JSON.writeNumber(a, to: &$0) }, { JSON.writeNumber(b, to: &$0) }, &out)
        }
        out.appendLiteral(", \"kind\": ")
        JSON.writeString(c.kind, to: &out)
        out.appendLiteral(", \"target\": ")
        JSON.writeString(c.target, to: &out)
        out.append(UInt8(ascii: "}"))
    }
}
