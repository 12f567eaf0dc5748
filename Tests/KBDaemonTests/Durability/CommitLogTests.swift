#if canImport(Glibc)
import Glibc
#endif
import Dispatch
import Foundation
import Testing
@testable import KBDaemon
import KBShell
import Synchronization

/// The commit log makes journal records durable; after the machine stops,
/// the records a journal lost (written, not yet on its disk) come back
/// from it, and nothing else does.
@Suite struct CommitLogTests {
    /// Journals in a fresh folder, synced through a commit log.
    struct Folder {
        let directory = temporaryDirectory()
        let syncer = JournalSync()
        let log: CommitLog

        init() throws {
            log = try CommitLog.open(directory: directory, following: try CommitLog.recover(directory: directory), size: 1 << 16)
            syncer.use(log)
        }

        func journal(_ name: String) -> Journal { Journal(directory: directory, name: name, syncer: syncer) }
        func path(_ name: String) -> String { "\(directory)/\(name).journal" }
        func bytes(_ name: String) throws -> [UInt8] { try FileIO.readBytes(path(name)) ?? [] }
    }

    /// Writes the commands and waits until each is durable.
    static func write(_ commands: [String], to journal: inout Journal) throws {
        for (k, command) in commands.enumerated() {
            wait(for: try journal.write(command, client: "client-1", seq: k + 1))
        }
    }

    /// Waits until the record is durable, and expects no error.
    static func wait(for pending: PendingSync) {
        let synced = DispatchSemaphore(value: 0)
        let failure = Mutex<(any Error)?>(nil)
        pending.whenDurable { error in
            failure.withLock { $0 = error }
            synced.signal()
        }
        synced.wait()
        #expect(failure.withLock { $0 } == nil)
    }

