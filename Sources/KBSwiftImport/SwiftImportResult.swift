import KBModel

/// One Swift file to read: its path (as the user gave it, for findings) and
/// its text.
public struct SwiftSource: Equatable, Sendable {
    public var path: String
    public var text: String

    public init(path: String, text: String) {
        self.path = path
        self.text = text
    }
}

/// Something in the code that kbplay reads but does not model, with its
/// place: `FILE:LINE:COLUMN: note: …`.
public struct SwiftFinding: Equatable, Sendable {
    public var file: String
    public var line: Int
    public var column: Int
    public var message: String

    public init(file: String, line: Int, column: Int, message: String) {
        self.file = file
        self.line = line
        self.column = column
        self.message = message
    }

    /// The finding as a compiler-style note.
    public var text: String { "\(file):\(line):\(column): note: \(message)" }
}

/// What `import swift` read: the keyboard handling code per type, the
/// and the findings.
public struct SwiftImportResult: Equatable, Sendable {
    /// One report per type whose code handles the keyboard, in source order.
    public var keyboardCode: [KeyboardCodeReport]
    /// The screens view controllers build in code.
    public var screens: [CodeScreen] = []
    /// What was read but not modelled.
    public var findings: [SwiftFinding]

    public init(keyboardCode: [KeyboardCodeReport] = [], findings: [SwiftFinding] = []) {
        self.keyboardCode = keyboardCode
        self.findings = findings
    }
}
