#if canImport(Glibc)
import Glibc
#endif
import Dispatch
import Foundation
import KBShell
import NIOCore
import NIOPosix

/// `syncfs(2)`: flushes every file of the filesystem holding `fd`.
@_silgen_name("syncfs")
private func syncfs(_ fd: Int32) -> Int32

/// What the journal's group commit calls: `syncfs(2)` of the filesystem
/// holding `fd`; 0, or -1 with `errno` set.
public func syncFilesystem(_ fd: Int32) -> Int32 {
    syncfs(fd)
}

/// Data written to files, by any program, that is not on disk yet: what a
/// `syncfs` would have to write before it returns.
public enum UnwrittenData {
    /// Above this much, the daemon does not start a `syncfs` (its journals
    /// are synced file by file).
    public static let syncfsLimit = 32 << 20

    /// `Dirty:` plus `Writeback:` of /proc/meminfo: data written to
    /// files, by any program, that is not on disk yet.
    public static func systemBytes() -> Int? {
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

/// Makes journal records durable before their replies go out, on threads
/// of its own (off the threads the sessions run on).
///
/// With a ``CommitLog`` (``use(_:)``), every record written since the
/// last sync goes into it in one write and one `fdatasync`, and the
/// journals are not synced one by one; what follows is how journals are
/// synced without one (the log could not be made, or a write to it failed).
///
/// Records written on an event loop are handed over together at the end
/// of the loop's tick, once every request that was ready has been carried
/// out: one hand-over, and at most one thread woken, per tick rather than
/// per record. The loop goes on with other clients while they sync.
///
/// One sync runs at a time. A record alone gets its own file's `fdatasync`;
/// a record whose file already has a sync queued (not started) joins it,
/// since that sync starts after the record was written. Records that queue
/// up behind a running sync share one `syncfs` of the journals' filesystem
/// (group commit), which also covers every record counted before it began.
///
/// `syncfs` writes whatever other programs left unwritten on that
/// filesystem too, so it is not started while the system holds much
/// unwritten data, and it gets a deadline: if it has not returned by then,
/// its records go to their files' own syncs. In both cases `syncfs` pauses
/// and files sync side by side, on up to `threads` threads: for a second
/// when other programs' data is the cause, for a moment when it is not (the
/// disk stalled, and would stall file syncs as much). A record is released
/// once, by whichever sync covers it first.
final class JournalSync: @unchecked Sendable {
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
                                 unwrittenBytes: { UnwrittenData.systemBytes() })
    }

    /// Where the syncer reads the time and waits for it: the system's
    /// monotonic clock, or a test's, which moves only when the test moves
    /// it (so a test drives a deadline or a pause instead of sleeping).
    struct Clock: Sendable {
        /// Now, in nanoseconds of a monotonic clock.
        var now: @Sendable () -> UInt64
        /// Waits until `now()` has reached the given time, or less long:
        /// callers look at the time again after.
        var sleep: @Sendable (_ until: UInt64) -> Void

        /// `DispatchTime`'s clock; a sleep lasts a second at most.
        static let system = Clock(now: { DispatchTime.now().uptimeNanoseconds }, sleep: { until in
            let now = DispatchTime.now().uptimeNanoseconds
            if now < until { usleep(UInt32(min((until - now) / 1000, 1_000_000))) }
        })
    }

    struct Tuning: Sendable {
        /// Threads syncing files side by side, at most.
        var threads = 8
        /// Queued records that make one `syncfs` worth more than their
        /// files' own syncs.
        var groupCommit = 2
        /// How long a `syncfs` may take before its records are synced file
        /// by file.
        var deadline: DispatchTimeInterval = .milliseconds(4)
        /// How long `syncfs` is left alone after it failed, or missed its
        /// deadline while the system held much unwritten data (other
        /// programs' writes that it would go on writing first).
        var pause: DispatchTimeInterval = .seconds(1)
        /// How long `syncfs` is left alone after it missed its deadline
        /// while the system held little unwritten data: the disk itself
        /// stalled, files synced one by one wait for it as long, and a
        /// second of them would cost a closed loop of clients more than it
        /// saves.
        var stallPause: DispatchTimeInterval = .milliseconds(50)
        /// Unwritten data on the system above which `syncfs` is not
        /// started: it would write all of it (other programs' too) before
        /// any record it covers counted as synced.
        var dirtyLimit = UnwrittenData.syncfsLimit
        /// How long a reading of the unwritten data holds.
        var dirtyCheck: DispatchTimeInterval = .milliseconds(50)
    }

