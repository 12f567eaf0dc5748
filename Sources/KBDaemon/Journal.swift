#if canImport(Glibc)
import Glibc
#endif
import Dispatch
import Foundation
import KBShell

/// An open journal file. It is closed when the last user lets go of it, so a
/// sync still under way after compaction never touches a reused descriptor.
/// Syncs run on a queue of the file's own, off the threads sessions run on:
/// while one session waits for the disk, the others go on, and one `fsync`
/// covers every record written before it.
final class JournalFile: @unchecked Sendable {
    let fd: Int32
    let path: String
    private let lock = NSLock()
    private var written = 0
    private var synced = 0
    private let queue: DispatchQueue

    init(fd: Int32, path: String) {
        self.fd = fd
        self.path = path
        queue = DispatchQueue(label: "kbplay.journal")
    }

    deinit { Glibc.close(fd) }

    /// Counts a record written; its ticket for ``sync(through:)``.
    func wrote() -> Int {
        lock.lock()
        defer { lock.unlock() }
        written += 1
        return written
    }

    /// Returns once the record with `ticket`, and every one before it, is on disk.
    func sync(through ticket: Int) async throws {
        try await withCheckedThrowingContinuation { (done: CheckedContinuation<Void, Error>) in
            queue.async {
                self.lock.lock()
                let already = self.synced >= ticket
                let target = self.written
                self.lock.unlock()
                if already { return done.resume() }
                guard fsync(self.fd) == 0 else {
                    return done.resume(throwing: DaemonIOError("cannot sync \(self.path): \(String(cString: strerror(errno)))"))
                }
                self.lock.lock()
                self.synced = max(self.synced, target)
                self.lock.unlock()
                done.resume()
            }
        }
    }
}

/// A session's durable record: `DIR/.journal/NAME.journal`, one JSON object
/// per line. The first line may be a snapshot (`{"snapshot": "<session
/// file>"}`); every other line is a command that was acknowledged
/// (`{"seq": n, "client": "…", "command": "…"}`). Each command is written
/// and fsync'ed before its reply is sent; compaction replaces the file
/// atomically with a single snapshot line.
struct Journal {
    let directory: String
    let name: String
    private var file: JournalFile?
    private(set) var entries = 0

    var path: String { "\(directory)/\(name).journal" }

    init(directory: String, name: String) {
        self.directory = directory
        self.name = name
    }

    /// The snapshot text and the commands after it, if the journal exists.
    /// A torn last line (a crash mid-write) is ignored: it was never
    /// acknowledged.
    static func read(directory: String, name: String) throws -> (snapshot: String?, commands: [String])? {
        let path = "\(directory)/\(name).journal"
        guard let text = try readFile(path) else { return nil }
        var snapshot: String?
        var commands: [String] = []
        for line in text.split(separator: "\n", omittingEmptySubsequences: true) {
            guard let json = try? JSONReader.parse(String(line)) else { continue }
            if let s = json["snapshot"]?.stringValue {
                snapshot = s
                commands = []
            } else if let c = json["command"]?.stringValue {
                commands.append(c)
            }
        }
        return (snapshot, commands)
    }

    /// Writes one command; it is durable once the returned file's
    /// ``JournalFile/sync(through:)`` with the returned ticket returns.
    mutating func write(_ command: String, client: String, seq: Int) throws -> (JournalFile, Int) {
        if file == nil {
            let fd = open(path, O_WRONLY | O_CREAT | O_APPEND | O_CLOEXEC, 0o600)
            guard fd >= 0 else { throw DaemonIOError("cannot open \(path): \(String(cString: strerror(errno)))") }
            file = JournalFile(fd: fd, path: path)
        }
        let line = JSON.object(["seq": .number(Double(seq)), "client": .string(client), "command": .string(command)]).text + "\n"
        try writeAll(file!.fd, line, path: path)
        entries += 1
        return (file!, file!.wrote())
    }

    /// Replaces the journal with one snapshot line, atomically.
    mutating func compact(snapshot: String) throws {
        close()
        let line = JSON.object(["snapshot": .string(snapshot)]).text + "\n"
        try atomicWrite(path, line)
        entries = 0
    }

    mutating func close() {
        file = nil
    }
}

struct DaemonIOError: Error, CustomStringConvertible {
    var description: String
    init(_ description: String) { self.description = description }
}

func readFile(_ path: String) throws -> String? {
    do { return try FileIO.read(path) } catch { throw DaemonIOError(error.description) }
}

func writeAll(_ fd: Int32, _ text: String, path: String) throws {
    do { try FileIO.writeAll(fd, text, path: path) } catch { throw DaemonIOError(error.description) }
}

func atomicWrite(_ path: String, _ text: String) throws {
    do { try FileIO.atomicWrite(path, text) } catch { throw DaemonIOError(error.description) }
}
