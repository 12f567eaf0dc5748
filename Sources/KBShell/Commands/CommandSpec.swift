/// One command of the shell: its words, grammar and documentation. The
/// table of these drives the parser, `help`, TAB completion, the daemon's
/// `describe` and the README's command reference.
public struct CommandSpec: Equatable, Sendable {
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
    /// Whether it can change the session (and so prints a diff).
    public var mutates: Bool

    public var name: String { words.joined(separator: " ") }
    public var usage: String { ([name] + (arguments.isEmpty ? [] : [Pattern.usage(arguments)])).joined(separator: " ") }

    public init(_ words: String, _ arguments: [Pattern] = [], group: Group, mutates: Bool,
                summary: String, details: String = "", examples: [String] = []) {
        self.words = words.split(separator: " ").map(String.init)
        self.arguments = arguments
        self.group = group
        self.summary = summary
        self.details = details
        self.examples = examples
        self.mutates = mutates
    }
}
