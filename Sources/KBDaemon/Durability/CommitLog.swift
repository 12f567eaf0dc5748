#if canImport(Glibc)
import Glibc
#endif
import KBShell
import NIOCore

/// Where acknowledged journal records become durable: one file beside the
/// journals, `commit.log`, whose blocks were written with zeros when it
/// was made. A group commit writes its records there in one `pwrite` and
/// syncs them with one `fdatasync`: no block to allocate and no size to
/// change, so the disk writes the records and flushes its cache, and no
/// other file waits with them (a `syncfs` of the journals would write every
/// journal's data and metadata, and other programs' data on the
/// filesystem).
///
/// Every record is written to its session's journal first, as before, and
/// the journals are read as before; the log only makes the records durable.
/// After a crash of the machine, a journal may have lost records that were
/// written but not yet on its disk: ``recover(directory:)`` writes them
/// back from the log before any session is loaded. After a `kill -9` the
/// journals lost nothing (the kernel still writes what they were given).
///
/// Each record in the log names its journal by an id (the journal's first
/// line, `{"journal": "ID"}`, new for each file: a compaction writes a new
/// one) and the offset it was written at, with a checksum of its bytes; a
/// record whose journal has another id was compacted into a snapshot since.
/// When the log is full, the journals it holds records of are synced, and
/// the log starts over with the next generation: a record of another
/// generation than its header is stale, and reading stops at it, at a torn
/// record, or at the zeros.
final class CommitLog: @unchecked Sendable {
    /// One journal record, as written to its journal.
    struct Record: Sendable {
        var session: String
        /// The journal's id (its first line).
        var journal: String
        /// Where in the journal the line starts.
        var offset: Int
        var line: ByteBuffer
    }

    static let fileName = "commit.log"
    /// The header's room; records start after it.
    static let headerSize = 4096

    let path: String
    let size: Int
    /// The journals' folder.
    let directory: String
    private let fd: Int32
    private var generation: Int
    private var offset: Int
    /// Sessions whose journals got records in this generation.
    private var touched: Set<String> = []

    private init(path: String, size: Int, fd: Int32, generation: Int) {
        self.path = path
        self.directory = FileIO.folder(of: path)
        self.size = size
        self.fd = fd
        self.generation = generation
        offset = Self.headerSize
    }

    deinit { close(fd) }

    /// Opens the log of `directory` for the generation after `previous`
    /// (what ``recover(directory:)`` returned: call it first), making it,
    /// `size` bytes of zeros, if it is missing or of another size.
    static func open(directory: String, following previous: Int?, size: Int = 16 << 20) throws -> CommitLog {
        let path = "\(directory)/\(fileName)"
        let fd = Glibc.open(path, O_RDWR | O_CREAT | O_CLOEXEC, 0o600)
        guard fd >= 0 else { throw DaemonIOError("cannot open \(path): \(String(cString: strerror(errno)))") }
        do {
            var info = stat()
            guard fstat(fd, &info) == 0 else { throw DaemonIOError("cannot read \(path): \(String(cString: strerror(errno)))") }
            // A log whose header could not be read (torn as a new generation
            // began) is made again too: its records are of no generation
            // the new one can be told from.
            if Int(info.st_size) != size || previous == nil {
                // Zeros in every block, on the disk, before the first record.
                guard ftruncate(fd, 0) == 0 else { throw DaemonIOError("cannot write \(path): \(String(cString: strerror(errno)))") }
                // From the start of the file (its offset is still 0); a short
                // write goes on with the rest, which fails with the reason (a
                // full disk, a limit on size).
                let zeros = [UInt8](repeating: 0, count: 1 << 20)
                var left = size
                while left > 0 {
                    let n = min(zeros.count, left)
                    try zeros.withUnsafeBytes { try FileIO.writeAll(fd, UnsafeRawBufferPointer(rebasing: $0[..<n]), path: path) }
                    left -= n
                }
            }
            let log = CommitLog(path: path, size: size, fd: fd, generation: (previous ?? 0) + 1)
            try log.writeHeader()
            // The log's own name in the folder, on disk before it holds
            // any record.
            let error = FileIO.syncFolder(directory)
            guard error == 0 else { throw DaemonIOError("cannot sync \(directory): \(String(cString: strerror(error)))") }
            return log
        } catch {
            close(fd)
            throw error
        }
    }

