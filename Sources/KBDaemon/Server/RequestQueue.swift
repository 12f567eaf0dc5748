import NIOCore

/// The requests of one connection (a socket client's lines, a page's
/// messages), carried out one at a time in the order they came: the next
/// is handed out only once the one under way is answered (``finished()``).
/// So the replies go out in the order of the requests whatever each takes
/// (one answered at once, one waiting for its journal record to sync, one
/// waiting for its session to load), and one connection's commands run in
/// the order it sent them.
///
/// Used on the connection's event loop only.
struct RequestQueue<Request> {
    private var waiting = CircularBuffer<Request>()
    /// A request was handed out and is not yet answered.
    private(set) var busy = false

    /// Requests received and not yet handed out.
    var count: Int { waiting.count }

    /// No request waits and none is under way.
    var isIdle: Bool { !busy && waiting.isEmpty }

    mutating func append(_ request: Request) {
        waiting.append(request)
    }

    /// The next request, unless one is under way (or none waits); it is
    /// under way until ``finished()``.
    mutating func next() -> Request? {
        guard !busy, let request = waiting.popFirst() else { return nil }
        busy = true
        return request
    }

    /// The request under way is answered: the next may be handed out.
    mutating func finished() {
        busy = false
    }

    /// Drops the requests waiting (the connection went, or is closing);
    /// one under way still finishes.
    mutating func removeAll() {
        waiting.removeAll()
    }
}
