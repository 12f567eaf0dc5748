#if canImport(Glibc)
import Glibc
#endif
import Dispatch
import Foundation
import NIOCore
import NIOPosix
import Testing
@testable import KBDaemon

/// `JournalSync` with a stand-in disk: which syncs run for which records,
/// and that every record is released once, after a sync that covers it.
@Suite struct JournalSyncTests {
    /// A disk that records its calls and can hold any of them until told.
    final class Disk: @unchecked Sendable {
        private let lock = NSLock()
        private(set) var calls: [String] = []
        let fileError: Int32
        let filesystemError: Int32
        /// Held calls wait on these until the test signals them.
        let fileGate = DispatchSemaphore(value: 0)
        let filesystemGate = DispatchSemaphore(value: 0)
        private var heldFiles = false
        private var heldFilesystem = false
        var holdFiles: Bool {
            get { lock.lock(); defer { lock.unlock() }; return heldFiles }
            set { lock.lock(); heldFiles = newValue; lock.unlock() }
        }
        var holdFilesystem: Bool {
            get { lock.lock(); defer { lock.unlock() }; return heldFilesystem }
            set { lock.lock(); heldFilesystem = newValue; lock.unlock() }
        }
        let started = DispatchSemaphore(value: 0)
        /// Signalled as each `syncfs` stand-in returns.
        let filesystemReturned = DispatchSemaphore(value: 0)

        /// What the system holds unwritten, as the syncer reads it.
        private var unwrittenNow: Int?
        var unwritten: Int? {
            get { lock.lock(); defer { lock.unlock() }; return unwrittenNow }
            set { lock.lock(); unwrittenNow = newValue; lock.unlock() }
        }

        /// What the system holds unwritten from the moment a held `syncfs`
        /// starts (nil: as before): set by the stand-in itself, so a reading
        /// taken once that `syncfs` is overdue sees it however late the
        /// test's own thread runs.
        private var unwrittenOnceHeldNow: Int?
        var unwrittenOnceHeld: Int? {
            get { lock.lock(); defer { lock.unlock() }; return unwrittenOnceHeldNow }
            set { lock.lock(); unwrittenOnceHeldNow = newValue; lock.unlock() }
        }

        init(fileError: Int32 = 0, filesystemError: Int32 = 0, unwritten: Int? = 0) {
            self.fileError = fileError
            self.filesystemError = filesystemError
            unwrittenNow = unwritten
        }

        func log(_ call: String) {
            lock.lock(); calls.append(call); lock.unlock()
        }

        var snapshot: [String] {
            lock.lock(); defer { lock.unlock() }
            return calls
        }

        var standIn: JournalSync.Disk {
            JournalSync.Disk(
                // Whether to hold is read before `started` is signalled: a
                // test that lets a held sync go on unsets it right after,
                // and a gate's permit must not be left for a later sync.
                syncFile: { fd in
                    self.log("fdatasync \(fd)")
                    let held = self.holdFiles
                    self.started.signal()
                    if held { self.fileGate.wait() }
                    return self.fileError
                },
                syncFilesystem: { fd in
                    self.log("syncfs")
                    let held = self.holdFilesystem
                    if held, let bytes = self.unwrittenOnceHeld { self.unwritten = bytes }
                    self.started.signal()
                    if held { self.filesystemGate.wait() }
                    defer { self.filesystemReturned.signal() }
                    return self.filesystemError
                },
                unwrittenBytes: { self.unwritten })
        }
    }

    /// A clock that moves only when the test moves it: deadlines and
    /// pauses pass when the test says, however fast or slow its threads
    /// run. The syncer's sleeps wait for it.
    final class Clock: @unchecked Sendable {
        private let condition = NSCondition()
        // Far from 0, which DispatchTime treats apart.
        private var nanoseconds: UInt64 = 1_000_000_000_000

        func advance(by interval: DispatchTimeInterval) {
            guard case let .milliseconds(ms) = interval else { preconditionFailure("in milliseconds") }
            condition.lock()
            nanoseconds += UInt64(ms) * 1_000_000
            condition.broadcast()
            condition.unlock()
        }

        var standIn: JournalSync.Clock {
            JournalSync.Clock(
                now: {
                    self.condition.lock(); defer { self.condition.unlock() }
                    return self.nanoseconds
                },
                sleep: { until in
                    self.condition.lock()
                    while self.nanoseconds < until { self.condition.wait() }
                    self.condition.unlock()
                })
        }
    }

