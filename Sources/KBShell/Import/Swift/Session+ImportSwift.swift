import KBModel
import KBSwiftImport

extension Session {
    /// `import swift FILE... [into CONTROLLER]`: the keyboard handling code
    /// of the files, per type, printed and in the `keyboardCode` JSON
    /// member; with `into`, the strategies kbplay has attached to the
    /// controller.
    mutating func importSwift(_ files: [Token], into controller: Token?, _ log: inout ChangeLog) throws {
        var sources: [SwiftSource] = []
        for f in files {
            do {
                guard let text = try FileIO.read(f.text, limit: FileIO.scriptLimit) else {
                    throw CommandError("no file '\(f.text)'", column: f.column, suggestion: "name a .swift file that exists")
                }
                sources.append(SwiftSource(path: f.text, text: text))
            } catch let e as FileError {
                throw CommandError(e.description, column: f.column)
            }
        }
        if let controller { _ = try screen.controller(named: controller.text) }
        let result = SwiftImporter.read(sources)
        func count(_ n: Int, _ word: String) -> String { "\(n) \(word)\(n == 1 ? "" : "s")" }
        let names = files.map(\.text).joined(separator: ", ")
        log.lines.append("read \(names): \(count(result.keyboardCode.count, "type")) handling the keyboard, \(count(result.findings.count, "finding"))")
        for r in result.keyboardCode {
            let observes = r.observes.isEmpty ? "no notifications" : r.observes.map(\.rawValue).joined(separator: ", ")
            log.lines.append("\(r.type) (\(r.file):\(r.line)): \(r.strategy.rawValue) — \(r.why)")
            log.lines.append("  observes \(observes); registers in \(r.registers); removes in \(r.removes)")
            if !r.onShow.isEmpty { log.lines.append("  on show: \(r.onShow)") }
            if !r.onHide.isEmpty { log.lines.append("  on hide: \(r.onHide)") }
            if !r.flaws.isEmpty { log.lines.append("  flaws: \(r.flaws.map(\.rawValue).joined(separator: ", "))") }
        }
        var attached: [JSON] = []
        if let controller {
            for r in result.keyboardCode {
                guard let kind = StrategyKind(rawValue: r.strategy.rawValue) else {
                    log.notes.append("note: \(r.type)'s \(r.strategy.rawValue) is not a strategy kbplay runs: not attached")
                    continue
                }
                let line = "handle \(controller.text) with \(kind.rawValue)" + (r.target.map { " \($0)" } ?? "")
                do {
                    guard let parsed = try CommandParser.parse(line) else { continue }
                    try Commands.Handle(parsed).apply(to: &self, &log)
                    log.lines.append("attached: \(line.dropFirst(7))")
                    attached.append(.string(String(line.dropFirst(7))))
                } catch let e as CommandError {
                    log.notes.append("note: \(r.type) not attached (\(line.dropFirst(7))): \(e.message)")
                }
            }
        }
        log.notes += result.findings.map(\.text)
        log.extra["keyboardCode"] = .array(result.keyboardCode.map { r in
            .object([
                "type": .string(r.type), "file": .string(r.file), "line": .number(Double(r.line)),
                "observes": .array(r.observes.map { .string($0.rawValue) }),
                "registers": .string(r.registers), "removes": .string(r.removes),
                "onShow": .string(r.onShow), "onHide": .string(r.onHide),
                "strategy": .string(r.strategy.rawValue), "why": .string(r.why),
                "flaws": .array(r.flaws.map { .string($0.rawValue) }),
                "target": r.target.map { .string($0) } ?? .null,
            ])
        })
        log.extra["attached"] = .array(attached)
        log.extra["names"] = .object([:])
        log.extra["findings"] = .array(result.findings.map { f in
            .object(["file": .string(f.file), "message": .string(f.message),
                     "line": .number(Double(f.line)), "column": .number(Double(f.column))])
        })
    }
}
