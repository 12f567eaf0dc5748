import KBShell
import NIOCore

/// A page's answer to one of its requests (``PageRequest``), carrying the
/// request's id: `{"type": "reply", "id", "ok", "output"}` for an `eval`,
/// `{"type": "completions", "id", "word", "completions"}`, `{"type":
/// "explain", "id", "view", "text"}`, or `{"type": "error", "id",
/// "message"}` for any request it could not answer. The snapshots a page
/// is sent as its sessions change are not answers (``PageHandler``).
enum PageReply: Sendable, Equatable {
    /// An `eval` ran: whether the command was accepted, and what it printed.
    case evaluated(id: JSON, ok: Bool, output: String)
    /// `complete`: the word being typed and its completions.
    case completed(id: JSON, word: String, completions: [String])
    /// `explain`: what hovering the view shows (nil: nothing).
    case explained(id: JSON, view: String, text: String?)
    /// Any request: why it was not answered.
    case failed(id: JSON, message: String)

    var id: JSON {
        switch self {
        case let .evaluated(id, _, _), let .completed(id, _, _), let .explained(id, _, _), let .failed(id, _): id
        }
    }

    /// The message as JSON; written with its keys in order (``JSON/text``).
    var json: JSON {
        switch self {
        case let .evaluated(id, ok, output):
            .object(["type": .string("reply"), "id": id, "ok": .bool(ok), "output": .string(output)])
        case let .completed(id, word, completions):
            .object(["type": .string("completions"), "id": id, "word": .string(word),
                     "completions": .array(completions.map { .string($0) })])
        case let .explained(id, view, text):
            .object(["type": .string("explain"), "id": id, "view": .string(view), "text": text.map { .string($0) } ?? .null])
        case let .failed(id, message):
            .object(["type": .string("error"), "id": id, "message": .string(message)])
        }
    }

    /// The message's bytes, as a text frame carries them.
    func encoded() -> ByteBuffer {
        var buffer = ByteBuffer()
        buffer.reserveCapacity(256)
        JSONBytes.write(json, to: &buffer)
        return buffer
    }
}
