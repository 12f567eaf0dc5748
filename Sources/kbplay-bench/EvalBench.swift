import ArgumentParser
import Dispatch
import Foundation
import KBModel
import KBShell

/// What one daemon eval costs on its event loop, without the socket, the
/// journal or the other threads: `keyboard show` / `keyboard hide` on the
/// demo session, run in process and timed part by part — the command
/// (`Session.execute`) and its result's JSON bytes, written as the daemon
/// writes its replies (`CommandOutcome.writeJSON`) and, for comparison,
/// by way of a JSON value (`CommandOutcome.json`).
struct EvalBench: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "eval",
        abstract: "CPU of one daemon eval, part by part: execute, then its result's JSON."
    )

    @Option(help: "Evals to time (alternately keyboard show and keyboard hide).") var count = 20_000
    @Option(help: "Sessions the evals take turns on, as a daemon's clients do (1: every eval finds the last one's data in the CPU's caches).") var sessions = 1

    func run() throws {
        guard count > 0, sessions > 0 else { throw ValidationError("--count and --sessions must be positive") }
        var all: [Session] = []
        for _ in 0..<sessions {
            var session = Session(sessionsDirectory: NSTemporaryDirectory())
            guard session.execute("demo").status == .ok else { throw ValidationError("the demo session did not load") }
            all.append(session)
        }
        var execute: UInt64 = 0
        var json: UInt64 = 0
        var value: UInt64 = 0
        var bytes = 0
        for i in 0..<count {
            let t0 = DispatchTime.now().uptimeNanoseconds
            // Each session in turn gets a show, then (a round later) a hide.
            let outcome = all[i % sessions].execute((i / sessions) % 2 == 0 ? "keyboard show" : "keyboard hide")
            let t1 = DispatchTime.now().uptimeNanoseconds
            var text = PointText(capacity: 1024)
            outcome.writeJSON(into: &text)
            let t2 = DispatchTime.now().uptimeNanoseconds
            var tree = PointText(capacity: 1024)
            outcome.json.write(into: &tree)
            let t3 = DispatchTime.now().uptimeNanoseconds
            guard text.count == tree.count else { throw ValidationError("jsonText differs from json.text") }
            bytes += text.count
            execute += t1 - t0
            json += t2 - t1
            value += t3 - t2
        }
        func us(_ ns: UInt64) -> String { String(format: "%.2f", Double(ns) / Double(count) / 1e3) }
        print("case=eval execute_us=\(us(execute)) json_us=\(us(json)) json_value_us=\(us(value))")
        print("#   evals=\(count) (keyboard show/hide on the demo session) sessions=\(sessions) result_bytes=\(bytes / count)"
            + " (json: written straight from the outcome, as --json and the daemon write it; json_value: made a JSON value, then written)")
    }
}
