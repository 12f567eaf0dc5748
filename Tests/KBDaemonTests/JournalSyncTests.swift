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
/// on which thread, and that every record is released once, after a sync
/// that covers it.
@Suite struct JournalSyncTests {
    /// A disk that records its calls and the threads they ran on.
    final class Disk: @unchecked Sendable {
        private let lock = NSLock()
        private var calls: [String] = []
        private var dirtyReadings = 0
        let fileError: Int32
        let filesystemError: Int32
        /// What the system holds unwritten, as the syncer reads it.
        let unwritten: Int?

        init(fileError: Int32 = 0, filesystemError: Int32 = 0, unwritten: Int? = 0) {
            self.fileError = fileError
            self.filesystemError = filesystemError
            self.unwritten = unwritten
        }

        private func log(_ call: String) {
            lock.lock(); calls.append(call); lock.unlock()
        }

        var snapshot: [String] {
            lock.lock(); defer { lock.unlock() }
            return calls
        }

        var readings: Int {
            lock.lock(); defer { lock.unlock() }
            return dirtyReadings
        }

        var standIn: JournalSync.Disk {
            JournalSync.Disk(
                syncFile: { fd in
                    self.log("fdatasync \(fd)")
                    return self.fileError
                },
                syncFilesystem: { _ in
                    self.log("syncfs")
                    return self.filesystemError
                },
                unwrittenBytes: {
                    self.lock.lock(); self.dirtyReadings += 1; self.lock.unlock()
                    return self.unwritten
                })
        }
    }

    /// Each record's outcome, in the order they were released.
    final class Outcomes: @unchecked Sendable {
        private let lock = NSLock()
        private var list: [(String, String?)] = []

        func callback(_ name: String) -> JournalSync.Done {
            { error in
                self.lock.lock()
                self.list.append((name, error.map { "\($0)" }))
                self.lock.unlock()
            }
        }

        var names: [String] {
            lock.lock(); defer { lock.unlock() }
            return list.map(\.0)
        }

        var errors: [String?] {
            lock.lock(); defer { lock.unlock() }
            return list.map(\.1)
        }
    }

    /// Stand-in files: descriptors that are never synced for real (the
    /// disk is a stand-in), opened so closing them at the end is harmless.
    static func files(_ count: Int) -> [JournalFile] {
        (0..<count).map { JournalFile(fd: open("/dev/null", O_WRONLY), path: "/journal/\($0).journal") }
    }

    /// Runs `body` as one task (one tick) on an event loop, then waits
    /// until the tasks it scheduled (the tick's sync) have run too; returns
    /// what `body` returned.
    @discardableResult
    static func inOneTick<T: Sendable>(on loop: any EventLoop, _ body: @escaping @Sendable () -> T) throws -> T {
        let result = try loop.submit(body).wait()
        try loop.submit {}.wait()
        return result
    }

    /// Writes a record of `file` and asks for its release, named `name`.
    static func write(_ name: String, _ file: JournalFile, _ syncer: JournalSync, _ outcomes: Outcomes) {
        syncer.whenSynced(through: syncer.wrote(), file: file, outcomes.callback(name))
    }

    static func withLoop(_ body: (any EventLoop) throws -> Void) throws {
        let group = MultiThreadedEventLoopGroup(numberOfThreads: 1)
        defer { try? group.syncShutdownGracefully() }
        try body(group.next())
    }

    @Test func aLoneRecordIsSyncedByItsOwnFileAtTheEndOfTheTick() throws {
        let disk = Disk()
        let syncer = JournalSync(disk: disk.standIn)
        let file = Self.files(1)[0]
        let outcomes = Outcomes()
        try Self.withLoop { loop in
            let during = try Self.inOneTick(on: loop) {
                Self.write("a", file, syncer, outcomes)
                return (outcomes.names, disk.snapshot)
            }
            // Nothing before the tick is over.
            #expect(during.0.isEmpty && during.1.isEmpty)
        }
        #expect(disk.snapshot == ["fdatasync \(file.fd)"])
        #expect(outcomes.names == ["a"])
        #expect(outcomes.errors == [nil])
    }

    @Test func recordsOfOneTickShareOneSyncfs() throws {
        let disk = Disk()
        let syncer = JournalSync(disk: disk.standIn)
        let files = Self.files(3)
        let outcomes = Outcomes()
        try Self.withLoop { loop in
            try Self.inOneTick(on: loop) {
                Self.write("a", files[0], syncer, outcomes)
                Self.write("b", files[1], syncer, outcomes)
                Self.write("b2", files[1], syncer, outcomes)
                Self.write("c", files[2], syncer, outcomes)
            }
        }
        #expect(disk.snapshot == ["syncfs"])
        #expect(outcomes.names == ["a", "b", "b2", "c"])
        #expect(outcomes.errors.allSatisfy { $0 == nil })
    }

    @Test func recordsOfOneFileNeedOnlyItsSync() throws {
        let disk = Disk()
        let syncer = JournalSync(disk: disk.standIn)
        let file = Self.files(1)[0]
        let outcomes = Outcomes()
        try Self.withLoop { loop in
            try Self.inOneTick(on: loop) {
                Self.write("a", file, syncer, outcomes)
                Self.write("a2", file, syncer, outcomes)
            }
        }
        #expect(disk.snapshot == ["fdatasync \(file.fd)"])
        #expect(outcomes.names == ["a", "a2"])
    }

