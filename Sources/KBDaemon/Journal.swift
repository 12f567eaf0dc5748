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

func readFile(_ path: String) throws -> String? {
    do { return try FileIO.read(path) } catch { throw DaemonIOError(error.description) }
}

func writeAll(_ fd: Int32, _ text: String, path: String) throws {
    do { try FileIO.writeAll(fd, text, path: path) } catch { throw DaemonIOError(error.description) }
}

func atomicWrite(_ path: String, _ text: String) throws {
    do { try FileIO.atomicWrite(path, text) } catch { throw DaemonIOError(error.description) }
}
