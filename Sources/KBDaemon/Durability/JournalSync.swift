#if canImport(Glibc)
import Glibc
#endif
import Dispatch
import Foundation
import NIOCore
import NIOPosix

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
