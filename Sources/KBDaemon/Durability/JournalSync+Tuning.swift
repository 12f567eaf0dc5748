import Dispatch

extension JournalSync {
    /// How many threads sync side by side, when one `syncfs` is worth it,
    /// and how long `syncfs` may take or is left alone.
    struct Tuning: Sendable {
        /// Threads syncing files side by side, at most.
        var threads = 8
        /// Queued records that make one `syncfs` worth more than their
        /// files' own syncs.
        var groupCommit = 2
        /// How long a `syncfs` may take before its records are synced file
        /// by file.
        var deadline: DispatchTimeInterval = .milliseconds(4)
        /// How long `syncfs` is left alone after it failed, or missed its
        /// deadline while the system held much unwritten data (other
        /// programs' writes that it would go on writing first).
        var pause: DispatchTimeInterval = .seconds(1)
        /// How long `syncfs` is left alone after it missed its deadline
        /// while the system held little unwritten data: the disk itself
        /// stalled, files synced one by one wait for it as long, and a
        /// second of them would cost a closed loop of clients more than it
        /// saves.
        var stallPause: DispatchTimeInterval = .milliseconds(50)
        /// Unwritten data on the system above which `syncfs` is not
        /// started: it would write all of it (other programs' too) before
        /// any record it covers counted as synced.
        var dirtyLimit = UnwrittenData.syncfsLimit
        /// How long a reading of the unwritten data holds.
        var dirtyCheck: DispatchTimeInterval = .milliseconds(50)
    }
}
