import ArgumentParser
import Foundation
import KBSolver

/// The constraint systems of `shared/bench/CASES.md`, built exactly as
/// `kiwi_bench.py` builds them (same variables, constraints, strengths and
/// order), timed the same way and printed in the same format.
struct SolverBench: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "solver",
        abstract: "The chain, keyboard and grid systems, side by side with kiwi_bench.py."
    )

    @Flag(help: "Skip every n=10000 case.") var quick = false
    @Flag(help: "Also keyboard and grid at n=10000.") var full = false
    @Option(help: "Cases to run, comma-separated: chain,keyboard,grid.") var cases = "chain,keyboard,grid"
    @Option(help: "Sizes to run for every case, comma-separated (overrides the plan).") var sizes: String?
    @Flag(help: "Solve with the classic algorithm (no definitions kept out of the tableau).") var classic = false

    func run() throws {
        let options = Solver.Options(eliminatesDefinitions: !classic)
        let start = Date()
        print("# kbplay solver (Swift, \(classic ? "classic tableau" : "definitions kept out of the tableau"))")
        let onlyCases = cases.split(separator: ",").map(String.init)
        let big = quick ? [] : [10000]
        var plan: [String: [Int]] = [
            "chain": [100, 1000] + big,
            "keyboard": [100, 1000] + (full ? big : []),
            "grid": [100, 1000] + (full ? big : []),
        ]
        if let sizes {
            let list = sizes.split(separator: ",").compactMap { Int($0) }
            plan = plan.mapValues { _ in list }
        }
        for name in ["chain", "keyboard", "grid"] where onlyCases.contains(name) {
            for n in plan[name]! {
                let runs = n <= 1000 ? 5 : 1
                switch name {
                case "chain":
                    runCase(name, n, runs, options) { BenchSystem.chain($0, options) }
                case "keyboard":
                    runCase(name, n, runs, options, editValues: (407, 667)) { BenchSystem.keyboard($0, options) }
                default:
                    let k = Int((Double(n).squareRoot()).rounded())
                    runCase(name, k * k, runs, options, editValues: (667, 375)) { _ in BenchSystem.grid(k, options) }
                }
            }
        }
        print(String(format: "# total wall time %.1f s", Date().timeIntervalSince(start)))
    }

    func runCase(_ name: String, _ n: Int, _ runs: Int, _ options: Solver.Options,
                 editValues: (Double, Double)? = nil, build: (Int) -> BenchSystem) {
        var builds: [Double] = [], solves: [Double] = [], editTimes: [Double] = []
        var afterBuild = "", afterEdits = "", withEdit0 = ""
        for r in 0..<runs {
            let t0 = DispatchTime.now().uptimeNanoseconds
            var system = build(n)
            let t1 = DispatchTime.now().uptimeNanoseconds
            system.solver.updateVariables()
            let t2 = DispatchTime.now().uptimeNanoseconds
            builds.append(Double(t1 - t0) / 1e6)
            solves.append(Double(t2 - t1) / 1e6)
            guard r == 0 else { continue }
            afterBuild = system.checks()
            if let values = editValues, let edit = system.edit {
                for i in 0..<100 {
                    let v = i % 2 == 0 ? values.0 : values.1
                    let e0 = DispatchTime.now().uptimeNanoseconds
                    try! system.solver.suggestValue(v, for: edit)
                    system.solver.updateVariables()
                    editTimes.append(Double(DispatchTime.now().uptimeNanoseconds - e0) / 1e3)
                }
                afterEdits = system.checks()
                try! system.solver.suggestValue(values.0, for: edit)
                system.solver.updateVariables()
                withEdit0 = system.checks()
            }
        }
        let edit = editTimes.isEmpty ? "-" : fmt(median(editTimes))
        print("case=\(name) n=\(n) build_ms=\(fmt(median(builds))) solve_ms=\(fmt(median(solves))) edit_us=\(edit)")
        var extra = "runs=\(runs)"
        if !editTimes.isEmpty {
            extra += " edits=\(editTimes.count) edit_us_min=\(fmt(editTimes.min()!)) edit_us_max=\(fmt(editTimes.max()!))"
        }
        print("# \(name) n=\(n) \(extra)")
        print("#   after build: \(afterBuild)")
        if let values = editValues, !afterEdits.isEmpty {
            print("#   after 100 edits (last value \(g(values.1))): \(afterEdits)")
            print("#   with edit value \(g(values.0)): \(withEdit0)")
        }
        fflush(nil)
    }
}

func median(_ xs: [Double]) -> Double {
    let s = xs.sorted()
    return s.count % 2 == 1 ? s[s.count / 2] : (s[s.count / 2 - 1] + s[s.count / 2]) / 2
}

