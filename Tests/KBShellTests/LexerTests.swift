import Testing
import KBModel
@testable import KBShell

/// One lexical rule for everything that reads a command line: the
/// tokens, where a comment starts, the words of a command that takes a
/// path, and the word TAB completes.
@Suite struct LexerTests {
    @Test func aHashAfterAnEscapedQuoteIsInTheString() {
        #expect(ScriptLine.withoutComment(#"set email.text = "a \" # b""#) == #"set email.text = "a \" # b""#)
        #expect(ScriptLine.withoutComment(#"set email.text = "a \" # b"  # the label"#) == #"set email.text = "a \" # b""#)
        #expect(ScriptLine.withoutComment(#"set email.text = "a \\" # b""#) == #"set email.text = "a \\""#)
        #expect(ScriptLine.withoutComment("focus email\t# next") == "focus email")
        #expect(ScriptLine.withoutComment(#"print "a # b"#) == #"print "a # b"#, "a # in a string never closed")
        #expect(ScriptLine.withoutComment(#"set email.text = "é \" # b" # c"#) == #"set email.text = "é \" # b""#)
    }

    @Test func aStringWithAnEscapedQuoteAndAHashRunsThroughExecute() throws {
        var session = Session.demo()
        for (line, text) in [(#"set email.text = "a \" b""#, #"a " b"#), (#"set email.text = "a \" # b""#, #"a " # b"#),
                             (#"set email.text = "c \" # d"   # the label"#, #"c " # d"#)] {
            let outcome = session.execute(line)
            #expect(outcome.status == .ok, "\(line): \(outcome.text)")
            #expect(try session.screen.view(named: "email").text == text, "\(line)")
        }
    }

    @Test func aStringWithAnEscapedQuoteAndAHashRunsInAScript() {
        let script = #"""
        demo
        set email.text = "a \" # b"   # a quote and a hash in a label
        add label note to form text "x \" # y"
        """#
        let result = ScriptRunner().run(script, file: "quotes.kbs")
        #expect(result.status == .ok, "\(result.output)")
        #expect(!result.output.contains("error"), "\(result.output)")
    }

    @Test func aPathIsOneWordWithTheLexersStrings() throws {
        let source = try #require(try CommandParser.parse(#"source "my \"first\" steps.kbs""#))
        #expect(source.values["FILE"] == Token(.string, #"my "first" steps.kbs"#, column: 8))
        let render = try #require(try CommandParser.parse(#"render svg "a \\ b.svg""#))
        #expect(render.values["FILE"]?.text == #"a \ b.svg"#)
        // A string not closed is refused as the lexer refuses it elsewhere.
        for line in [#"render svg "a b.svg"#, #"print "a b"#] {
            #expect(throws: CommandError("unterminated string", column: line.firstIndex(of: "\"")!.utf16Offset(in: line) + 1)) {
                try CommandParser.parse(line)
            }
        }
        #expect(try Lexer.words(#"device iphone-15 "a b" 8 .5"#).map(\.kind) == [.word, .word, .string, .number, .word])
    }

    @Test func theWordBeingTypedIsReadAsTheLineWillBe() {
        let cases: [(String, String)] = [
            ("focus em", "em"), ("focus ", ""), ("", ""),
            ("constrain email.top==signIn.bo", "signIn.bo"),
            ("print 1+kb.fr", "kb.fr"), ("print kb.end.height*sig", "sig"), ("print max(kb.end.mi", "kb.end.mi"),
            ("expect email.frame.maxY<=kb.frame.mi", "kb.frame.mi"), ("set email.text = \"Hel", "Hel"),
            // A command that takes a path, a device or a strategy splits at blanks.
            ("device iphone-1", "iphone-1"), ("source ../a-b", "../a-b"), ("render svg out/a+b", "out/a+b"),
            ("handle Login with layout-constraint formBottom down-of", "down-of"), ("load \"my ses", "ses"),
        ]
        for (prefix, word) in cases {
            #expect(CommandParser.wordBeingTyped(in: prefix) == word, "\(prefix)")
        }
    }

    /// readline is given the lexer's word breaks: for every ASCII
    /// character, it breaks a word where the lexer does.
    @Test func theLineEditorsWordBreaksAreTheLexers() {
        for blanksOnly in [false, true] {
            let breaks = Set(Lexer.wordBreakCharacters(blanksOnly: blanksOnly).utf8)
            for code in UInt8(1)...UInt8(127) {
                let word = Lexer.wordBeingTyped(in: "x" + String(UnicodeScalar(code)) + "y", blanksOnly: blanksOnly)
                #expect((word == "y") == breaks.contains(code), "\(code) blanksOnly: \(blanksOnly)")
            }
        }
        #expect(Lexer.wordBreakCharacters(blanksOnly: true) == "\t\n \"")
        #expect(!Lexer.wordBreakCharacters(blanksOnly: false).contains { $0.isLetter || $0.isNumber || $0 == "_" || $0 == "." })
    }

    @Test func completionCompletesTheLexersWord() {
        var session = Session.demo()
        _ = session.execute("constrain email.height == 40 as emailHeight")
        let c = { (line: String) -> [String] in
            session.complete(prefix: line, word: String(CommandParser.wordBeingTyped(in: line)))
        }
        #expect(c("device iphone-1") == ["iphone-11", "iphone-13", "iphone-13-mini", "iphone-13-pro-max", "iphone-15",
                                         "iphone-15-pro-max", "iphone-16-pro", "iphone-16-pro-max"])
        #expect(c("print 1+kb.fr") == ["kb.frame."])
        #expect(c("print email.frame.height*pass") == ["password"])
        #expect(c("handle Login with layout-c") == ["layout-constraint"])
        #expect(c("handle Login with layout-constraint formBottom down-of") == ["down-offset"])
        // What comes before the word is read as the parser reads it too.
        #expect(c("device iphone-15 lan") == ["landscape"])
        #expect(c("device iphone-13-mini ") == ["landscape", "portrait"])
    }
}
