/// Something an import did not carry over as it is — an element, an
/// attribute or a line of code kbplay does not model, and what it did
/// instead — at its place in the file, like a compiler's diagnostic. Every
/// importer (Interface Builder, console logs, Swift) says its findings with
/// this one type.
public struct Finding: Equatable, Sendable {
    public enum Severity: String, Sendable {
        /// Layout may differ from UIKit's because of it.
        case warning
        /// Carried over differently, or left out, without changing layout.
        case note
    }

    public var severity: Severity
    public var message: String
    /// The file as the user named it, when the importer reads several;
    /// nil when the caller names the one document read.
    public var file: String?
    public var line: Int
    public var column: Int

    public init(_ severity: Severity, _ message: String, file: String? = nil, line: Int, column: Int) {
        self.severity = severity
        self.message = message
        self.file = file
        self.line = line
        self.column = column
    }

    /// A note at a place in one of several files.
    public init(file: String, line: Int, column: Int, message: String) {
        self.init(.note, message, file: file, line: line, column: column)
    }

    /// `login.storyboard:42:17: warning: …`
    public func text(path: String) -> String { "\(path):\(line):\(column): \(severity.rawValue): \(message)" }

    /// As ``text(path:)``, with the file it names.
    public var text: String { text(path: file ?? "") }
}
