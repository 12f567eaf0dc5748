import KBInterop
import KBModel

extension Session {
    /// `import FILE [scene NAME] [device ID]`: the scene as the session's
    /// screen (a fresh one: no strategies, rules or keyboard state), with a
    /// summary, the findings and the names the import gave. Without `device`,
    /// a run's start device (`kbplay run --devices`) is used, as `new` and
    /// `demo` use it, else the document's.
    mutating func importInterfaceBuilder(_ written: String, column: Int, scene: String?, device: String?,
                                         _ log: inout ChangeLog) throws {
        let file = path(of: written)
        let imported: IBImport
        do {
            guard let bytes = try FileIO.readBytes(file, limit: FileIO.scriptLimit) else {
                throw CommandError("no file '\(file)'", column: column)
            }
            let document = try IBDocument(bytes: bytes, path: file)
            // A run on several devices (`kbplay run --devices`) imports on each.
            let start = device == nil ? startDevice : nil
            imported = try IBImporter.run(document, scene: scene, device: device ?? start?.id, orientation: start?.orientation)
        } catch let e as FileError {
            throw CommandError(e.description, column: column)
        } catch let e as IBReadError {
            throw CommandError(e.message, column: column)
        }
        adopt(imported.screen, strategies: imported.tableControllers.map { controller, table in
            var s = Strategy(kind: .tableController, controller: controller)
            s.scrollView = table
            return s
        })

        let s = imported.screen
        let fields = s.views.filter { $0.kind.isTextInput }.count
        func count(_ n: Int, _ word: String) -> String { "\(n) \(word)\(n == 1 ? "" : "s")" }
        let counts = [count(s.controllers.count, "controller"), count(s.views.count, "view"), count(fields, "field"),
                      count(s.constraints.count, "constraint"), count(imported.findings.count, "finding")]
        log.lines.append("imported \(imported.controller) from \(file) on \(s.device.id) \(s.orientation.rawValue): \(counts.joined(separator: ", "))")
        log.warnings += imported.warnings
        log.notes += imported.findings.map { $0.text(path: file) }
        var names: [String: JSON] = [:]
        for (id, name) in imported.names where names[id] == nil { names[id] = .string(name) }
        log.extra["names"] = .object(names)
        log.extra["findings"] = .array(imported.findings.map { f in
            .object(["severity": .string(f.severity.rawValue), "message": .string(f.message),
                     "line": .number(Double(f.line)), "column": .number(Double(f.column))])
        })
    }

    /// Takes an imported screen as the session's, with the strategies the
    /// import attached: a fresh session (no rules, keyboard state, history
    /// of events or name to save under), as every importer leaves it.
    mutating func adopt(_ screen: Screen, strategies: [Strategy] = []) {
        var fresh = Session(sessionsDirectory: sessionsDirectory)
        fresh.state.screen = screen
        fresh.state.strategies = strategies
        state = fresh.state
        name = nil
        events = []
    }
}
