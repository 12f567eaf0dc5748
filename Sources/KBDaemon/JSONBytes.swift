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
        _ = text.withBytes { out.writeBytes(UnsafeRawBufferPointer($0)) }
    }

    /// A command's JSON (``CommandOutcome/jsonText``'s bytes): the
    /// `result` of its eval reply and of the changes its subscribers get.
    static func result(of outcome: CommandOutcome) -> ByteBuffer {
        var text = PointText(capacity: 1024)
        outcome.writeJSON(into: &text)
        var out = ByteBuffer()
        out.reserveCapacity(text.count)
        _ = text.withBytes { out.writeBytes(UnsafeRawBufferPointer($0)) }
        return out
    }

    /// A quoted, escaped string, as `JSON.string(s).text` writes it.
    static func writeString(_ s: String, to out: inout ByteBuffer) {
        write(.string(s), to: &out)
    }
}