    /// Writes and syncs the header of the current generation (and the
    /// file's blocks, the first time).
    private func writeHeader() throws {
        var header = Array("{\"generation\": \(generation), \"kbplay\": \"commit-log\"}\n".utf8)
        header += [UInt8](repeating: 0, count: Self.headerSize - header.count)
        let written = header.withUnsafeBytes { pwrite(fd, $0.baseAddress, $0.count, 0) }
        guard written == header.count, fsync(fd) == 0 else {
            throw DaemonIOError("cannot write \(path): \(String(cString: strerror(errno)))")
        }
        offset = Self.headerSize
    }

    /// Writes the records and syncs them: 0, or the `errno` of the failure.
    /// Called by one thread at a time.
    func append(_ records: [Record]) -> Int32 {
        var pending = records[...]
        while !pending.isEmpty {
            // As many records as the log has room for, in one write.
            var batch = ByteBuffer()
            batch.reserveCapacity(pending.reduce(0) { $0 + $1.line.readableBytes + 160 })
            var taken = 0
            for record in pending {
                let end = batch.writerIndex
                encode(record, into: &batch)
                guard offset + batch.readableBytes <= size else {
                    batch.moveWriterIndex(to: end)
                    break
                }
                taken += 1
            }
            if taken == 0 {
                // A record larger than a whole generation (the log is
                // sixteen times a request's limit): never, but not a loop.
                guard offset > Self.headerSize else { return EFBIG }
                // Full: the records of this generation on disk in their
                // journals, then a new generation (whose records the old
                // ones cannot be taken for) from the top.
                let error = syncJournals()
                guard error == 0 else { return error }
                touched = []
                generation += 1
                do { try writeHeader() } catch { return EIO }
                continue
            }
            for record in pending.prefix(taken) { touched.insert(record.session) }
            let written = batch.withUnsafeReadableBytes { pwrite(fd, $0.baseAddress, $0.count, off_t(offset)) }
            guard written == batch.readableBytes else { return written < 0 ? errno : EIO }
            offset += written
            pending = pending.dropFirst(taken)
        }
        return fdatasync(fd) == 0 ? 0 : errno
    }

    /// Syncs the journals that got records in this generation, and their
    /// folder (a journal made in it is found there after a crash): 0, or
    /// the `errno` of the failure. Only those files: a `syncfs` would also
    /// write whatever other programs left unwritten on the filesystem.
    private func syncJournals() -> Int32 {
        for session in touched {
            let error = FileIO.syncFile("\(directory)/\(session).journal", dataOnly: true)
            if error == ENOENT { continue }
            guard error == 0 else { return error }
        }
        return FileIO.syncFolder(directory)
    }

    /// `{"g": generation, "h": "checksum", "j": "journal id", "n": bytes,
    /// "o": offset, "s": "session"}`, a tab, then the journal line itself
    /// (which ends the record with its newline).
    private func encode(_ record: Record, into out: inout ByteBuffer) {
        var line = record.line
        let bytes = line.readableBytes
        let checksum = line.withUnsafeReadableBytes { Self.checksum($0) }
        out.writeString("{\"g\": \(generation), \"h\": \"\(String(checksum, radix: 16))\", \"j\": ")
        JSONBytes.writeString(record.journal, to: &out)
        out.writeString(", \"n\": \(bytes), \"o\": \(record.offset), \"s\": ")
        JSONBytes.writeString(record.session, to: &out)
        out.writeStaticString("}\t")
        out.writeBuffer(&line)
    }

    /// FNV-1a, 64 bits.
    static func checksum(_ bytes: UnsafeRawBufferPointer) -> UInt64 {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in bytes { hash = (hash ^ UInt64(byte)) &* 0x100_0000_01b3 }
        return hash
    }

