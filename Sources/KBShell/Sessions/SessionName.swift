/// A session's name: what `save` and `load` take, what a daemon's
/// sessions are called, and the base of their files (`Sessions/NAME.json`,
/// `Sessions/.journal/NAME.journal`). One rule for all of them: 1 to 64
/// ASCII letters, digits, `_`, `-` and `.`, starting with a letter, a digit
/// or `_`, with no `..`; so a name is a plain file name in its folder,
/// never an option (`-x`), a hidden file or a way out of the folder. A
/// trailing `.json` is the file's extension, not part of the name:
/// `login.json` names `login`.
public struct SessionName: Hashable, Sendable, Comparable, CustomStringConvertible {
    public let rawValue: String

    /// The longest name.
    public static let maximumLength = 64

    /// `text` as a name (a trailing `.json` dropped), or nil when it is not one.
    public init?(_ text: String) {
        let base = text.hasSuffix(".json") && text.utf8.count > 5 ? String(text.dropLast(5)) : text
        guard Self.isValid(base) else { return nil }
        rawValue = base
    }

    /// `text` as a name, or an error that says what a name may hold.
    public init(validating text: String) throws(SessionNameError) {
        guard let name = SessionName(text) else { throw SessionNameError(text: text) }
        self = name
    }

    public var description: String { rawValue }

    /// The session file in `directory`: `directory/NAME.json`.
    public func file(in directory: String) -> String { "\(directory)/\(rawValue).json" }

    public static func < (a: SessionName, b: SessionName) -> Bool { a.rawValue < b.rawValue }

    /// The sessions saved in `directory`: its `.json` files, without the
    /// extension (what `sessions` lists, `load` suggests and TAB completes).
    public static func saved(in directory: String) -> [String] {
        FileIO.list(directory).filter { $0.hasSuffix(".json") }.map { String($0.dropLast(5)) }
    }

    /// Whether `text` is a name as it stands (no `.json` to drop).
    public static func isValid(_ text: String) -> Bool {
        let bytes = text.utf8
        guard let first = bytes.first, bytes.count <= maximumLength else { return false }
        func isLetterOrDigit(_ b: UInt8) -> Bool {
            (b >= 0x41 && b <= 0x5A) || (b >= 0x61 && b <= 0x7A) || (b >= 0x30 && b <= 0x39)
        }
        guard isLetterOrDigit(first) || first == UInt8(ascii: "_") else { return false }
        var previous: UInt8 = 0
        for b in bytes {
            guard isLetterOrDigit(b) || b == UInt8(ascii: "_") || b == UInt8(ascii: "-") || b == UInt8(ascii: ".") else {
                return false
            }
            if b == UInt8(ascii: "."), previous == UInt8(ascii: ".") { return false }
            previous = b
        }
        return true
    }
}

/// A text that is not a session name.
public struct SessionNameError: Error, Sendable, Equatable, CustomStringConvertible {
    public var text: String

    public init(text: String) {
        self.text = text
    }

    public var description: String {
        "invalid session name '\(text)': use 1 to \(SessionName.maximumLength) letters, digits, _, - and . "
            + "(ASCII), starting with a letter, a digit or _"
    }
}
