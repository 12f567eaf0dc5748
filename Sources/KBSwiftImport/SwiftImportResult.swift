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

/// What `import swift` read: the keyboard handling code per type, the
/// and the findings.
public struct SwiftImportResult: Equatable, Sendable {
    /// One report per type whose code handles the keyboard, in source order.
    public var keyboardCode: [KeyboardCodeReport]
    /// The screens view controllers build in code.
    public var screens: [CodeScreen] = []
    /// What was read but not modelled.
    public var findings: [Finding]

    public init(keyboardCode: [KeyboardCodeReport] = [], findings: [Finding] = []) {
        self.keyboardCode = keyboardCode
        self.findings = findings
    }
}
