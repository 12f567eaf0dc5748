import KBModel

/// A JSON value whose text is deterministic: object keys sorted, numbers with
/// at most two decimals, `-0` written `0`.
public enum JSON: Equatable, Sendable {
    case null
    case bool(Bool)
    case number(Double)
    case string(String)
    case array([JSON])
    case object([String: JSON])

    /// One line, with `", "` and `": "` as separators.
    public var text: String {
        var out = ""
        write(to: &out)
        return out
    }

    private func write(to out: inout String) {
        switch self {
        case .null: out += "null"
        case let .bool(b): out += b ? "true" : "false"
        case let .number(x): out += formatNumber(x)
        case let .string(s): JSON.writeString(s, to: &out)
        case let .array(items):
            out += "["
            for (i, item) in items.enumerated() {
                if i > 0 { out += ", " }
                item.write(to: &out)
            }
            out += "]"
        case let .object(members):
            out += "{"
            for (i, key) in members.keys.sorted().enumerated() {
                if i > 0 { out += ", " }
                JSON.writeString(key, to: &out)
                out += ": "
                members[key]!.write(to: &out)
            }
            out += "}"
        }
    }

    /// Runs of characters that need no escape are appended whole: appending
    /// scalar by scalar made encoding a reply with a long output slow.
    private static func writeString(_ s: String, to out: inout String) {
        out += "\""
        let utf8 = s.utf8
        var run = utf8.startIndex
        var i = run
        while i != utf8.endIndex {
            let byte = utf8[i]
            guard byte < 0x20 || byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "\\") else {
                i = utf8.index(after: i)
                continue
            }
            // An ASCII byte is always on a character boundary.
            out += s[run..<i]
            switch byte {
            case UInt8(ascii: "\""): out += "\\\""
            case UInt8(ascii: "\\"): out += "\\\\"
            case UInt8(ascii: "\n"): out += "\\n"
            case UInt8(ascii: "\r"): out += "\\r"
            case UInt8(ascii: "\t"): out += "\\t"
            default:
                let hex = String(byte, radix: 16)
                out += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
            }
            i = utf8.index(after: i)
            run = i
        }
        out += s[run...]
        out += "\""
    }
}

/// A number with at most two decimals and no trailing zeros; `-0` is `0`.
/// Numbers of 9e15 hundredths and more print as Swift prints them.
public func formatNumber(_ x: Double) -> String {
    // Below that, a number prints as points do (`formatPoints`).
    guard x.isFinite, abs((x * 100).rounded()) >= 9.0e15 else { return formatPoints(x) }
    return String(x)
}
