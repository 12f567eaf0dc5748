import KBShell
import Synchronization

/// Who wants to hear of every session the registry loads or makes: a
/// workshop page follows each session as it appears, without asking
/// again and again.
final class LoadWatchers<Session: HostedSession>: Sendable {
    typealias Watcher = @Sendable (SessionName, SessionHost<Session>) -> Void
    private let watchers = Mutex<(last: Int, list: [Int: Watcher])>((0, [:]))

    /// Adds a watcher; its token removes it.
    func add(_ watcher: @escaping Watcher) -> Int {
        watchers.withLock { state in
            state.last += 1
            state.list[state.last] = watcher
            return state.last
        }
    }

    func remove(_ token: Int) {
        watchers.withLock { _ = $0.list.removeValue(forKey: token) }
    }

    /// Tells every watcher (outside the lock: a watcher hands the news to
    /// its own event loop).
    func tell(_ name: SessionName, _ host: SessionHost<Session>) {
        let list = watchers.withLock { Array($0.list.values) }
        for watcher in list { watcher(name, host) }
    }
}
