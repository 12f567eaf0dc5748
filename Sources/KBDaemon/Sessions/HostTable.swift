import Foundation

/// The registry's sessions by name, read under a lock by any thread and
/// changed only by the registry.
final class HostTable<Session: HostedSession>: @unchecked Sendable {
    private let lock = NSLock()
    private var hosts: [String: SessionHost<Session>] = [:]

    subscript(name: String) -> SessionHost<Session>? {
        get { lock.withLock { hosts[name] } }
        set { lock.withLock { hosts[name] = newValue } }
    }

    func remove(_ name: String, ifItIs host: SessionHost<Session>) {
        lock.withLock {
            if hosts[name] === host { hosts[name] = nil }
        }
    }

    var names: [String] { lock.withLock { Array(hosts.keys) } }

    var all: [(name: String, host: SessionHost<Session>)] {
        lock.withLock { hosts.map { (name: $0.key, host: $0.value) } }
    }
}
