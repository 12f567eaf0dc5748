#if canImport(Glibc)
import Glibc
#endif
import KBShell

/// A session's durable record: `DIR/.journal/NAME.journal`, one JSON object
/// per line. The first line may be a snapshot (`{"snapshot": "<session
/// file>"}`); every other line is a command that was acknowledged
/// (`{"seq": n, "client": "…", "command": "…"}`). Each command is written
/// and fsync'ed before its reply is sent; compaction replaces the file
/// atomically with a single snapshot line.
struct Journal {
    let directory: String
    let name: String
    private var fd: Int32 = -1
    private(set) var entries = 0

    var path: String { "\(directory)/\(name).journal" }

    init(directory: String, name: String) {
        self.directory = directory
        self.name = name
    }

    /// The snapshot text and the commands after it, if the journal exists.
    /// A torn last line (a crash mid-write) is ignored: it was never
    /// acknowledged.
    static func read(directory: String, name: String) throws -> (snapshot: String?, commands: [String])? {
        let path = "\(directory)/\(name).journal"
        guard let text = try readFile(path) else { return nil }
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

    /// Appends one acknowledged command and makes it durable.
    mutating func append(_ command: String, client: String, seq: Int) throws {
        if fd < 0 {
            fd = open(path, O_WRONLY | O_CREAT | O_APPEND | O_CLOEXEC, 0o600)
            guard fd >= 0 else { throw DaemonIOError("cannot open \(path): \(String(cString: strerror(errno)))") }
        }
        let line = JSON.object(["seq": .number(Double(seq)), "client": .string(client), "command": .string(command)]).text + "\n"
        try writeAll(fd, line, path: path)
        guard fsync(fd) == 0 else { throw DaemonIOError("cannot sync \(path): \(String(cString: strerror(errno)))") }
        entries += 1
    }

    /// Replaces the journal with one snapshot line, atomically.
    mutating func compact(snapshot: String) throws {
        close()
        let line = JSON.object(["snapshot": .string(snapshot)]).text + "\n"
        try atomicWrite(path, line)
        entries = 0
    }

    mutating func close() {
        if fd >= 0 { Glibc.close(fd) }
        fd = -1
    }
}

struct DaemonIOError: Error, CustomStringConvertible {
    var description: String
    init(_ description: String) { self.description = description }
}

/// The file's text, or nil if it does not exist.
func readFile(_ path: String) throws -> String? {
    let fd = open(path, O_RDONLY | O_CLOEXEC)
    if fd < 0 {
        if errno == ENOENT { return nil }
        throw DaemonIOError("cannot read \(path): \(String(cString: strerror(errno)))")
    }
    defer { close(fd) }
    var bytes: [UInt8] = []
    var buffer = [UInt8](repeating: 0, count: 65536)
    while true {
        let n = read(fd, &buffer, buffer.count)
        if n < 0 { throw DaemonIOError("cannot read \(path): \(String(cString: strerror(errno)))") }
        if n == 0 { break }
        bytes += buffer[0..<n]
    }
    return String(decoding: bytes, as: UTF8.self)
}

func writeAll(_ fd: Int32, _ text: String, path: String) throws {
    let bytes = Array(text.utf8)
    var offset = 0
    while offset < bytes.count {
        let n = bytes[offset...].withUnsafeBytes { write(fd, $0.baseAddress, $0.count) }
        if n < 0 {
            if errno == EINTR { continue }
            throw DaemonIOError("cannot write \(path): \(String(cString: strerror(errno)))")
        }
        offset += n
    }
}

/// Writes a temporary file in the same folder, syncs it, renames it over
/// `path` and syncs the folder: readers see the old file or the new one.
func atomicWrite(_ path: String, _ text: String) throws {
    let tmp = path + ".tmp-\(getpid())"
    let fd = open(tmp, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o600)
    guard fd >= 0 else { throw DaemonIOError("cannot write \(tmp): \(String(cString: strerror(errno)))") }
    do {
        try writeAll(fd, text, path: tmp)
        guard fsync(fd) == 0 else { throw DaemonIOError("cannot sync \(tmp)") }
        close(fd)
    } catch {
        close(fd)
        unlink(tmp)
        throw error
    }
    guard rename(tmp, path) == 0 else {
        unlink(tmp)
        throw DaemonIOError("cannot rename \(tmp) to \(path): \(String(cString: strerror(errno)))")
    }
    let slash = path.lastIndex(of: "/").map { String(path[..<$0]) } ?? "."
    let dfd = open(slash.isEmpty ? "/" : slash, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
    if dfd >= 0 {
        fsync(dfd)
        close(dfd)
    }
}
