import ArgumentParser
import Foundation
import KBShell

/// A session built and driven entirely through command lines: the long
/// form of `session` (a scroll view of labelled fields above an input bar
/// on the keyboard layout guide), then a deterministic script of varied
/// commands replayed through `Session.execute`, as `kbplay run` does.
struct ReplayBench: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "replay",
        abstract: "Replay a deterministic script of varied commands through Session.execute."
    )

    @Option(help: "Views in the session, the root view included.") var views = 100
    @Option(help: "Commands in the replayed script.") var commands = 10_000
    @Option(help: "Seed of the script's generator.") var seed: UInt64 = 1
    @Flag(help: "Print the script instead of running it (for kbplay run).") var printScript = false
    @Option(help: "Keep only the script's commands of this kind (as the mix names them), to profile one kind.")
    var only: String?
    @Option(help: "Replay this script file instead (no form is built first; each line's kind is its first word).")
    var script: String?
    @Flag(help: "Also turn each outcome into its JSON text, as kbplay run --json and the daemon do.") var json = false

    func run() throws {
        let setup = script == nil ? Self.setup(views: views) : []
        if printScript {
            for line in setup { print(line) }
            for (_, line) in Self.script(commands: commands, fields: (views - 4) / 2, seed: seed) { print(line) }
            return
        }
        var session = Session()
        let b0 = DispatchTime.now().uptimeNanoseconds
        for line in setup {
            let outcome = session.execute(line)
            guard outcome.status == .ok else {
                throw ValidationError("setup command failed: \(line)\n\(outcome.text)")
            }
        }
        let buildMs = Double(DispatchTime.now().uptimeNanoseconds - b0) / 1e6
        let fields = (views - 4) / 2
        let generated: [(String, String)]
        if let path = self.script {
            guard let text = try? String(contentsOfFile: path, encoding: .utf8) else {
                throw ValidationError("cannot read the script \(path)")
            }
            generated = text.split(separator: "\n").map(String.init).filter { !$0.isEmpty }.map {
                (String($0.split(separator: " ").first ?? ""), $0)
            }
        } else {
            generated = Self.script(commands: commands, fields: fields, seed: seed)
        }
        let script = generated.filter { only == nil || $0.0 == only }
        guard !script.isEmpty else { throw ValidationError("no command of kind '\(only ?? "")' in the script") }

        var perKind: [String: (count: Int, ns: UInt64)] = [:]
        var statuses: [CommandOutcome.Status: Int] = [:]
        var outputBytes = 0
        let t0 = DispatchTime.now().uptimeNanoseconds
        for (kind, line) in script {
            let s0 = DispatchTime.now().uptimeNanoseconds
            let outcome = session.execute(line)
            if json { outputBytes += outcome.jsonText.utf8.count }
            let ns = DispatchTime.now().uptimeNanoseconds - s0
            outputBytes += outcome.text.utf8.count
            statuses[outcome.status, default: 0] += 1
            perKind[kind, default: (0, 0)].count += 1
            perKind[kind, default: (0, 0)].ns += ns
        }
        let seconds = Double(DispatchTime.now().uptimeNanoseconds - t0) / 1e9
        print("case=replay commands=\(script.count) per_second=\(Int((Double(script.count) / seconds).rounded()))")
        print("#   views=\(session.screen.views.count) constraints=\(session.screen.constraints.count) "
            + "setup_commands=\(setup.count) setup_ms=\(String(format: "%.1f", buildMs)) "
            + "total_s=\(String(format: "%.3f", seconds)) output_bytes=\(outputBytes)")
        let status = [CommandOutcome.Status.ok, .expectFailed, .rejected, .ioError].map { s in
            "\(s)=\(statuses[s] ?? 0)"
        }
        print("#   status " + status.joined(separator: " "))
        print("#   mix (kind count mean_us share_of_time):")
        let totalNs = perKind.values.reduce(UInt64(0)) { $0 + $1.ns }
        for (kind, entry) in perKind.sorted(by: { $0.value.ns > $1.value.ns }) {
            let mean = Double(entry.ns) / Double(entry.count) / 1e3
            let share = Double(entry.ns) / Double(max(totalNs, 1)) * 100
            print("#     \(kind.padding(toLength: 20, withPad: " ", startingAt: 0)) \(String(entry.count).leftPad(5)) "
                + "\(String(format: "%9.1f", mean)) us \(String(format: "%5.1f", share))%")
        }
        fflush(nil)
    }

    /// The command lines that build the form: controller `Form`, input bar
    /// `bar` on `Form.view.keyboard.top`, scroll view `list` above it, and a
    /// column of labels and text fields in `content`.
    static func setup(views n: Int) -> [String] {
        var lines = [
            "controller Form",
            "add view bar to Form.view",
            "constrain bar.leading == Form.view.leading",
            "constrain bar.trailing == Form.view.trailing",
            "constrain bar.bottom == Form.view.keyboard.top as barBottom",
            "constrain bar.height == 44 as barHeight",
            "add scrollView list to Form.view",
            "constrain list.top == Form.view.safeArea.top",
            "constrain list.leading == Form.view.leading",
            "constrain list.trailing == Form.view.trailing",
            "constrain list.bottom == bar.top as listBottom",
            "add view content to list",
            "pin content to list.content",
            "constrain content.width == list.frameGuide.width",
        ]
        var previous: String?
        var i = 0
        while 4 + 2 * (i + 1) <= n {
            let label = "label\(i)", field = "field\(i)"
            lines.append("add label \(label) to content text \"Field \(i)\"")
            if let previous {
                lines.append("constrain \(label).top == \(previous).bottom + 12")
            } else {
                lines.append("constrain \(label).top == content.top + 16")
            }
            lines.append("constrain \(label).leading == content.leading + 16")
            lines.append("constrain \(label).trailing == content.trailing - 16")
            lines.append("add textField \(field) to content")
            lines.append("constrain \(field).top == \(label).bottom + 4")
            lines.append("constrain \(field).leading == \(label).leading")
            lines.append("constrain \(field).trailing == \(label).trailing")
            previous = field
            i += 1
        }
        if let previous {
            lines.append("constrain content.bottom == \(previous).bottom + 16")
        }
        return lines
    }

    /// A deterministic script of `commands` lines, each tagged with its
    /// kind. It keeps track of what the session can accept (the keyboard
    /// up or down, the orientation, a temporary constraint) so every
    /// command is one a user could type at that point.
    static func script(commands: Int, fields: Int, seed: UInt64) -> [(String, String)] {
        var random = SplitMix(seed: seed)
        var lines: [(String, String)] = []
        lines.reserveCapacity(commands)
        var keyboardUp = false
        var landscape = false
        var temporary = 0
        var strategy = 0
        var rules = 0
        let ruleEvents = ["keyboardWillShow", "keyboardWillHide", "keyboardDidChangeFrame"]
        let strategies = ["content-inset list", "auto-scroll distance 12", "layout-guide", "observer listBottom padding 8"]
        while lines.count < commands {
            let field = "field\(random.next(fields))"
            switch random.next(100) {
            case 0..<16:
                lines.append(("focus", "focus \(field)"))
                keyboardUp = true
            case 16..<22:
                lines.append(("resign", "resign"))
                keyboardUp = false
            case 22..<30:
                lines.append(keyboardUp ? ("keyboard hide", "keyboard hide") : ("keyboard show", "keyboard show"))
                keyboardUp.toggle()
            case 30..<36:
                if keyboardUp {
                    lines.append(("keyboard height", "keyboard height \(260 + 10 * random.next(9))"))
                } else {
                    lines.append(("keyboard show", "keyboard show height \(280 + 10 * random.next(6))"))
                    keyboardUp = true
                }
            case 36..<46:
                lines.append(("set constant", "set barHeight.constant = \(40 + random.next(20))"))
            case 46..<58:
                let which = ["\(field).frame.maxY", "list.contentOffset.y", "kb.frame.minY", "bar.frame.minY - \(field).frame.maxY"]
                lines.append(("print", "print \(which[random.next(which.count)])"))
            case 58..<68:
                lines.append(("expect", "expect bar.frame.maxY <= \(field).frame.maxY + 100000"))
            case 68..<72:
                lines.append(("frames", "frames"))
            case 72..<80:
                temporary += 1
                lines.append(("constrain", "constrain \(field).height >= 30 as tmp\(temporary)"))
                if lines.count < commands { lines.append(("remove", "remove tmp\(temporary)")) }
            case 80..<83:
                // Each strategy attaches once; then the slot inspects constraints.
                if strategy < strategies.count {
                    lines.append(("handle", "handle Form with \(strategies[strategy])"))
                    strategy += 1
                } else {
                    lines.append(("constraints", "constraints \(field)"))
                }
            case 83..<86:
                landscape.toggle()
                lines.append(("rotate", "rotate \(landscape ? "landscape" : "portrait")"))
            case 86..<90:
                lines.append(("tap outside", "tap outside"))
                keyboardUp = false
            case 90..<94:
                lines.append(("explain", "explain \(field)"))
            case 94..<97:
                // A few rules of one's own, then the events they ran in.
                if rules < ruleEvents.count {
                    lines.append(("on (rule)", "on Form \(ruleEvents[rules]): set barHeight.constant = 44 + kb.end.height * 0"))
                    rules += 1
                } else {
                    lines.append(("events", "events 4"))
                }
            default:
                lines.append(("keyboard predictive", "keyboard predictive \(random.next(2) == 0 ? "on" : "off")"))
            }
        }
        return lines
    }
}

/// A small deterministic generator (SplitMix64), so every run replays the
/// same script.
struct SplitMix {
    var state: UInt64
    init(seed: UInt64) { state = seed }

    mutating func next(_ bound: Int) -> Int {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        z ^= z >> 31
        return Int(z % UInt64(bound))
    }
}

extension String {
    fileprivate func leftPad(_ width: Int) -> String {
        count >= width ? self : String(repeating: " ", count: width - count) + self
    }
}
