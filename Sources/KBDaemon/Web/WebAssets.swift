/// The pages' script and styles, served from the binary (no framework, no
/// CDN: a page works offline). The script keeps to what every current
/// browser has: `WebSocket`, `DOMParser`, `requestAnimationFrame`.
enum WebAssets {
    static let script = #"""
    "use strict";
    // kbplay's pages: snapshots over a WebSocket, views moved along curve 7.
    (function () {
      const body = document.body;
      const token = new URLSearchParams(location.search).get("token");
      const omega = Number(body.dataset.omega), settles = Number(body.dataset.settles);
      // Curve 7: the critically damped spring kbplay samples for
      // `keyboard show frames N`: p(t) = 1 - (1 + wt) e^(-wt), settled at `settles`.
      function progress(t) {
        if (t <= 0) return 0;
        if (t >= settles) return 1;
        return 1 - (1 + omega * t) * Math.exp(-omega * t);
      }
      const status = document.getElementById("status");
      let socket = null, nextId = 1, retry = 500;
      const waiting = new Map();
      window.kbplay = { progress: progress, received: 0, settled: true };

      function connect() {
        const url = (location.protocol === "https:" ? "wss://" : "ws://") + location.host + body.dataset.ws +
          (token ? "?token=" + encodeURIComponent(token) : "");
        socket = new WebSocket(url);
        socket.onopen = () => { retry = 500; status.textContent = "live"; status.className = "status live"; };
        socket.onmessage = (event) => {
          const message = JSON.parse(event.data);
          window.kbplay.received += 1;
          if (message.type === "page") {
            if (body.classList.contains("session")) showSession(message); else showCard(message);
          } else if (waiting.has(message.id)) {
            const done = waiting.get(message.id);
            waiting.delete(message.id);
            done(message);
          }
        };
        socket.onclose = () => {
          // Back again, the first snapshot puts the page in step.
          status.textContent = "reconnecting…"; status.className = "status down";
          setTimeout(connect, retry);
          retry = Math.min(retry * 2, 5000);
        };
      }

      function ask(message, done) {
        if (!socket || socket.readyState !== WebSocket.OPEN) return false;
        message.id = nextId++;
        waiting.set(message.id, done);
        socket.send(JSON.stringify(message));
        return true;
      }
      window.kbplay.ask = ask;

      function parseSVG(text) {
        const doc = new DOMParser().parseFromString(text, "image/svg+xml");
        const svg = doc.documentElement;
        if (svg.nodeName !== "svg") return null;
        return document.importNode(svg, true);
      }

      function frameOf(element) {
        return (element.getAttribute("data-frame") || "0 0 0 0").split(" ").map(Number);
      }

      // Replaces the drawing, then moves each view that moved from where it
      // was to where it is, along the spring.
      function replaceDrawing(holder, text, animate) {
        const old = new Map();
        const before = holder.querySelector("svg");
        if (before) for (const g of before.querySelectorAll("[data-view]")) old.set(g.getAttribute("data-view"), frameOf(g));
        const svg = parseSVG(text);
        if (!svg) return;
        if (before) holder.replaceChild(svg, before); else holder.appendChild(svg);
        if (!animate) return;
        const moving = [];
        for (const g of svg.querySelectorAll("[data-view]")) {
          const was = old.get(g.getAttribute("data-view"));
          if (!was) continue;
          const now = frameOf(g);
          const dx = was[0] - now[0], dy = was[1] - now[1];
          if (dx !== 0 || dy !== 0) moving.push({ g: g, dx: dx, dy: dy });
        }
        if (moving.length === 0) return;
        window.kbplay.settled = false;
        const start = performance.now();
        // The time the offsets are set at, not the frame's timestamp (which
        // can come before `start`): each is where kbplay has the view then.
        function step() {
          // Kept where tools and tests can read what time the offsets are for.
          const t = (performance.now() - start) / 1000;
          window.kbplay.elapsed = t;
          const p = progress(t);
          for (const m of moving) {
            if (p >= 1) m.g.removeAttribute("transform");
            else m.g.setAttribute("transform", "translate(" + m.dx * (1 - p) + " " + m.dy * (1 - p) + ")");
          }
          if (p < 1) requestAnimationFrame(step); else window.kbplay.settled = true;
        }
        step();
        requestAnimationFrame(step);
      }

      // The verdict as kbplay prints it, green or red.
      function verdictClass(page) {
        return "verdict " + (page.focus ? (page.focus.visible ? "good" : "bad") : "");
      }

      function expects(n) {
        return n === 0 ? "no failing expect" : n === 1 ? "1 failing expect" : n + " failing expects";
      }

      function element(tag, className, text) {
        const e = document.createElement(tag);
        if (className) e.className = className;
        if (text !== undefined) e.textContent = text;
        return e;
      }

      // MARK: a session's page

      function showSession(message) {
        const page = message.page;
        replaceDrawing(document.getElementById("screen"), page.svg, true);
        const v = document.getElementById("verdict");
        v.textContent = page.verdict;
        v.className = verdictClass(page);
        document.getElementById("expects").textContent = expects(message.expectFailures);
        document.getElementById("diff").textContent = page.diff;
        document.getElementById("command-name").textContent = page.command || "";
        document.getElementById("notifications").textContent = page.notifications;
        const flaws = document.getElementById("flaws");
        flaws.replaceChildren();
        if (page.flaws.length === 0) flaws.appendChild(element("p", "dim", "none in the last change"));
        for (const f of page.flaws) {
          const box = element("div", "flaw");
          const line = element("p", "", "\u2691 ");
          line.appendChild(element("b", "", f.strategy));
          line.appendChild(document.createTextNode(": " + f.reason));
          box.appendChild(line);
          if (f.fix) box.appendChild(element("p", "fix", "fix: " + f.fix));
          flaws.appendChild(box);
        }
        if (message.change && message.change.client) {
          status.textContent = "live \u00b7 " + message.change.client + ": " + (message.change.command || "");
        }
      }

      function setUpSession() {
        const hover = document.getElementById("hover");
        let shown = null;
        document.getElementById("screen").addEventListener("mouseover", (event) => {
          const g = event.target.closest("[data-view]");
          if (!g || g.getAttribute("data-view") === shown) return;
          shown = g.getAttribute("data-view");
          const f = frameOf(g);
          const head = shown + "  (" + f[0] + " " + f[1] + "; " + f[2] + " " + f[3] + ")";
          hover.textContent = head;
          if (shown === "keyboard") return;
          const asked = shown;
          ask({ op: "explain", view: shown }, (reply) => {
            if (asked === shown && reply.text) hover.textContent = reply.text;
          });
        });
        // Read-only (no token): the page has no command box.
        const form = document.getElementById("command");
        if (!form) return;
        const input = document.getElementById("line");
        const output = document.getElementById("output");
        const list = document.getElementById("completions");
        form.addEventListener("submit", (event) => {
          event.preventDefault();
          const command = input.value;
          if (command.trim() === "") return;
          list.replaceChildren();
          const sent = ask({ op: "eval", command: command }, (reply) => {
            output.textContent = reply.type === "error" ? "error: " + reply.message : reply.output;
            output.className = "output " + (reply.ok ? "" : "bad");
          });
          if (sent) input.value = "";
        });
        input.addEventListener("keydown", (event) => {
          if (event.key !== "Tab") return;
          event.preventDefault();
          const cursor = input.selectionStart;
          const before = input.value.slice(0, cursor);
          ask({ op: "complete", line: before }, (reply) => {
            list.replaceChildren();
            const all = reply.completions || [];
            if (all.length === 1) {
              const start = before.length - reply.word.length;
              input.value = before.slice(0, start) + all[0] + input.value.slice(cursor);
              const at = start + all[0].length;
              input.setSelectionRange(at, at);
            } else {
              for (const c of all.slice(0, 40)) list.appendChild(element("li", "", c));
            }
          });
        });
      }

      // MARK: the workshop

      function showCard(message) {
        const grid = document.getElementById("sessions");
        const empty = document.getElementById("empty");
        if (empty) empty.remove();
        const name = message.session;
        let card = null;
        for (const c of grid.children) if (c.dataset.session === name) card = c;
        if (!card) {
          card = element("a", "card");
          card.dataset.session = name;
          card.href = "/s/" + encodeURIComponent(name) + (token ? "?token=" + encodeURIComponent(token) : "");
          card.appendChild(element("div", "thumb"));
          card.appendChild(element("div", "name", name));
          card.appendChild(element("div", "verdict"));
          card.appendChild(element("div", "flaws"));
          card.appendChild(element("div", "expects"));
          let after = null;
          for (const c of grid.children) if (c.dataset.session > name) { after = c; break; }
          grid.insertBefore(card, after);
        }
        const page = message.page;
        replaceDrawing(card.querySelector(":scope > .thumb"), page.svg, false);
        const v = card.querySelector(":scope > .verdict");
        v.textContent = page.verdict;
        v.className = verdictClass(page);
        const n = page.flaws.length;
        card.querySelector(":scope > .flaws").textContent = n === 0 ? "" : "\u2691 " + page.flaws.map((f) => f.id).join(", ");
        const e = card.querySelector(":scope > .expects");
        e.textContent = expects(message.expectFailures);
        e.className = "expects " + (message.expectFailures > 0 ? "bad" : "");
        card.classList.toggle("failing", message.expectFailures > 0 || (page.focus !== null && !page.focus.visible));
      }

      if (body.classList.contains("session")) setUpSession();
      connect();
    })();
    """#

    static let styles = #"""
    * { box-sizing: border-box; }
    body { margin: 0; font: 14px/1.4 -apple-system, "Helvetica Neue", Helvetica, Arial, sans-serif; color: #1c1c1e; background: #f2f2f7; }
    header { display: flex; align-items: baseline; gap: 8px; padding: 10px 16px; background: #ffffff; border-bottom: 1px solid #d1d1d6; }
    header h1 { font-size: 18px; margin: 0; }
    header a { color: #0a84ff; text-decoration: none; }
    .status { margin-left: auto; font-size: 12px; color: #8e8e93; }
    .status.live { color: #1a7f37; }
    .status.down { color: #d70015; }
    .dim { color: #8e8e93; font-weight: normal; text-transform: none; letter-spacing: 0; }
    .good { color: #1a7f37; }
    .bad { color: #d70015; }
    .grid { display: grid; grid-template-columns: repeat(auto-fill, minmax(170px, 1fr)); gap: 14px; padding: 16px; }
    .empty { color: #8e8e93; }
    .card { display: block; background: #ffffff; border: 1px solid #d1d1d6; border-radius: 10px; padding: 8px; color: inherit; text-decoration: none; }
    .card.failing { border-color: #ff3b30; }
    .card:hover { border-color: #0a84ff; }
    .card .thumb svg { width: 100%; height: auto; display: block; }
    .card .name { font-weight: 600; margin-top: 6px; }
    .card .verdict, .card .flaws, .card .expects { font-size: 12px; }
    .card .flaws { color: #b25000; }
    .session-main { display: flex; gap: 20px; padding: 16px; align-items: flex-start; }
    .screen { flex: 0 1 auto; min-width: 0; }
    /* The device scaled down to the window (a projector's 1280 × 720 shows the whole keyboard), never up. */
    .screen svg { display: block; width: auto; height: auto; max-width: 100%; max-height: calc(100vh - 96px); background: #ffffff; border-radius: 40px; box-shadow: 0 2px 12px rgba(0, 0, 0, 0.15); }
    .screen .view rect.frame { pointer-events: all; }
    .screen .view.container rect.frame { pointer-events: visibleStroke; }
    .screen .view:hover > rect.frame { stroke: #0a84ff; stroke-width: 2; }
    .screen .view.stack:hover > rect.frame { stroke-dasharray: none; }
    .panels { flex: 1; min-width: 280px; max-width: 640px; }
    .panels section { background: #ffffff; border: 1px solid #d1d1d6; border-radius: 10px; padding: 8px 12px; margin-bottom: 12px; }
    .panels h2 { font-size: 13px; margin: 0 0 4px; text-transform: uppercase; letter-spacing: 0.04em; color: #6e6e73; }
    .panels pre { margin: 0; white-space: pre-wrap; font: 12px/1.4 ui-monospace, Menlo, "DejaVu Sans Mono", monospace; }
    .verdict { font-weight: 600; margin: 0; }
    .expects { margin: 2px 0 0; font-size: 12px; }
    .flaw p { margin: 0 0 4px; }
    .flaw .fix { color: #1a7f37; }
    .command { display: flex; flex-wrap: wrap; gap: 6px; margin-bottom: 8px; position: relative; }
    .command input { flex: 1; font: 13px ui-monospace, Menlo, "DejaVu Sans Mono", monospace; padding: 6px 8px; border: 1px solid #c7c7cc; border-radius: 6px; }
    .command button { padding: 6px 12px; border: 0; border-radius: 6px; background: #0a84ff; color: #ffffff; font-weight: 600; }
    .completions { list-style: none; margin: 0; padding: 0; width: 100%; display: flex; flex-wrap: wrap; gap: 4px; font: 12px ui-monospace, Menlo, monospace; }
    .completions li { background: #e5e5ea; border-radius: 4px; padding: 1px 6px; }
    .output { background: #ffffff; border: 1px solid #d1d1d6; border-radius: 10px; padding: 8px 12px; margin: 0 0 12px; white-space: pre-wrap; font: 12px/1.4 ui-monospace, Menlo, monospace; }
    .output:empty { display: none; }
    .read-only p { margin: 0; font-size: 12px; color: #6e6e73; }
    """#
}
