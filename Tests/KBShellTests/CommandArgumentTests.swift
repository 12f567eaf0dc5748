import Testing
import KBModel
@testable import KBShell

/// A command's typed argument keys: one declaration drives the grammar and
/// the read, and a read converts (or refuses, at the value's column).
@Suite("CommandArgument: typed keys for a command's values")
struct CommandArgumentTests {
    /// A grammar of its own, so the keys are tried apart from any command.
    enum Probe {
        enum Mode: String, CaseIterable, Sendable { case fast, slow }

        static let name = CommandArgument.text("NAME", .newName)
        static let count = CommandArgument.wholeNumber("N", in: 0...10, capped: true, "N is a whole number from 0")
        static let ratio = CommandArgument.number("R")
        static let mode = CommandArgument.choice("MODE", [Mode.slow, .fast])
        static let file = CommandArgument.token("FILE", .file)
        static let svg = Keyword("svg")
        static let verbose = KeywordOption("verbose")
        static let spec = CommandSpec("probe", [.value(name), .optional([.word(svg), .value(file)]),
                                                .options([KeywordOption("count", count), KeywordOption("ratio", ratio),
                                                          KeywordOption("mode", mode), verbose])],
                                      group: .inspection, traits: [], summary: "a grammar for the tests", command: Commands.Tree.self)
    }

    func parse(_ line: String, _ spec: CommandSpec = Probe.spec) throws -> ParsedCommand {
        let (tokens, end) = try Lexer.scan(line)
        return try CommandParser.match(spec, spec.words.count, tokens, line, endColumn: end)
    }

    @Test func theGrammarIsTheKeys() {
        // The usage shows each key's name, or a choice's words in the order given.
        #expect(Probe.spec.usage == "probe NAME [svg FILE] [count N] [ratio R] [mode slow|fast] [verbose]")
        #expect(Probe.spec.arguments[0] == .value("NAME", .newName))
        #expect(Probe.spec.arguments[2] == .options([KeywordOption("count", [("N", .number)]), KeywordOption("ratio", [("R", .number)]),
                                                     KeywordOption("mode", [("MODE", .choice(["slow", "fast"]))]),
                                                     KeywordOption("verbose", [])]))
    }

    @Test func aValueIsReadAsItsType() throws {
        let p = try parse("probe box svg out.svg count 4 ratio -1.5 mode fast verbose")
        #expect(try p.required(Probe.name) == "box")
        #expect(try p[Probe.count] == 4)
        #expect(try p[Probe.ratio] == -1.5)
        #expect(try p[Probe.mode] == .fast)
        // A token keeps where it stood: "probe box svg " is 14 characters.
        #expect(try p[Probe.file] == Token(.word, "out.svg", column: 15))
        #expect(p.token(Probe.count)?.column == 29)
        // Capped: 25 is more than the top, 10.
        #expect(try parse("probe box count 25")[Probe.count] == 10)
    }

    @Test func aValueLeftOutIsNil() throws {
        let p = try parse("probe box")
        #expect(try p[Probe.count] == nil)
        #expect(try p[Probe.mode] == nil)
        #expect(p.token(Probe.file) == nil)
    }

    @Test func aRequiredValueMissingSaysWhatTheCommandNeeds() throws {
        let p = try parse("probe box")
        // "probe box" is 9 characters: the line ends at column 10.
        #expect(throws: CommandError("'probe' needs FILE", column: 10, suggestion: "usage: \(Probe.spec.usage)")) {
            try p.required(Probe.file)
        }
    }

    @Test func aConversionErrorIsAtTheValuesColumn() throws {
        // "probe box count " is 16 characters: 2.5 is at 17.
        let p = try parse("probe box count 2.5")
        #expect(throws: CommandError("N is a whole number from 0", column: 17)) { try p[Probe.count] }
        // A real command's conversion: `add` reads its kind (column 5) and its rows.
        #expect(throws: CommandError("unknown view kind 'lable'", column: 5, suggestion: "label")) {
            try Commands.Add(try #require(try CommandParser.parse("add lable x to v")))
        }
        // "add tableView items to List.view rows " is 38 characters.
        let rows = try #require(try CommandParser.parse("add tableView items to List.view rows 2.5"))
        #expect(throws: CommandError("rows is a whole number from 0 to \(TableConfiguration.maxRows)", column: 39)) {
            try rows[Commands.Add.Args.rows]
        }
    }

    @Test func aKeywordsPresenceIsReadByItsKey() throws {
        let plain = try parse("probe box")
        #expect(!plain.contains(Probe.verbose) && !plain.contains(Probe.svg))
        let full = try parse("probe box svg out.svg verbose")
        #expect(full.contains(Probe.verbose) && full.contains(Probe.svg))
        // `add` refuses a table option on another kind by the option's key.
        let label = try #require(try CommandParser.parse("add label l to v style grouped"))
        #expect(label.contains(Commands.Add.Args.tableOptions[2]))
        #expect(throws: CommandError("'style' is a table-view option; label has none", column: 18)) { try Commands.Add(label) }
    }

    @Test func aChoiceOutsideItsWordsIsRefusedByTheRead() {
        // The parser checks a choice first; a read of a token it did not
        // check still refuses, at its column.
        #expect(throws: CommandError("expected one of slow, fast, found 'fats'", column: 3, suggestion: "fast")) {
            try Probe.mode.read(Token(.word, "fats", column: 3))
        }
    }
}
