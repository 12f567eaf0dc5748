import Foundation

/// Headless Chromium driven through its DevTools protocol by
/// `browser_driver.py`: pages opened, scripts evaluated in them, PNGs of
/// them. Every wait of the driver is bounded (20 s).
///
/// Without Chromium the first request fails with a message saying to run
/// `scripts/install-deps`: a test that needs the browser fails rather than
/// being skipped.
public final class Browser: @unchecked Sendable {
    private let process = Process()
    private let input = Pipe()
    private let output = Pipe()
    private var buffer = Data()

    public init() throws {
        let driver = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("browser_driver.py")
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["python3", driver.path]
        process.standardInput = input
        process.standardOutput = output
        try process.run()
    }

    deinit { close() }

    /// Ends the browser (and its driver).
    public func close() {
        guard process.isRunning else { return }
        try? input.fileHandleForWriting.close()
        process.waitUntilExit()
    }

    /// Opens `url` in the tab (`width` × `height` at scale 1) and waits for its load event.
    public func open(_ url: String, width: Int = 1200, height: Int = 1000) throws {
        _ = try request(["op": "open", "url": url, "width": width, "height": height])
    }

    /// `script`'s value in the page (a promise is awaited), as JSON values.
    @discardableResult
    public func evaluate(_ script: String) throws -> Any? {
        try request(["op": "eval", "js": script])
    }

    /// A PNG of the tab's viewport.
    public func screenshot(to path: String) throws {
        _ = try request(["op": "screenshot", "path": path])
    }

    /// The messages of every alert, confirm or prompt a page opened.
    public func dialogs() throws -> [String] {
        (try request(["op": "dialogs"]) as? [String]) ?? []
    }

    private func request(_ message: [String: Any]) throws -> Any? {
        var line = try JSONSerialization.data(withJSONObject: message)
        line.append(UInt8(ascii: "\n"))
        try input.fileHandleForWriting.write(contentsOf: line)
        while !buffer.contains(UInt8(ascii: "\n")) {
            let chunk = output.fileHandleForReading.availableData
            if chunk.isEmpty { throw BrowserError("the browser driver went away (is python3 installed? run scripts/install-deps)") }
            buffer += chunk
        }
        let end = buffer.firstIndex(of: UInt8(ascii: "\n"))!
        let replyLine = buffer[buffer.startIndex..<end]
        buffer = Data(buffer[buffer.index(after: end)...])
        guard let reply = try JSONSerialization.jsonObject(with: replyLine, options: [.fragmentsAllowed]) as? [String: Any] else {
            throw BrowserError("the browser driver wrote something else than a reply")
        }
        guard reply["ok"] as? Bool == true else { throw BrowserError(reply["error"] as? String ?? "the browser failed") }
        return reply["value"]
    }
}

public struct BrowserError: Error, CustomStringConvertible {
    public let description: String
    public init(_ description: String) { self.description = description }
}
