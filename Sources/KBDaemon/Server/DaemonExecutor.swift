import Dispatch

/// Where the daemon's own asynchronous work runs: queues of its own, not
/// the process's cooperative thread pool.
///
/// That pool has as many threads as the machine has cores. A host that
/// blocks them (a program embedding the daemon that waits synchronously
/// for a child process; on two cores, two such waits) would otherwise
/// leave every client of the daemon without a reply until they returned:
/// loading a session, `sessions`, `clone`, `close` and every page's first
/// snapshot go through here.
///
/// ``tasks`` runs the daemon's tasks (a task started with it as its
/// executor preference, and the default actors it calls); ``registry`` is
/// the serial executor of the session registry's actor.
final class DaemonExecutor: TaskExecutor, SerialExecutor {
    private let queue: DispatchQueue

    private init(_ queue: DispatchQueue) { self.queue = queue }

    /// The daemon's tasks, several at once.
    static let tasks = DaemonExecutor(DispatchQueue(label: "kbplay.daemon.tasks", attributes: .concurrent))
    /// The session registry, one job at a time.
    static let registry = DaemonExecutor(DispatchQueue(label: "kbplay.daemon.registry"))

    func enqueue(_ job: consuming ExecutorJob) {
        let job = UnownedJob(job)
        if self === Self.registry {
            let serial = asUnownedSerialExecutor()
            queue.async { job.runSynchronously(on: serial) }
        } else {
            let taskExecutor = asUnownedTaskExecutor()
            queue.async { job.runSynchronously(on: taskExecutor) }
        }
    }
}
