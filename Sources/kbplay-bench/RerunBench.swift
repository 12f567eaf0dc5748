import ArgumentParser
import Foundation
import KBShell

/// The script `kbplay import FILE --script` writes for a long flat form,
/// run again as `kbplay run` runs it (``ScriptRunner``): the cost of a
/// script that builds a chain of views one line at a time.
///
/// The storyboard: a root view of N text fields chained top to bottom, each
/// leading and trailing 16 from the root view, 34 high, each top 8 below
/// the previous field's bottom (the first's at the safe area's top).
struct RerunBench: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "rerun",
        abstract: "Run the script an import of N chained text fields writes, through the path kbplay run takes."
    )

    @Option(help: "Text fields in the storyboard.") var fields = 5000
    @Option(help: "Runs timed, each from an empty session (the median and the slowest wall time, and each run's user CPU, are printed).") var runs = 1
    @Flag(help: "Print the storyboard instead of timing it.") var printDocument = false
    @Flag(help: "Print the script the import writes instead of timing it.") var printScript = false

    func run() throws {
        guard fields > 0 else { throw ValidationError("--fields must be at least 1") }
        let document = Self.storyboard(fields: fields)
        if printDocument {
            print(document, terminator: "")
            return
        }
        let path = NSTemporaryDirectory() + "kbplay-bench-rerun-\(getpid()).storyboard"
        try document.write(toFile: path, atomically: true, encoding: .utf8)
        defer { try? FileManager.default.removeItem(atPath: path) }
        var importer = Session()
        let i0 = DispatchTime.now().uptimeNanoseconds
        let imported = importer.execute("import \(CommandParser.quote(path))")
        let importMs = Double(DispatchTime.now().uptimeNanoseconds - i0) / 1e6
        guard imported.status == .ok else { throw ValidationError("the import failed:\n\(imported.text)") }
        let script = importer.script()
        if printScript {
            print(script, terminator: "")
            return
        }
        let lines = script.split(separator: "\n").count
        var outputBytes = 0
        var wall: [Double] = [], cpu: [Double] = []
        for _ in 0 ..< max(1, runs) {
            let c0 = userSeconds(), t0 = DispatchTime.now().uptimeNanoseconds
            let result = ScriptRunner().run(script, file: "rerun.kbs")
            wall.append(Double(DispatchTime.now().uptimeNanoseconds - t0) / 1e6)
            cpu.append((userSeconds() - c0) * 1e3)
            guard result.status == .ok else {
                throw ValidationError("the script did not run cleanly (status \(result.status))")
            }
            outputBytes = result.output.utf8.count
        }
        print("case=rerun fields=\(fields) lines=\(lines) "
            + "median_ms=\(milliseconds(wall.sorted()[wall.count / 2])) max_ms=\(milliseconds(wall.max()!)) "
            + "user_ms=\(cpu.map(milliseconds).joined(separator: ","))")
        print("#   import_ms=\(milliseconds(importMs)) output_bytes=\(outputBytes)")
        fflush(nil)
    }

    /// The storyboard of `fields` chained text fields.
    static func storyboard(fields: Int) -> String {
        var subviews = "", constraints = ""
        for i in 0..<fields {
            let y = 59 + 8 + i * 42
            subviews += """
                <textField opaque="NO" contentMode="scaleToFill" borderStyle="roundedRect" placeholder="Field \(i)" translatesAutoresizingMaskIntoConstraints="NO" id="tf-\(i)">
                    <rect key="frame" x="16" y="\(y)" width="361" height="34"/>
                    <constraints>
                        <constraint firstAttribute="height" constant="34" id="cn-h\(i)"/>
                    </constraints>
                </textField>

                """
            let above = i == 0 ? #"secondItem="sa-1" secondAttribute="top" constant="8""#
                : #"secondItem="tf-\#(i - 1)" secondAttribute="bottom" constant="8""#
            constraints += """
                <constraint firstItem="tf-\(i)" firstAttribute="top" \(above) id="cn-t\(i)"/>
                <constraint firstItem="tf-\(i)" firstAttribute="leading" secondItem="rv-1" secondAttribute="leading" constant="16" id="cn-l\(i)"/>
                <constraint firstAttribute="trailing" secondItem="tf-\(i)" secondAttribute="trailing" constant="16" id="cn-r\(i)"/>

                """
        }
        return BenchStoryboard.document(subviews: subviews, constraints: constraints)
    }
}

/// The process's user CPU time so far, in seconds.
private func userSeconds() -> Double {
    var usage = rusage()
    getrusage(__rusage_who_t(RUSAGE_SELF.rawValue), &usage)
    return Double(usage.ru_utime.tv_sec) + Double(usage.ru_utime.tv_usec) / 1e6
}
