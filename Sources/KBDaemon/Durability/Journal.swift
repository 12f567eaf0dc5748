#if canImport(Glibc)
import Glibc
#endif
import KBShell
import NIOCore

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
