/// A journal record written but maybe not yet on disk.
struct PendingSync: Sendable {
    let file: JournalFile
    let ticket: Int
    let syncer: JournalSync

    /// Calls `done` once the record is on disk, or with the error if it
    /// could not be synced.
    func whenDurable(_ done: @escaping @Sendable ((any Error)?) -> Void) {
        syncer.whenSynced(through: ticket, file: file, done)
    }
}
