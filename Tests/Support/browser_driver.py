#!/usr/bin/env python3
"""Headless Chromium, driven through its DevTools protocol, for kbplay's
web-page tests.

Chromium talks the protocol over two pipes (--remote-debugging-pipe: it
reads commands on its fd 3 and writes replies and events on its fd 4, each
message a JSON text ended by a NUL byte), so no WebSocket client is needed.

The driver reads one JSON request a line on standard input and writes one
JSON reply a line on standard output:

  {"op": "open", "url": U, "width": W, "height": H}  -> {"ok": true}
      a new tab at U, once its load event fired (W x H, scale 1)
  {"op": "eval", "js": J}                             -> {"ok": true, "value": V}
      J evaluated in the tab (a promise is awaited), its value as JSON
  {"op": "screenshot", "path": P}                     -> {"ok": true}
      a PNG of the tab's viewport
  {"op": "dialogs"}                                   -> {"ok": true, "value": [messages]}
      every alert/confirm/prompt the pages opened (each dismissed)

A request that fails gets {"ok": false, "error": "..."}. Every wait is
bounded (20 s), so a test can never hang on the browser.
"""
import json
import os
import select
import shutil
import subprocess
import sys
import tempfile
import time

TIMEOUT = 20.0


class Browser:
    def __init__(self):
        self.profile = tempfile.mkdtemp(prefix="kbplay-chromium-")
        to_chrome_r, self.to_chrome = os.pipe()
        self.from_chrome, from_chrome_w = os.pipe()
        # Chromium expects its pipes at fds 3 and 4: moved out of the way
        # first, in case either already is 3 or 4.
        def wire():
            import fcntl
            r = fcntl.fcntl(to_chrome_r, fcntl.F_DUPFD, 10)
            w = fcntl.fcntl(from_chrome_w, fcntl.F_DUPFD, 10)
            os.dup2(r, 3)
            os.dup2(w, 4)
        binary = shutil.which("chromium") or shutil.which("chromium-browser")
        if binary is None:
            raise RuntimeError("chromium is not installed: run scripts/install-deps")
        self.process = subprocess.Popen(
            [binary, "--headless", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage",
             "--remote-debugging-pipe", "--user-data-dir=" + self.profile, "--no-first-run",
             "--no-default-browser-check", "--disable-extensions", "--disable-background-networking",
             "--disable-component-update", "--disable-sync", "--hide-scrollbars", "--mute-audio",
             "--force-device-scale-factor=1", "--force-color-profile=srgb", "--font-render-hinting=none",
             "about:blank"],
            preexec_fn=wire, pass_fds=(3, 4), stdin=subprocess.DEVNULL,
            stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        os.close(to_chrome_r)
        os.close(from_chrome_w)
        self.buffer = b""
        self.next_id = 0
        self.events = []
        self.dialogs = []
        self.session = None

    def close(self):
        try:
            self.send("Browser.close", {}, session=False, wait=False)
        except Exception:
            pass
        try:
            self.process.wait(timeout=5)
        except subprocess.TimeoutExpired:
            self.process.kill()
            self.process.wait()
        shutil.rmtree(self.profile, ignore_errors=True)

    def read_message(self, deadline):
        while b"\0" not in self.buffer:
            left = deadline - time.monotonic()
            if left <= 0:
                raise RuntimeError("chromium did not answer within %d s" % TIMEOUT)
            ready, _, _ = select.select([self.from_chrome], [], [], left)
            if not ready:
                continue
            chunk = os.read(self.from_chrome, 1 << 20)
            if not chunk:
                raise RuntimeError("chromium went away")
            self.buffer += chunk
        message, self.buffer = self.buffer.split(b"\0", 1)
        return json.loads(message)

    def handle_event(self, message):
        if message.get("method") == "Page.javascriptDialogOpening":
            self.dialogs.append(message["params"].get("message", ""))
            self.send("Page.handleJavaScriptDialog", {"accept": False}, wait=False)
        else:
            self.events.append(message)

    def send(self, method, params, session=True, wait=True):
        self.next_id += 1
        message = {"id": self.next_id, "method": method, "params": params}
        if session and self.session:
            message["sessionId"] = self.session
        data = json.dumps(message).encode() + b"\0"
        while data:
            written = os.write(self.to_chrome, data)
            data = data[written:]
        if not wait:
            return None
        want = self.next_id
        deadline = time.monotonic() + TIMEOUT
        while True:
            reply = self.read_message(deadline)
            if reply.get("id") == want:
                if "error" in reply:
                    raise RuntimeError("%s: %s" % (method, reply["error"].get("message")))
                return reply.get("result", {})
            if "method" in reply:
                self.handle_event(reply)

    def wait_event(self, method):
        deadline = time.monotonic() + TIMEOUT
        for k, event in enumerate(self.events):
            if event.get("method") == method:
                del self.events[k]
                return event
        while True:
            message = self.read_message(deadline)
            if message.get("method") == method:
                return message
            if "method" in message:
                self.handle_event(message)

    def open(self, url, width, height):
        if self.session is None:
            target = self.send("Target.createTarget", {"url": "about:blank"}, session=False)
            attached = self.send("Target.attachToTarget", {"targetId": target["targetId"], "flatten": True},
                                 session=False)
            self.session = attached["sessionId"]
            self.send("Page.enable", {})
            self.send("Runtime.enable", {})
        self.send("Emulation.setDeviceMetricsOverride",
                  {"width": width, "height": height, "deviceScaleFactor": 1, "mobile": False})
        self.events = [e for e in self.events if e.get("method") != "Page.loadEventFired"]
        result = self.send("Page.navigate", {"url": url})
        if result.get("errorText"):
            raise RuntimeError("cannot open %s: %s" % (url, result["errorText"]))
        self.wait_event("Page.loadEventFired")

    def evaluate(self, js):
        result = self.send("Runtime.evaluate", {"expression": js, "returnByValue": True, "awaitPromise": True})
        if "exceptionDetails" in result:
            details = result["exceptionDetails"]
            text = details.get("exception", {}).get("description") or details.get("text")
            raise RuntimeError("script failed: %s" % text)
        return result.get("result", {}).get("value")

    def screenshot(self, path):
        import base64
        shot = self.send("Page.captureScreenshot", {"format": "png"})
        with open(path, "wb") as f:
            f.write(base64.b64decode(shot["data"]))


def main():
    try:
        browser = Browser()
    except Exception as error:
        print(json.dumps({"ok": False, "error": str(error)}), flush=True)
        return 1
    try:
        for line in sys.stdin:
            if not line.strip():
                continue
            request = json.loads(line)
            try:
                op = request["op"]
                if op == "open":
                    browser.open(request["url"], request.get("width", 1200), request.get("height", 1000))
                    reply = {"ok": True}
                elif op == "eval":
                    reply = {"ok": True, "value": browser.evaluate(request["js"])}
                elif op == "screenshot":
                    browser.screenshot(request["path"])
                    reply = {"ok": True}
                elif op == "dialogs":
                    reply = {"ok": True, "value": browser.dialogs}
                else:
                    reply = {"ok": False, "error": "unknown op " + op}
            except Exception as error:
                reply = {"ok": False, "error": str(error)}
            print(json.dumps(reply), flush=True)
    finally:
        browser.close()
    return 0


if __name__ == "__main__":
    sys.exit(main())