    /// Records waiting for one sync of their file (guarded by the lock). A
    /// job is queued (and the only one of its file in `queuedByFile`) until
    /// a thread takes it, alone or in a `syncfs` batch.
    private final class Job: @unchecked Sendable {
        let file: JournalFile
        var done: [Done]
        /// Released, or handed over to a later sync of the file.
        var finished = false
        init(file: JournalFile, done: [Done]) {
            self.file = file
            self.done = done
        }
    }

    private let disk: Disk
    private let tuning: Tuning
    private let clock: Clock
    private let condition = NSCondition()
    /// Jobs not started yet, oldest first.
    private var queued: [Job] = []
    private var queuedByFile: [ObjectIdentifier: Job] = [:]
    /// Each event loop's records of its current tick, not yet handed over.
    private var ticks: [ObjectIdentifier: [(ticket: Int, file: JournalFile, done: Done)]] = [:]
    /// Where records become durable, while it works (see ``CommitLog``);
    /// without it, or once it failed, the journals are synced themselves.
    private var log: CommitLog?
    /// Records written and not yet in the log, in the order they were
    /// written (each counted in `written` as it joined).
    private var unlogged: [CommitLog.Record] = []
    private var threads = 0
    private var idle = 0
    /// Syncs under way.
    private var running = 0
    /// Counts `syncfs` calls; the one running, if `syncfsRunning`.
    private var syncfsCount = 0
    private var syncfsRunning = false
    /// The running `syncfs`'s records, and when it is due.
    private var syncfsBatch: [Job] = []
    private var syncfsDue = DispatchTime(uptimeNanoseconds: 0)
    private var watchdogStarted = false
    private var watchdogParked = false
    private let watchdogWake = DispatchSemaphore(value: 0)
    private var syncfsPausedUntil = DispatchTime(uptimeNanoseconds: 0)
    /// Until then, the last reading of the unwritten data said `syncfs` is fine.
    private var dirtyCheckedUntil = DispatchTime(uptimeNanoseconds: 0)
    /// Records written (each counted after its `write` returned).
    private var written = 0
    /// Every record up to this count is on disk (a `syncfs` covered it).
    private var synced = 0

    /// Whether files sync side by side: while `syncfs` is paused.
    private var sideBySide: Bool { now() < syncfsPausedUntil }

    init(disk: Disk = .system, tuning: Tuning = Tuning(), clock: Clock = .system) {
        self.disk = disk
        self.tuning = tuning
        self.clock = clock
    }

    /// The time on the syncer's clock.
    private func now() -> DispatchTime { DispatchTime(uptimeNanoseconds: clock.now()) }

    /// Makes records durable in `log` from now on (until it fails).
    func use(_ log: CommitLog) {
        condition.lock()
        defer { condition.unlock() }
        self.log = log
    }

    /// Counts a record written; its ticket for ``whenSynced(through:file:_:)``.
    /// With a commit log, `record` waits for the next write to it: every
    /// record written before one is in the log with it or before it, as
    /// they are in their journal, whichever reply is asked for first (two
    /// clients of one session, on two event loops).
    func wrote(_ record: CommitLog.Record? = nil) -> Int {
        condition.lock()
        defer { condition.unlock() }
        written += 1
        if log != nil, let record { unlogged.append(record) }
        return written
    }

    /// Calls `done` once the record with `ticket`, written to `file`, is on
    /// disk, or with the error if it could not be synced: at once, on the
    /// calling thread, if a sync that covers it has finished (a write to
    /// the commit log that took it, or a `syncfs` that started after it was
    /// written), else on one of the sync threads. On an event
    /// loop the record is handed over at the end of the tick.
    func whenSynced(through ticket: Int, file: JournalFile, _ done: @escaping Done) {
        condition.lock()
        if synced >= ticket {
            condition.unlock()
            return done(nil)
        }
        guard let loop = MultiThreadedEventLoopGroup.currentEventLoop else {
            defer { condition.unlock() }
            if queue(file, [done]) { wakeOrStartThreads(for: 1) }
            return
        }
        let key = ObjectIdentifier(loop)
        if ticks[key] != nil {
            ticks[key]!.append((ticket, file, done))
            condition.unlock()
            return
        }
        ticks[key] = [(ticket, file, done)]
        condition.unlock()
        // Tasks run after the loop has handled every ready channel.
        loop.execute { self.endTick(key) }
    }