    /// Collects each record's outcome; `wait` returns once `count` arrived.
    final class Outcomes: @unchecked Sendable {
        private let lock = NSLock()
        private var list: [(String, String?)] = []
        private let arrived = DispatchSemaphore(value: 0)

        func callback(_ name: String) -> JournalSync.Done {
            { error in
                self.lock.lock()
                self.list.append((name, error.map { "\($0)" }))
                self.lock.unlock()
                self.arrived.signal()
            }
        }

        func wait(for count: Int, seconds: Double = 10) -> Bool {
            for _ in 0..<count where arrived.wait(timeout: .now() + seconds) == .timedOut { return false }
            return true
        }

        var all: [(String, String?)] {
            lock.lock(); defer { lock.unlock() }
            return list
        }
    }

    /// Stand-in files: descriptors that are never synced for real (the
    /// disk is a stand-in), opened so closing them at the end is harmless.
    static func files(_ count: Int) -> [JournalFile] {
        (0..<count).map { JournalFile(fd: open("/dev/null", O_WRONLY), path: "/journal/\($0).journal") }
    }

    /// Starts the sync of a first record, on `files[0]`, and holds it while
    /// `meanwhile` queues more; then lets it finish.
    static func behindAHeldSync(_ syncer: JournalSync, _ disk: Disk, _ files: [JournalFile], _ outcomes: Outcomes,
                                meanwhile: () -> Void) {
        disk.holdFiles = true
        syncer.whenSynced(through: syncer.wrote(), file: files[0], outcomes.callback("first"))
        #expect(disk.started.wait(timeout: .now() + 10) == .success)
        meanwhile()
        disk.holdFiles = false
        disk.fileGate.signal()
    }

    /// Records on `files[1]` and `files[2]` (named `names`) written while
    /// the sync of `files[0]` is held: they queue up behind it together.
    static func twoBehindAHeldSync(_ syncer: JournalSync, _ disk: Disk, _ files: [JournalFile], _ outcomes: Outcomes,
                                   _ names: (String, String) = ("b", "c")) {
        behindAHeldSync(syncer, disk, files, outcomes) {
            syncer.whenSynced(through: syncer.wrote(), file: files[1], outcomes.callback(names.0))
            syncer.whenSynced(through: syncer.wrote(), file: files[2], outcomes.callback(names.1))
        }
    }

    @Test func aLoneRecordIsSyncedByItsOwnFile() {
        let disk = Disk()
        let syncer = JournalSync(disk: disk.standIn)
        let file = Self.files(1)[0]
        let outcomes = Outcomes()
        syncer.whenSynced(through: syncer.wrote(), file: file, outcomes.callback("a"))
        #expect(outcomes.wait(for: 1))
        #expect(disk.snapshot == ["fdatasync \(file.fd)"])
        #expect(outcomes.all.map(\.0) == ["a"])
        #expect(outcomes.all[0].1 == nil)
    }

    @Test func recordsQueuedBehindASyncShareOneSyncfs() {
        let disk = Disk()
        let syncer = JournalSync(disk: disk.standIn)
        let files = Self.files(4)
        let outcomes = Outcomes()
        Self.behindAHeldSync(syncer, disk, files, outcomes) {
            // While the first record's file syncs, three more come: two on one file.
            syncer.whenSynced(through: syncer.wrote(), file: files[1], outcomes.callback("b"))
            syncer.whenSynced(through: syncer.wrote(), file: files[2], outcomes.callback("c"))
            syncer.whenSynced(through: syncer.wrote(), file: files[2], outcomes.callback("c2"))
        }
        #expect(outcomes.wait(for: 4))
        #expect(disk.snapshot == ["fdatasync \(files[0].fd)", "syncfs"])
        #expect(outcomes.all.map(\.0) == ["first", "b", "c", "c2"])
        #expect(outcomes.all.allSatisfy { $0.1 == nil })
    }

    @Test func aRecordWrittenBeforeAFinishedSyncfsIsReleasedAtOnce() {
        let disk = Disk()
        let syncer = JournalSync(disk: disk.standIn)
        let files = Self.files(3)
        let outcomes = Outcomes()
        var late = 0
        Self.behindAHeldSync(syncer, disk, files, outcomes) {
            syncer.whenSynced(through: syncer.wrote(), file: files[1], outcomes.callback("b"))
            late = syncer.wrote()  // written now, its wait asked for after the syncfs
            syncer.whenSynced(through: syncer.wrote(), file: files[2], outcomes.callback("c"))
        }
        #expect(outcomes.wait(for: 3))
        let calls = disk.snapshot.count
        syncer.whenSynced(through: late, file: files[1], outcomes.callback("late"))
        #expect(outcomes.wait(for: 1))
        #expect(disk.snapshot.count == calls)
    }

