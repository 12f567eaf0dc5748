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

    /// A member of ``line(_:)``'s object.
    enum Member {
        case json(JSON)
        case string(String)
        /// JSON already written (a command's result).
        case written(ByteBuffer)
    }

    /// An object as a line, `{"key": value, …}\n`, byte for byte as
    /// `JSON.text` writes it: the members come in the order of their keys.
    static func line(_ members: KeyValuePairs<StaticString, Member>) -> ByteBuffer {
        var out = object(members)
        out.writeStaticString("\n")
        return out
    }

    /// An object, `{"key": value, …}`, byte for byte as `JSON.text` writes
    /// it: the members come in the order of their keys.
    static func object(_ members: KeyValuePairs<StaticString, Member>) -> ByteBuffer {
        assert(zip(members, members.dropFirst()).allSatisfy { "\($0.key)" < "\($1.key)" }, "keys out of order")
        var out = ByteBuffer()
        out.reserveCapacity(members.reduce(128) {
            if case let .written(bytes) = $1.value { $0 + bytes.readableBytes } else { $0 }
        })
        out.writeStaticString("{")
        for (i, (key, value)) in members.enumerated() {
            if i > 0 { out.writeStaticString(", ") }
            out.writeStaticString("\"")
            out.writeStaticString(key)
            out.writeStaticString("\": ")
            switch value {
            case let .json(json): write(json, to: &out)
            case let .string(text): writeString(text, to: &out)
            case let .written(bytes): out.writeImmutableBuffer(bytes)
            }
        }
        out.writeStaticString("}")
        return out
    }

    /// A quoted, escaped string, as `JSON.string(s).text` writes it.
    static func writeString(_ s: String, to out: inout ByteBuffer) {
        write(.string(s), to: &out)
    }
}
