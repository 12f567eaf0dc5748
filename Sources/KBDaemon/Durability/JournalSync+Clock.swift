import Dispatch
#if canImport(Glibc)
import Glibc
#endif

extension JournalSync {
    /// Where the syncer reads the time and waits for it: the system's
    /// monotonic clock, or a test's, which moves only when the test moves
    /// it (so a test drives a deadline or a pause instead of sleeping).
    struct Clock: Sendable {
        /// Now, in nanoseconds of a monotonic clock.
        var now: @Sendable () -> UInt64
        /// Waits until `now()` has reached the given time, or less long:
        /// callers look at the time again after.
        var sleep: @Sendable (_ until: UInt64) -> Void

        /// `DispatchTime`'s clock; a sleep lasts a second at most.
        static let system = Clock(now: { DispatchTime.now().uptimeNanoseconds }, sleep: { until in
            let now = DispatchTime.now().uptimeNanoseconds
            if now < until { usleep(UInt32(min((until - now) / 1000, 1_000_000))) }
        })
    }
}