    /// Queues the records of a loop's tick, all at once.
    private func endTick(_ key: ObjectIdentifier) {
        condition.lock()
        let records = ticks.removeValue(forKey: key) ?? []
        var covered: [Done] = []
        var newJobs = 0
        for record in records {
            // A syncfs may have covered it since it was written.
            if synced >= record.ticket {
                covered.append(record.done)
            } else if queue(record.file, [record.done]) {
                newJobs += 1
            }
        }
        wakeOrStartThreads(for: newJobs)
        condition.unlock()
        for done in covered { done(nil) }
    }

    /// Adds records to their file's queued job, or queues a new one (then
    /// true: a thread may be wanted for it). Holds the lock.
    private func queue(_ file: JournalFile, _ done: [Done]) -> Bool {
        if let job = queuedByFile[ObjectIdentifier(file)] {
            job.done += done
            return false
        }
        let job = Job(file: file, done: done)
        queued.append(job)
        queuedByFile[ObjectIdentifier(file)] = job
        return true
    }

    /// Wakes idle threads, or starts new ones, for `jobs` newly queued
    /// jobs: one, unless the sync under way takes them next; while files
    /// sync side by side, one per job. Holds the lock.
    private func wakeOrStartThreads(for jobs: Int) {
        guard jobs > 0, running == 0 || sideBySide else { return }
        var wanted = sideBySide ? jobs : 1
        let woken = min(wanted, idle)
        for _ in 0..<woken { condition.signal() }
        wanted -= woken
        while wanted > 0, threads < tuning.threads {
            threads += 1
            wanted -= 1
            Thread {
                nameThisThread("kbplay-sync")
                self.work()
            }.start()
        }
    }

    /// Runs queued syncs, for as long as the daemon lives. One sync runs
    /// at a time (records queued meanwhile share the next) unless a
    /// `syncfs` missed its deadline lately; then files sync side by side.
    private func work() {
        condition.lock()
        while true {
            while queued.isEmpty || (running > 0 && !sideBySide) {
                idle += 1
                condition.wait()
                idle -= 1
            }
            running += 1
            var released: [(Done, (any Error)?)] = []
            if let log, !sideBySide, !syncfsRunning {
                // Every record written so far in one write to the log, and
                // one sync: the queued ones, and any written since whose
                // loops have not handed them over yet.
                let batch = queued
                let records = unlogged
                let target = written
                queued.removeAll()
                queuedByFile.removeAll()
                unlogged.removeAll()
                condition.unlock()
                let error = records.isEmpty ? 0 : log.append(records)
                condition.lock()
                if error == 0 {
                    // As a `syncfs` would: records handed over later find
                    // themselves covered.
                    synced = max(synced, target)
                } else {
                    // The journals are synced themselves from now on.
                    self.log = nil
                    unlogged.removeAll()
                }
                for job in batch where !job.finished {
                    if error == 0 {
                        release(job, nil, into: &released)
                    } else {
                        handOver(job)
                    }
                }
            } else if queued.count >= tuning.groupCommit, !syncfsRunning, now() >= syncfsPausedUntil, fewUnwritten() {
                let batch = queued
                queued.removeAll()
                queuedByFile.removeAll()
                syncfsCount += 1
                syncfsRunning = true
                let target = written
                syncfsBatch = batch
                syncfsDue = now() + tuning.deadline
                wakeWatchdog()
                condition.unlock()
                let error = disk.syncFilesystem(batch[0].file.fd)
                condition.lock()
                syncfsRunning = false
                syncfsBatch = []
                if error == 0 {
                    synced = max(synced, target)
                } else {
                    syncfsPausedUntil = now() + tuning.pause
                }
                for job in batch where !job.finished {
                    if error == 0 {
                        release(job, nil, into: &released)
                    } else {
                        // No syncfs here: each file's own sync instead.
                        handOver(job)
                    }
                }
            } else {
                // A job leaves the queue and the map together: records that
                // come for its file from now on wait for the next sync.
                let job = queued.removeFirst()
                queuedByFile[ObjectIdentifier(job.file)] = nil
                // Files sync side by side now (syncfs may have paused just
                // now): the jobs behind this one need threads of their own.
                if sideBySide { wakeOrStartThreads(for: queued.count) }
                condition.unlock()
                let error = disk.syncFile(job.file.fd)
                condition.lock()
                let failure = error == 0 ? nil : DaemonIOError("cannot sync \(job.file.path): \(String(cString: strerror(error)))")
                release(job, failure, into: &released)
            }
            running -= 1
            guard !released.isEmpty else { continue }
            condition.unlock()
            for (done, error) in released { done(error) }
            condition.lock()
        }
    }

