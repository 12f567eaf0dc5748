import KBModel

/// A shell session: the screen, the keyboard, the strategies and rules
/// attached to it, and what happened so far. A value: a command turns one
/// session into the next; undo restores an earlier value.
public struct Session: Sendable {
    /// What undo and redo restore, and what a session file holds: the
    /// screen, the keyboard, the strategies and the rules, whose behaviour
    /// is the model's.
    public typealias State = Stage

    public var state: State

    /// A state kept aside to go back to: what `undo` and `redo` keep, and
    /// what a refused command rolls back to (``Stage/Checkpoint``).
    typealias Checkpoint = Stage.Checkpoint

    /// The commands that ran (rejected ones excluded), for `history` and
    /// session files: the last ``historyLimit``, so that a session fed
    /// commands for days (a daemon's) keeps its file, and the snapshot its
    /// journal is compacted into, bounded.
    public var history: [String] {
        get { historyLines.count > Self.historyLimit ? Array(historyLines.suffix(Self.historyLimit)) : historyLines }
        set { historyLines = newValue.count > Self.historyLimit ? Array(newValue.suffix(Self.historyLimit)) : newValue }
    }
    /// ``history``'s lines, with up to a quarter of the limit more that are
    /// dropped together (dropping the oldest one at a time would move the
    /// rest on every command).
    var historyLines: [String] = []
    public static var historyLimit: Int { 10_000 }

    /// Adds a command to the history.
    mutating func recordHistory(_ line: String) {
        historyLines.append(line)
        if historyLines.count > Self.historyLimit + Self.historyLimit / 4 {
            historyLines.removeFirst(historyLines.count - Self.historyLimit)
        }
    }
    /// Notifications posted so far, with the handlers that ran (the last
    /// ``eventLimit``).
    public var events: [EventRecord] {
        get { Array(eventLog.suffix(Self.eventLimit)) }
        set {
            eventLog = SegmentedArray(newValue)
            notificationFromFile = nil
            flawsShown = []
        }
    }
    /// Every strategy flaw a command of this session has shown (`⚑`),
    /// once per flaw, strategy and controller, with the message it showed
    /// first; forgotten with the events (`new`, `demo`, `load`, `import`).
    /// `export swift` writes each at the code it concerns.
    public internal(set) var flawsShown: [Flaw] = []

    /// Keeps the flaws a command showed that were not shown before.
    mutating func recordFlaws(_ flaws: [Flaw]) {
        // A rule's flaw is the code's, not a strategy's that export swift
        // writes its fix for.
        for f in flaws where f.rule == nil && !flawsShown.contains(where: { $0.id == f.id && $0.strategy == f.strategy && $0.controller == f.controller }) {
            flawsShown.append(f)
        }
    }
    /// The last keyboard notification posted, which `kb.begin.*`,
    /// `kb.end.*`, `kb.duration` and `kb.curve` read: the newest event's,
    /// or, before any, the one the session file it was loaded from
    /// recorded (a file keeps no events, but this one it keeps, so a
    /// loaded session, or one a daemon brings back from its snapshot,
    /// reads the same values as the session it was saved from).
    public var lastNotification: KeyboardNotification? { eventLog.last?.notification ?? notificationFromFile }
    var notificationFromFile: KeyboardNotification?
    public static var eventLimit: Int { 200 }
    /// The events, trimmed to the last ``eventLimit`` only when twice as
    /// many piled up, so that posting one does not shift them all; in
    /// segments, so that posting one while the copy kept for rolling back
    /// shares them does not copy them all.
    var eventLog: SegmentedArray<EventRecord> = []

