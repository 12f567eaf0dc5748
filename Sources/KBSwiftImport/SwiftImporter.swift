import KBModel
import SwiftParser
import SwiftSyntax

/// Reads a developer's Swift files: what their keyboard handling code
/// does, per type, and what kbplay cannot model as findings. Pure: text in,
/// values out.
public enum SwiftImporter {
    /// Reads the files together (a controller and its helper library, a
    /// class and its extensions in other files).
    public static func read(_ sources: [SwiftSource]) -> SwiftImportResult {
        let index = CodeIndex(sources)
        var reader = KeyboardCodeReader(index: index)
        var read = reader.reports()
        var findings = syntaxFindings(index)
        findings += reader.findings
        // frame-origin runs as kbplay's strategy when the code moves the
        // view up by the keyboard's height, as the answer does; by any
        // other amount it is read, not run.
        for i in read.indices where read[i].runs == .frameOrigin && !movesUpByTheHeight(read[i].onShow) {
            read[i].runs = nil
            findings.append(Finding(file: read[i].file, line: read[i].line, column: read[i].column,
                                    message: "\(read[i].type)'s keyboard handling is read for its strategy and flaws, not run: on show it sets \(read[i].onShow), where kbplay's frame-origin moves the view up by the keyboard's height"))
        }
        // A handler kbplay runs (as a strategy it has, or as rules) is no
        // finding; the rest is read for its strategy and flaws.
        for r in read where r.runs.map({ StrategyKind(rawValue: $0.rawValue) == nil }) ?? false {
            findings.append(Finding(file: r.file, line: r.line, column: r.column,
                                         message: "\(r.type)'s keyboard handling is read for its strategy and flaws, not run: \(r.why)"))
        }
        var layout = LayoutCodeReader(index: index)
        let screens = layout.screens()
        findings += layout.findings
        var reports = read.map { safeAreaDoubleCount($0, screens) }
        if let manager = KeyboardManagerReader.report(index) { reports.append(manager) }
        for i in reports.indices {
            reports[i].runsFor = rootViewOwner(of: reports[i].type, index)
            if reports[i].runs == .layoutConstraint, reports[i].runsArguments == nil,
               let held = constraintHolder(of: reports[i].type, index) {
                reports[i].runsFor = held.type
                reports[i].runsArguments = held.property + (held.downOffset.map { " down-offset \($0)" } ?? "")
            }
        }
        var result = SwiftImportResult(keyboardCode: reports, findings: findings)
        result.screens = screens
        return renamed(result, exportedNames(sources))
    }

    /// `safe-area-double-count` when a show handler sets the constant of a
    /// constraint the code pins to the safe area's bottom to the keyboard's
    /// height without taking the safe area's bottom inset off.
    static func safeAreaDoubleCount(_ r: KeyboardCodeReport, _ screens: [CodeScreen]) -> KeyboardCodeReport {
        var shown: [(constraint: String, value: String)] = r.rules.filter { !$0.event.isHide }.map { ($0.constraint, $0.expression) }
        if r.rules.isEmpty {
            for part in r.onShow.components(separatedBy: "; ") {
                guard let eq = part.range(of: ".constant = ") else { continue }
                shown.append((String(part[..<eq.lowerBound]), String(part[eq.upperBound...])))
            }
        }
        let onSafeArea = Set(screens.flatMap(\.constraints).filter { c in
            [c.first, c.second].contains { $0?.guide == .safeArea && $0?.attribute == .bottom }
        }.compactMap(\.name))
        guard !r.flaws.contains(.safeAreaDoubleCount), shown.contains(where: { s in
            onSafeArea.contains(s.constraint) && s.value.contains(".height") && !s.value.contains("safeArea") && !s.value.contains("minY")
        }) else { return r }
        var r = r
        r.flaws.append(.safeAreaDoubleCount)
        return r
    }

