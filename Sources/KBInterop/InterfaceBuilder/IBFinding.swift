/// Something an import did not carry over as it is: an element or an
/// attribute kbplay does not model, and what it did instead. Like a
/// compiler's diagnostic, it names its line and column in the document.
public struct IBFinding: Equatable, Sendable {
    public enum Severity: String, Sendable {
        /// Layout may differ from UIKit's because of it.
        case warning
        /// Carried over differently, or left out, without changing layout.
        case note
    }

    public var severity: Severity
    public var message: String
    public var line: Int
    public var column: Int

    public init(_ severity: Severity, _ message: String, line: Int, column: Int) {
        self.severity = severity
        self.message = message
        self.line = line
        self.column = column
    }

    /// `login.storyboard:42:17: warning: …`
    public func text(path: String) -> String { "\(path):\(line):\(column): \(severity.rawValue): \(message)" }
}