    /// Whether the system holds little enough unwritten data for a
    /// `syncfs` to be quick, read at most once per `dirtyCheck`; if not,
    /// `syncfs` pauses for that long and files sync side by side. Holds
    /// the lock.
    private func fewUnwritten() -> Bool {
        let time = now()
        guard time >= dirtyCheckedUntil else { return true }
        if muchUnwritten() == true {
            syncfsPausedUntil = time + tuning.dirtyCheck
            return false
        }
        dirtyCheckedUntil = time + tuning.dirtyCheck
        return true
    }

    /// Whether the system holds more unwritten data than a `syncfs` should
    /// write first (nil: unknown).
    private func muchUnwritten() -> Bool? {
        disk.unwrittenBytes().map { $0 > tuning.dirtyLimit }
    }

    /// Moves the records of `job`, taken by a `syncfs` that failed or is
    /// overdue, to their file's own sync: the one queued, or a new one.
    /// Holds the lock.
    private func handOver(_ job: Job) {
        let done = job.done
        job.done = []
        job.finished = true
        if queue(job.file, done) { wakeOrStartThreads(for: 1) }
    }

    /// Marks `job` released and collects its callbacks. Holds the lock.
    private func release(_ job: Job, _ error: (any Error)?, into released: inout [(Done, (any Error)?)]) {
        job.finished = true
        for done in job.done { released.append((done, error)) }
    }

    /// Wakes the watchdog if it waits for a `syncfs` to start, or starts
    /// it. Holds the lock.
    private func wakeWatchdog() {
        if watchdogStarted {
            guard watchdogParked else { return }
            watchdogParked = false
            watchdogWake.signal()
        } else {
            watchdogStarted = true
            Thread {
                nameThisThread("kbplay-watchdog")
                self.watch()
            }.start()
        }
    }

    /// Sleeps until the running `syncfs` is due; if it still runs then,
    /// pauses `syncfs` and queues its records for their files' own syncs.
    /// Waits (parked) while no `syncfs` runs. Under load it wakes about
    /// once per deadline, not once per `syncfs`.
    private func watch() {
        while true {
            condition.lock()
            guard syncfsRunning else {
                watchdogParked = true
                condition.unlock()
                watchdogWake.wait()
                continue
            }
            let count = syncfsCount
            let due = syncfsDue
            condition.unlock()
            clock.sleep(due.uptimeNanoseconds)
            condition.lock()
            if syncfsRunning, syncfsCount == count, now() >= syncfsDue {
                // Unknown: as if other programs' data were the cause.
                syncfsPausedUntil = now() + (muchUnwritten() ?? true ? tuning.pause : tuning.stallPause)
                for job in syncfsBatch where !job.finished {
                    handOver(job)
                }
                syncfsBatch = []
                // Records that came while it ran wait too, maybe with no
                // thread left to take them.
                condition.broadcast()
                wakeOrStartThreads(for: queued.count)
                condition.unlock()
                // Until this syncfs ends, nothing more to watch.
                while true {
                    usleep(1000)
                    condition.lock()
                    let same = syncfsRunning && syncfsCount == count
                    condition.unlock()
                    if !same { break }
                }
            } else {
                condition.unlock()
            }
        }
    }
}

/// Names the calling thread, as `ps -L` and `top -H` show it (at most 15
/// bytes on Linux; a thread otherwise keeps the name of its creator).
func nameThisThread(_ name: String) {
    _ = setThreadName(pthread_self(), name)
}

