import Foundation
import KBShell

/// `kbplay serve [--socket PATH] [--sessions DIR] [--http [ADDR:]PORT
/// [--token T] [--private] [--allow-host NAME]…]`: the daemon, and its web
/// pages.
public struct ServeCommand: Sendable {
    public var socket: String?
    public var sessionsDirectory: String
    public var http: String?
    public var token: String?
    public var isPrivate = false
    public var allowedHosts: [String] = []

    public init(socket: String?, sessionsDirectory: String, http: String?, token: String?, isPrivate: Bool,
                allowedHosts: [String]) {
        (self.socket, self.sessionsDirectory, self.http, self.token) = (socket, sessionsDirectory, http, token)
        (self.isPrivate, self.allowedHosts) = (isPrivate, allowedHosts)
    }

    /// What is wrong with the options together, if anything.
    public var problem: String? {
        if http == nil, token != nil || isPrivate || !allowedHosts.isEmpty {
            return "--token, --private and --allow-host go with --http [ADDR:]PORT"
        }
        for name in allowedHosts where !WebOptions.isHostName(name) {
            return "--allow-host '\(name)' is not a host name: give a name or an address without a port (kbplay.example, 192.0.2.7, [2001:db8::1])"
        }
        if let http {
            do { _ = try WebOptions.address(http) } catch { return "--http: \(error)" }
        }
        if let token, token.isEmpty || !token.allSatisfy({ $0.isASCII && ($0.isLetter || $0.isNumber || "-_.~".contains($0)) }) {
            return "--token takes letters, digits, -, _, . and ~ (it goes in a URL), at least one"
        }
        return nil
    }

    /// Serves until a signal stops it (or it cannot start: status 3).
    public func run() async throws(CommandLineExit) {
        umask(0o077)
        // Past a limit on file size (`ulimit -f`), a write fails with EFBIG
        // and the command is refused. The kernel also sends SIGXFSZ, which
        // ends the process unless the writing thread blocks it: ignored,
        // so that this holds whichever thread writes.
        signal(SIGXFSZ, SIG_IGN)
        Daemon<Session>.raiseOpenFileLimit()
        let path = socket ?? Daemon<Session>.defaultSocketPath(environment: ProcessInfo.processInfo.environment)
        let web = http.flatMap { try? WebOptions.address($0) }.map {
            WebOptions(host: $0.host, port: $0.port, token: token ?? WebOptions.generatedToken(), isPrivate: isPrivate,
                       allowedHosts: allowedHosts)
        }
        let sessions = sessionsDirectory
        let daemon = Daemon<Session>(socketPath: path, sessionsDirectory: sessions, web: web)
        do {
            try await daemon.run {
                Self.stopOnSignals(socket: path, sessions: sessions)
                print("kbplay serving on \(path) (sessions in \(sessions))")
                if let web, let address = daemon.webAddress {
                    let base = "http://\(address)/"
                    let reach = WebOptions.isLoopback(web.host) ? "this machine only" : "reachable from the network"
                    if web.isPrivate {
                        print("web pages on \(base) (\(reach); private: only with the token) — open \(base)?token=\(web.token)")
                    } else {
                        print("web pages on \(base) (\(reach); read-only without the token) — to send commands open \(base)?token=\(web.token)")
                    }
                }
                fflush(nil)
            }
        } catch {
            FileHandle.standardError.write(Data("kbplay serve: \(error)\n".utf8))
            throw CommandLineExit(status: 3)
        }
    }

    /// Watched signals; kept for as long as the daemon runs.
    nonisolated(unsafe) private static var signalSources: [any DispatchSourceSignal] = []

    /// On SIGTERM (and SIGINT, unless the daemon was started with it
    /// ignored, as a background job is), removes the socket, says so and
    /// exits 0. Every acknowledged command is already in the journals; a
    /// command under way was not acknowledged, and a restart ignores a
    /// record it left half-written.
    static func stopOnSignals(socket: String, sessions: String) {
        var signals = [SIGTERM]
        let previous = signal(SIGINT, SIG_IGN)
        if unsafeBitCast(previous, to: Int.self) != unsafeBitCast(SIG_IGN, to: Int.self) {
            signals.append(SIGINT)
        }
        for number in signals {
            signal(number, SIG_IGN)
            let source = DispatchSource.makeSignalSource(signal: number, queue: .global())
            source.setEventHandler {
                unlink(socket)
                print("kbplay serve: stopped by \(number == SIGINT ? "SIGINT" : "SIGTERM"); every acknowledged command is in \(sessions)")
                fflush(nil)
                Glibc.exit(0)
            }
            source.resume()
            signalSources.append(source)
        }
    }
}
