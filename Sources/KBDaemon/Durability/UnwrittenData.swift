#if canImport(Glibc)
import Glibc
#endif

/// Data written to files, by any program, that is not on disk yet: what a
/// `syncfs` would have to write before it returns.
public enum UnwrittenData {
    /// Above this much, the daemon does not start a `syncfs` (its journals
    /// are synced file by file).
    public static let syncfsLimit = 32 << 20

    /// `Dirty:` plus `Writeback:` of /proc/meminfo: data written to
    /// files, by any program, that is not on disk yet.
    public static func systemBytes() -> Int? {
        let fd = open("/proc/meminfo", O_RDONLY | O_CLOEXEC)
        guard fd >= 0 else { return nil }
        defer { close(fd) }
        return withUnsafeTemporaryAllocation(of: UInt8.self, capacity: 16384) { buffer -> Int? in
            var length = 0
            while length < buffer.count {
                let n = read(fd, buffer.baseAddress! + length, buffer.count - length)
                if n < 0 && errno == EINTR { continue }
                guard n > 0 else { break }
                length += n
            }
            return dirtyBytes(meminfo: UnsafeBufferPointer(rebasing: buffer[..<length]))
        }
    }

    /// `Dirty:` plus `Writeback:` (in kB) of a /proc/meminfo text, in
    /// bytes; nil unless both are there.
    static func dirtyBytes(meminfo text: UnsafeBufferPointer<UInt8>) -> Int? {
        var total = 0
        var found = 0
        var start = 0
        while start < text.count {
            let end = text[start...].firstIndex(of: UInt8(ascii: "\n")) ?? text.count
            let line = text[start..<end]
            start = end + 1
            guard line.starts(with: "Dirty:".utf8) || line.starts(with: "Writeback:".utf8),
                  let colon = line.firstIndex(of: UInt8(ascii: ":")) else { continue }
            var kilobytes = 0
            var digits = 0
            for byte in line[(colon + 1)...] where byte != UInt8(ascii: " ") {
                guard byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9") else { break }
                kilobytes = kilobytes * 10 + Int(byte - UInt8(ascii: "0"))
                digits += 1
            }
            guard digits > 0 else { return nil }
            total += kilobytes * 1024
            found += 1
        }
        return found == 2 ? total : nil
    }
}