    /// A syncer whose every `syncfs` hangs until the test signals it, on a
    /// clock the test moves, with a deadline of 20 ms, and paused for the
    /// rest of the test once one is overdue.
    static func syncerWithHangingSyncfs() -> (Disk, Clock, JournalSync) {
        let disk = Disk()
        disk.holdFilesystem = true
        let clock = Clock()
        var tuning = JournalSync.Tuning()
        tuning.deadline = .milliseconds(20)
        tuning.pause = .seconds(60)
        tuning.stallPause = .seconds(60)
        return (disk, clock, JournalSync(disk: disk.standIn, tuning: tuning, clock: clock.standIn))
    }

    /// After an overdue `syncfs`, files sync one by one for the long pause
    /// if the system then held much unwritten data, for the short one if
    /// not (the disk itself stalled): then the next records share a
    /// `syncfs` again.
    @Test(arguments: [(0, false), (200 << 20, true)])
    func anOverdueSyncfsPausesLongOnlyForOthersData(unwrittenAtDeadline: Int, pausedLong: Bool) {
        let disk = Disk()
        disk.holdFilesystem = true
        var tuning = JournalSync.Tuning()
        // The watchdog reads the unwritten data once the held syncfs is
        // overdue, and pauses syncfs for one of these.
        tuning.deadline = .milliseconds(200)
        tuning.pause = .seconds(60)
        tuning.stallPause = .milliseconds(100)
        let clock = Clock()
        let syncer = JournalSync(disk: disk.standIn, tuning: tuning, clock: clock.standIn)
        let files = Self.files(3)
        let outcomes = Outcomes()
        // The held syncfs finds this much unwritten once it has started (the
        // syncer read the figure before it, to choose syncfs): the stand-in
        // sets it, not this thread, which a busy machine may run too late.
        disk.unwrittenOnceHeld = unwrittenAtDeadline
        Self.twoBehindAHeldSync(syncer, disk, files, outcomes)
        #expect(outcomes.wait(for: 1))
        #expect(disk.started.wait(timeout: .now() + 10) == .success)  // the syncfs, held
        clock.advance(by: .milliseconds(200))
        #expect(outcomes.wait(for: 2))  // b and c, file by file, past the deadline
        disk.unwrittenOnceHeld = nil
        disk.holdFilesystem = false
        disk.filesystemGate.signal()
        disk.unwritten = 0
        // The held syncfs has returned (however late its thread runs on a
        // busy machine): no syncfs is running when d and e queue up.
        #expect(disk.filesystemReturned.wait(timeout: .now() + 10) == .success)
        // Past the short pause: two records behind a held file sync. (The
        // syncs so far each said they started; b's and c's were not waited
        // for.)
        clock.advance(by: .milliseconds(300))
        while disk.started.wait(timeout: .now()) == .success {}
        let before = disk.snapshot.filter { $0 == "syncfs" }.count
        Self.twoBehindAHeldSync(syncer, disk, files, outcomes, ("d", "e"))
        // Side by side, d's and e's own syncs may have been held too.
        disk.fileGate.signal()
        disk.fileGate.signal()
        #expect(outcomes.wait(for: 3))
        let syncfsAfter = disk.snapshot.filter { $0 == "syncfs" }.count - before
        #expect(syncfsAfter == (pausedLong ? 0 : 1), "\(disk.snapshot)")
    }

