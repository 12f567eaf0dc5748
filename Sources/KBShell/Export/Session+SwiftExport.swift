import KBInterop
import KBModel

extension Session {
    /// The session as UIKit Swift (`export swift`); with `fixed`, each
    /// flaw it showed fixed as its `fix:` line says (`export swift fixed`).
    public func swiftSource(fixed: Bool = false) -> String {
        var exporter = SwiftExporter(screen: screen, strategies: state.strategies, rules: state.rules, flaws: flawsShown,
                                     sessionName: name, keyboard: keyboard, fixed: fixed, parseRule: Self.parsedRule)
        return exporter.source()
    }

    /// A rule's expression parsed as `on` parsed it (nil if it no longer
    /// parses, which a rule that was accepted always does).
    static func parsedRule(_ rule: Rule) -> ValueExpression? {
        guard let (tokens, end) = try? Lexer.scan(rule.expression) else { return nil }
        var parser = ExpressionParser(tokens, endColumn: end)
        guard let e = try? parser.parseExpression(), parser.atEnd else { return nil }
        return e
    }
}
