#if canImport(Glibc)
import Glibc
#endif
import Dispatch
import Foundation
import KBShell
import NIOCore
import NIOPosix
import Synchronization

/// `syncfs(2)`: flushes every file of the filesystem holding `fd`.
@_silgen_name("syncfs")
private func syncfs(_ fd: Int32) -> Int32

/// Makes journal records durable before their replies go out.
///
/// Records written on an event loop are synced together at the end of the
/// loop's tick (group commit), on that loop: once every request that was
/// ready has been carried out, one sync covers them all, and their replies
/// go out after it. Records of one file need that file's `fdatasync`;
/// records of two files or more share one `syncfs` of the journals'
/// filesystem, which also covers every record written before it began, on
/// any loop. Syncing on the loop itself costs no thread hop, so a reply
/// waits for the disk and nothing else.
///
/// `syncfs` writes whatever other programs left unwritten on that
/// filesystem too, so it is not started while the system holds much
/// unwritten data (read at most every few milliseconds); files are synced
/// one by one instead. A `syncfs` that fails is followed by each file's
/// own sync, which says which file could not be synced.
///
/// Records written off the event loops (a session resuming after its
/// journal was compacted) are synced right away, on the calling thread.
final class JournalSync: Sendable {
    typealias Done = @Sendable ((any Error)?) -> Void

    /// How a file, or the filesystem holding it, reaches the disk: `0`, or
    /// the `errno` of the failure; and how much data the system holds
    /// unwritten (nil: unknown).
    struct Disk: Sendable {
        var syncFile: @Sendable (Int32) -> Int32
        var syncFilesystem: @Sendable (Int32) -> Int32
        var unwrittenBytes: @Sendable () -> Int?

        static let system = Disk(syncFile: { fdatasync($0) == 0 ? 0 : errno },
                                 syncFilesystem: { syncfs($0) == 0 ? 0 : errno },
                                 unwrittenBytes: { systemDirtyBytes() })

        /// `Dirty:` plus `Writeback:` of /proc/meminfo: data written to
        /// files, by any program, that is not on disk yet.
        static func systemDirtyBytes() -> Int? {
            let fd = open("/proc/meminfo", O_RDONLY | O_CLOEXEC)
            guard fd >= 0 else { return nil }
            defer { close(fd) }
            return withUnsafeTemporaryAllocation(of: UInt8.self, capacity: 16384) { buffer -> Int? in
                var length = 0
                while length < buffer.count {
                    let n = read(fd, buffer.baseAddress! + length, buffer.count - length)
                    if n < 0 && errno == EINTR { continue }
                    guard n > 0 else { break }
                    length += n
                }
                return dirtyBytes(meminfo: UnsafeBufferPointer(rebasing: buffer[..<length]))
            }
        }

        /// `Dirty:` plus `Writeback:` (in kB) of a /proc/meminfo text, in
        /// bytes; nil unless both are there.
        static func dirtyBytes(meminfo text: UnsafeBufferPointer<UInt8>) -> Int? {
            var total = 0
            var found = 0
            var start = 0
            while start < text.count {
                let end = text[start...].firstIndex(of: UInt8(ascii: "\n")) ?? text.count
                let line = text[start..<end]
                start = end + 1
                guard line.starts(with: "Dirty:".utf8) || line.starts(with: "Writeback:".utf8),
                      let colon = line.firstIndex(of: UInt8(ascii: ":")) else { continue }
                var kilobytes = 0
                var digits = 0
                for byte in line[(colon + 1)...] where byte != UInt8(ascii: " ") {
                    guard byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9") else { break }
                    kilobytes = kilobytes * 10 + Int(byte - UInt8(ascii: "0"))
                    digits += 1
                }
                guard digits > 0 else { return nil }
                total += kilobytes * 1024
                found += 1
            }
            return found == 2 ? total : nil
        }
    }

    struct Tuning: Sendable {
        /// Files with records to sync that make one `syncfs` worth more
        /// than their own syncs.
        var groupCommit = 2
        /// Unwritten data on the system above which `syncfs` is not
        /// started: it would write all of it (other programs' too) before
        /// any record it covers counted as synced.
        var dirtyLimit = 32 << 20
        /// How long a reading of the unwritten data holds, in nanoseconds.
        var dirtyCheck: UInt64 = 5_000_000
    }