    @Test func anOverdueSyncfsHandsItsRecordsToTheirFiles() {
        let (disk, clock, syncer) = Self.syncerWithHangingSyncfs()
        let files = Self.files(3)
        let outcomes = Outcomes()
        Self.twoBehindAHeldSync(syncer, disk, files, outcomes)
        #expect(outcomes.wait(for: 1))
        #expect(disk.started.wait(timeout: .now() + 10) == .success)  // the syncfs, held
        // Before its deadline, b and c wait for it.
        clock.advance(by: .milliseconds(19))
        #expect(!outcomes.wait(for: 1, seconds: 0.1))
        // Past it, they are synced file by file while it hangs.
        clock.advance(by: .milliseconds(1))
        #expect(outcomes.wait(for: 2))
        #expect(Set(outcomes.all.map(\.0)) == ["first", "b", "c"])
        #expect(Set(disk.snapshot.dropFirst(2)) == ["fdatasync \(files[1].fd)", "fdatasync \(files[2].fd)"])
        // While syncfs is paused, a new record is synced by its file alone.
        syncer.whenSynced(through: syncer.wrote(), file: files[1], outcomes.callback("d"))
        #expect(outcomes.wait(for: 1))
        disk.filesystemGate.signal()
        syncer.whenSynced(through: syncer.wrote(), file: files[2], outcomes.callback("e"))
        #expect(outcomes.wait(for: 1))
        // The late syncfs released nobody a second time.
        Thread.sleep(forTimeInterval: 0.05)
        #expect(outcomes.all.map(\.0).sorted() == ["b", "c", "d", "e", "first"])
        #expect(disk.snapshot.filter { $0 == "syncfs" }.count == 1)
    }

    @Test func anOverdueSyncfsLeavesNoRecordWithoutAThread() {
        // One thread so far, stuck in syncfs; records that came for the
        // same files meanwhile take the overdue ones in: a thread must be
        // started for them, not left waiting for the syncfs.
        let (disk, clock, syncer) = Self.syncerWithHangingSyncfs()
        let files = Self.files(2)
        let outcomes = Outcomes()
        Self.behindAHeldSync(syncer, disk, files, outcomes) {
            syncer.whenSynced(through: syncer.wrote(), file: files[1], outcomes.callback("b"))
            syncer.whenSynced(through: syncer.wrote(), file: files[0], outcomes.callback("c"))
        }
        #expect(outcomes.wait(for: 1))
        #expect(disk.started.wait(timeout: .now() + 10) == .success)  // the syncfs of b and c, held
        syncer.whenSynced(through: syncer.wrote(), file: files[1], outcomes.callback("b2"))
        syncer.whenSynced(through: syncer.wrote(), file: files[0], outcomes.callback("c2"))
        // Only once the syncfs is overdue.
        clock.advance(by: .milliseconds(20))
        #expect(outcomes.wait(for: 4))
        #expect(Set(outcomes.all.map(\.0)) == ["first", "b", "b2", "c", "c2"])
        #expect(Array(disk.snapshot.prefix(2)) == ["fdatasync \(files[0].fd)", "syncfs"])
        #expect(Set(disk.snapshot.dropFirst(2)) == ["fdatasync \(files[0].fd)", "fdatasync \(files[1].fd)"])
        disk.filesystemGate.signal()
    }

    @Test func muchUnwrittenDataElsewhereKeepsSyncsToTheirFiles() {
        // 200 MB of another program's data waits for the disk: a syncfs
        // would write it all first, so each file is synced alone.
        let disk = Disk(unwritten: 200 << 20)
        let syncer = JournalSync(disk: disk.standIn)
        let files = Self.files(3)
        let outcomes = Outcomes()
        Self.twoBehindAHeldSync(syncer, disk, files, outcomes)
        #expect(outcomes.wait(for: 3))
        #expect(!disk.snapshot.contains("syncfs"))
        #expect(Set(disk.snapshot) == ["fdatasync \(files[0].fd)", "fdatasync \(files[1].fd)", "fdatasync \(files[2].fd)"])
    }

    /// Runs `body` as one task, one tick, on an event loop of its own and
    /// returns what it returned, with the disk's calls so far.
    static func inOneTick<T: Sendable>(_ disk: Disk, _ body: @escaping @Sendable () -> T) throws -> (T, [String]) {
        let group = MultiThreadedEventLoopGroup(numberOfThreads: 1)
        defer { try? group.syncShutdownGracefully() }
        return try group.next().submit { (body(), disk.snapshot) }.wait()
    }

    @Test func recordsOfOneTickAreHandedOverTogetherAfterIt() throws {
        let disk = Disk()
        let syncer = JournalSync(disk: disk.standIn)
        let files = Self.files(3)
        let outcomes = Outcomes()
        let (_, during) = try Self.inOneTick(disk) {
            syncer.whenSynced(through: syncer.wrote(), file: files[0], outcomes.callback("a"))
            syncer.whenSynced(through: syncer.wrote(), file: files[1], outcomes.callback("b"))
            syncer.whenSynced(through: syncer.wrote(), file: files[1], outcomes.callback("b2"))
            syncer.whenSynced(through: syncer.wrote(), file: files[2], outcomes.callback("c"))
        }
        // Nothing was synced while the tick ran; after it, one syncfs for all.
        #expect(during.isEmpty)
        #expect(outcomes.wait(for: 4))
        #expect(disk.snapshot == ["syncfs"])
        #expect(outcomes.all.map(\.0) == ["a", "b", "b2", "c"])
        #expect(outcomes.all.allSatisfy { $0.1 == nil })
    }