    @Test func journalsThatLostTheirTailsGetThemBackFromTheLog() throws {
        let folder = try Folder()
        var a = folder.journal("a")
        var b = folder.journal("b")
        try Self.write(["demo", "focus email", "keyboard show", "set formBottom.constant = 20"], to: &a)
        try Self.write(["new", "keyboard hide"], to: &b)
        let (wholeA, wholeB) = (try folder.bytes("a"), try folder.bytes("b"))
        // As after a power cut: a's last record and a half are gone, b
        // never reached the disk at all.
        let lastTwo = wholeA.count - wholeA.split(separator: UInt8(ascii: "\n")).suffix(2).map { $0.count + 1 }.reduce(0, +)
        #expect(truncate(folder.path("a"), off_t(lastTwo + 5)) == 0)
        #expect(unlink(folder.path("b")) == 0)
        let generation = try CommitLog.recover(directory: folder.directory)
        #expect(generation == 1)
        #expect(try folder.bytes("a") == wholeA)
        #expect(try folder.bytes("b") == wholeB)
        #expect(try Journal.read(directory: folder.directory, name: "a")?.commands
                == ["demo", "focus email", "keyboard show", "set formBottom.constant = 20"])
        // Whole journals are left as they are.
        let again = try CommitLog.recover(directory: folder.directory)
        #expect(again == 1)
        #expect(try folder.bytes("a") == wholeA)
    }

    /// Two clients on one session, on two event loops: the second
    /// command's record can be handed to the sync before the first's (its
    /// loop's tick ended first). It is logged with every record written
    /// before it, so the log never holds a record without those before it.
    @Test func aRecordIsLoggedWithTheRecordsWrittenBeforeIt() throws {
        let folder = try Folder()
        var a = folder.journal("a")
        let first = try a.write("demo", client: "client-1", seq: 1)
        let second = try a.write("focus email", client: "client-2", seq: 2)
        Self.wait(for: second)
        let whole = try folder.bytes("a")
        #expect(truncate(folder.path("a"), off_t(Journal.header(id: Journal.id(of: whole)!).utf8.count)) == 0)
        try CommitLog.recover(directory: folder.directory)
        #expect(try folder.bytes("a") == whole)
        Self.wait(for: first)
    }

    @Test func aRecordTornOnTheDiskIsWrittenAgain() throws {
        let folder = try Folder()
        var a = folder.journal("a")
        try Self.write(["demo", "keyboard show"], to: &a)
        let whole = try folder.bytes("a")
        // The last record's bytes reached the disk as zeros.
        let fd = open(folder.path("a"), O_WRONLY)
        let zeros = [UInt8](repeating: 0, count: 6)
        #expect(pwrite(fd, zeros, zeros.count, off_t(whole.count - 8)) == 6)
        close(fd)
        try CommitLog.recover(directory: folder.directory)
        #expect(try folder.bytes("a") == whole)
    }

    @Test func aJournalCompactedSinceIsLeftAlone() throws {
        let folder = try Folder()
        var a = folder.journal("a")
        try Self.write(["demo", "keyboard show"], to: &a)
        try a.compact(snapshot: JournalSnapshot(text: "{}", savedName: nil))
        let compacted = try folder.bytes("a")
        try CommitLog.recover(directory: folder.directory)
        #expect(try folder.bytes("a") == compacted)
        #expect(try Journal.read(directory: folder.directory, name: "a")?.commands == [])
        // The next record goes to the compacted file, under its own id.
        try Self.write(["keyboard hide"], to: &a)
        let grown = try folder.bytes("a")
        #expect(truncate(folder.path("a"), off_t(compacted.count)) == 0)
        try CommitLog.recover(directory: folder.directory)
        #expect(try folder.bytes("a") == grown)
    }

    @Test func readingStopsAtATornRecordAndAtTheLastGenerationsRecords() throws {
        let folder = try Folder()
        var a = folder.journal("a")
        try Self.write(["demo", "focus email", "keyboard show"], to: &a)
        let whole = try folder.bytes("a")
        let header = Journal.header(id: Journal.id(of: whole)!).utf8.count
        // The log's last record torn: a byte of it changed.
        let log = try #require(try FileIO.readBytes(folder.log.path))
        let end = log.lastIndex { $0 != 0 }!
        let fd = open(folder.log.path, O_WRONLY)
        #expect(pwrite(fd, [UInt8(ascii: "#")], 1, off_t(end - 3)) == 1)
        close(fd)
        #expect(truncate(folder.path("a"), off_t(header)) == 0)
        let generation = try CommitLog.recover(directory: folder.directory)
        let lines = try folder.bytes("a").split(separator: UInt8(ascii: "\n"))
        #expect(lines.count == 3, "the id line and the two records before the torn one")

        // A new generation: the records of the last one are still in the
        // file, after the new header, and are not taken for its own.
        let next = try CommitLog.open(directory: folder.directory, following: generation, size: 1 << 16)
        #expect(truncate(folder.path("a"), off_t(header)) == 0)
        #expect(try CommitLog.recover(directory: folder.directory) == generation.map { $0 + 1 })
        #expect(try folder.bytes("a").count == header)
        _ = next
    }

    @Test func aGroupLargerThanTheRoomLeftGoesOnInTheNextGeneration() throws {
        let folder = try Folder()
        var a = folder.journal("a")
        // 400 records of about 110 bytes, one group: more than a 64 KB log
        // holds, so it fills up in the middle of it.
        let pending = try (0..<400).map { k in try a.write("set formBottom.constant = \(k)", client: "client-1", seq: k + 1) }
        // All 400 go to the log with the first sync.
        Self.wait(for: pending.last!)
        let whole = try folder.bytes("a")
        let lines = whole.split(separator: UInt8(ascii: "\n"))
        #expect(truncate(folder.path("a"), off_t(whole.count - lines.suffix(10).map { $0.count + 1 }.reduce(0, +))) == 0)
        let generation = try #require(try CommitLog.recover(directory: folder.directory))
        #expect(generation > 1)
        #expect(try folder.bytes("a") == whole)
    }

    @Test func aLogWhoseHeaderWasTornIsMadeAgain() throws {
        let folder = try Folder()
        var a = folder.journal("a")
        try Self.write(["demo", "keyboard show"], to: &a)
        let fd = open(folder.log.path, O_WRONLY)
        #expect(pwrite(fd, "{\"gen", 5, 0) == 5)
        #expect(pwrite(fd, [UInt8](repeating: 0x20, count: 20), 20, 5) == 20)
        close(fd)
        #expect(try CommitLog.recover(directory: folder.directory) == nil)
        let again = try CommitLog.open(directory: folder.directory, following: nil, size: 1 << 16)
        let bytes = try #require(try FileIO.readBytes(again.path))
        let header = Array("{\"generation\": 1, \"kbplay\": \"commit-log\"}\n".utf8)
        #expect(Array(bytes.prefix(header.count)) == header)
        #expect(bytes.dropFirst(header.count).allSatisfy { $0 == 0 })
    }

    @Test func aJournalWrittenBeforeJournalsHadIdsIsCoveredToo() throws {
        let folder = try Folder()
        // As an earlier daemon left it: no id line.
        let old = JSON.object(["client": .string("client-1"), "command": .string("demo"), "seq": .number(1)]).text + "\n"
        #expect(FileManager.default.createFile(atPath: folder.path("a"), contents: Data(old.utf8)))
        var a = folder.journal("a")
        try Self.write(["focus email", "keyboard show"], to: &a)
        let whole = try folder.bytes("a")
        #expect(Journal.id(of: whole) == "")
        #expect(truncate(folder.path("a"), off_t(old.utf8.count + 3)) == 0)
        try CommitLog.recover(directory: folder.directory)
        #expect(try folder.bytes("a") == whole)
        #expect(try Journal.read(directory: folder.directory, name: "a")?.commands == ["demo", "focus email", "keyboard show"])
    }

    @Test func aJournalWhoseIdLineWasCutShortStartsAgain() throws {
        let folder = try Folder()
        // What a full disk can leave of a new journal.
        #expect(FileManager.default.createFile(atPath: folder.path("a"), contents: Data("{\"journal\": \"12".utf8)))
        var a = folder.journal("a")
        try Self.write(["demo", "keyboard show"], to: &a)
        let text = try String(contentsOfFile: folder.path("a"), encoding: .utf8)
        #expect(Journal.id(of: Array(text.utf8)).map { !$0.isEmpty && text.hasPrefix(Journal.header(id: $0)) } == true)
        #expect(try Journal.read(directory: folder.directory, name: "a")?.commands == ["demo", "keyboard show"])
    }

    @Test func aFullLogStartsOverAfterSyncingTheJournals() throws {
        let folder = try Folder()
        var a = folder.journal("a")
        // About 120 bytes a record in a 64 KB log: it fills up several times.
        let commands = (0..<2000).map { "set formBottom.constant = \($0)" }
        try Self.write(commands, to: &a)
        let whole = try folder.bytes("a")
        #expect(try Journal.read(directory: folder.directory, name: "a")?.commands == commands)
        // What the log holds now is the last records only; the journal,
        // synced at each turn, needs no more.
        let generation = try #require(try CommitLog.recover(directory: folder.directory))
        #expect(generation > 1)
        #expect(try folder.bytes("a") == whole)
    }
}