    /// Writes back, from the log of `directory`, every record its journal
    /// lacks (or holds torn), in the order they were logged, and syncs
    /// every journal the log names. Returns the log's generation (nil: no
    /// log). Throws if a journal could not be written back.
    @discardableResult
    static func recover(directory: String) throws -> Int? {
        let path = "\(directory)/\(fileName)"
        // Only a file can be a log (anything else there is left for
        // ``open`` to refuse).
        var info = stat()
        guard stat(path, &info) == 0, info.st_mode & S_IFMT == S_IFREG,
              let log = try FileIO.readBytes(path), log.count >= headerSize else { return nil }
        guard let end = log.firstIndex(of: UInt8(ascii: "\n")), end < headerSize,
              let header = try? JSONReader.parse(String(decoding: log[..<end], as: UTF8.self)),
              let number = header["generation"]?.numberValue, let generation = Int(exactly: number) else { return nil }
        /// The journals the log names, as read (and as written back).
        var journals: [String: (bytes: [UInt8], id: String?, changed: Bool)] = [:]
        var position = headerSize
        while position < log.count, log[position] == UInt8(ascii: "{"),
              let tab = log[position...].firstIndex(of: UInt8(ascii: "\t")),
              let json = try? JSONReader.parse(String(decoding: log[position..<tab], as: UTF8.self)),
              json["g"]?.numberValue == Double(generation),
              let session = json["s"]?.stringValue, SessionName.isValid(session),
              let id = json["j"]?.stringValue, let n = json["n"].flatMap({ $0.numberValue }).flatMap(Int.init(exactly:)),
              let offset = json["o"].flatMap({ $0.numberValue }).flatMap(Int.init(exactly:)),
              let checksum = json["h"]?.stringValue, n > 0, offset >= 0, tab + 1 + n <= log.count {
            let line = Array(log[(tab + 1)..<(tab + 1 + n)])
            guard line.last == UInt8(ascii: "\n"), line.withUnsafeBytes({ Self.checksum($0) }) == UInt64(checksum, radix: 16) else {
                break
            }
            position = tab + 1 + n
            if journals[session] == nil {
                let bytes = try FileIO.readBytes("\(directory)/\(session).journal") ?? []
                if let existing = Journal.id(of: bytes) {
                    journals[session] = (bytes, existing, false)
                } else if !id.isEmpty {
                    // Made, but its making did not reach the disk (or its
                    // id line was torn): made again, with the same id.
                    journals[session] = (Array(Journal.header(id: id).utf8), id, true)
                } else {
                    journals[session] = (bytes, nil, false)
                }
            }
            // A journal with another id was compacted since (or is gone).
            guard journals[session]!.id == id else { continue }
            let bytes = journals[session]!.bytes
            if bytes.count >= offset + n, Array(bytes[offset..<(offset + n)]) == line { continue }
            guard bytes.count >= offset else {
                throw DaemonIOError("the journal of session '\(session)' (\(directory)/\(session).journal) ends at \(bytes.count) bytes, before a record the commit log holds for it at \(offset): it has lost records the log does not hold. Nothing was changed; to start without the log, move \(path) away (the records it holds that the journals lack are then lost)")
            }
            journals[session]!.bytes = Array(bytes[..<offset]) + line
            journals[session]!.changed = true
        }
        for (session, journal) in journals.sorted(by: { $0.key < $1.key }) where journal.id != nil {
            let journalPath = "\(directory)/\(session).journal"
            if journal.changed {
                try FileIO.atomicWrite(journalPath, String(decoding: journal.bytes, as: UTF8.self), mode: 0o600)
            } else {
                // Read from the page cache (after a kill -9): on disk before
                // the log lets go of its records.
                let error = FileIO.syncFile(journalPath)
                guard error == 0 || error == ENOENT else {
                    throw DaemonIOError("cannot sync \(journalPath): \(String(cString: strerror(error)))")
                }
            }
        }
        let error = FileIO.syncFolder(directory)
        guard error == 0 else { throw DaemonIOError("cannot sync \(directory): \(String(cString: strerror(error)))") }
        return generation
    }
}
