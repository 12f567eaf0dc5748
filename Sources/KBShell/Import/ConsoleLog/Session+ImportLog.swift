import KBModel

extension Session {
    /// `import log FILE [dump K]`: a conflict dump of a console log as the
    /// session's screen (a fresh one: no strategies, rules or keyboard
    /// state), with UIKit's recovery reproduced. `-` reads standard input
    /// where the front end allows it (``standardInputForImport``).
    mutating func importLog(_ file: String, column: Int, dump k: Int, _ log: inout ChangeLog) throws {
        let parsed: ConsoleLog
        do {
            let path: String
            if file == "-" {
                guard standardInputForImport else {
                    throw CommandError("standard input (-) is not available here", column: column,
                                       suggestion: "name the log's file; '-' works in kbplay run when the script itself is not read from standard input")
                }
                path = "/dev/stdin"
            } else {
                path = file
            }
            guard let text = try FileIO.read(path, limit: FileIO.scriptLimit) else {
                throw CommandError("no file '\(file)'", column: column)
            }
            parsed = try ConsoleLog.parse(text)
        } catch let e as FileError {
            throw CommandError(e.description, column: column)
        } catch let e as ConsoleLogError {
            throw CommandError("\(file) \(e.description)", column: column,
                               suggestion: "paste the dump whole, from 'Unable to simultaneously satisfy constraints.' to the line after '\(ConsoleLog.recovery)'")
        }
        let start = startDevice
        let imported = try ConsoleLogImporter.run(parsed, dump: k, device: start?.id, orientation: start?.orientation)
        var fresh = Session(sessionsDirectory: sessionsDirectory)
        fresh.state.screen = imported.screen
        state = fresh.state
        name = nil
        events = []

        let s = imported.screen
        func count(_ n: Int, _ word: String) -> String { "\(n) \(word)\(n == 1 ? "" : "s")" }
        let views = s.views.count - s.controllers.count
        log.lines.append("imported dump \(k) of \(count(parsed.dumps.count, "dump")) in \(file) (line \(parsed.dumps[k - 1].line)) on \(s.device.id) \(s.orientation.rawValue): \(count(views, "view")), \(count(s.constraints.count, "constraint")); \(count(parsed.skipped, "line")) skipped")
        if parsed.dumps.count > 1 {
            for (i, d) in parsed.dumps.enumerated() {
                log.lines.append("  dump \(i + 1): line \(d.line), \(count(d.constraints.count, "constraint"))\(i + 1 == k ? " (imported)" : "")")
            }
        }
        if let broke = imported.uikitBroke, let c = try? s.constraint(named: broke) {
            log.lines.append("UIKit broke \(broke)  \(c.equation)")
        }
        log.warnings += imported.warnings
        if imported.warnings.isEmpty {
            log.notes.append("note: kbplay finds no conflict among the constraints rebuilt")
        }
        var laidOut = imported.screen
        let layout = laidOut.layout()
        for f in imported.frames {
            guard let mine = layout.windowFrame(f.name), let parentName = (try? s.view(named: f.name))?.parent,
                  let parentFrame = layout.windowFrame(parentName) else { continue }
            let local = Rect(x: mine.x - parentFrame.x, y: mine.y - parentFrame.y, width: mine.width, height: mine.height)
            let off = max(abs(local.x - f.log.x), abs(local.y - f.log.y), abs(local.width - f.log.width), abs(local.height - f.log.height))
            log.notes.append("\(off > 0.5 ? "✗" : "✓") \(f.name) frame \(local.description) in its superview; the log's \(f.log.description)")
        }
        log.notes += imported.assumed.map { "assumed: \($0)" }
        log.notes += imported.leftOut.map { "left out: \($0)" }
        var names: [String: JSON] = [:]
        for (address, name) in imported.names where names[address] == nil { names[address] = .string(name) }
        log.extra["names"] = .object(names)
        log.extra["uikitBroke"] = imported.uikitBroke.map { .string($0) } ?? .null
        log.extra["conflict"] = .array(imported.conflict.map { .string($0) })
        log.extra["assumed"] = .array(imported.assumed.map { .string($0) })
        log.extra["skipped"] = .number(Double(parsed.skipped))
        log.extra["dumps"] = .array(parsed.dumps.map { d in
            .object(["line": .number(Double(d.line)), "constraints": .number(Double(d.constraints.count))])
        })
    }
}
