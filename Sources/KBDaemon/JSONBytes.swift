import KBShell
import NIOCore

/// JSON written straight into a `ByteBuffer`, byte for byte what
/// `JSON.text` gives (keys sorted, `", "` and `": "` separators, numbers
/// through `formatNumber`), without building a `String` first: the daemon
/// writes every reply and journal record this way.
enum JSONBytes {
    static func write(_ value: JSON, to out: inout ByteBuffer) {
        switch value {
        case .null: out.writeStaticString("null")
        case let .bool(b): out.writeStaticString(b ? "true" : "false")
        case let .number(x): writeNumber(x, to: &out)
        case let .string(s): writeString(s, to: &out)
        case let .array(items):
            out.writeInteger(UInt8(ascii: "["))
            var first = true
            for item in items {
                if !first { out.writeStaticString(", ") }
                first = false
                write(item, to: &out)
            }
            out.writeInteger(UInt8(ascii: "]"))
        case let .object(members):
            out.writeInteger(UInt8(ascii: "{"))
            var first = true
            // Keys are unique, so sorting the pairs by key is sorting the keys.
            for (key, member) in members.sorted(by: { $0.key < $1.key }) {
                if !first { out.writeStaticString(", ") }
                first = false
                writeString(key, to: &out)
                out.writeStaticString(": ")
                write(member, to: &out)
            }
            out.writeInteger(UInt8(ascii: "}"))
        }
    }

    /// `formatNumber(x)`; a whole number is written from its digits.
    static func writeNumber(_ x: Double, to out: inout ByteBuffer) {
        // Below 1e13 a whole number times 100 is exact, so `formatNumber`
        // prints it as an integer (and -0 as 0).
        if x == x.rounded(.towardZero), abs(x) < 1e13 {
            writeInteger(Int64(x), to: &out)
        } else {
            out.writeString(formatNumber(x))
        }
    }

    static func writeInteger(_ n: Int64, to out: inout ByteBuffer) {
        if n < 0 { out.writeInteger(UInt8(ascii: "-")) }
        var magnitude = n.magnitude
        // 20 digits hold any UInt64.
        withUnsafeTemporaryAllocation(of: UInt8.self, capacity: 20) { digits in
            var i = 20
            repeat {
                i -= 1
                digits[i] = UInt8(ascii: "0") + UInt8(magnitude % 10)
                magnitude /= 10
            } while magnitude > 0
            out.writeBytes(UnsafeRawBufferPointer(UnsafeMutableBufferPointer(rebasing: digits[i..<20])))
        }
    }

    /// A quoted string with `"`, `\`, and control characters escaped as
    /// `JSON.text` escapes them; runs between escapes are copied whole.
    static func writeString(_ s: String, to out: inout ByteBuffer) {
        out.writeInteger(UInt8(ascii: "\""))
        var s = s
        s.withUTF8 { utf8 in
            var run = 0
            for i in 0..<utf8.count {
                let byte = utf8[i]
                guard byte < 0x20 || byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "\\") else { continue }
                if run < i { out.writeBytes(UnsafeRawBufferPointer(UnsafeBufferPointer(rebasing: utf8[run..<i]))) }
                switch byte {
                case UInt8(ascii: "\""): out.writeStaticString("\\\"")
                case UInt8(ascii: "\\"): out.writeStaticString("\\\\")
                case UInt8(ascii: "\n"): out.writeStaticString("\\n")
                case UInt8(ascii: "\r"): out.writeStaticString("\\r")
                case UInt8(ascii: "\t"): out.writeStaticString("\\t")
                default:
                    let hex: [UInt8] = Array("0123456789abcdef".utf8)
                    out.writeStaticString("\\u00")
                    out.writeInteger(hex[Int(byte >> 4)])
                    out.writeInteger(hex[Int(byte & 0xF)])
                }
                run = i + 1
            }
            if run < utf8.count { out.writeBytes(UnsafeRawBufferPointer(UnsafeBufferPointer(rebasing: utf8[run...]))) }
        }
        out.writeInteger(UInt8(ascii: "\""))
    }
}