    mutating func record(_ event: EventRecord) {
        eventLog.append(event)
        if eventLog.count >= 2 * Self.eventLimit {
            // Whole segments from the front: dropped without copying the
            // events that stay (at least the last `eventLimit` do).
            let segment = SegmentedArray<EventRecord>.segmentSize
            eventLog.removeFirst((eventLog.count - Self.eventLimit) / segment * segment)
        }
    }
    /// The text and JSON members of the last change, for `diff`.
    public var lastChange: CommandOutcome?
    /// The states `undo` goes back to (the last ``undoLimit``) and those
    /// `redo` goes forward to.
    var undoStack = BoundedStack<Checkpoint>(limit: Session.undoLimit)
    var redoStack = BoundedStack<Checkpoint>(limit: Session.undoLimit)
    /// The session was read from a file, which holds no undo history: what
    /// `undo` says when it has nothing to go back to.
    var readFromFile = false
    /// How many commands `undo` can take back: the oldest states are dropped
    /// beyond that, so a long session's memory stays bounded.
    public static var undoLimit: Int { 1000 }
    /// The folder `save` and `load` use.
    public var sessionsDirectory: String
    /// The device a run started the session on, which `new` without a
    /// device and `demo` keep (nil: the default device, portrait). A
    /// setting of the run, like ``sessionsDirectory``: never saved.
    public var startDevice: DeviceSetting?
    /// Whether `import log -` may read standard input (`kbplay run` when
    /// the script itself is not read from it). A setting of the front end:
    /// never saved.
    public var standardInputForImport = false
    /// The name the session was loaded from or saved as.
    public var name: String?
    /// The name this session's own `save` last wrote its file under (a
    /// `load` or a `new` forgets it): the one file ``guardsOthersFiles``
    /// lets it replace.
    public var savedAs: String?
    /// Stamp (``FileIO/stamp(_:)``) of the file `save` last wrote: a file
    /// changed since is someone else's. Kept while the session runs.
    var savedStamp: String?
    /// `save NAME` replaces only the file this session saved itself, and
    /// only while nobody changed it since: a daemon's sessions share its
    /// sessions folder with each other and with the people who put files
    /// there. A setting of the front end: never saved.
    public var guardsOthersFiles = false
    /// Whether `render` may use colour (the terminal front end sets it when
    /// standard output is a terminal; scripts and pipes never get colour).
    public var colors = false
    /// Rule expressions already parsed, by text (a cache: not part of the
    /// state, never saved).
    var parsedExpressions: [String: ValueExpression] = [:]
    /// The rules' expressions as ``onStage(_:_:)`` last read them, and the
    /// rules they were read for (a cache: most commands leave the rules
    /// as they were, and then take these whole).
    var ruleExpressions: (rules: [Rule], expressions: [String: Result<ValueExpression, ValueError>])?
    /// The folder a relative file name in a command (`source`, `import`,
    /// `import log`, `render svg`, `export … FILE`) is found in: the
    /// folder of the script that names it, while `kbplay run` or `source`
    /// runs one (as a C `#include "…"` is found beside the file that
    /// includes it); nil at the prompt, where it is the current folder. A
    /// setting of the front end: never saved.
    public var fileFolder: String?
    /// The scripts `source` is running, outermost first (their real
    /// paths): a script that sources one of them again is refused.
    var sourcing: [String] = []
    /// How deep `source` may nest.
    static var sourceDepthLimit: Int { 16 }

    public var screen: Screen {
        _read { yield state.screen }
        // In place: a get-then-set would hold a second reference to the
        // layout cache while mutating, and copy the solver every time.
        _modify { yield &state.screen }
    }

    public var keyboard: Keyboard {
        _read { yield state.keyboard }
        _modify { yield &state.keyboard }
    }

    /// An empty session on the default device (what `kbplay run` starts from).
    public init(sessionsDirectory: String = "Sessions") {
        state = State(screen: Screen(), keyboard: Keyboard(), strategies: [], rules: [])
        self.sessionsDirectory = sessionsDirectory
    }

    /// An empty session on `device`, which `new` (without a device) and
    /// `demo` then use too: what `kbplay run --devices` starts each run
    /// from.
    public init(sessionsDirectory: String = "Sessions", device: DeviceSetting) throws(ModelError) {
        self.init(sessionsDirectory: sessionsDirectory)
        _ = try state.screen.setDevice(device.id, orientation: device.orientation)
        startDevice = device
    }

    /// The built-in demo session (SPEC §1).
    public static func demo(sessionsDirectory: String = "Sessions") -> Session {
        var s = Session(sessionsDirectory: sessionsDirectory)
        s.state.screen = Screen.demo()
        s.name = "demo"
        return s
    }

    /// The two-line banner the interactive shell opens with.
    public mutating func banner() -> String {
        let device = screen.device
        let root = screen.controllers.first.map { "\"\($0.name)\"" } ?? "(empty)"
        let controls = screen.views.filter { !$0.isRootView && $0.kind != .view && $0.kind != .stackView }.count
        let what = name == "demo" ? "demo session \(root)" : (name.map { "session \"\($0)\"" } ?? "session \(root)")
        return "kbplay — \(device.id) (\(device.name)), \(screen.orientation.rawValue) — \(what) (\(controls) controls, \(screen.constraints.count) constraints)\n"
            + "try:  focus email   ·   render   ·   help strategies"
    }
}

extension Session {
    /// `file` as a command typed now means it: an absolute path, `-`
    /// (standard input) or a name at the prompt as it is; a relative name
    /// in a script joined to the script's folder (``fileFolder``).
    public func path(of file: String) -> String {
        guard let folder = fileFolder, folder != ".", !folder.isEmpty, !file.isEmpty, file != "-", !file.hasPrefix("/")
        else { return file }
        return folder.hasSuffix("/") ? folder + file : folder + "/" + file
    }
}
