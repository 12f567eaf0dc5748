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
                // A script's relative name is found beside the script.
                guard let text = try FileIO.read(path(of: f.text), limit: FileIO.scriptLimit) else {
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
        var findings = result.findings
        let countLine = log.lines.count
        log.lines.append("")
        for r in result.keyboardCode {
            let observes = r.observes.isEmpty ? "no notifications" : r.observes.map(\.rawValue).joined(separator: ", ")
            log.lines.append("\(r.type) (\(r.file):\(r.line)): \(r.strategy.rawValue) — \(r.why)")
            log.lines.append("  observes \(observes); registers in \(r.registers); removes in \(r.removes)")
            if !r.onShow.isEmpty { log.lines.append("  on show: \(r.onShow)") }
            if !r.onHide.isEmpty { log.lines.append("  on hide: \(r.onHide)") }
            if !r.flaws.isEmpty { log.lines.append("  flaws: \(r.flaws.map(\.rawValue).joined(separator: ", "))") }
        }
        var built: [JSON] = []
        // `into` names the controller of the screens no other screen makes
        // as a child controller.
        let childTypes = Set(result.screens.flatMap { $0.children.map(\.type) })
        for screen in result.screens {
            built.append(.object(build(screen, into: childTypes.contains(screen.type) ? nil : controller?.text, &log)))
        }
        var attached: [JSON] = []
        var ruleTexts: [[JSON]] = []
        /// Runs a `handle` line, said as `attached:` (or as a note when refused).
        func attach(_ line: String, for type: String) {
            do {
                guard let parsed = try CommandParser.parse(line) else { return }
                try Commands.Handle(parsed).apply(to: &self, &log)
                log.lines.append("attached: \(line.dropFirst(7))")
                attached.append(.string(String(line.dropFirst(7))))
            } catch {
                log.notes.append("note: \(type) not attached (\(line.dropFirst(7))): \((error as? CommandError)?.message ?? "\(error)")")
            }
        }
        for r in result.keyboardCode {
            // The controller the type binds to: the one given, else NAME for
            // a class NAME or NAMEViewController that the session has.
            var bound = r.runsFor ?? r.type
            for suffix in ["ViewController", "Controller"] where bound.hasSuffix(suffix) && bound.count > suffix.count {
                bound = String(bound.dropLast(suffix.count))
                break
            }
            // A manager for the whole app runs on every screen that is not
            // a child's (or on the one named), except table view
            // controllers: IQKeyboardManager leaves them out by default
            // (they scroll their own rows into view).
            let screens = r.appWide
                ? (controller.map { [$0.text] } ?? screen.controllers.filter { $0.parent == nil && $0.tableView == nil }.map(\.name)) : []
            let name = r.appWide ? screens.first
                : controller?.text ?? [bound, r.type].first { (try? screen.controller(named: $0)) != nil }
            ruleTexts.append(r.rules.map { rule in
                .object(["event": .string(rule.event.rawValue), "constraint": .string(rule.constraint),
                         "expression": .string(rule.expression.replacingOccurrences(of: codeScreenRoot, with: "\(name ?? bound).view")),
                         "line": .number(Double(rule.line)), "column": .number(Double(rule.column))])
            })
            guard let name else {
                // Code kbplay would run, with no controller to run it for (a
                // helper that forwards events runs in its consumers' reports).
                if r.appWide {
                    findings.append(Finding(file: r.file, line: r.line, column: r.column,
                                                 message: "\(r.why), run on every screen: the session has none yet (import the storyboard or the controllers' Swift files with it)"))
                } else if !r.why.hasPrefix("forwards"), !r.rules.isEmpty || r.runs.flatMap({ StrategyKind(rawValue: $0.rawValue) }) != nil {
                    findings.append(Finding(file: r.file, line: r.line, column: r.column,
                                                 message: "\(r.type)'s keyboard handling is read for its strategy and flaws, not run: the session has no controller \(bound) (import its storyboard first, or name one with into CONTROLLER)"))
                }
                continue
            }
            if let runs = r.runs {
                if let kind = StrategyKind(rawValue: runs.rawValue) {
                    for name in r.appWide ? screens : [name] {
                        attach("handle \(name) with \(kind.rawValue)" + (r.runsArguments.map { " \($0)" } ?? ""), for: r.type)
                    }
                } else if r.rules.isEmpty {
                    log.notes.append("note: \(r.type)'s \(runs.rawValue) is not a strategy kbplay runs: not attached to \(name)")
                }
            }
            // The handlers' assignments kbplay's rule language says, run
            // as rules after the strategies, as the code runs them.
            for rule in r.rules {
                let text = "on \(name) \(rule.event.rawValue): set \(rule.constraint).constant = "
                    + rule.expression.replacingOccurrences(of: codeScreenRoot, with: "\(name).view")
                do {
                    guard let parsed = try CommandParser.parse(text) else { continue }
                    try Commands.On(parsed).apply(to: &self, &log)
                    // The flaws the code shows, shown again when the rule
                    // runs the flawed path.
                    // curve-not-shifted only for the handler that animates so.
                    let flaws = r.flaws.filter { $0 != .curveNotShifted || rule.unshiftedCurve }.compactMap { Flaw.ID(rawValue: $0.rawValue) }
                    if !flaws.isEmpty, let last = state.rules.indices.last { state.rules[last].codeFlaws = flaws }
                    log.lines.append("runs: \(text)")
                    attached.append(.string(text))
                } catch {
                    log.notes.append("note: \(rule.file):\(rule.line):\(rule.column): not run (\(text)): \((error as? CommandError)?.message ?? "\(error)")")
                }
            }
        }
        log.lines[countLine] = "read \(names): \(count(result.keyboardCode.count, "type")) handling the keyboard, \(count(findings.count, "finding"))"
        log.notes += findings.map(\.text)
        log.extra["keyboardCode"] = .array(zip(result.keyboardCode, ruleTexts).map { r, rules in
            .object([
                "rules": .array(rules),
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
        log.extra["screens"] = .array(built)
        log.extra["names"] = .object([:])
        log.extra["findings"] = .array(findings.map { f in
            .object(["file": .string(f.file ?? ""), "message": .string(f.message),
                     "line": .number(Double(f.line)), "column": .number(Double(f.column))])
        })
    }

    /// Builds a screen made in code: the controller (unless it exists), its
    /// views, its constraints, as the commands a user would type; a command
    /// the session refuses is a note, and the rest is still built.
    private mutating func build(_ screen: CodeScreen, into: String?, _ log: inout ChangeLog) -> [String: JSON] {
        let controller = into ?? screen.controller
        let root = "\(controller).view"
        var lines: [String] = []
        if (try? self.screen.controller(named: controller)) == nil {
            var line = "controller \(controller)"
            // A table view controller, with its own table.
            if let table = screen.table {
                line += " table \(table.name)"
                if let rows = table.rows { line += " rows \(rows)" }
                if let h = table.rowHeight { line += " rowHeight \(formatPoints(h))" }
            }
            lines.append(line)
        }
        // Views inside an input accessory or input view are added after it.
        let inputNames = Set(screen.inputViews.compactMap(\.name))
        func onInputView(_ v: CodeScreen.View) -> Bool {
            var parent = v.parent
            var seen: Set<String> = []
            while let p = parent, seen.insert(p).inserted {
                if inputNames.contains(p) { return true }
                parent = screen.views.first { $0.name == p }?.parent
            }
            return false
        }
        var viewLines: [String] = [], laterViewLines: [String] = []
        for v in screen.views {
            var line = "add \(v.kind.rawValue) \(v.name) to \(v.parent ?? root)" + (v.row.map { " row \($0)" } ?? "")
            if let text = v.text, [.label, .button, .textField, .textView].contains(v.kind) { line += " text " + CommandParser.quote(text) }
            if let placeholder = v.placeholder, v.kind == .textField { line += " placeholder " + CommandParser.quote(placeholder) }
            if let w = v.intrinsicWidth, let h = v.intrinsicHeight { line += " intrinsic \(formatPoints(w)) \(formatPoints(h))" }
            if v.kind == .tableView {
                if let rows = v.rows { line += " rows \(rows)" }
                if let h = v.rowHeight { line += " rowHeight \(formatPoints(h))" }
            }
            if v.kind == .stackView {
                if let axis = v.axis { line += " axis \(axis)" }
                if let spacing = v.spacing { line += " spacing \(formatPoints(spacing))" }
                if let d = v.distribution { line += " distribution \(d)" }
                if let a = v.alignment { line += " alignment \(a)" }
            }
            if onInputView(v) { laterViewLines.append(line) } else { viewLines.append(line) }
        }
        lines += viewLines
        for i in screen.inputViews {
            let owner = i.owner == codeScreenRoot ? controller : i.owner
            lines.append(i.isAccessory ? "accessory \(owner) height \(formatPoints(i.height))" + (i.name.map { " as \($0)" } ?? "")
                                       : "inputView \(owner) height \(formatPoints(i.height))")
        }
        lines += laterViewLines
        // Child controllers, their root views pinned to the view the code
        // adds them to.
        for c in screen.children where (try? self.screen.controller(named: c.controller)) == nil {
            lines.append("controller \(c.controller) in \(controller) at \(c.container ?? root)")
        }
        // Outlets are the views an imported storyboard made.
        for o in screen.outlets where (try? self.screen.view(named: o)) == nil && (try? self.screen.constraint(named: o)) == nil {
            log.notes.append("note: \(screen.type)'s outlet \(o) is not in the session: import the storyboard that has it first (import FILE.storyboard), then the Swift")
        }
        func view(_ name: String) -> String {
            if name == codeScreenRoot { return root }
            // An outlet's superview, as the imported storyboard has it.
            if name.hasPrefix(codeScreenParentPrefix) {
                return (try? self.screen.view(named: String(name.dropFirst(codeScreenParentPrefix.count))))?.parent ?? root
            }
            return name
        }
        func anchor(_ a: Anchor) -> String {
            view(a.view) + (a.guide.map { ".\($0.rawValue)" } ?? "") + ".\(a.attribute.rawValue)"
        }
        func number(_ x: Double) -> String { formatPoints(x) }
        for c in screen.constraints {
            var line = "constrain \(anchor(c.first)) \(c.relation) "
            if let second = c.second {
                line += anchor(second)
                if c.multiplier != 1 { line += " * \(number(c.multiplier))" }
                if c.constant != 0 { line += c.constant < 0 ? " - \(number(-c.constant))" : " + \(number(c.constant))" }
            } else {
                line += number(c.constant)
            }
            if let p = c.priority, p != 1000 { line += " @ \(number(p))" }
            if let n = c.name, !n.contains("."), (try? self.screen.constraint(named: n)) == nil { line += " as \(n)" }
            lines.append(line)
        }
        for s in screen.settings {
            switch s.property {
            case "text": lines.append("set \(s.view).text \(CommandParser.quote(s.value))")
            case "placeholder": lines.append("set \(s.view).placeholder = \(CommandParser.quote(s.value))")
            case "hidden", "clipsToBounds": lines.append("set \(s.view).\(s.property) \(s.value)")
            case "isActive": lines.append("\(s.value == "on" ? "activate" : "deactivate") \(s.view)")
            default: lines.append("set \(s.view).\(s.property) = \(s.value)")
            }
        }
        var refused: [JSON] = []
        for line in lines {
            // Applied inside this command's own transaction (one undo step,
            // one diff); a refused line leaves the state as it was.
            let before = state
            do {
                guard let parsed = try CommandParser.parse(line), let type = parsed.spec.command as? any Mutation.Type else { continue }
                var inner = ChangeLog()
                try type.init(parsed).apply(to: &self, &inner)
                log.warnings += inner.warnings
            } catch {
                state = before
                let why = (error as? CommandError)?.message ?? "\(error)"
                log.notes.append("note: not built: \(line): \(why)")
                refused.append(.object(["command": .string(line), "error": .string(why)]))
            }
        }
        var summary = "built \(controller) from \(screen.type)'s code: \(screen.views.count) view\(screen.views.count == 1 ? "" : "s"), \(screen.constraints.count) constraint\(screen.constraints.count == 1 ? "" : "s")"
        if !screen.settings.isEmpty { summary += ", \(screen.settings.count) propert\(screen.settings.count == 1 ? "y" : "ies")" }
        if !screen.children.isEmpty { summary += ", \(screen.children.count) child controller\(screen.children.count == 1 ? "" : "s")" }
        log.lines.append(.said(summary))
        return ["type": .string(screen.type), "controller": .string(controller),
                "commands": .array(lines.map { .string($0) }), "refused": .array(refused)]
    }
}
