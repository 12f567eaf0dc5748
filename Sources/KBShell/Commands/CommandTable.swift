import KBModel

/// Every command kbplay understands, in the order `help` lists them.
public enum CommandTable {
    public static let onOff = ValueKind.choice(["on", "off"])

    /// Every command's spec, from the command types (``Commands/all``).
    public static let all: [CommandSpec] = Commands.all.map { $0.spec }

    /// The command whose words start `words`, longest match first, and how
    /// many words it takes.
    public static func lookup(_ words: [String]) -> (CommandSpec, Int)? {
        guard let first = words.first, let candidates = byFirstWord[first] else { return nil }
        var best: (index: Int, count: Int)?
        for k in candidates {
            // The words alone: a whole spec (help, examples…) is not copied
            // for each candidate.
            let name = commandWords[k]
            guard name.count <= words.count, name.count > best?.count ?? 0 else { continue }
            var same = true
            for i in 1..<name.count where name[i] != words[i] {
                same = false
                break
            }
            if same { best = (k, name.count) }
        }
        return best.map { (all[$0.index], $0.count) }
    }

    /// Each command's words, by position in `all`.
    private static let commandWords: [[String]] = all.map(\.words)

    /// The positions in `all` of the commands starting with each first word,
    /// in table order.
    private static let byFirstWord: [String: [Int]] = Dictionary(grouping: all.indices) { all[$0].words[0] }

    /// The most words a command has.
    static let maxWordCount = all.map(\.words.count).max()!

    /// The words of the command whose second word `word` is, or is a typo
    /// of, for a second word typed alone (`hide` → `keyboard hide`,
    /// `outside` → `tap outside`): the first such command in table order.
    static func commandEnding(with word: String) -> String? {
        let seconds = all.compactMap { $0.words.count > 1 ? $0.words[1] : nil }
        guard let second = seconds.contains(word) ? word : nearestName(to: word, in: seconds),
              let spec = all.first(where: { $0.words.count > 1 && $0.words[1] == second })
        else { return nil }
        return spec.words.prefix(2).joined(separator: " ")
    }

    /// Every first word of a command, in table order.
    public static let firstWords: [String] = {
        var seen: Set<String> = []
        return all.map { $0.words[0] }.filter { seen.insert($0).inserted }
    }()
}
