#if canImport(Glibc)
import Glibc
#endif
import Foundation
import Testing
@testable import KBDaemon
import KBShell

/// Reading a journal back: a torn last line is dropped (it was never
/// acknowledged); a damaged line before it, or a journal of a later
/// format, stops the load with the path and what is wrong.
@Suite struct JournalTests {
    static func record(_ command: String, seq: Int) -> String {
        JSON.object(["client": .string("client-1"), "command": .string(command), "seq": .number(Double(seq))]).text
    }

    /// A folder holding the journal `a` with `lines` (each given its newline).
    static func journal(_ lines: [String], end: String = "\n") -> String {
        let directory = temporaryDirectory()
        FileManager.default.createFile(atPath: directory + "/a.journal",
                                       contents: Data((lines.joined(separator: "\n") + end).utf8))
        return directory
    }

    static func error(reading directory: String) -> JournalError? {
        do {
            _ = try Journal.read(directory: directory, name: "a")
            return nil
        } catch {
            return error as? JournalError
        }
    }

    @Test func aNewJournalSaysItsFormatVersionAndIsReadBack() throws {
        let directory = temporaryDirectory()
        var journal = Journal(directory: directory, name: "a", syncer: JournalSync())
        _ = try journal.write("demo", client: "client-1", seq: 1)
        let text = try #require(try FileIO.read(journal.path))
        let id = try #require(Journal.id(of: Array(text.utf8)))
        #expect(text == "{\"journal\": \"\(id)\", \"version\": 1}\n" + Self.record("demo", seq: 1) + "\n")
        #expect(try Journal.read(directory: directory, name: "a")?.commands == ["demo"])
        // A snapshot's journal says it too.
        try journal.compact(snapshot: JournalSnapshot(text: "{}", savedName: nil))
        #expect(try FileIO.read(journal.path)?.contains("\", \"version\": 1}\n{\"snapshot\": \"{}\"}\n") == true)
    }

    @Test func journalsWrittenBeforeTheVersionAreVersionOne() throws {
        // An id line without a version, and no id line at all.
        let withID = Self.journal(["{\"journal\": \"7f\"}", Self.record("demo", seq: 1), Self.record("focus email", seq: 2)])
        #expect(try Journal.read(directory: withID, name: "a")?.commands == ["demo", "focus email"])
        #expect(Journal.id(of: Array(try FileIO.read(withID + "/a.journal")!.utf8)) == "7f")
        let withoutID = Self.journal([Self.record("demo", seq: 1)])
        #expect(try Journal.read(directory: withoutID, name: "a")?.commands == ["demo"])
    }

    @Test func aJournalOfALaterVersionIsRefusedWithBothVersions() throws {
        let directory = Self.journal(["{\"journal\": \"7f\", \"version\": 2}", Self.record("demo", seq: 1)])
        let error = try #require(Self.error(reading: directory))
        #expect(error == .newerVersion(path: directory + "/a.journal", version: 2, supported: 1))
        #expect("\(error)" == "\(directory)/a.journal is a journal of format version 2, written by a later kbplay; this one reads versions up to 1. Serve the session with that kbplay, or move the journal away to start the session anew")
        let bad = Self.journal(["{\"journal\": \"7f\", \"version\": \"two\"}", Self.record("demo", seq: 1)])
        #expect(Self.error(reading: bad) == .damaged(path: bad + "/a.journal", line: 1,
                                                     reason: "its version is not a whole number from 1"))
    }

    @Test func aDamagedRecordBeforeTheLastStopsTheLoadWithItsLine() throws {
        let lines = ["{\"journal\": \"7f\", \"version\": 1}", Self.record("demo", seq: 1),
                     Self.record("focus email", seq: 2), Self.record("keyboard show", seq: 3)]
        // A byte of the second record lost: the third must not replay
        // without it.
        var damaged = lines
        damaged[2].removeLast()
        let directory = Self.journal(damaged)
        let error = try #require(Self.error(reading: directory))
        guard case let .damaged(path, line, reason) = error else { Issue.record("\(error)"); return }
        #expect(path == directory + "/a.journal")
        #expect(line == 3)
        #expect(reason.hasPrefix("not JSON: line 1, column "))
        #expect("\(error)".hasPrefix("\(directory)/a.journal:3: a damaged record (not JSON: "))
        #expect("\(error)".hasSuffix("the session is not loaded, since the commands after it would replay on another session than the one acknowledged. Mend or remove that line, or move the journal away to start the session anew"))
        // JSON, but no record.
        var unknown = lines
        unknown[1] = "{\"seq\": 1}"
        #expect(Self.error(reading: Self.journal(unknown)).map { if case .damaged(_, 2, "neither a snapshot nor a command") = $0 { true } else { false } } == true)
    }

    @Test func aTornLastLineIsDroppedAsNeverAcknowledged() throws {
        let lines = ["{\"journal\": \"7f\", \"version\": 1}", Self.record("demo", seq: 1), Self.record("focus email", seq: 2)]
        // Cut short mid-append, with or without its newline; or zeros.
        for (last, end) in [(String(lines[2].prefix(20)), ""), (String(lines[2].prefix(20)), "\n"),
                            (String(repeating: "\0", count: 30), "")] {
            let directory = Self.journal(Array(lines.prefix(2)) + [last], end: end)
            #expect(try Journal.read(directory: directory, name: "a")?.commands == ["demo"], "\(last.debugDescription)")
        }
        // A whole journal reads every record.
        #expect(try Journal.read(directory: Self.journal(lines), name: "a")?.commands == ["demo", "focus email"])
    }
}
