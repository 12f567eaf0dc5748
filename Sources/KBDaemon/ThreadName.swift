#if canImport(Glibc)
import Glibc
#endif

/// Names the calling thread, as `ps -L` and `top -H` show it (at most 15
/// bytes on Linux; a thread otherwise keeps the name of its creator).
func nameThisThread(_ name: String) {
    _ = setThreadName(pthread_self(), name)
}

/// `pthread_setname_np(3)` (a GNU extension the Glibc module does not export).
@_silgen_name("pthread_setname_np")
private func setThreadName(_ thread: pthread_t, _ name: UnsafePointer<CChar>) -> Int32
