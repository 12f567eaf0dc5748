#if canImport(Glibc)
import Glibc
#endif
import Dispatch
import Foundation
import KBShell
import NIOCore

/// `syncfs(2)`: flushes every file of the filesystem holding `fd`.
@_silgen_name("syncfs")
private func syncfs(_ fd: Int32) -> Int32

/// Makes journal records durable for all sessions of a daemon at once
/// (group commit): one `syncfs` of the journals' filesystem covers every
/// record any session wrote before it, so concurrent sessions share the
/// wait for the disk instead of queueing one `fsync` each.
///
/// A session that wants its record on disk registers as a waiter; one sync
/// at a time runs on a queue of its own (off the threads the sessions run
/// on) and, when it ends, releases every waiter whose record it covered.
/// Waiters that arrive while a sync runs are served together by the next
/// one. A record already covered by a finished sync returns at once.
final class JournalSync: @unchecked Sendable {
    private struct Waiter {
        var ticket: Int
        var file: JournalFile
        var done: @Sendable ((any Error)?) -> Void
    }

    private let lock = NSLock()
    /// Records written (each counted after its `write` returned).
    private var written = 0
    /// Every record up to this count is on disk.
    private var synced = 0
    private var waiters: [Waiter] = []
    private var syncing = false
    private let queue = DispatchQueue(label: "kbplay.journal.sync")

    /// Counts a record written; its ticket for ``sync(through:file:)``.
    func wrote() -> Int {
        lock.lock()
        defer { lock.unlock() }
        written += 1
        return written
    }

    /// Calls `done` once the record with `ticket`, and every one written
    /// before it by any session, is on disk: at once, on the calling
    /// thread, if a finished sync covered it, else on the sync's thread.
    /// `file` holds the record and keeps its descriptor open.
    func whenSynced(through ticket: Int, file: JournalFile, _ done: @escaping @Sendable ((any Error)?) -> Void) {
        lock.lock()
        if synced >= ticket {
            lock.unlock()
            return done(nil)
        }
        waiters.append(Waiter(ticket: ticket, file: file, done: done))
        let start = !syncing
        syncing = true
        lock.unlock()
        if start { queue.async { self.drain() } }
    }

    /// Syncs until nobody waits.
    private func drain() {
        while true {
            lock.lock()
            guard !waiters.isEmpty else {
                syncing = false
                lock.unlock()
                return
            }
            let batch = waiters
            waiters = []
            // Every waiter's record was counted before it waited, so this
            // sync covers all of them, and every record counted so far.
            let target = written
            lock.unlock()
            if syncfs(batch[0].file.fd) == 0 {
                lock.lock()
                synced = max(synced, target)
                lock.unlock()
                for waiter in batch { waiter.done(nil) }
            } else {
                // A filesystem that cannot syncfs still has fsync: each
                // waiter's own file, once per file. Records of sessions not
                // waiting yet are not covered, so `synced` stays.
                var outcome: [ObjectIdentifier: Int32] = [:]
                for waiter in batch {
                    let key = ObjectIdentifier(waiter.file)
                    let error: Int32
                    if let known = outcome[key] {
                        error = known
                    } else {
                        error = fsync(waiter.file.fd) == 0 ? 0 : errno
                        outcome[key] = error
                    }
                    waiter.done(error == 0 ? nil : DaemonIOError("cannot sync \(waiter.file.path): \(String(cString: strerror(error)))"))
                }
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
    /// The group commit of every journal in `directory`.
    let syncer: JournalSync
    private var file: JournalFile?
    private(set) var entries = 0

    var path: String { "\(directory)/\(name).journal" }

    init(directory: String, name: String, syncer: JournalSync) {
        self.directory = directory
        self.name = name
        self.syncer = syncer
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

    /// Writes one command; it is durable once ``PendingSync/wait()`` on
    /// the result returns.
    mutating func write(_ command: String, client: String, seq: Int) throws -> PendingSync {
        if file == nil {
            let fd = open(path, O_WRONLY | O_CREAT | O_APPEND | O_CLOEXEC, 0o600)
            guard fd >= 0 else { throw DaemonIOError("cannot open \(path): \(String(cString: strerror(errno)))") }
            file = JournalFile(fd: fd, path: path)
        }
        // {"client": …, "command": …, "seq": n}: the keys in JSON.text's order.
        var line = ByteBuffer()
        line.reserveCapacity(command.utf8.count + client.utf8.count + 48)
        line.writeStaticString("{\"client\": ")
        JSONBytes.writeString(client, to: &line)
        line.writeStaticString(", \"command\": ")
        JSONBytes.writeString(command, to: &line)
        line.writeStaticString(", \"seq\": ")
        JSONBytes.write(.number(Double(seq)), to: &line)
        line.writeStaticString("}\n")
        let fd = file!.fd
        do {
            try line.withUnsafeReadableBytes { try FileIO.writeAll(fd, $0, path: path) }
        } catch {
            throw DaemonIOError("\(error)")
        }
        entries += 1
        return PendingSync(file: file!, ticket: syncer.wrote(), syncer: syncer)
    }

    /// Replaces the journal with one snapshot line, atomically.
    mutating func compact(snapshot: String) throws {
        try Self.writeSnapshot(snapshot, directory: directory, name: name)
        replaced()
    }

    /// Replaces the journal `NAME` with one snapshot line, atomically (the
    /// file is synced before it takes the journal's place). A host that
    /// does this off its own thread calls ``replaced()`` after.
    static func writeSnapshot(_ snapshot: String, directory: String, name: String) throws {
        let line = JSON.object(["snapshot": .string(snapshot)]).text + "\n"
        try FileIO.atomicWrite("\(directory)/\(name).journal", line)
    }

    /// The file was replaced with a snapshot: later records go to the new one.
    mutating func replaced() {
        close()
        entries = 0
    }

    /// The snapshot could not be written: the journal grows on, and
    /// compaction is tried again after as many records.
    mutating func postponeCompaction() {
        entries = 0
    }

    mutating func close() {
        file = nil
    }
}

/// A journal record written but maybe not yet on disk.
struct PendingSync: Sendable {
    let file: JournalFile
    let ticket: Int
    let syncer: JournalSync

    /// Calls `done` once the record is on disk, or with the error if it
    /// could not be synced.
    func whenDurable(_ done: @escaping @Sendable ((any Error)?) -> Void) {
        syncer.whenSynced(through: ticket, file: file, done)
    }
}

struct DaemonIOError: Error, CustomStringConvertible {
    var description: String
    init(_ description: String) { self.description = description }
}