    /// A record waiting for a sync.
    private struct Record {
        let file: JournalFile
        let ticket: Int
        let done: Done
    }

    private struct State {
        /// Records written (each counted after its `write` returned).
        var written = 0
        /// Every record up to this count is on disk (a `syncfs` covered it).
        var synced = 0
        /// Each event loop's records of its current tick.
        var ticks: [ObjectIdentifier: [Record]] = [:]
        /// Until then, the last reading of the unwritten data holds.
        var dirtyCheckedUntil: UInt64 = 0
        var fewUnwritten = true
    }

    private let disk: Disk
    private let tuning: Tuning
    private let state = Mutex(State())

    init(disk: Disk = .system, tuning: Tuning = Tuning()) {
        self.disk = disk
        self.tuning = tuning
    }

    /// Counts a record written; its ticket for ``whenSynced(through:file:_:)``.
    func wrote() -> Int {
        state.withLock { state in
            state.written += 1
            return state.written
        }
    }

    /// Calls `done` once the record with `ticket`, written to `file`, is on
    /// disk, or with the error if it could not be synced: at once if a
    /// `syncfs` that started after the record was written has finished;
    /// at the end of the tick on an event loop; else after syncing its
    /// file on the calling thread.
    func whenSynced(through ticket: Int, file: JournalFile, _ done: @escaping Done) {
        let record = Record(file: file, ticket: ticket, done: done)
        guard let loop = MultiThreadedEventLoopGroup.currentEventLoop else { return sync([record]) }
        let key = ObjectIdentifier(loop)
        enum Next { case released, joined, startsTick }
        let next = state.withLock { state -> Next in
            if state.synced >= ticket { return .released }
            if state.ticks[key] != nil {
                state.ticks[key]!.append(record)
                return .joined
            }
            state.ticks[key] = [record]
            return .startsTick
        }
        switch next {
        case .released: done(nil)
        case .joined: break
        case .startsTick:
            // Tasks run after the loop has handled every ready channel, so
            // this one syncs all the records this tick writes.
            loop.execute {
                let records = self.state.withLock { $0.ticks.removeValue(forKey: key) } ?? []
                self.sync(records)
            }
        }
    }

    /// Syncs `records` and releases each once, on this thread.
    private func sync(_ records: [Record]) {
        let (covered, pending, target, checkDirty) = state.withLock { state in
            let covered = records.filter { $0.ticket <= state.synced }
            let pending = records.filter { $0.ticket > state.synced }
            return (covered, pending, state.written, DispatchTime.now().uptimeNanoseconds >= state.dirtyCheckedUntil)
        }
        for record in covered { record.done(nil) }
        var files: [JournalFile] = []
        for record in pending where !files.contains(where: { $0 === record.file }) {
            files.append(record.file)
        }
        guard !files.isEmpty else { return }
        if files.count >= tuning.groupCommit, fewUnwritten(read: checkDirty),
           disk.syncFilesystem(files[0].fd) == 0 {
            state.withLock { $0.synced = max($0.synced, target) }
            for record in pending { record.done(nil) }
            return
        }
        for file in files {
            let error = disk.syncFile(file.fd)
            let failure = error == 0 ? nil : DaemonIOError("cannot sync \(file.path): \(String(cString: strerror(error)))")
            for record in pending where record.file === file { record.done(failure) }
        }
    }

    /// Whether the system holds little enough unwritten data for a
    /// `syncfs` to be quick: the last reading, or a new one if it is old.
    private func fewUnwritten(read: Bool) -> Bool {
        guard read else { return state.withLock { $0.fewUnwritten } }
        let few = disk.unwrittenBytes().map { $0 <= tuning.dirtyLimit } ?? true
        let until = DispatchTime.now().uptimeNanoseconds + tuning.dirtyCheck
        state.withLock { state in
            state.fewUnwritten = few
            state.dirtyCheckedUntil = until
        }
        return few
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
