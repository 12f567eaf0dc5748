import Foundation
import KBModel
import KBShell
import KBTestSupport
import Testing

/// The web pages in a real browser: Debian's Chromium, headless, driven
/// through its DevTools protocol (`Tests/Support/browser_driver.py`).
/// `scripts/install-deps` installs it; without it these tests fail and say so.
@Suite("Web pages: in Chromium", .serialized)
struct BrowserTests {
    /// Waits (at most 5 s) until the page's WebSocket has brought at least
    /// `count` snapshots and no view is moving.
    static func waitUntilLive(_ browser: Browser, snapshots count: Int = 1) throws {
        let ready = try browser.evaluate("""
            new Promise((resolve) => {
              const start = performance.now();
              (function check() {
                if (window.kbplay && window.kbplay.received >= \(count) && window.kbplay.settled) return resolve(true);
                if (performance.now() - start > 5000) return resolve(false);
                setTimeout(check, 10);
              })();
            })
            """)
        #expect(ready as? Bool == true, "the page did not go live")
    }

    /// Every drawn view, read off the page: its name, its `data-frame`, and
    /// the rectangle the browser drew for it, relative to the drawing.
    static let drawnViews = """
        (() => {
          const svg = document.querySelector("#screen svg");
          const origin = svg.getBoundingClientRect();
          return Array.from(svg.querySelectorAll("[data-view]")).map((g) => {
            const r = g.querySelector("rect.frame").getBoundingClientRect();
            return { name: g.getAttribute("data-view"), frame: g.getAttribute("data-frame"),
                     drawn: [r.left - origin.left, r.top - origin.top, r.width, r.height] };
          });
        })()
        """

