import KBModel
import KBShell

/// The pages' HTML. Every name and text in it is escaped (``escaped(_:)``);
/// the page's script fills and updates it from the WebSocket's snapshots.
enum WebPages {
    /// The spring of curve 7, which the page's animations follow, as
    /// attributes of the page's body.
    private static var spring: String {
        let curve = DeviceCatalog.standard.curve7
        return "data-omega=\"\(curve.omega)\" data-settles=\"\(curve.settles)\""
    }

    private static func document(title: String, body: String) -> String {
        """
        <!doctype html>
        <html lang="en">
        <head>
        <meta charset="utf-8">
        <meta name="viewport" content="width=device-width, initial-scale=1">
        <title>\(escaped(title))</title>
        <link rel="stylesheet" href="/kbplay.css">
        <script src="/kbplay.js" defer></script>
        </head>
        \(body)
        </html>

        """
    }

    /// `/`: every session as a live thumbnail, sorted by name (filled by
    /// the script as the snapshots arrive).
    static func workshop() -> String {
        document(title: "kbplay workshop", body: """
        <body class="workshop" data-ws="/ws" \(spring)>
        <header><h1>kbplay workshop</h1><span id="status" class="status">connecting…</span></header>
        <main id="sessions" class="grid"><p id="empty" class="empty">no sessions yet: <code>kbplay attach NAME</code> makes one</p></main>
        </body>
        """)
    }

    /// `/s/NAME`: one session, full size, as it is now; the command box
    /// only for a page opened with the token.
    static func session(_ name: SessionName, page: JSON, failingExpects: Int, canCommand: Bool) -> String {
        let n = escaped(name.rawValue)
        let svg = page["svg"]?.stringValue ?? ""
        return document(title: "\(name.rawValue) · kbplay", body: """
        <body class="session" data-session="\(n)" data-ws="/ws/s/\(n)" \(spring)>
        <header><a href="/" id="workshop">workshop</a> <span class="sep">/</span> <h1>\(n)</h1><span id="status" class="status">connecting…</span></header>
        <main class="session-main">
        <section id="screen" class="screen">
        \(svg)</section>
        <aside class="panels">
        <section><h2>verdict</h2><p id="verdict" class="verdict \(verdictClass(page))">\(escaped(verdict(page)))</p><p id="expects" class="expects">\(expectsText(failingExpects))</p></section>
        \(canCommand ? commandBox : readOnlyNote(n))
        <section><h2>hover</h2><pre id="hover">hover a view: its frame and what explain says</pre></section>
        <section><h2>flaws</h2><div id="flaws">\(flawsHTML(page))</div></section>
        <section><h2>last change <span id="command-name" class="dim">\(escaped(page["command"]?.stringValue ?? ""))</span></h2><pre id="diff">\(escaped(page["diff"]?.stringValue ?? ""))</pre></section>
        <section><h2>notifications</h2><pre id="notifications">\(escaped(page["notifications"]?.stringValue ?? ""))</pre></section>
        </aside>
        </main>
        </body>
        """)
    }

    /// The command box and its output, for a page opened with the token.
    private static let commandBox = """
        <form id="command" class="command"><input id="line" name="line" autocomplete="off" spellcheck="false" placeholder="focus email  (TAB completes)"><button type="submit">run</button><ul id="completions" class="completions"></ul></form>
        <pre id="output" class="output"></pre>
        """

    /// What a page opened without the token has instead of the command
    /// box: that it only shows the session, and how to get a box.
    private static func readOnlyNote(_ name: String) -> String {
        "<section id=\"read-only\" class=\"read-only\"><h2>read-only</h2><p>This page shows the session as it changes; it takes no commands. To type commands here, open the address <code>kbplay serve</code> printed, which ends in <code>?token=…</code>; or attach a shell: <code>kbplay attach \(name)</code>.</p></section>"
    }

    /// The focus verdict as commands print it (`✓ email is visible, 130 pt
    /// above the keyboard`, `✗ email is covered by the keyboard: …`).
    static func verdict(_ page: JSON) -> String {
        page["verdict"]?.stringValue ?? "nothing focused"
    }

    /// `good`, `bad` or nothing: the verdict's colour.
    static func verdictClass(_ page: JSON) -> String {
        guard case let .object(focus)? = page["focus"] else { return "" }
        return focus["visible"] == .bool(false) ? "bad" : "good"
    }

    static func expectsText(_ failing: Int) -> String {
        failing == 0 ? "no failing expect" : failing == 1 ? "1 failing expect" : "\(failing) failing expects"
    }

    private static func flawsHTML(_ page: JSON) -> String {
        guard case let .array(flaws)? = page["flaws"], !flaws.isEmpty else { return "<p class=\"dim\">none in the last change</p>" }
        return flaws.map { flaw in
            let strategy = escaped(flaw["strategy"]?.stringValue ?? "")
            let reason = escaped(flaw["reason"]?.stringValue ?? "")
            let fix = flaw["fix"]?.stringValue.map { "<p class=\"fix\">fix: \(escaped($0))</p>" } ?? ""
            return "<div class=\"flaw\"><p>⚑ <b>\(strategy)</b>: \(reason)</p>\(fix)</div>"
        }.joined()
    }

    /// Text safe in HTML's element text and quoted attributes.
    static func escaped(_ s: String) -> String {
        var out = ""
        out.reserveCapacity(s.utf8.count)
        for ch in s.unicodeScalars {
            switch ch {
            case "<": out += "&lt;"
            case ">": out += "&gt;"
            case "&": out += "&amp;"
            case "\"": out += "&quot;"
            case "'": out += "&#39;"
            default: out.unicodeScalars.append(ch)
            }
        }
        return out
    }
}
