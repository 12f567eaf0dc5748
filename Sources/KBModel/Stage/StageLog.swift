/// What the stage's behaviour did while one command ran, in the order it
/// happened: the lines it said, the notifications posted and what each
/// handler did, the warnings, the flaws and the notes; and the events to
/// keep. A front end renders it (the shell's change report is made from
/// it, with the layout diff and the verdict).
///
/// It also carries what the front end parsed for the stage: a rule is
/// text (`kb.end.height + 8`), and the model has no parser, so the
/// rules' expressions come in ``expressions``, by text.
public struct StageLog: Sendable {
    /// One line of what happened, in the order it happened.
    public enum Entry: Sendable, ExpressibleByStringInterpolation {
        /// A line of the command's own (`imported Form from …`); a string
        /// literal is one.
        case said(String)
        /// A notification posted.
        case posted(KeyboardNotification)
        /// What a handler did for the notification before it.
        case handled(Handling)

        public init(stringLiteral value: String) { self = .said(value) }
        public init(stringInterpolation: DefaultStringInterpolation) { self = .said(String(stringInterpolation: stringInterpolation)) }
    }

    public var entries: [Entry] = []
    public var notifications: [KeyboardNotification] = []
    public var warnings: [ModelWarning] = []
    public var flaws: [Flaw] = []
    /// Lines said after the diff.
    public var notes: [String] = []
    /// The notifications posted with the handlers that ran, for the
    /// session's `events` (taken out by the session as it keeps them).
    public var events: [EventRecord] = []
    /// Constants a handler already reported (not repeated in the diff),
    /// also when a replay does not list what it posted.
    public var reportedConstants: Set<String> = []
    /// The rules' expressions, by their text, as the front end parsed
    /// them (or the error it found): what a rule evaluates when its
    /// notification is posted.
    public var expressions: [String: Result<ValueExpression, ValueError>] = [:]

    public init() {}

    /// Adds what a handler did (as an entry unless `listed` is false).
    public mutating func handled(_ h: Handling, listed: Bool = true) {
        if listed { entries.append(.handled(h)) }
        if case let .constant(name) = h.effect.target { reportedConstants.insert(name) }
    }

    /// Keeps the warnings of a change to the screen.
    public mutating func take(_ result: MutationResult) { warnings += result.warnings }
}
