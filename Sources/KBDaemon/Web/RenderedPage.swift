import KBShell
import NIOCore

/// A session's page as the web pages get it (``HostedSession/webPage()``),
/// drawn once per change of the session and shared by every page open on
/// it: each form's bytes are written once, the first time a page asks for
/// them, and every page's message carries the same bytes.
struct RenderedPage: Sendable {
    /// The version of the session it was drawn from.
    let version: Int
    /// What `Session.page()` gave.
    let json: JSON
    private var written: [Form: ByteBuffer] = [:]

    /// What a page shows of the session.
    enum Form: Sendable, Hashable {
        /// The whole page (`/s/NAME`): the drawing and every panel.
        case full
        /// A workshop card (`/`): the drawing, the verdict, the focus and
        /// the flaws' ids, without the panels only the session's page has
        /// (notifications, diff, command, the flaws' reasons and fixes).
        case card
    }

    init(_ json: JSON, version: Int) {
        self.json = json
        self.version = version
    }

    /// The form's JSON bytes, as `JSON.text` writes them, written the first
    /// time they are asked for.
    mutating func bytes(_ form: Form) -> ByteBuffer {
        if let bytes = written[form] { return bytes }
        var bytes = ByteBuffer()
        JSONBytes.write(form == .full ? json : Self.card(of: json), to: &bytes)
        written[form] = bytes
        return bytes
    }

    /// The members of a page a workshop card shows.
    static func card(of page: JSON) -> JSON {
        guard case let .object(members) = page else { return page }
        var card: [String: JSON] = [:]
        for key in ["svg", "verdict", "focus"] { card[key] = members[key] }
        if case let .array(flaws)? = members["flaws"] {
            card["flaws"] = .array(flaws.map { .object(["id": $0["id"] ?? .null]) })
        }
        return .object(card)
    }
}
