import KBModel

/// One script as a test suite: what a CI report shows of a `kbplay run`.
/// Every `expect` line is a test case, and so is every command that was
/// refused (an error case); a script that could not be read is one error
/// case of its own suite.
public struct ScriptSuite: Sendable, Equatable {
    /// `login.kbs`, or `login.kbs on iphone-se1 landscape` when the run
    /// goes over devices or orientations.
    public var name: String
    /// The script's path as it was given (`<stdin>` for standard input).
    public var file: String
    /// The device and orientation the run asked for (nil: the script's own).
    public var device: DeviceSetting?
    /// What the report says once about the suite (a script's own device
    /// line winning over `--devices`).
    public var notes: [String] = []
    public var cases: [ScriptCase] = []
    /// Seconds the whole script took.
    public var time: Double = 0
    /// What the script printed, in its text form.
    public var output: String = ""
    /// `--bail` stopped it before its end.
    public var stopped = false

    public init(name: String, file: String, device: DeviceSetting? = nil) {
        self.name = name
        self.file = file
        self.device = device
    }

    /// A case's name in a report (a TAP test line, a JUnit test case):
    /// ``ScriptCase/name(in:)``, then the device and orientation when the
    /// run goes over them, so each run's tests read apart
    /// (`login.kbs:12: expect … (ipad-9.7 portrait)`).
    public func name(of c: ScriptCase) -> String {
        let base = c.name(in: file)
        return device.map { "\(base) (\($0.description))" } ?? base
    }

    /// The JUnit `classname`: the script's path, then the device and
    /// orientation, with a dot only between the two. Jenkins reads the
    /// part before the last dot as a package and the rest as a class, so
    /// the dots of `t.kbs` or `ipad-9.7` become `_`: package `t_kbs`,
    /// class `ipad-9_7-portrait`.
    public var className: String {
        let script = file.replacing(".", with: "_")
        guard let device else { return script }
        return script + "." + "\(device.id)-\(device.orientation.rawValue)".replacing(".", with: "_")
    }

    public var failures: Int { cases.count { if case .failed = $0.result { true } else { false } } }
    public var errors: Int { cases.count { if case .error = $0.result { true } else { false } } }
}

/// One test case: an `expect` line, or a command that was refused.
public struct ScriptCase: Sendable, Equatable {
    public enum Result: Sendable, Equatable {
        case passed
        /// An `expect` that did not hold.
        case failed(ExpectResult)
        /// A refused command or a file that could not be read or written.
        case error(CaseError)
    }

    /// The 1-based line the command starts on (0: the script as a whole).
    public var line: Int
    /// The command, without its comment.
    public var command: String
    public var result: Result
    /// Seconds the command took.
    public var time: Double
    /// The text the command printed.
    public var output: String

    public init(line: Int, command: String, result: Result, time: Double, output: String) {
        self.line = line
        self.command = command
        self.result = result
        self.time = time
        self.output = output
    }

    /// `login.kbs:12: expect signIn.frame.maxY <= kb.frame.minY`: the
    /// script, the line and the command, as CI systems list it.
    public func name(in file: String) -> String {
        line > 0 ? "\(file):\(line): \(command)" : "\(file): \(command)"
    }
}

/// What went wrong with an error case.
public struct CaseError: Sendable, Equatable {
    public enum Kind: String, Sendable {
        /// The command was refused (exit status 2).
        case rejected
        /// A file could not be read or written (exit status 3).
        case io
    }
    public var kind: Kind
    public var message: String
    public var column: Int?
    public var suggestion: String?

    public init(kind: Kind, message: String, column: Int? = nil, suggestion: String? = nil) {
        self.kind = kind
        self.message = message
        self.column = column
        self.suggestion = suggestion
    }
}
