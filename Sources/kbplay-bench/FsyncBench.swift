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
///
/// Then a group commit of `--group` records, two ways: one record appended
/// to each of as many session journals (of `--journals`) and one `syncfs`,
/// as the daemon does for a tick's records; and the same records written
/// at once into a log whose blocks were written with zeros and synced
/// beforehand, then its `fdatasync` (no block to allocate, no size to
/// change: only the data and the disk's cache flush), as a daemon-wide
/// commit log would. Each prints the CPU the process spent per record.
struct FsyncBench: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "fsync",
        abstract: "Latency of appending a record and syncing it (fdatasync, fsync, syncfs) in a folder, and of two group commits."
    )

    @Option(help: "The folder to write in (default: the temporary directory).") var dir: String?
    @Option(help: "Appends to time for each sync call.") var count = 500
    @Option(help: "Bytes per record.") var size = 200
    @Option(help: "Records per group commit.") var group = 25
    @Option(help: "Session journals the group's records go to, in turn.") var journals = 50

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
        guard group > 0, journals > 0 else { throw ValidationError("--group and --journals must be positive") }
        try measureGroups(folder: shown)
        fflush(nil)
    }

    /// A journal-like record of `size` bytes: JSON, newline-terminated.
    var record: [UInt8] {
        var record = Array("{\"seq\": 1, \"client\": \"client-1\", \"command\": \"".utf8)
        record += Array(repeating: UInt8(ascii: "x"), count: max(0, size - record.count - 3))
        record += Array("\"}\n".utf8)
        return record
    }

    /// The two group commits (see the type's comment), `count` groups each.
    func measureGroups(folder: String) throws {
        let record = self.record
        let prefix = "\(folder)/kbplay-bench-group-\(getpid())"
        var fds: [Int32] = []
        defer {
            for (i, fd) in fds.enumerated() {
                close(fd)
                unlink("\(prefix)-\(i).journal")
            }
        }
        for i in 0..<journals {
            let fd = open("\(prefix)-\(i).journal", O_WRONLY | O_CREAT | O_TRUNC | O_APPEND | O_CLOEXEC, 0o600)
            guard fd >= 0 else { throw ValidationError("cannot create \(prefix)-\(i).journal: \(String(cString: strerror(errno)))") }
            fds.append(fd)
        }
        guard syncFilesystem(fds[0]) == 0 else { throw ValidationError("syncfs failed in \(folder)") }
        var next = 0
        try time("syncfs-group", folder: folder) {
            for _ in 0..<group {
                let written = record.withUnsafeBytes { write(fds[next % journals], $0.baseAddress, $0.count) }
                guard written == record.count else { throw ValidationError("short write in \(folder)") }
                next += 1
            }
            guard syncFilesystem(fds[0]) == 0 else { throw ValidationError("syncfs failed in \(folder)") }
        }

        let logPath = "\(prefix).log"
        let log = open(logPath, O_RDWR | O_CREAT | O_TRUNC | O_CLOEXEC, 0o600)
        guard log >= 0 else { throw ValidationError("cannot create \(logPath): \(String(cString: strerror(errno)))") }
        defer {
            close(log)
            unlink(logPath)
        }
        let batch = Array([[UInt8]](repeating: record, count: group).joined())
        let zeros = [UInt8](repeating: 0, count: 1 << 20)
        let length = ((batch.count * count) >> 20 + 1) << 20
        for offset in stride(from: 0, to: length, by: zeros.count) {
            let written = zeros.withUnsafeBytes { pwrite(log, $0.baseAddress, $0.count, off_t(offset)) }
            guard written == zeros.count else { throw ValidationError("cannot write zeros to \(logPath)") }
        }
        guard fsync(log) == 0 else { throw ValidationError("fsync failed on \(logPath)") }
        var offset = 0
        try time("log-group", folder: folder) {
            let written = batch.withUnsafeBytes { pwrite(log, $0.baseAddress, $0.count, off_t(offset)) }
            guard written == batch.count else { throw ValidationError("short write on \(logPath)") }
            offset += batch.count
            guard fdatasync(log) == 0 else { throw ValidationError("fdatasync failed on \(logPath)") }
        }
    }

    /// Times `count` runs of `groupCommit`, and the process's CPU over them.
    func time(_ name: String, folder: String, _ groupCommit: () throws -> Void) throws {
        var times: [Double] = []
        times.reserveCapacity(count)
        let cpu0 = Self.processCPUSeconds()
        for _ in 0..<count {
            let t0 = DispatchTime.now().uptimeNanoseconds
            try groupCommit()
            times.append(Double(DispatchTime.now().uptimeNanoseconds - t0) / 1e3)
        }
        let cpu = Self.processCPUSeconds() - cpu0
        let sorted = times.sorted()
        func percentile(_ p: Double) -> Int {
            Int(sorted[min(sorted.count - 1, Int((p * Double(sorted.count)).rounded(.up)) - 1)].rounded())
        }
        print("case=\(name) dir=\(folder) p50_us=\(percentile(0.50)) p99_us=\(percentile(0.99))")
        print("#   groups=\(count) records_per_group=\(group) bytes=\(record.count) p90_us=\(percentile(0.90)) "
            + "max_us=\(Int(sorted.last!.rounded())) cpu_us_per_record=\(String(format: "%.1f", cpu * 1e6 / Double(count * group)))")
    }

    /// User and system CPU of this process so far.
    static func processCPUSeconds() -> Double {
        var usage = rusage()
        getrusage(RUSAGE_SELF.rawValue, &usage)
        func seconds(_ t: timeval) -> Double { Double(t.tv_sec) + Double(t.tv_usec) / 1e6 }
        return seconds(usage.ru_utime) + seconds(usage.ru_stime)
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
        let record = self.record
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