    @Test func eachTickHasItsOwnSync() throws {
        let disk = Disk()
        let syncer = JournalSync(disk: disk.standIn)
        let files = Self.files(2)
        let outcomes = Outcomes()
        try Self.withLoop { loop in
            try Self.inOneTick(on: loop) { Self.write("a", files[0], syncer, outcomes) }
            try Self.inOneTick(on: loop) { Self.write("b", files[1], syncer, outcomes) }
        }
        #expect(disk.snapshot == ["fdatasync \(files[0].fd)", "fdatasync \(files[1].fd)"])
        #expect(outcomes.names == ["a", "b"])
    }

    @Test func aRecordWrittenBeforeAFinishedSyncfsIsReleasedAtOnce() throws {
        let disk = Disk()
        let syncer = JournalSync(disk: disk.standIn)
        let files = Self.files(3)
        let outcomes = Outcomes()
        let late = syncer.wrote()  // written before the syncfs, its wait asked for after
        try Self.withLoop { loop in
            try Self.inOneTick(on: loop) {
                Self.write("a", files[0], syncer, outcomes)
                Self.write("b", files[1], syncer, outcomes)
            }
            let released = try loop.submit {
                syncer.whenSynced(through: late, file: files[2], outcomes.callback("late"))
                return outcomes.names
            }.wait()
            #expect(released == ["a", "b", "late"])
        }
        #expect(disk.snapshot == ["syncfs"])
    }

    @Test func offTheLoopsARecordIsSyncedRightAway() {
        let disk = Disk()
        let syncer = JournalSync(disk: disk.standIn)
        let file = Self.files(1)[0]
        let outcomes = Outcomes()
        Self.write("a", file, syncer, outcomes)
        #expect(disk.snapshot == ["fdatasync \(file.fd)"])
        #expect(outcomes.names == ["a"])
    }

    @Test func muchUnwrittenDataElsewhereKeepsSyncsToTheirFiles() throws {
        // 200 MB of another program's data waits for the disk: a syncfs
        // would write it all first, so each file is synced alone.
        let disk = Disk(unwritten: 200 << 20)
        let syncer = JournalSync(disk: disk.standIn)
        let files = Self.files(3)
        let outcomes = Outcomes()
        try Self.withLoop { loop in
            try Self.inOneTick(on: loop) {
                Self.write("a", files[0], syncer, outcomes)
                Self.write("b", files[1], syncer, outcomes)
                Self.write("c", files[2], syncer, outcomes)
            }
        }
        #expect(disk.snapshot == ["fdatasync \(files[0].fd)", "fdatasync \(files[1].fd)", "fdatasync \(files[2].fd)"])
        #expect(outcomes.names == ["a", "b", "c"])
    }

    @Test func theUnwrittenDataIsReadAtMostOncePerInterval() throws {
        let disk = Disk()
        var tuning = JournalSync.Tuning()
        tuning.dirtyCheck = 60_000_000_000  // a minute: one reading for the whole test
        let syncer = JournalSync(disk: disk.standIn, tuning: tuning)
        let files = Self.files(2)
        let outcomes = Outcomes()
        try Self.withLoop { loop in
            for _ in 0..<3 {
                try Self.inOneTick(on: loop) {
                    Self.write("a", files[0], syncer, outcomes)
                    Self.write("b", files[1], syncer, outcomes)
                }
            }
        }
        #expect(disk.snapshot == ["syncfs", "syncfs", "syncfs"])
        #expect(disk.readings == 1)
    }

    @Test func unwrittenDataIsDirtyPlusWriteback() {
        let meminfo = "MemTotal:       24598700 kB\nDirty:              2048 kB\nWriteback:           16 kB\n"
            + "AnonPages:        512000 kB\nWritebackTmp:      99999 kB\n"
        #expect(Array(meminfo.utf8).withUnsafeBufferPointer { JournalSync.Disk.dirtyBytes(meminfo: $0) } == (2048 + 16) * 1024)
        let partial = "MemTotal:       24598700 kB\nDirty:              2048 kB\n"
        #expect(Array(partial.utf8).withUnsafeBufferPointer { JournalSync.Disk.dirtyBytes(meminfo: $0) } == nil)
        let garbled = "Dirty:       kB\nWriteback:           16 kB\n"
        #expect(Array(garbled.utf8).withUnsafeBufferPointer { JournalSync.Disk.dirtyBytes(meminfo: $0) } == nil)
    }

    @Test func theSystemsUnwrittenDataIsRead() throws {
        let bytes = try #require(JournalSync.Disk.systemDirtyBytes())
        #expect(bytes >= 0 && bytes % 1024 == 0)  // counted in kB
    }

    @Test func aFailedSyncfsFallsBackToEachFile() throws {
        let disk = Disk(filesystemError: ENOSYS)
        let syncer = JournalSync(disk: disk.standIn)
        let files = Self.files(2)
        let outcomes = Outcomes()
        try Self.withLoop { loop in
            try Self.inOneTick(on: loop) {
                Self.write("a", files[0], syncer, outcomes)
                Self.write("b", files[1], syncer, outcomes)
            }
        }
        #expect(disk.snapshot == ["syncfs", "fdatasync \(files[0].fd)", "fdatasync \(files[1].fd)"])
        #expect(outcomes.names == ["a", "b"])
        #expect(outcomes.errors == [nil, nil])
    }

    @Test func aFailedFileSyncNamesTheFile() throws {
        let disk = Disk(fileError: EIO)
        let syncer = JournalSync(disk: disk.standIn)
        let file = Self.files(1)[0]
        let outcomes = Outcomes()
        try Self.withLoop { loop in
            try Self.inOneTick(on: loop) { Self.write("a", file, syncer, outcomes) }
        }
        #expect(outcomes.errors == ["cannot sync /journal/0.journal: Input/output error"])
    }
}
