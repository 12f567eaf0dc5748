#if canImport(Glibc)
import Glibc
#endif
import KBModel
import KBShell

/// The live sessions by name; a request naming an unknown session creates
/// it (loaded from its journal if it has one).
///
/// At most `maximumLoaded` sessions stay loaded: past that, those idle
/// longest that nobody follows are closed (their snapshot written, as the
/// `close` op does), so open files and memory stay bounded however many
/// sessions clients name. The next request for one loads it again.
///
/// A loaded session is found under a lock without entering the actor, so
/// concurrent requests on different sessions do not queue on it (an eval
/// finds its session on the event loop); loading and cloning go through
/// the actor one at a time. A closed host is replaced by a fresh load from
/// its journal the next time its session is asked for.
actor Registry<Session: HostedSession> {
    let directory: String
    /// Where the sessions' own `save` and `load` go.
    let sessionsDirectory: String
    /// The group commit of every journal in `directory`.
    let syncer = JournalSync()
    private let hosts = HostTable<Session>()
    /// Sessions loaded at once, at most.
    let maximumLoaded: Int
    /// Told of every session loaded or made (the workshop pages, which show
    /// each session as it appears).
    nonisolated let loads = LoadWatchers<Session>()
    /// Sessions being closed because too many were loaded.
    private var unloading: Set<String> = []
    /// Why each session whose journal could not be read was refused, as
    /// last said on standard error (said again only if it changes).
    private var refused: [String: String] = [:]

    /// The registry's own queue (see ``DaemonExecutor``).
    nonisolated var unownedExecutor: UnownedSerialExecutor { DaemonExecutor.registry.asUnownedSerialExecutor() }

    init(directory: String, sessionsDirectory: String, maximumLoaded: Int) {
        self.directory = directory
        self.sessionsDirectory = sessionsDirectory
        self.maximumLoaded = maximumLoaded
    }

    /// The session `name` if it is loaded (it may have closed since).
    nonisolated func loadedHost(_ name: SessionName) -> SessionHost<Session>? {
        hosts[name.rawValue]
    }

    /// The live session `name`, loaded or created if need be.
    nonisolated func host(_ name: SessionName) async throws -> SessionHost<Session> {
        if let host = hosts[name.rawValue], !host.isClosed {
            host.used()
            return host
        }
        return try await load(name)
    }

    private func load(_ name: SessionName) throws -> SessionHost<Session> {
        // A closed host has written its last record: its journal is whole.
        if let host = hosts[name.rawValue], !host.isClosed { return host }
        let host: SessionHost<Session>
        do {
            host = try SessionHost<Session>.open(name: name, directory: directory, sessionsDirectory: sessionsDirectory,
                                                 syncer: syncer)
        } catch let error as JournalError {
            // The request that asked gets the error; whoever runs the
            // daemon learns of it too, once, since the journal needs them.
            let reason = "\(error)"
            if refused.updateValue(reason, forKey: name.rawValue) != reason {
                let note = Array("kbplay serve: session '\(name)' not loaded: \(reason)\n".utf8)
                _ = note.withUnsafeBytes { write(2, $0.baseAddress, $0.count) }
            }
            throw error
        }
        refused[name.rawValue] = nil
        hosts[name.rawValue] = host
        unloadIdle(keeping: name.rawValue)
        loads.tell(name, host)
        return host
    }

    /// Past the limit, starts closing the sessions idle longest that
    /// nobody follows, down to nine tenths of the limit (so that every
    /// new session does not close one), keeping `name` (just asked for).
    private func unloadIdle(keeping name: String) {
        let loaded = hosts.all
        guard loaded.count - unloading.count > maximumLoaded else { return }
        let excess = loaded.count - unloading.count - maximumLoaded * 9 / 10
        let idle = loaded
            .filter { $0.name != name && !unloading.contains($0.name) && !$0.host.isClosed && !$0.host.isFollowed }
            .map { (name: $0.name, host: $0.host, used: $0.host.lastUsed) }
            .sorted { ($0.used, $0.name) < ($1.used, $1.name) }
            .prefix(excess)
        for (name, host, _) in idle {
            unloading.insert(name)
            Task(executorPreference: DaemonExecutor.tasks) { await self.unload(name, host) }
        }
    }

    /// Closes a session that was idle: its journal is whole (every
    /// acknowledged record was synced), so even if its snapshot cannot be
    /// written it is let go of, and loaded again from the journal.
    private func unload(_ name: String, _ host: SessionHost<Session>) async {
        try? await host.close()
        hosts.remove(name, ifItIs: host)
        unloading.remove(name)
    }

    /// How many sessions are loaded.
    var loadedCount: Int { hosts.all.count }

    func names() throws -> [String] {
        var names = Set(hosts.names)
        if let dir = opendir(directory) {
            defer { closedir(dir) }
            while let entry = readdir(dir) {
                let name = withUnsafeBytes(of: entry.pointee.d_name) { raw in
                    String(cString: raw.bindMemory(to: CChar.self).baseAddress!)
                }
                if name.hasSuffix(".journal") { names.insert(String(name.dropLast(".journal".count))) }
            }
        }
        return names.sorted()
    }

    /// Whether `name` is loaded or has a journal.
    nonisolated func exists(_ name: SessionName) -> Bool {
        hosts[name.rawValue] != nil || access("\(directory)/\(name).journal", F_OK) == 0
    }

    /// The error for a session that does not exist: the nearest name, or
    /// those there are.
    private func unknown(_ name: SessionName) throws -> DaemonFailure {
        let known = try names()
        let name = name.rawValue
        let hint: String
        if let near = nearestName(to: name, in: known) {
            hint = " — did you mean '\(near)'?"
        } else if known.isEmpty {
            hint = "; the daemon has none yet"
        } else if known.count <= 12 {
            hint = "; sessions: \(known.joined(separator: ", "))"
        } else {
            hint = "; sessions: \(known.prefix(12).joined(separator: ", ")) and \(known.count - 12) more (`kbplay sessions` lists them)"
        }
        return DaemonFailure(id: .null, message: "no session named '\(name)'" + hint)
    }

    /// Copies `name` (which must exist: a copy of an empty session made
    /// up for a mistyped name would help nobody) under the name `target`.
    func clone(_ name: SessionName, to target: SessionName) async throws {
        guard exists(name) else { throw try unknown(name) }
        guard !exists(target) else {
            throw DaemonFailure(id: .null, message: "a session named '\(target)' already exists")
        }
        var session = try load(name).current
        // The copy's own: a bare `save` in it must not write over the
        // file the original was saved as (a student's over the lesson).
        session.savedName = nil
        let copy = try SessionHost<Session>.copy(of: session, name: target, directory: directory,
                                                 sessionsDirectory: sessionsDirectory, syncer: syncer)
        hosts[target.rawValue] = copy
        unloadIdle(keeping: target.rawValue)
        loads.tell(target, copy)
    }

    /// Writes the session's snapshot and unloads it. Until it is closed
    /// the host stays in the table (a request for it waits for the close,
    /// then loads the session again), so two hosts never write one journal.
    func close(_ name: SessionName) async throws {
        guard let host = hosts[name.rawValue] else {
            // Not loaded: its journal already holds it all.
            if exists(name) { return }
            throw try unknown(name)
        }
        try await host.close()
        hosts.remove(name.rawValue, ifItIs: host)
    }
}