    /// The class whose `loadView` makes a `type` its root view.
    static func rootViewOwner(of type: String, _ index: CodeIndex) -> String? {
        for name in index.order {
            guard let t = index.types[name] else { continue }
            for r in t.routines(named: "loadView") {
                guard let body = r.body else { continue }
                for node in body.allDescendants {
                    guard let q = node.as(SequenceExprSyntax.self) else { continue }
                    let e = Array(q.elements)
                    guard e.count == 3, e[1].is(AssignmentExprSyntax.self), HandlerWalk.normalize(e[0].trimmedDescription) == "view",
                          let call = e[2].as(FunctionCallExprSyntax.self), HandlerWalk.calleeName(call.calledExpression).name == type else { continue }
                    return name
                }
            }
        }
        return nil
    }

    /// The class and property that keep an instance of the constraint
    /// subclass `type` (`formBottom = KeyboardLayoutConstraint(item: …)`,
    /// or a property declared of that type), and the `downOffset` the
    /// class sets on it.
    static func constraintHolder(of type: String, _ index: CodeIndex) -> (type: String, property: String, downOffset: String?)? {
        for name in index.order where name != type {
            guard let t = index.types[name] else { continue }
            var property = t.properties.values.sorted { $0.name < $1.name }
                .first { KeyboardNames.words($0.type + " " + $0.initializer).contains(type) }?.name
            var downOffset: String?
            for r in t.routines {
                guard let body = r.body else { continue }
                for node in body.allDescendants {
                    guard let q = node.as(SequenceExprSyntax.self) else { continue }
                    let e = Array(q.elements)
                    guard e.count == 3, e[1].is(AssignmentExprSyntax.self) else { continue }
                    let target = HandlerWalk.normalize(e[0].trimmedDescription)
                    if property == nil, !target.contains("."), KeyboardNames.words(e[2].trimmedDescription).first == type { property = target }
                    if target.hasSuffix(".downOffset"), let x = Double(e[2].trimmedDescription) {
                        downOffset = x == x.rounded() ? String(Int(x)) : "\(x)"
                    }
                }
            }
            if let property { return (name, property, downOffset) }
        }
        return nil
    }

    /// Parse errors: the file is still read, around them.
    private static func syntaxFindings(_ index: CodeIndex) -> [Finding] {
        var out: [Finding] = []
        for (i, tree) in index.trees.enumerated() where tree.hasError {
            if let bad = tree.allDescendants.first(where: { $0.is(UnexpectedNodesSyntax.self) || $0.as(TokenSyntax.self)?.presence == .missing }) {
                let p = index.place(bad, file: i)
                out.append(Finding(file: p.file, line: p.line, column: p.column,
                                        message: "Swift that does not parse here: read around it"))
            }
        }
        return out
    }

    /// Whether a show handler's assignment moves the root view up by the
    /// keyboard's height: `view.frame.origin.y = -F.height` or
    /// `view.frame.origin.y = view.frame.origin.y - F.height`.
    static func movesUpByTheHeight(_ onShow: String) -> Bool {
        let prefix = "view.frame.origin.y = "
        guard onShow.hasPrefix(prefix), !onShow.contains(";") else { return false }
        var value = Substring(onShow.dropFirst(prefix.count))
        if value.hasPrefix("view.frame.origin.y - ") { value = value.dropFirst("view.frame.origin.y - ".count) }
        else if value.hasPrefix("-") { value = value.dropFirst() }
        else { return false }
        let parts = value.split(separator: ".")
        return parts.count == 2 && parts[1] == "height" && parts[0].allSatisfy { $0.isLetter || $0.isNumber || $0 == "_" }
    }
}

extension SyntaxProtocol {
    /// Every node below this one, in source order.
    var allDescendants: [Syntax] {
        var out: [Syntax] = []
        var stack: [Syntax] = Array(children(viewMode: .sourceAccurate).reversed())
        while let n = stack.popLast() {
            out.append(n)
            stack.append(contentsOf: n.children(viewMode: .sourceAccurate).reversed())
        }
        return out
    }

}