/// Python's `"%.3f" if x < 100 else "%.1f"`.
func fmt(_ x: Double) -> String { String(format: x < 100 ? "%.3f" : "%.1f", x) }

/// Python's `"%g"`.
func g(_ x: Double) -> String { String(format: "%g", x) }

/// One benchmark system: its solver, the views to check and the edit variable.
struct BenchSystem {
    struct View {
        let x, y, w, h: Variable
        init(_ name: String) {
            x = Variable(name + ".x"); y = Variable(name + ".y")
            w = Variable(name + ".w"); h = Variable(name + ".h")
        }
    }

    var solver: Solver
    var views: [View]
    var edit: Variable?

    static let screenW = 375.0, screenH = 667.0, margin = 16.0, safeTop = 20.0
    static let rowH = 44.0, rowGap = 8.0, kbHidden = 667.0, gridGap = 2.0, gridPref = 44.0

    func checks() -> String {
        func view(_ v: View) -> String {
            "(\(g(solver.value(of: v.x))),\(g(solver.value(of: v.y))),\(g(solver.value(of: v.w))),\(g(solver.value(of: v.h))))"
        }
        var parts = ["first=\(view(views.first!))", "last=\(view(views.last!))"]
        if let edit { parts.append("\(edit.name)=\(g(solver.value(of: edit)))") }
        return parts.joined(separator: " ")
    }

    static func addChain(_ s: inout Solver, _ n: Int) -> [View] {
        var views: [View] = []
        views.reserveCapacity(n)
        var prev: View?
        for i in 0..<n {
            let v = View("v\(i)")
            try! s.add(v.x == margin)                                          // C1 leading
            try! s.add(v.x + v.w == screenW - margin)                           // C2 trailing
            try! s.add(v.h == rowH)                                             // C3 height
            if let p = prev {
                try! s.add(v.y == p.y + p.h + rowGap)                           // C4 top (chain)
            } else {
                try! s.add((v.y == safeTop) | .medium)                          // C4 top (first)
            }
            views.append(v)
            prev = v
        }
        try! s.add((prev!.y + prev!.h <= screenH) | .weak)                      // C5 bottom
        return views
    }

    static func chain(_ n: Int, _ options: Solver.Options) -> BenchSystem {
        var s = Solver(options: options)
        let views = addChain(&s, n)
        return BenchSystem(solver: s, views: views, edit: nil)
    }

    static func keyboard(_ n: Int, _ options: Solver.Options) -> BenchSystem {
        var s = Solver(options: options)
        let kt = Variable("keyboardTop")
        try! s.addEditVariable(kt, strength: .strong)                           // K1
        try! s.suggestValue(kbHidden, for: kt)                                  // K2
        let views = addChain(&s, n)                                             // C1..C5
        let last = views.last!
        try! s.add(last.y + last.h <= kt - rowGap)                              // C6 (required)
        return BenchSystem(solver: s, views: views, edit: kt)
    }

    static func grid(_ k: Int, _ options: Solver.Options) -> BenchSystem {
        var s = Solver(options: options)
        let cw = Variable("containerWidth")
        try! s.addEditVariable(cw, strength: .strong)                           // G1
        try! s.suggestValue(screenW, for: cw)                                   // G2
        var cells: [[View]] = []
        for r in 0..<k {
            var row: [View] = []
            for c in 0..<k {
                let v = View("c\(r)_\(c)")
                row.append(v)
                if c == 0 {
                    try! s.add(v.x == margin)                                   // H1 leading
                } else {
                    let left = row[c - 1]
                    try! s.add(v.x == left.x + left.w + gridGap)                // H1 chain
                    try! s.add(v.w == row[0].w)                                 // H2 equal width
                }
                if c == k - 1 {
                    try! s.add(v.x + v.w == cw - margin)                        // H3 trailing
                }
                if r == 0 {
                    try! s.add(v.y == safeTop)                                  // V1 top
                } else {
                    let up = cells[r - 1][c]
                    try! s.add(v.y == up.y + up.h + gridGap)                    // V1 chain
                    try! s.add(v.h == cells[0][c].h)                            // V2 equal height
                }
                if r == k - 1 {
                    try! s.add(v.y + v.h == screenH - margin)                   // V3 bottom
                }
            }
            cells.append(row)
        }
        let views = cells.flatMap { $0 }
        for v in views {
            try! s.add((v.w == gridPref) | .weak)                               // P1
            try! s.add((v.h == gridPref) | .weak)                               // P2
        }
        return BenchSystem(solver: s, views: views, edit: cw)
    }
}
