import KBModel

// The value is the model's; a client of the shell (the daemon, a test)
// names it through the shell, as it always has.
@_exported import enum KBModel.JSON
@_exported import enum KBModel.JSONReader
@_exported import struct KBModel.JSONSyntaxError

extension JSON {
    /// One line, with `", "` and `": "` as separators.
    public var text: String {
        var out = PointText(capacity: 256)
        write(into: &out)
        return out.string
    }

    /// Appends ``text``'s UTF-8 bytes to `out`. The text is built this way,
    /// in one buffer made a `String` once (a command's JSON, its
    /// notifications, changes and output, is long), and the daemon writes
    /// its replies and journal records from the same bytes.
    public func write(into out: inout PointText) {
        switch self {
        case .null: out.appendLiteral("null")
        case let .bool(b): b ? out.appendLiteral("true") : out.appendLiteral("false")
        case let .number(x): JSON.writeNumber(x, to: &out)
        case let .string(s): JSON.writeString(s, to: &out)
        case let .array(items):
            out.append(UInt8(ascii: "["))
            for (i, item) in items.enumerated() {
                if i > 0 { out.appendLiteral(", ") }
                item.write(into: &out)
            }
            out.append(UInt8(ascii: "]"))
        case let .object(members):
            out.append(UInt8(ascii: "{"))
            JSON.writeMembers(members, to: &out)
            out.append(UInt8(ascii: "}"))
        case let .verbatim(text): out.append(text)
        }
    }

    /// A number as ``JSON/number(_:)`` writes it.
    static func writeNumber(_ x: Double, to out: inout PointText) {
        // JSON has no infinities or NaN (`print 1/0` is one): they are
        // null, as JavaScript's JSON.stringify writes them.
        guard x.isFinite else { return out.appendLiteral("null") }
        // `formatNumber(x)`, without making a String for the usual case.
        if printsAsPoints(x) { out.append(x) } else { out.append(String(x)) }
    }

    /// An object's members in the order of their keys. The dictionary's
    /// positions are sorted, in a buffer on the stack: neither its keys nor
    /// its values are copied, and no key is hashed.
    private static func writeMembers(_ members: [String: JSON], to out: inout PointText) {
        let count = members.count
        withUnsafeTemporaryAllocation(of: Dictionary<String, JSON>.Index.self, capacity: count) { buffer in
            var order = buffer
            var position = members.startIndex
            for i in 0..<count {
                order.initializeElement(at: i, to: position)
                members.formIndex(after: &position)
            }
            defer { _ = order.deinitialize() }
            // Keys are unique, so the order is total.
            order.sort { members[$0].key < members[$1].key }
            for i in 0..<count {
                if i > 0 { out.appendLiteral(", ") }
                let member = members[order[i]]
                writeString(member.key, to: &out)
                out.appendLiteral(": ")
                member.value.write(into: &out)
            }
        }
    }

    /// A quoted string with `"`, `\` and control characters escaped; runs
    /// of bytes that need no escape are copied whole.
    static func writeString(_ s: String, to out: inout PointText) {
        out.append(UInt8(ascii: "\""))
        var s = s
        s.withUTF8 { utf8 in
            guard let base = utf8.baseAddress else { return }
            var run = 0
            for i in 0..<utf8.count {
                let byte = utf8[i]
                guard byte < 0x20 || byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "\\") else { continue }
                if run < i { out.append(base + run, count: i - run) }
                switch byte {
                case UInt8(ascii: "\""): out.appendLiteral("\\\"")
                case UInt8(ascii: "\\"): out.appendLiteral("\\\\")
                case UInt8(ascii: "\n"): out.appendLiteral("\\n")
                case UInt8(ascii: "\r"): out.appendLiteral("\\r")
                case UInt8(ascii: "\t"): out.appendLiteral("\\t")
                default:
                    let hex: StaticString = "0123456789abcdef"
                    out.appendLiteral("\\u00")
                    out.append(hex.utf8Start[Int(byte >> 4)])
                    out.append(hex.utf8Start[Int(byte & 0xF)])
                }
                run = i + 1
            }
            if run < utf8.count { out.append(base + run, count: utf8.count - run) }
        }
        out.append(UInt8(ascii: "\""))
    }
}

