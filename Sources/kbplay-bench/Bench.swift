import ArgumentParser
import Foundation

/// `kbplay-bench`: measurements, never tests. Each subcommand prints
/// `key=value` lines that compare line by line with a reference run.
@main
struct Bench: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "kbplay-bench",
        abstract: "Measures kbplay's solver and engine.",
        subcommands: [SolverBench.self, SessionBench.self, ReplayBench.self, ImportBench.self, RerunBench.self, LogImportBench.self, SwiftImportBench.self, ExportBench.self, EvalBench.self, DaemonBench.self, WebBench.self, FsyncBench.self]
    )
}

/// Times `timed` `runs` + 1 times, each after an untimed `setUp`, and drops
/// the first, which warms the caches (the device catalog, the allocator):
/// the median and the slowest, in milliseconds.
func medianAndSlowest<State>(runs: Int, setUp: () throws -> State,
                             timed: (inout State) throws -> Void) throws -> (median: Double, slowest: Double) {
    var times: [Double] = []
    for _ in 0..<(runs + 1) {
        var state = try setUp()
        let t0 = DispatchTime.now().uptimeNanoseconds
        try timed(&state)
        times.append(Double(DispatchTime.now().uptimeNanoseconds - t0) / 1e6)
    }
    let sorted = times.dropFirst().sorted()
    return (sorted[sorted.count / 2], sorted.last!)
}

/// Milliseconds as the benchmarks print them.
func milliseconds(_ ms: Double) -> String { String(format: "%.2f", ms) }
