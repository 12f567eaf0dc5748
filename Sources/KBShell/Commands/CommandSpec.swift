/// One command of the shell: its words, grammar, documentation and
/// traits, and the type that carries it out. The table of these
/// (``CommandTable/all``, built from the command types) drives the
/// parser, `help`, TAB completion, the daemon's `describe` and the
/// command reference in docs/commands.md.
public struct CommandSpec: Sendable {
    public enum Group: String, CaseIterable, Sendable {
        case device, structure, constraints, keyboard, strategies, lifecycle, inspection, sessions
    }

    /// The command's words: `["keyboard", "show"]`.
    public var words: [String]
    public var arguments: [Pattern]
    public var group: Group
    public var summary: String
    /// Longer help: what it does, with UIKit's semantics where they matter.
    public var details: String
    public var examples: [String]
    /// What the command is, for the transaction, the history and the daemon.
    public var traits: CommandTraits
    /// The type that reads the command's arguments and carries it out.
    let command: any Command.Type

    /// Whether it can change the session (and so prints a diff).
    public var mutates: Bool { traits.contains(.mutates) }

    public var name: String { words.joined(separator: " ") }
    public var usage: String { ([name] + (arguments.isEmpty ? [] : [Pattern.usage(arguments)])).joined(separator: " ") }

    init(_ words: String, _ arguments: [Pattern] = [], group: Group, traits: CommandTraits,
         summary: String, details: String = "", examples: [String] = [], command: any Command.Type) {
        self.words = words.split(separator: " ").map(String.init)
        self.arguments = arguments
        self.group = group
        self.summary = summary
        self.details = details
        self.examples = examples
        self.traits = traits
        self.command = command
    }
}

extension CommandSpec: Equatable {
    public static func == (a: CommandSpec, b: CommandSpec) -> Bool {
        a.words == b.words && a.arguments == b.arguments && a.group == b.group && a.summary == b.summary
            && a.details == b.details && a.examples == b.examples && a.traits == b.traits && ObjectIdentifier(a.command) == ObjectIdentifier(b.command)
    }
}

/// What a command is, beyond its grammar: what the transaction, the
/// shell's history and a daemon's journal ask of it.
public struct CommandTraits: OptionSet, Sendable, Hashable {
    public let rawValue: Int
    public init(rawValue: Int) { self.rawValue = rawValue }

    /// It can change the session: it prints the notifications, the diff
    /// and the verdict, and `undo` takes it back.
    public static let mutates = CommandTraits(rawValue: 1 << 0)
    /// It can add, remove or re-rank views or constraints, so the views it
    /// moved are checked for ambiguity.
    public static let structural = CommandTraits(rawValue: 1 << 1)
    /// It is not recorded in the history (`history`, `undo`, `redo`, `help`, `quit`).
    public static let outsideHistory = CommandTraits(rawValue: 1 << 2)
    /// It reads files (`load`, `source`, `sessions`).
    public static let readsFiles = CommandTraits(rawValue: 1 << 3)
    /// It writes files (`save`; `render svg FILE`).
    public static let writesFiles = CommandTraits(rawValue: 1 << 4)
    /// The commands it runs change the undo stacks themselves (`source`):
    /// when it is refused they are rolled back with the session.
    public static let keepsUndoStacks = CommandTraits(rawValue: 1 << 5)
    /// What it does depends on more than a session file holds (files, the
    /// undo history), so running it again from a journal would not do the
    /// same: a daemon makes it durable with a snapshot of the session, and
    /// runs it off the threads that serve other sessions.
    public static let journaledAsSnapshot = CommandTraits(rawValue: 1 << 6)
    /// As ``journaledAsSnapshot``, but only when it names a file (`render svg FILE`).
    public static let journaledAsSnapshotWithAFile = CommandTraits(rawValue: 1 << 7)
    /// It starts the session anew (`new`, `demo`, `load`): what was said of
    /// the script before (the workshop's tally of `expect` lines) is over.
    public static let startsScript = CommandTraits(rawValue: 1 << 8)
    /// It states an expectation whose verdict a tally keeps (`expect`).
    public static let statesExpectation = CommandTraits(rawValue: 1 << 9)
    /// It runs a script of commands, whose expectations it answers for as
    /// one line (`source`).
    public static let runsScript = CommandTraits(rawValue: 1 << 10)
    /// It only reads the session, outside the inspection group (`devices`,
    /// `history`, `help`): a daemon sends its pages nothing after it.
    public static let onlyReads = CommandTraits(rawValue: 1 << 11)
}