    @Test func theDrawnRectangleOfEveryViewIsItsFrame() async throws {
        let web = try await WebDaemon.start()
        defer { web.stop() }
        // The demo, a scroll view holding a label, and a label beside it.
        let replies = try await web.evals([
            "demo", "add scrollView list to Login.view", "pin list to Login.view.safeArea insets 8 20 500 20",
            "add label row to list text \"Row\"", "constrain row.top == list.content.top + 10",
            "constrain row.leading == list.content.leading + 12", "add label title to Login.view text \"Welcome\"",
            "constrain title.top == Login.view.safeArea.top + 4", "constrain title.centerX == Login.view.centerX",
            "focus email", "frames",
        ], session: "alice")
        guard case let .object(frames)? = replies.last??["result"]?["frames"] else {
            Issue.record("no frames: \(String(describing: replies.last))")
            return
        }
        let browser = try Browser()
        defer { browser.close() }
        try browser.open(web.base + "/s/alice")
        try Self.waitUntilLive(browser)
        let drawn = try #require(try browser.evaluate(Self.drawnViews) as? [[String: Any]])
        var seen: Set<String> = []
        for view in drawn {
            let name = try #require(view["name"] as? String)
            let rect = try #require(view["drawn"] as? [Double])
            let frame = try #require(view["frame"] as? String).split(separator: " ").compactMap { Double($0) }
            seen.insert(name)
            #expect(frame.count == 4)
            for k in 0..<4 { #expect(abs(rect[k] - frame[k]) < 0.01, "\(name): drawn \(rect), frame \(frame)") }
            if name == "keyboard" {
                // 852 − 336 = 516: the keyboard's top, its full width.
                #expect(frame == [0, 516, 393, 336])
            } else if case let .array(xywh)? = frames[name] {
                #expect(frame == xywh.compactMap(\.numberValue), "\(name): drawn at \(frame), frames says \(xywh)")
            } else {
                Issue.record("\(name) is drawn but frames does not list it")
            }
        }
        #expect(seen == Set(frames.keys).union(["keyboard"]))
    }

    @Test func aChangeByAnotherClientAppearsInAnOpenPageWithinASecond() async throws {
        let web = try await WebDaemon.start()
        defer { web.stop() }
        try await web.evals(["demo"], session: "alice")
        let browser = try Browser()
        defer { browser.close() }
        try browser.open(web.base + "/s/alice")
        try Self.waitUntilLive(browser)
        #expect(try browser.evaluate(#"document.querySelector('[data-view="keyboard"]').getAttribute("data-frame")"#)
                as? String == "0 852 393 336")
        // Another client (a socket's, not the page's) focuses email; timed
        // from its acknowledgement, so the wait includes the driver's turn.
        try await web.evals(["focus email"], session: "alice")
        let elapsed = try browser.evaluate("""
            new Promise((resolve) => {
              const start = performance.now();
              (function check() {
                const k = document.querySelector('[data-view="keyboard"]');
                if (k && k.getAttribute("data-frame") === "0 516 393 336"
                    && document.getElementById("verdict").textContent === "✗ email is covered by the keyboard: its bottom is at 710, the keyboard's top at 516 (194 pt hidden)") {
                  return resolve(performance.now() - start);
                }
                if (performance.now() - start > 1000) return resolve(-1);
                requestAnimationFrame(check);
              })();
            })
            """) as? Double
        let ms = try #require(elapsed)
        #expect(ms >= 0 && ms < 1000, "the change did not show within a second")
        let last = try browser.evaluate(#"document.getElementById("command-name").textContent"#) as? String
        #expect(last == "focus email")
    }

    @Test func aPageWithoutTheTokenCannotSendACommand() async throws {
        let web = try await WebDaemon.start()
        defer { web.stop() }
        try await web.evals(["demo"], session: "alice")
        let browser = try Browser()
        defer { browser.close() }
        let send = """
            new Promise((resolve) => {
              const asked = window.kbplay.ask({ op: "eval", command: "focus email" }, (reply) => resolve(reply));
              if (!asked) resolve({ type: "not sent" });
              setTimeout(() => resolve({ type: "no reply" }), 3000);
            })
            """
        try browser.open(web.base + "/s/alice")
        try Self.waitUntilLive(browser)
        // No dead command box: the page says it is read-only, and how to get one.
        #expect(try browser.evaluate(#"document.getElementById("command") === null && document.getElementById("line") === null"#) as? Bool == true)
        let note = try browser.evaluate(#"(() => { const n = document.getElementById("read-only"); return n && n.offsetHeight > 0 ? n.textContent : null; })()"#) as? String
        #expect(note?.contains("it takes no commands") == true, "\(note ?? "no read-only note shown")")
        #expect(note?.contains("?token=") == true && note?.contains("kbplay attach alice") == true)
        let refused = try #require(try browser.evaluate(send) as? [String: Any])
        #expect(refused["type"] as? String == "error")
        #expect((refused["message"] as? String)?.hasPrefix("commands need the token") == true)
        let unchanged = try await web.evals(["print kb.visible"], session: "alice")
        #expect(unchanged[0]?["result"]?["value"] == .number(0))
        // With the token, the same message runs the command.
        try browser.open(web.base + "/s/alice?token=\(WebDaemon.token)")
        try Self.waitUntilLive(browser)
        #expect(try browser.evaluate(#"getComputedStyle(document.getElementById("command")).display"#) as? String == "flex")
        #expect(try browser.evaluate(#"document.getElementById("read-only") === null"#) as? Bool == true)
        let ran = try #require(try browser.evaluate(send) as? [String: Any])
        #expect(ran["type"] as? String == "reply")
        #expect(ran["ok"] as? Bool == true)
        let changed = try await web.evals(["print kb.visible"], session: "alice")
        #expect(changed[0]?["result"]?["value"] == .number(1))
    }

    /// On a projector (1280 × 720) the phone is scaled to the window with
    /// its whole keyboard in view, and so is an iPad at 1280 × 800.
    @Test func theDeviceIsScaledToTheWindowWithItsKeyboardInView() async throws {
        let web = try await WebDaemon.start()
        defer { web.stop() }
        try await web.evals(["demo", "focus email"], session: "phone")
        try await web.evals(["device ipad-pro-12.9", "controller Form", "add textField name to Form.view placeholder \"Your name\"",
                             "pin name to Form.view.safeArea", "focus name"], session: "pad")
        let browser = try Browser()
        defer { browser.close() }
        let measure = """
            (() => {
              const svg = document.querySelector("#screen svg").getBoundingClientRect();
              const kb = document.querySelector('#screen svg [data-view="keyboard"] rect').getBoundingClientRect();
              return [innerWidth, innerHeight, svg.top, svg.bottom, svg.width / svg.height, kb.top, kb.bottom, kb.height];
            })()
            """
        for (session, width, height, ratio) in [("phone", 1280, 720, 393.0 / 852), ("pad", 1280, 800, 1024.0 / 1366)] {
            try browser.open(web.base + "/s/" + session, width: width, height: height)
            try Self.waitUntilLive(browser)
            let m = try #require(try browser.evaluate(measure) as? [Double])
            #expect(m[0] == Double(width) && m[1] == Double(height))
            // The whole device, in its own proportions, and the whole keyboard.
            #expect(m[3] <= m[1], "\(session): the drawing ends at \(m[3]) in a \(height) px window")
            #expect(abs(m[4] - ratio) < 0.01, "\(session): drawn at \(m[4]), not \(ratio)")
            #expect(m[7] > 100 && m[6] <= m[1] + 0.5 && m[5] >= m[2], "\(session): keyboard \(m[5])…\(m[6]) in \(height) px")
        }
        // A text field shows its placeholder, and its name only on hover (the title).
        let field = try #require(try browser.evaluate("""
            (() => {
              const g = document.querySelector('#screen svg [data-view="name"]');
              return [g.querySelector("text.placeholder").textContent, g.querySelector("title").textContent,
                      Array.from(g.querySelectorAll("text")).some((t) => t.textContent === "name")];
            })()
            """) as? [Any])
        #expect(field[0] as? String == "|Your name")
        #expect((field[1] as? String)?.hasPrefix("name (") == true)
        #expect(field[2] as? Bool == false)
    }

    @Test func namesAndTextsAreEscapedEverywhere() async throws {
        let web = try await WebDaemon.start()
        defer { web.stop() }
        let script = #"<script>window.pwned = 1; alert("script")</script>"#
        let image = #""><img src=x onerror="window.pwned = 2; alert('img')">"#
        func quoted(_ s: String) -> String { "\"" + s.replacingOccurrences(of: "\"", with: "\\\"") + "\"" }
        try await web.evals(["demo", "set email.text = \(quoted(script))", "add label note to Login.view text \(quoted(image))",
                             "constrain note.top == Login.view.safeArea.top + 8", "constrain note.leading == Login.view.leading + 8"],
                            session: "alice")
        let browser = try Browser()
        defer { browser.close() }
        let check = """
            ({ pwned: window.pwned === undefined ? null : window.pwned,
               images: document.images.length,
               scripts: Array.from(document.scripts).map((s) => s.getAttribute("src")),
               email: document.querySelector('[data-view="email"] text').firstChild.textContent,
               note: document.querySelector('[data-view="note"] text').textContent,
               lastCommand: document.getElementById("command-name").textContent })
            """
        try browser.open(web.base + "/s/alice?token=\(WebDaemon.token)")
        try Self.waitUntilLive(browser)
        // As served, then as redrawn from a snapshot (another change).
        for round in 0..<2 {
            let found = try #require(try browser.evaluate(check) as? [String: Any])
            #expect(found["pwned"] is NSNull, "round \(round)")
            #expect(found["images"] as? Int == 0, "round \(round)")
            #expect(found["scripts"] as? [String] == ["/kbplay.js"], "round \(round)")
            #expect(found["email"] as? String == script, "round \(round)")
            #expect(found["note"] as? String == image, "round \(round)")
            if round == 0 {
                try await web.evals(["focus email"], session: "alice")
                try Self.waitUntilLive(browser, snapshots: 2)
            } else {
                #expect(found["lastCommand"] as? String == "focus email")
            }
        }
        #expect(try browser.dialogs() == [])
    }

    @Test func viewsMoveAlongTheCurve7SpringThatKbplaySamples() async throws {
        let web = try await WebDaemon.start()
        defer { web.stop() }
        try await web.evals(["demo"], session: "alice")
        let browser = try Browser()
        defer { browser.close() }
        try browser.open(web.base + "/s/alice")
        try Self.waitUntilLive(browser)
        // The page's spring is the model's: p(t) = 1 − (1 + ωt)·e^(−ωt).
        let curve = DeviceCatalog.standard.curve7
        for t in [0.01, 0.05, 0.1, 0.2, 0.3, 0.45] {
            let page = try #require(try browser.evaluate("window.kbplay.progress(\(t))") as? Double)
            #expect(abs(page - curve.progress(at: t)) < 1e-12, "t = \(t)")
        }
        #expect(try browser.evaluate("window.kbplay.progress(\(curve.settles))") as? Double == 1)
        // Record the keyboard's offsets while it slides up 336 pt.
        try browser.evaluate("""
            window.samples = [];
            new MutationObserver((records) => {
              for (const r of records) {
                if (r.target.getAttribute("data-view") !== "keyboard") continue;
                const t = r.target.getAttribute("transform");
                if (t) window.samples.push([performance.now(), Number(t.split(" ")[1].replace(")", "")), window.kbplay.elapsed]);
              }
            }).observe(document.getElementById("screen"), { subtree: true, attributes: true, attributeFilter: ["transform"] });
            true
            """)
        try await web.evals(["focus email"], session: "alice")
        try Self.waitUntilLive(browser, snapshots: 2)
        let settled = try browser.evaluate("""
            new Promise((resolve) => setTimeout(() => resolve(window.kbplay.settled), 700))
            """) as? Bool
        #expect(settled == true)
        // Each offset is 336·(1 − p(t)) for the time t since the change
        // that the page drew it at, and those times follow the clock.
        let samples = try #require(try browser.evaluate("window.samples") as? [[Double]])
        #expect(samples.count >= 5, "the keyboard moved in \(samples.count) steps")
        guard let first = samples.first else { return }
        for sample in samples {
            let (clock, offset, t) = (sample[0], sample[1], sample[2])
            #expect(offset > 0 && offset <= 336)
            #expect(abs(offset - 336 * (1 - curve.progress(at: t))) < 0.01, "offset \(offset) drawn for t = \(t)")
            // Within a frame or two of a loaded machine.
            #expect(abs((t - first[2]) - (clock - first[0]) / 1000) < 0.05)
        }
        // The offsets shrink as the spring goes on.
        #expect(zip(samples, samples.dropFirst()).allSatisfy { $0[1] >= $1[1] })
    }

    @Test func theWorkshopShowsEverySessionSortedAndLive() async throws {
        let web = try await WebDaemon.start()
        defer { web.stop() }
        try await web.evals(["demo"], session: "bob")
        try await web.evals(["demo"], session: "alice")
        let browser = try Browser()
        defer { browser.close() }
        try browser.open(web.base + "/?token=\(WebDaemon.token)")
        try Self.waitUntilLive(browser, snapshots: 2)
        let cards = """
            Array.from(document.querySelectorAll(".card")).map((c) => [c.dataset.session,
              c.querySelector(":scope > .verdict").textContent, c.querySelector(":scope > .expects").textContent, c.getAttribute("href")])
            """
        func waitFor(_ condition: String) throws -> Bool {
            try browser.evaluate("""
                new Promise((resolve) => {
                  const start = performance.now();
                  (function check() {
                    const cards = \(cards);
                    if (\(condition)) return resolve(true);
                    if (performance.now() - start > 1000) return resolve(false);
                    setTimeout(check, 10);
                  })();
                })
                """) as? Bool == true
        }
        let first = try #require(try browser.evaluate(cards) as? [[String]])
        #expect(first.map { $0[0] } == ["alice", "bob"])
        #expect(first[0][3] == "/s/alice?token=\(WebDaemon.token)")
        // A new session appears in its place; a change and a failing expect
        // show on their card.
        try await web.evals(["demo"], session: "al")
        #expect(try waitFor(#"cards.map((c) => c[0]).join() === "al,alice,bob""#))
        try await web.evals(["focus email", "expect email.frame.maxY <= kb.frame.minY"], session: "alice")
        let shown = try waitFor(#"cards[1][1] === "✗ email is covered by the keyboard: its bottom is at 710, the keyboard's top at 516 (194 pt hidden)" && cards[1][2] === "1 failing expect""#)
        #expect(shown, "\(String(describing: try? browser.evaluate(cards)))")
        try await web.evals(["set formBottom.constant = 350", "expect email.frame.maxY <= kb.frame.minY"], session: "alice")
        #expect(try waitFor(#"cards[1][2] === "no failing expect" && cards[1][1].startsWith("✓ email is visible")"#))
    }

    /// A workshop of 100 sessions: the page shows every one, sorted, and a
    /// change to one updates its card alone.
    @Test func theWorkshopShowsAHundredSessionsAndUpdatesTheCardThatChanged() async throws {
        let web = try await WebDaemon.start()
        defer { web.stop() }
        let names = (0..<100).map { "s" + String(1000 + $0).dropFirst() }  // s000 … s099
        for name in names { try await web.evals(["demo"], session: name) }
        let browser = try Browser()
        defer { browser.close() }
        try browser.open(web.base + "/")
        try Self.waitUntilLive(browser, snapshots: 100)
        let cards = """
            Array.from(document.querySelectorAll(".card")).map((c) => [c.dataset.session,
              c.querySelector(":scope > .verdict").textContent, c.classList.contains("failing") ? "failing" : "",
              c.querySelectorAll(":scope > .thumb svg [data-view]").length])
            """
        let before = try #require(try browser.evaluate(cards) as? [[Any]])
        #expect(before.compactMap { $0[0] as? String } == names)
        // Login.view, form, email, password, signIn and the keyboard: each card draws them all.
        #expect(before.allSatisfy { $0[1] as? String == "nothing focused" && $0[3] as? Int == 6 })
        try await web.evals(["focus email"], session: "s042")
        let updated = try browser.evaluate("""
            new Promise((resolve) => {
              const start = performance.now();
              (function check() {
                const cards = \(cards);
                if (cards[42][2] === "failing") return resolve(cards);
                if (performance.now() - start > 1000) return resolve(null);
                setTimeout(check, 10);
              })();
            })
            """) as? [[Any]]
        let after = try #require(updated, "the card of s042 did not turn red within a second")
        #expect(after.count == 100)
        #expect((after[42][1] as? String)?.hasPrefix("✗ email is covered by the keyboard") == true)
        let others = after.enumerated().filter { $0.offset != 42 }.map(\.element)
        #expect(others.allSatisfy { $0[1] as? String == "nothing focused" && $0[2] as? String == "" })
    }

    /// The two pictures of docs/daemon.md of the demo session, before and after
    /// `focus email`, made here; `KBPLAY_RECORD=1` writes them to `docs/`.
    @Test func theReadmeScreenshotsOfTheDemo() async throws {
        let web = try await WebDaemon.start()
        defer { web.stop() }
        try await web.evals(["demo", "handle Login with observer formBottom padding 8"], session: "demo")
        let browser = try Browser()
        defer { browser.close() }
        let record = ProcessInfo.processInfo.environment["KBPLAY_RECORD"] == "1"
        let folder = record ? Kbplay.docs : web.process.directory
        try browser.open(web.base + "/s/demo?token=\(WebDaemon.token)", width: 1100, height: 940)
        try Self.waitUntilLive(browser)
        try browser.screenshot(to: folder + "/demo-before.png")
        try await web.evals(["focus email"], session: "demo")
        try Self.waitUntilLive(browser, snapshots: 2)
        #expect(try browser.evaluate(#"document.getElementById("verdict").textContent"#) as? String
                == "✓ email is visible, 130 pt above the keyboard")
        try browser.screenshot(to: folder + "/demo-after.png")
        for name in ["demo-before.png", "demo-after.png"] {
            let data = try Data(contentsOf: URL(fileURLWithPath: folder + "/" + name))
            // A PNG's signature, then its IHDR's width and height: 1100 × 940.
            #expect(Array(data.prefix(8)) == [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A])
            #expect(Array(data[16..<24]) == [0, 0, 0x04, 0x4C, 0, 0, 0x03, 0xAC])
        }
    }
}
