import Foundation

/// `help` and the command reference of docs/commands.md, both from the command table.
public enum Help {
    /// Every command by group, one line each.
    public static func overview() -> String {
        var lines: [String] = []
        for group in CommandSpec.Group.allCases {
            let specs = CommandTable.all.filter { $0.group == group }
            guard !specs.isEmpty else { continue }
            lines.append(group.rawValue.prefix(1).uppercased() + group.rawValue.dropFirst() + ":")
            let width = min(48, specs.map(\.usage.count).max()!)
            for spec in specs {
                let usage = spec.usage.padding(toLength: max(width, spec.usage.count), withPad: " ", startingAt: 0)
                lines.append("  \(usage)  \(spec.summary)")
            }
        }
        lines.append("help COMMAND explains one command; TAB completes names, anchors and values.")
        return lines.joined(separator: "\n")
    }

    /// One command: usage, summary, details, examples.
    public static func command(_ spec: CommandSpec) -> String {
        var lines = ["usage: \(spec.usage)", spec.summary]
        if !spec.details.isEmpty { lines.append(spec.details) }
        if !spec.examples.isEmpty {
            lines.append("examples:")
            lines += spec.examples.map { "  \($0)" }
        }
        return lines.joined(separator: "\n")
    }

    /// The Markdown command reference docs/commands.md embeds.
    public static func markdownReference() -> String {
        var out = ""
        for group in CommandSpec.Group.allCases {
            let specs = CommandTable.all.filter { $0.group == group }
            guard !specs.isEmpty else { continue }
            out += "\n**" + group.rawValue.prefix(1).uppercased() + group.rawValue.dropFirst() + "**\n\n"
            out += "| command | what it does |\n|---|---|\n"
            for spec in specs {
                let usage = spec.usage.replacingOccurrences(of: "|", with: "\\|")
                out += "| `\(usage)` | \(spec.summary) |\n"
            }
        }
        return out
    }
}