/// `pthread_setname_np(3)` (a GNU extension the Glibc module does not export).
@_silgen_name("pthread_setname_np")
private func setThreadName(_ thread: pthread_t, _ name: UnsafePointer<CChar>) -> Int32

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

/// A journal's snapshot line: the session file's text, and the name `save`
/// saves the session under (a session file does not name itself).
struct JournalSnapshot: Sendable, Equatable {
    var text: String
    var savedName: String?
}

/// A session's durable record: `DIR/.journal/NAME.journal`, one JSON object
/// per line. The first line names the file, `{"journal": "ID"}` (an id of
/// its own, which the commit log's records name); the next may be a
/// snapshot (`{"snapshot": "<session file>"}`, with `"saved": "NAME"` once
/// the session has a name to save under); every other line is a command
/// that was acknowledged (`{"seq": n, "client": "…", "command": "…"}`).
/// Each command is written here and made durable (``JournalSync``, in the
/// ``CommitLog`` when there is one) before its reply is sent; compaction
/// replaces the file atomically with its id line and a snapshot line.
struct Journal {
    let directory: String
    let name: String
    /// The group commit of every journal in `directory`.
    let syncer: JournalSync
    private var file: JournalFile?
    /// The open file's id (its first line; "" for a journal written before
    /// journals had ids) and length.
    private var id = ""
    private var length = 0
    private(set) var entries = 0

    var path: String { "\(directory)/\(name).journal" }

    init(directory: String, name: String, syncer: JournalSync) {
        self.directory = directory
        self.name = name
        self.syncer = syncer
    }

    /// The format of the journals this kbplay writes, on their first line
    /// (`{"journal": "ID", "version": 1}`). A journal replays command text,
    /// so a kbplay whose commands mean something else writes another
    /// version, and an earlier kbplay refuses to replay it. A journal with
    /// no version on its first line (written before journals had one, or
    /// before they had ids) is version 1.
    static let formatVersion = 1

