#if canImport(Glibc)
import Glibc
#endif

/// `syncfs(2)`: flushes every file of the filesystem holding `fd`.
@_silgen_name("syncfs")
private func syncfs(_ fd: Int32) -> Int32

/// What the journal's group commit calls: `syncfs(2)` of the filesystem
/// holding `fd`; 0, or -1 with `errno` set.
public func syncFilesystem(_ fd: Int32) -> Int32 {
    syncfs(fd)
}

extension JournalSync {
    /// How a file, or the filesystem holding it, reaches the disk: `0`, or
    /// the `errno` of the failure; and how much data the system holds
    /// unwritten (nil: unknown).
    struct Disk: Sendable {
        var syncFile: @Sendable (Int32) -> Int32
        var syncFilesystem: @Sendable (Int32) -> Int32
        var unwrittenBytes: @Sendable () -> Int?

        static let system = Disk(syncFile: { fdatasync($0) == 0 ? 0 : errno },
                                 syncFilesystem: { syncfs($0) == 0 ? 0 : errno },
                                 unwrittenBytes: { UnwrittenData.systemBytes() })
    }
}
