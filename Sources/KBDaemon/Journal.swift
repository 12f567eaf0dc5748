#if canImport(Glibc)
import Glibc
#endif
import Dispatch
import Foundation
import KBShell

/// `syncfs(2)`: flushes every file of the filesystem holding `fd`.
@_silgen_name("syncfs")
private func syncfs(_ fd: Int32) -> Int32

/// Makes journal records durable for all sessions at once (group commit):
/// one `syncfs` of the journals' filesystem covers every record any session
/// wrote before it, so concurrent sessions share the wait for the disk
/// instead of queueing one `fsync` each. It runs on a queue of its own, off
/// the threads the sessions run on.
final class JournalSync: @unchecked Sendable {
    static let shared = JournalSync()
    private let lock = NSLock()
    private var written = 0
    private var synced = 0
    private let queue = DispatchQueue(label: "kbplay.journal.sync")

    /// Counts a record written; its ticket for ``sync(through:fd:)``.
    func wrote() -> Int {
        lock.lock()
        defer { lock.unlock() }
        written += 1
        return written
    }

    /// Returns once the record with `ticket`, and every one written before
    /// it by any session, is on disk. `file` keeps the descriptor open.
    func sync(through ticket: Int, file: JournalFile) async throws {
        try await withCheckedThrowingContinuation { (done: CheckedContinuation<Void, Error>) in
            queue.async {
                self.lock.lock()
                let already = self.synced >= ticket
                let target = self.written
                self.lock.unlock()
                if already { return done.resume() }
                // A filesystem that cannot syncfs still has fsync.
                guard syncfs(file.fd) == 0 || fsync(file.fd) == 0 else {
                    return done.resume(throwing: DaemonIOError("cannot sync \(file.path): \(String(cString: strerror(errno)))"))
                }
                self.lock.lock()
                self.synced = max(self.synced, target)
                self.lock.unlock()
                done.resume()
            }
        }
    }
}

/// An open journal file, closed when the last user lets go of it, so a sync
/// still under way after compaction never touches a reused descriptor.
final class JournalFile: @unchecked Sendable {
    let fd: Int32
    let path: String

    init(fd: Int32, path: String) {
        self.fd = fd
        self.path = path
    }

    deinit { Glibc.close(fd) }

    /// Returns once the record with `ticket` is on disk.
    func sync(through ticket: Int) async throws {
        try await JournalSync.shared.sync(through: ticket, file: self)
    }
}

/// A session's durable record: `DIR/.journal/NAME.journal`, one JSON object
/// per line. The first line may be a snapshot (`{"snapshot": "<session
/// file>"}`); every other line is a command that was acknowledged
/// (`{"seq": n, "client": "…", "command": "…"}`). Each command is written
/// and synced (``JournalSync``) before its reply is sent; compaction replaces the file
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
        guard let text = try FileIO.read(path) else { return nil }
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
        try FileIO.writeAll(file!.fd, line, path: path)
        entries += 1
        return (file!, JournalSync.shared.wrote())
    }

    /// Replaces the journal with one snapshot line, atomically.
    mutating func compact(snapshot: String) throws {
        close()
        let line = JSON.object(["snapshot": .string(snapshot)]).text + "\n"
        try FileIO.atomicWrite(path, line)
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
