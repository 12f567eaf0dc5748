import Foundation

/// The built `kbplay` executable, as the test targets run it: through a
/// pipe, beside a daemon, or at a pseudo-terminal.
public enum Kbplay {
    /// `kbplay` sits beside the test bundle in the build folder, whatever
    /// the scratch path; `KBPLAY_BINARY` overrides.
    public static let binary: URL = {
        if let path = ProcessInfo.processInfo.environment["KBPLAY_BINARY"], !path.isEmpty {
            return URL(fileURLWithPath: path)
        }
        var dir = URL(fileURLWithPath: CommandLine.arguments[0]).resolvingSymlinksInPath().deletingLastPathComponent()
        for _ in 0..<4 {
            let candidate = dir.appendingPathComponent("kbplay")
            if FileManager.default.isExecutableFile(atPath: candidate.path) { return candidate }
            dir = dir.deletingLastPathComponent()
        }
        return root.appendingPathComponent(".build/debug/kbplay")
    }()

    /// The repository's `docs/` folder (the pictures of docs/daemon.md).
    public static var docs: String { root.appendingPathComponent("docs").path }

    /// The repository's folder.
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()
}

/// A program run at a real pseudo-terminal, driven step by step as a person
/// at a keyboard would drive it, by `pty_driver.py` (Python's pty module):
/// `["send", keys]`, `["expect", text]` (within 10 s), and `["shell",
/// command]` (run to its end while the program waits).
public enum PseudoTerminal {
    /// Runs `arguments[0]` with the rest as its arguments through `steps`,
    /// with `TERM=xterm` and `environment` on top of the test's own.
    /// `ok`: every expected text appeared and the program ended; `screen`:
    /// everything it wrote.
    public static func run(_ steps: [[String]], _ arguments: [String],
                           environment: [String: String] = [:]) throws -> (ok: Bool, screen: String) {
        let driver = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("pty_driver.py")
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        let stepsJSON = String(decoding: try JSONSerialization.data(withJSONObject: steps), as: UTF8.self)
        process.arguments = ["python3", driver.path, stepsJSON, "--"] + arguments
        var merged = ProcessInfo.processInfo.environment
        merged["TERM"] = "xterm"
        for (key, value) in environment { merged[key] = value }
        process.environment = merged
        let out = Pipe()
        process.standardOutput = out
        try process.run()
        let data = out.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return (process.terminationStatus == 0, String(decoding: data, as: UTF8.self))
    }
}

/// Folders for one test each, all inside one folder of this test run
/// (`kbplay-tests-PID` in the temporary directory), which is removed when
/// the run ends: the suite leaves nothing behind.
public enum TemporaryFolder {
    private static var rootPath: String { NSTemporaryDirectory() + "kbplay-tests-\(getpid())" }
    /// ``rootPath``, made on first use and removed at exit.
    private static let root: String = {
        try? FileManager.default.createDirectory(atPath: rootPath, withIntermediateDirectories: true)
        atexit { try? FileManager.default.removeItem(atPath: TemporaryFolder.rootPath) }
        return rootPath
    }()

    /// A new empty folder, `ROOT/PREFIX-XXXXXXXX`.
    public static func make(_ prefix: String) -> String {
        let path = root + "/\(prefix)-\(UUID().uuidString.prefix(8))"
        try? FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        return path
    }
}

/// Runs blocking work on a thread of its own and waits for it without
/// holding one of the cooperative pool's threads.
public func offPool<T: Sendable>(_ work: @escaping @Sendable () throws -> T) async throws -> T {
    try await withCheckedThrowingContinuation { continuation in
        let thread = Thread {
            do { continuation.resume(returning: try work()) } catch { continuation.resume(throwing: error) }
        }
        thread.start()
    }
}