    @Test func aTickWithOneFileSyncsThatFile() throws {
        let disk = Disk()
        let syncer = JournalSync(disk: disk.standIn)
        let file = Self.files(1)[0]
        let outcomes = Outcomes()
        _ = try Self.inOneTick(disk) {
            syncer.whenSynced(through: syncer.wrote(), file: file, outcomes.callback("a"))
            syncer.whenSynced(through: syncer.wrote(), file: file, outcomes.callback("a2"))
        }
        #expect(outcomes.wait(for: 2))
        #expect(disk.snapshot == ["fdatasync \(file.fd)"])
    }

    @Test func muchUnwrittenDataSyncsATicksFilesSideBySide() throws {
        // 200 MB of another program's data waits for the disk: no syncfs,
        // and the three files of one tick sync at the same time, on three
        // threads (each sync is held until all three have started).
        let disk = Disk(unwritten: 200 << 20)
        disk.holdFiles = true
        let syncer = JournalSync(disk: disk.standIn)
        let files = Self.files(3)
        let outcomes = Outcomes()
        _ = try Self.inOneTick(disk) {
            for (i, file) in files.enumerated() {
                syncer.whenSynced(through: syncer.wrote(), file: file, outcomes.callback("\(i)"))
            }
        }
        for _ in files { #expect(disk.started.wait(timeout: .now() + 10) == .success) }
        #expect(outcomes.all.isEmpty)
        disk.holdFiles = false
        for _ in files { disk.fileGate.signal() }
        #expect(outcomes.wait(for: 3))
        #expect(Set(disk.snapshot) == Set(files.map { "fdatasync \($0.fd)" }))
        #expect(Set(outcomes.all.map(\.0)) == ["0", "1", "2"])
    }

    @Test func unwrittenDataIsDirtyPlusWriteback() {
        let meminfo = "MemTotal:       24598700 kB\nDirty:              2048 kB\nWriteback:           16 kB\n"
            + "AnonPages:        512000 kB\nWritebackTmp:      99999 kB\n"
        #expect(Array(meminfo.utf8).withUnsafeBufferPointer { UnwrittenData.dirtyBytes(meminfo: $0) } == (2048 + 16) * 1024)
        let partial = "MemTotal:       24598700 kB\nDirty:              2048 kB\n"
        #expect(Array(partial.utf8).withUnsafeBufferPointer { UnwrittenData.dirtyBytes(meminfo: $0) } == nil)
        let garbled = "Dirty:       kB\nWriteback:           16 kB\n"
        #expect(Array(garbled.utf8).withUnsafeBufferPointer { UnwrittenData.dirtyBytes(meminfo: $0) } == nil)
    }

    @Test func theSystemsUnwrittenDataIsRead() throws {
        let bytes = try #require(UnwrittenData.systemBytes())
        #expect(bytes >= 0 && bytes % 1024 == 0)  // counted in kB
    }

    @Test func aFailedSyncfsFallsBackToEachFile() {
        let disk = Disk(filesystemError: ENOSYS)
        let syncer = JournalSync(disk: disk.standIn)
        let files = Self.files(3)
        let outcomes = Outcomes()
        Self.twoBehindAHeldSync(syncer, disk, files, outcomes)
        #expect(outcomes.wait(for: 3))
        #expect(outcomes.all.allSatisfy { $0.1 == nil })
        #expect(disk.snapshot.filter { $0 == "syncfs" }.count == 1)
        #expect(Set(disk.snapshot.filter { $0 != "syncfs" })
                == ["fdatasync \(files[0].fd)", "fdatasync \(files[1].fd)", "fdatasync \(files[2].fd)"])
    }

    @Test func aFailedFileSyncNamesTheFile() {
        let disk = Disk(fileError: EIO)
        let syncer = JournalSync(disk: disk.standIn)
        let file = Self.files(1)[0]
        let outcomes = Outcomes()
        syncer.whenSynced(through: syncer.wrote(), file: file, outcomes.callback("a"))
        #expect(outcomes.wait(for: 1))
        #expect(outcomes.all[0].1 == "cannot sync /journal/0.journal: Input/output error")
    }
}