    /// The snapshot text and the commands after it, if the journal exists.
    ///
    /// Its last line, if it is not a record, is ignored: a crash cut it
    /// short while it was written, and it was never acknowledged. Any other
    /// line that is not a record (the file was damaged) throws
    /// ``JournalError/damaged(path:line:reason:)``, and a journal of a later
    /// format ``JournalError/newerVersion(path:version:supported:)``: the
    /// commands after a lost one would replay on another session.
    static func read(directory: String, name: String) throws -> (snapshot: JournalSnapshot?, commands: [String])? {
        let path = "\(directory)/\(name).journal"
        guard let bytes = try FileIO.readBytes(path) else { return nil }
        var snapshot: JournalSnapshot?
        var commands: [String] = []
        let lines = bytes.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false)
        // The last line: the one after the last newline, or (the file
        // ending with one) the one before it.
        let last = lines.lastIndex { !$0.isEmpty } ?? 0
        for (k, line) in lines.enumerated() where !line.isEmpty {
            func damaged(_ reason: String) -> JournalError { .damaged(path: path, line: k + 1, reason: reason) }
            // Bytes that are not UTF-8 are damage too (decoded, they would
            // be replaced and replayed as other text).
            if let bad = FileIO.firstInvalidUTF8(Array(line)) {
                if k == last { break }
                throw damaged("byte \(line.startIndex + bad) is not valid UTF-8")
            }
            let json: JSON
            do { json = try JSONReader.parse(String(decoding: line, as: UTF8.self)) } catch {
                if k == last { break }
                throw damaged("not JSON: \(error)")
            }
            if k == 0, json["journal"]?.stringValue != nil {
                let version = try json["version"].map { value throws(JournalError) in
                    guard let n = value.numberValue, let v = Int(exactly: n), v >= 1 else {
                        throw damaged("its version is not a whole number from 1")
                    }
                    return v
                } ?? 1
                guard version <= formatVersion else {
                    throw JournalError.newerVersion(path: path, version: version, supported: formatVersion)
                }
            } else if let s = json["snapshot"]?.stringValue {
                snapshot = JournalSnapshot(text: s, savedName: json["saved"]?.stringValue)
                commands = []
            } else if let c = json["command"]?.stringValue {
                commands.append(c)
            } else if k != last {
                throw damaged("neither a snapshot nor a command")
            }
        }
        return (snapshot, commands)
    }

    /// Writes one command; it is durable once the result's
    /// ``PendingSync/whenDurable(_:)`` calls back without an error.
    mutating func write(_ command: String, client: String, seq: Int) throws -> PendingSync {
        if file == nil { try open() }
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
            // What part of the record was written goes, so the next record
            // starts a line of its own (a partial line before it would make
            // both unreadable); the file is opened again for it.
            _ = ftruncate(fd, off_t(length))
            file = nil
            throw DaemonIOError("\(error)")
        }
        let record = CommitLog.Record(session: name, journal: id, offset: length, line: line)
        length += line.readableBytes
        entries += 1
        return PendingSync(file: file!, ticket: syncer.wrote(record), syncer: syncer)
    }

    /// Opens the journal for appending: a new one gets its id line; an old
    /// one's id and length are read.
    private mutating func open() throws {
        let fd = Glibc.open(path, O_RDWR | O_CREAT | O_APPEND | O_CLOEXEC, 0o600)
        guard fd >= 0 else { throw DaemonIOError("cannot open \(path): \(String(cString: strerror(errno)))") }
        let opened = JournalFile(fd: fd, path: path)
        var info = stat()
        guard fstat(fd, &info) == 0 else { throw DaemonIOError("cannot read \(path): \(String(cString: strerror(errno)))") }
        var prefix = [UInt8](repeating: 0, count: 128)
        let n = info.st_size == 0 ? 0 : prefix.withUnsafeMutableBytes { pread(fd, $0.baseAddress, $0.count, 0) }
        guard n >= 0 else { throw DaemonIOError("cannot read \(path): \(String(cString: strerror(errno)))") }
        if let existing = Self.id(of: prefix[..<n]) {
            (id, length) = (existing, Int(info.st_size))
        } else {
            // New, or only part of its id line was written (a full disk):
            // it holds no record, and starts again with a whole id line.
            let newID = Self.newID()
            let header = Self.header(id: newID)
            guard ftruncate(fd, 0) == 0 else { throw DaemonIOError("cannot write \(path): \(String(cString: strerror(errno)))") }
            do { try FileIO.writeAll(fd, header, path: path) } catch {
                _ = ftruncate(fd, 0)
                throw DaemonIOError("\(error)")
            }
            (id, length) = (newID, header.utf8.count)
        }
        file = opened
    }

    /// A new journal's first line: its id and ``formatVersion``.
    static func header(id: String) -> String { "{\"journal\": \"\(id)\", \"version\": \(formatVersion)}\n" }

    /// An id for a new journal file.
    static func newID() -> String { String(UInt64.random(in: 1...UInt64.max), radix: 16) }

    /// The id on a journal's first line (its first bytes, or all of it):
    /// "" for a journal that starts with anything else (written before
    /// journals had ids); nil for an empty one, or one whose id line was
    /// torn. The line may go on after the id (`, "version": 1}`).
    static func id<Bytes: Collection<UInt8>>(of bytes: Bytes) -> String? {
        let start = Array("{\"journal\": \"".utf8)
        guard !bytes.isEmpty else { return nil }
        guard bytes.starts(with: start) else { return "" }
        let rest = bytes.dropFirst(start.count)
        guard let quote = rest.firstIndex(of: UInt8(ascii: "\"")),
              let newline = rest[quote...].firstIndex(of: UInt8(ascii: "\n")),
              Array(rest[quote..<newline]).last == UInt8(ascii: "}") else { return nil }
        return String(decoding: rest[..<quote], as: UTF8.self)
    }

    /// Replaces the journal with one snapshot line, atomically.
    mutating func compact(snapshot: JournalSnapshot) throws {
        try Self.writeSnapshot(snapshot, directory: directory, name: name)
        replaced()
    }

    /// Replaces the journal `NAME` with one snapshot line, atomically (the
    /// file is synced before it takes the journal's place). A host that
    /// does this off its own thread calls ``replaced()`` after.
    static func writeSnapshot(_ snapshot: JournalSnapshot, directory: String, name: String) throws {
        var members: [String: JSON] = ["snapshot": .string(snapshot.text)]
        if let saved = snapshot.savedName { members["saved"] = .string(saved) }
        try FileIO.atomicWrite("\(directory)/\(name).journal", header(id: newID()) + JSON.object(members).text + "\n")
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
