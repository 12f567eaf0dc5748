extension ParsedCommand {
    /// The value of `argument`, or nil when the line left it out (an
    /// optional group not given, an option not used); throws what its
    /// ``CommandArgument/read`` finds wrong with it.
    subscript<V>(_ argument: CommandArgument<V>) -> V? {
        get throws(CommandError) {
            guard let t = values[argument.name] else { return nil }
            return try argument.read(t)
        }
    }

    /// The value of an argument the grammar requires (it always matched
    /// one: a missing one is refused with the usage, never a crash).
    func required<V>(_ argument: CommandArgument<V>) throws(CommandError) -> V {
        guard let t = values[argument.name] else {
            throw CommandError("'\(spec.name)' needs \(argument.name)", column: endColumn, suggestion: "usage: \(spec.usage)")
        }
        return try argument.read(t)
    }

    /// The token `argument`'s value was read from, for where it stood on
    /// the line; nil when the line left it out.
    func token<V>(_ argument: CommandArgument<V>) -> Token? { values[argument.name] }

    /// Whether the line used the keyword `option`.
    func contains(_ option: KeywordOption) -> Bool { present.contains(option.keyword) }

    /// Whether the line has the fixed word `keyword` (in an optional group).
    func contains(_ keyword: Keyword) -> Bool { present.contains(keyword.word) }
}
