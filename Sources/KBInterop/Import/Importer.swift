import KBModel

/// One importer: a file in its format (and the session's stage, for an
/// importer that builds on it) in, an ``ImportResult`` out. The shell makes
/// one `import` command of each registered importer from its ``grammar``,
/// reads the file through its own file-system seam and adopts the result,
/// so a new importer is one folder holding its type, plus one line in the
/// shell's registry (`Importers.all`).
public protocol Importer {
    /// Its command: the word after `import`, the options after the file,
    /// the help.
    static var grammar: ImportGrammar { get }
    /// Reads the file. A refusal says what was wrong and what would work,
    /// and where (``ImportError/place``); the session is then left as it was.
    static func run(_ request: ImportRequest) throws(ImportError) -> ImportResult
    /// Checks the options given (keyword → value) before the file is read:
    /// a value out of range or options that do not go together are refused
    /// first, whatever the file holds.
    static func check(_ options: [String: String]) throws(ImportError)
}

extension Importer {
    public static func check(_ options: [String: String]) throws(ImportError) {}
}

/// The command an importer is: `import [WORD] FILE [OPTION VALUE]…`.
public struct ImportGrammar: Sendable {
    /// The word after `import` (`log` for `import log FILE`); nil for the
    /// importer of `import FILE` itself.
    public var word: String?
    public var options: [ImportOption]
    public var summary: String
    public var details: String
    public var examples: [String]
    /// `-` names standard input, where the front end has one to give.
    public var readsStandardInput: Bool

    public init(word: String?, options: [ImportOption], summary: String, details: String, examples: [String],
                readsStandardInput: Bool = false) {
        self.word = word
        self.options = options
        self.summary = summary
        self.details = details
        self.examples = examples
        self.readsStandardInput = readsStandardInput
    }
}

/// An option after the file: a keyword alone (`portrait`) or with one
/// value (`scene NAME`, `dump K`). An importer reads it back from the
/// request with the same value (``ImportRequest/value(_:)``).
public struct ImportOption: Sendable, Hashable {
    /// What the value is, for parsing, TAB completion and help.
    public enum Value: Sendable, Hashable {
        /// None: the keyword alone.
        case none
        /// A scene of the document: a word or a quoted text.
        case scene
        /// A device preset's id or name.
        case device
        case number
    }

    public var keyword: String
    /// The value's name in the usage (`NAME`, `K`); nil for a keyword alone.
    public var valueName: String?
    public var value: Value

    /// A keyword alone: `portrait`.
    public init(_ keyword: String) {
        self.keyword = keyword
        valueName = nil
        value = .none
    }

    /// A keyword and its value: `scene NAME`.
    public init(_ keyword: String, _ valueName: String, _ value: Value) {
        self.keyword = keyword
        self.valueName = valueName
        self.value = value
    }
}

/// A file to import: the path as the user gave it (for messages) and its
/// bytes.
public struct ImportSource: Sendable {
    public var path: String
    public var bytes: [UInt8]

    public init(path: String, bytes: [UInt8]) {
        self.path = path
        self.bytes = bytes
    }

    /// The bytes as text, each sequence that is not UTF-8 read as U+FFFD
    /// (as the shell reads a script).
    public var text: String { String(decoding: bytes, as: UTF8.self) }
}

/// What an importer is asked: the file, the options given, and the
/// session it imports into.
public struct ImportRequest: Sendable {
    public var file: ImportSource
    /// The options given: keyword → value (empty for a keyword alone).
    public var options: [String: String]
    /// The session's stage before the import.
    public var stage: Stage
    /// The device a run on several devices (`kbplay run --devices`) starts
    /// each script on; an importer uses it when no option names a device.
    public var startDevice: DeviceSetting?

    public init(file: ImportSource, options: [String: String] = [:], stage: Stage = Stage(),
                startDevice: DeviceSetting? = nil) {
        self.file = file
        self.options = options
        self.stage = stage
        self.startDevice = startDevice
    }

    /// The value given for `option`, or nil.
    public func value(_ option: ImportOption) -> String? { options[option.keyword] }

    /// Whether `option` was given.
    public func has(_ option: ImportOption) -> Bool { options[option.keyword] != nil }
}

/// What an import made: the session's stage from now on (screen, keyboard,
/// strategies and rules), what it said and did on the way (a
/// ``StageLog``: lines, notifications of a replay, warnings, notes,
/// events), what it named and found, and the members it adds to the
/// command's JSON.
public struct ImportResult: Sendable {
    public var stage: Stage
    /// The stage is a new session's: no name to save under, no history of
    /// events (an import of a document). An importer that builds on the
    /// session's stage leaves them.
    public var startsAfresh: Bool
    public var log: StageLog
    /// Source id (an IB object id, a log's address) → name, in the order
    /// they were made.
    public var names: [(id: String, name: String)]
    public var findings: [Finding]
    /// What the importer assumed where the file did not say.
    public var assumptions: [String]
    /// Ambiguity the layout has is said as a note, not a warning (a log's
    /// dump holds only part of the screen).
    public var ambiguityIsNote: Bool
    /// The importer's own members of the command's JSON (`uikitBroke`,
    /// `keyboardChecks`), in the shapes docs/json.md gives.
    public var members: [String: JSON]

    public init(stage: Stage, startsAfresh: Bool = true, log: StageLog = StageLog(), names: [(id: String, name: String)] = [],
                findings: [Finding] = [], assumptions: [String] = [], ambiguityIsNote: Bool = false, members: [String: JSON] = [:]) {
        self.stage = stage
        self.startsAfresh = startsAfresh
        self.log = log
        self.names = names
        self.findings = findings
        self.assumptions = assumptions
        self.ambiguityIsNote = ambiguityIsNote
        self.members = members
    }
}
