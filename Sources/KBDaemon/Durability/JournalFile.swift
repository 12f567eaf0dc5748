#if canImport(Glibc)
import Glibc
#endif

/// An open journal file, closed when the last user lets go of it, so a sync
/// still under way after compaction never touches a reused descriptor.
final class JournalFile: @unchecked Sendable {
    let fd: Int32
    let path: String

    init(fd: Int32, path: String) {
        self.fd = fd
        self.path = path
    }

    deinit { Glibc.close(fd) }
}
