import KBModel
import KBShell
import NIOCore

/// JSON written into a `ByteBuffer`, byte for byte what `JSON.text` gives
/// (it is the same writer: ``JSON/write(into:)``), without building a
/// `String` first: the daemon writes every reply and journal record this way.
enum JSONBytes {
    static func write(_ value: JSON, to out: inout ByteBuffer) {
        var text = PointText(capacity: 512)
        value.write(into: &text)
        text.withBytes { out.writeBytes(UnsafeRawBufferPointer($0)) }
    }

    /// A quoted, escaped string, as `JSON.string(s).text` writes it.
    static func writeString(_ s: String, to out: inout ByteBuffer) {
        var text = PointText(capacity: s.utf8.count + 8)
        JSON.writeString(s, to: &text)
        text.withBytes { out.writeBytes(UnsafeRawBufferPointer($0)) }
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
}
