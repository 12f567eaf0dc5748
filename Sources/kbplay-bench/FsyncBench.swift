import ArgumentParser
import KBDaemon
import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// The disk's floor under the daemon's acknowledgements: the latency of
/// appending one journal-sized record to a file and syncing it, as the
/// daemon does before every reply. `fdatasync` (what the daemon calls for a
/// record synced alone), `fsync`, and `syncfs` (what its group commit calls)
/// are timed separately, each on a fresh file.
struct FsyncBench: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "fsync",
        abstract: "Latency of appending a record and syncing it (fdatasync, fsync, syncfs) in a folder."
    )

    @Option(help: "The folder to write in (default: the temporary directory).") var dir: String?
    @Option(help: "Appends to time for each sync call.") var count = 500
    @Option(help: "Bytes per record.") var size = 200

    func run() throws {
        let folder = dir ?? NSTemporaryDirectory()
        guard count > 0, size > 0 else { throw ValidationError("--count and --size must be positive") }
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: folder, isDirectory: &isDirectory), isDirectory.boolValue else {
            throw ValidationError("no folder at \(folder)")
        }
        let shown = folder.hasSuffix("/") && folder.count > 1 ? String(folder.dropLast()) : folder
        try measure("fdatasync", folder: shown) { fdatasync($0) }
        try measure("fsync", folder: shown) { fsync($0) }
        try measure("syncfs", folder: shown) { syncFilesystem($0) }
        fflush(nil)
    }

    /// Appends `count` records to a new file in `folder`, each followed by
    /// `sync`, and prints the percentiles of append + sync.
    func measure(_ name: String, folder: String, sync: (Int32) -> Int32) throws {
        let path = "\(folder)/kbplay-bench-\(name)-\(getpid()).journal"
        let fd = open(path, O_WRONLY | O_CREAT | O_TRUNC | O_APPEND | O_CLOEXEC, 0o600)
        guard fd >= 0 else { throw ValidationError("cannot create \(path): \(String(cString: strerror(errno)))") }
        defer {
            close(fd)
            unlink(path)
        }
        // A record like a journal line: JSON, newline-terminated.
        var record = Array("{\"seq\": 1, \"client\": \"client-1\", \"command\": \"".utf8)
        record += Array(repeating: UInt8(ascii: "x"), count: max(0, size - record.count - 3))
        record += Array("\"}\n".utf8)
        // The file's creation is synced once, untimed, so every timed sync
        // covers an append only.
        guard sync(fd) == 0 else { throw ValidationError("\(name) failed on \(path): \(String(cString: strerror(errno)))") }
        var times: [Double] = []
        times.reserveCapacity(count)
        for _ in 0..<count {
            let t0 = DispatchTime.now().uptimeNanoseconds
            let written = record.withUnsafeBytes { write(fd, $0.baseAddress, $0.count) }
            guard written == record.count else { throw ValidationError("short write on \(path)") }
            guard sync(fd) == 0 else { throw ValidationError("\(name) failed on \(path): \(String(cString: strerror(errno)))") }
            times.append(Double(DispatchTime.now().uptimeNanoseconds - t0) / 1e3)
        }
        let sorted = times.sorted()
        func percentile(_ p: Double) -> Int {
            Int(sorted[min(sorted.count - 1, Int((p * Double(sorted.count)).rounded(.up)) - 1)].rounded())
        }
        print("case=\(name) dir=\(folder) p50_us=\(percentile(0.50)) p99_us=\(percentile(0.99))")
        print("#   appends=\(count) bytes=\(record.count) min_us=\(Int(sorted.first!.rounded())) "
            + "p90_us=\(percentile(0.90)) max_us=\(Int(sorted.last!.rounded()))")
    }
}
