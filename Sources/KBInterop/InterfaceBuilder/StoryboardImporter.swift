import KBModel

/// `import FILE [scene NAME] [device ID]`: a scene of an Interface Builder
/// storyboard or XIB as the session's screen (a fresh session: no
/// strategies but the table view controllers' own, no rules or keyboard
/// state), with a summary, the findings and the names the import gave.
/// Without `device`, a run's start device (`kbplay run --devices`) is
/// used, as `new` and `demo` use it, else the document's.
public enum StoryboardImporter: Importer {
    static let scene = ImportOption("scene", "NAME", .scene)
    static let device = ImportOption("device", "DEVICE", .device)

    public static let grammar = ImportGrammar(word: nil, options: [scene, device],
        summary: "replace the screen with a scene of an Interface Builder storyboard or XIB",
        details: "NAME is the scene's storyboard identifier, custom class, IB object id or title; without it, the initial view controller (or the only scene). The device is the preset nearest to the one the document was designed on, unless `device ID` names one (or, in `kbplay run --devices`, the run's device). Prints a summary, the layout and the findings (what kbplay does not model, with its line). `undo` brings the previous screen back.",
        examples: ["import Login.storyboard", "import Main.storyboard scene SignUp", "import LoginView.xib device iphone-se1"])

    public static func run(_ request: ImportRequest) throws(ImportError) -> ImportResult {
        let file = request.file.path
        let imported: IBImport
        do throws(IBReadError) {
            let document = try IBDocument(bytes: request.file.bytes, path: file)
            // A run on several devices (`kbplay run --devices`) imports on each.
            let given = request.value(device)
            let start = given == nil ? request.startDevice : nil
            imported = try IBImporter.run(document, scene: request.value(scene), device: given ?? start?.id, orientation: start?.orientation)
        } catch {
            throw ImportError(error.message, place: .file)
        }
        let tables = imported.tableControllers.map { controller, table in
            var s = Strategy(kind: .tableController, controller: controller)
            s.scrollView = table
            return s
        }
        var result = ImportResult(stage: Stage(screen: imported.screen, strategies: tables), names: imported.names, findings: imported.findings)

        let s = imported.screen
        let fields = s.views.filter { $0.kind.isTextInput }.count
        func count(_ n: Int, _ word: String) -> String { "\(n) \(word)\(n == 1 ? "" : "s")" }
        let counts = [count(s.controllers.count, "controller"), count(s.views.count, "view"), count(fields, "field"),
                      count(s.constraints.count, "constraint"), count(imported.findings.count, "finding")]
        result.log.entries.append("imported \(imported.controller) from \(file) on \(s.device.id) \(s.orientation.rawValue): \(counts.joined(separator: ", "))")
        result.log.warnings += imported.warnings
        result.log.notes += imported.findings.map { $0.text(path: file) }
        result.members["findings"] = .array(imported.findings.map { f in
            .object(["severity": .string(f.severity.rawValue), "message": .string(f.message),
                     "line": .number(Double(f.line)), "column": .number(Double(f.column))])
        })
        return result
    }
}
