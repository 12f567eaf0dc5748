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
        let reports = reader.reports()
        var findings = syntaxFindings(index)
        findings += reader.findings
        // A handler kbplay runs (as a strategy it has, or as rules) is no
        // finding; the rest is read for its strategy and flaws.
        let runnable: Set<CodeStrategy> = [.observer, .controllable, .resizeRoot, .childDelegate, .contentInset,
                                           .layoutConstraint, .layoutGuide, .autoScroll]
        for r in reports where r.runs.map({ !runnable.contains($0) }) ?? false {
            findings.append(SwiftFinding(file: r.file, line: r.line, column: r.column,
                                         message: "\(r.type)'s keyboard handling is read for its strategy and flaws, not run: \(r.why)"))
        }
        var layout = LayoutCodeReader(index: index)
        let screens = layout.screens()
        findings += layout.findings
        var result = SwiftImportResult(keyboardCode: reports, findings: findings)
        result.screens = screens
        return renamed(result, exportedNames(sources))
    }

    /// Parse errors: the file is still read, around them.
    private static func syntaxFindings(_ index: CodeIndex) -> [SwiftFinding] {
        var out: [SwiftFinding] = []
        for (i, tree) in index.trees.enumerated() where tree.hasError {
            if let bad = tree.allDescendants.first(where: { $0.is(UnexpectedNodesSyntax.self) || $0.as(TokenSyntax.self)?.presence == .missing }) {
                let p = index.place(bad, file: i)
                out.append(SwiftFinding(file: p.file, line: p.line, column: p.column,
                                        message: "Swift that does not parse here: read around it"))
            }
        }
        return out
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
