import ArgumentParser

/// `kbplay-bench`: measurements, never tests. Each subcommand prints
/// `key=value` lines that compare line by line with a reference run.
@main
struct Bench: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "kbplay-bench",
        abstract: "Measures kbplay's solver and engine.",
        subcommands: [SolverBench.self, SessionBench.self, ReplayBench.self, ImportBench.self, LogImportBench.self, SwiftImportBench.self, ExportBench.self, EvalBench.self, DaemonBench.self, WebBench.self, FsyncBench.self]
    )
}
