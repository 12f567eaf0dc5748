import Synchronization

/// Bytes of change messages handed to a connection's channel and not yet
/// written, for all its subscriptions together.
final class SubscriberBacklog: Sendable {
    let limit: Int
    private let bytes = Atomic<Int>(0)

    init(limit: Int) {
        self.limit = limit
    }

    /// Counts `size` more bytes unless that would pass the limit; a message
    /// larger than the limit is let through when nothing else waits.
    func reserve(_ size: Int) -> Bool {
        let total = bytes.add(size, ordering: .relaxed).newValue
        if total <= limit || total == size { return true }
        bytes.subtract(size, ordering: .relaxed)
        return false
    }

    /// Whether nothing more fits.
    var isFull: Bool { bytes.load(ordering: .relaxed) >= limit }

    func release(_ size: Int) {
        bytes.subtract(size, ordering: .relaxed)
    }
}
