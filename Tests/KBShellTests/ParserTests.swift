import Testing
import KBModel
@testable import KBShell

@Suite("Parser: the command table drives parsing")
struct ParserTests {
    @Test func lexerNeedsNoSpacesAroundOperators() throws {
        let tokens = try Lexer.tokenize("a.top==b.top+8")
        #expect(tokens.map(\.text) == ["a.top", "==", "b.top", "+", "8"])
        #expect(tokens.map(\.column) == [1, 6, 8, 13, 14])
        #expect(throws: LexError(message: "unterminated string", column: 10)) { try Lexer.tokenize("add x to \"abc") }
        #expect(throws: LexError(message: "unexpected character '$'", column: 7)) { try Lexer.tokenize("print $x") }
    }

    /// The first word decides whether a line splits at spaces (paths): read
    /// as bytes for ASCII lines, as characters otherwise, the same words.
    @Test func firstWords() {
        let cases: [(String, String)] = [
            ("save x", "save"), ("  \tload\tfile name", "load"), ("", ""), (" \t ", ""), ("render", "render"),
            ("é x", "é"), ("\u{301}save x", "\u{301}save"), ("save \u{301}x", "save \u{301}x"),
        ]
        for (line, word) in cases { #expect(CommandParser.firstWord(of: line) == word, "\(line.debugDescription)") }
    }

    @Test func multiWordCommandsAndOptionsInAnyOrder() throws {
        let p = try #require(try CommandParser.parse("add stackView form to Login.view spacing 12 axis vertical"))
        #expect(p.spec.name == "add")
        #expect(p.string("NAME") == "form")
        #expect(p.number("N") == 12)
        #expect(p.string("AXIS") == "vertical")
        let k = try #require(try CommandParser.parse("keyboard show height 300 curve 7"))
        #expect(k.spec.name == "keyboard show" && k.number("H") == 300 && k.number("C") == 7)
        #expect(try CommandParser.parse("   ") == nil)
    }

    @Test func errorsSayWhereAndWhatWouldWork() {
        func error(_ line: String) -> CommandError? {
            do { _ = try CommandParser.parse(line); return nil } catch { return error }
        }
        #expect(error("focsu email") == CommandError("unknown command 'focsu'", column: 1, suggestion: "focus"))
        #expect(error("keyboard shwo")?.suggestion == "keyboard show")
        #expect(error("keyboard shwo")?.column == 10)
        // A later word of a command typed alone gets the whole command.
        #expect(error("hide") == CommandError("unknown command 'hide'", column: 1, suggestion: "keyboard hide"))
        #expect(error("udnock")?.suggestion == "keyboard undock")
        #expect(error("outside")?.suggestion == "tap outside")
        // A near first word still wins, and a word near nothing gets help.
        #expect(error("fcus email")?.suggestion == "focus")
        #expect(error("zzzz")?.suggestion == "help lists the commands")
        #expect(error("rotate sideways")?.column == 8)
        #expect(error("add view v to p spacing 4 spacing 5") == CommandError("'spacing' is given twice", column: 27))
        #expect(error("add view v to p colour red")?.message == "unknown option 'colour' for 'add'")
        #expect(error("focus") == CommandError("'focus' needs FIELD", column: 6, suggestion: "usage: focus FIELD"))
        #expect(error("resign now")?.message == "unexpected 'now' after the arguments of 'resign'")
        #expect(error("keyboard drag x")?.message == "'keyboard drag' needs Y: a number, found 'x'")
    }

    /// A `#` comment is no part of a command, whatever runs the line: a
    /// script, the shell, or a daemon's `eval` (which calls `execute` with
    /// the line as the client sent it).
    @Test func aCommentIsNoPartOfTheCommandWhateverRunsIt() {
        var commented = Session(sessionsDirectory: "/nonexistent-kbplay")
        var plain = Session(sessionsDirectory: "/nonexistent-kbplay")
        _ = commented.execute("demo")
        _ = plain.execute("demo")
        let a = commented.execute("rotate   # turn the phone")
        let b = plain.execute("rotate")
        #expect(a.status == .ok && a.jsonText == b.jsonText)
        #expect(a.command == "rotate")
        // A line that is only a comment does nothing, as a blank one.
        let note = commented.execute("# the keyboard comes next")
        #expect(note.status == .ok && note.text.isEmpty)
        // Inside quotes `#` is text.
        let quoted = commented.execute(#"set email.text = "a # b" # and a note"#)
        #expect(quoted.status == .ok && quoted.command == #"set email.text = "a # b""#)
        #expect(commented.history.last == #"set email.text = "a # b""#)
    }

    /// What `kbplay attach` sends: relative files made absolute against its
    /// own folder, everything else as it was.
    @Test func relativeFilesAreResolvedAgainstAFolder() {
        func resolved(_ line: String) -> String { CommandParser.resolvingFiles(in: line, against: "/home/ada/lesson") }
        #expect(resolved("source steps.kbs") == "source /home/ada/lesson/steps.kbs")
        #expect(resolved("source ../shared/a.kbs") == "source /home/ada/lesson/../shared/a.kbs")
        #expect(resolved(#"render svg "my screen.svg""#) == #"render svg "/home/ada/lesson/my screen.svg""#)
        #expect(resolved("  source   x.kbs  # the next step") == "  source   /home/ada/lesson/x.kbs")
        // A quoted path with escapes, as the lexer reads it.
        #expect(resolved(#"source "my \"first\" steps.kbs""#) == #"source "/home/ada/lesson/my \"first\" steps.kbs""#)
        #expect(resolved(#"render svg "a\\b.svg" # a \" quote"#) == #"render svg "/home/ada/lesson/a\\b.svg""#)
        #expect(CommandParser.resolvingFiles(in: "source x.kbs", against: "/") == "source /x.kbs")
        // Absolute files, other commands, session names and bad lines are
        // left alone.
        for line in ["source /tmp/x.kbs", "render", "render svg /dev/stdout", "save lesson", "load lesson",
                     "focus email", "sourse x.kbs", "source", "focus email # a note"] {
            #expect(resolved(line) == line)
        }
    }

    /// A reader is told the joined earlier lines of the command it reads
    /// a continuation of (what completion sees before the new line).
    @Test func continuedLinesTellTheReaderWhatCameBefore() {
        struct Recorder: LineReader {
            var lines: [String]
            var continuing: [String] = []
            mutating func readLine(prompt: String) -> String? { lines.isEmpty ? nil : lines.removeFirst() }
            mutating func readLine(prompt: String, continuing text: String) -> String? {
                continuing.append(text)
                return readLine(prompt: prompt)
            }
        }
        var lines = ScriptLines(Recorder(lines: ["keyboard \\", "show", "add view v \\", "to \\", "Login.view", "rotate"]))
        var commands: [String] = []
        while let line = lines.next() { commands.append(line.text) }
        #expect(commands == ["keyboard show", "add view v to Login.view", "rotate"])
        #expect(lines.reader.continuing == ["", "keyboard ", "", "add view v ", "add view v to ", "", ""])
    }

    @Test func constraintLines() throws {
        let c = try ConstraintLine.parse(try Lexer.tokenize("a.top==b.bottom*2-8@750 as gap"), endColumn: 30)
        #expect(c.first == "a.top" && c.second == "b.bottom" && c.multiplier == 2 && c.constant == -8)
        #expect(c.priority == 750 && c.name == "gap")
        let k = try ConstraintLine.parse(try Lexer.tokenize("a.height >= 44"), endColumn: 15)
        #expect(k.second == nil && k.constant == 44 && k.relation == .greaterOrEqual)
        #expect(throws: CommandError.self) { try ConstraintLine.parse(try Lexer.tokenize("a.top == b.top @ 0"), endColumn: 20) }
    }

    @Test func expressions() throws {
        var p = ExpressionParser(try Lexer.tokenize("max(1, 2 * (3 + 4)) - abs(-5) / 5"), endColumn: 40)
        let e = try p.parseExpression()
        #expect(try e.evaluate { _, _ throws(CommandError) in 0 } == 13)
        #expect(e.paths.isEmpty)
    }

    /// Parsing, evaluating and freeing an expression recurse through it,
    /// so its size and nesting are bounded; a line of a hundred
    /// thousand parentheses is refused instead of exhausting the stack.
    @Test func expressionsAreBoundedInSizeAndNesting() throws {
        let tokens = { (text: String) in try! Lexer.tokenize(text) }
        func parse(_ text: String) throws(CommandError) -> ValueExpression {
            var p = ExpressionParser(tokens(text), endColumn: text.count + 1)
            return try p.parseExpression()
        }
        let deepest = String(repeating: "(", count: 64) + "1" + String(repeating: ")", count: 64)
        #expect(try parse(deepest).evaluate { _, _ throws(CommandError) in 0 } == 1)
        let nested = "deeply: at most 64 levels of parentheses, signs and calls"
        for text in ["(" + deepest + ")", String(repeating: "(", count: 100_000) + "1",
                     String(repeating: "-", count: 100_000) + "1", String(repeating: "min(", count: 10_000) + "1"] {
            #expect(throws: CommandError.self) { try parse(text) }
            do { _ = try parse(text) } catch { #expect(error.message.hasSuffix(nested)) }
        }
        let longest = "1" + String(repeating: " + 1", count: 499)
        #expect(try parse(longest).evaluate { _, _ throws(CommandError) in 0 } == 500)
        do {
            _ = try parse(longest + String(repeating: " + 1", count: 20_000))
            Issue.record("a sum of 20,500 terms was parsed")
        } catch {
            #expect(error.message == "the expression is too long: at most 1000 numbers, names and operations")
            // The 1,001st: the `1` after the 1,000th, the `+` at column 1999.
            #expect(error.column == 2001)
        }
    }

    @Test func completionFollowsTheGrammar() {
        var session = Session.demo()
        _ = session.execute("constrain email.height == 40 as emailHeight")
        let c = { (line: String) -> [String] in
            let word = String(line.reversed().prefix { $0 != " " }.reversed())
            return session.complete(prefix: line, word: word)
        }
        #expect(c("foc") == ["focus"])
        #expect(c("keyboard s") == ["keyboard show", "keyboard split"].map { String($0.dropFirst("keyboard ".count)) })
        #expect(c("focus ") == ["email", "password"])
        #expect(c("focus e") == ["email"])
        #expect(c("rotate ") == ["landscape", "portrait"])
        #expect(c("device iphone-1") == ["iphone-11", "iphone-13", "iphone-13-mini", "iphone-13-pro-max", "iphone-15",
                                         "iphone-15-pro-max", "iphone-16-pro", "iphone-16-pro-max"])
        #expect(c("constrain email.") == ["email.accessibilityIdentifier", "email.alpha", "email.bottom", "email.centerX", "email.centerY", "email.clipsToBounds",
                                          "email.compression.", "email.height",
                                          "email.hidden", "email.hugging.", "email.keyboard.", "email.leading", "email.left",
                                          "email.margins.", "email.placeholder", "email.right", "email.safeArea.", "email.text", "email.top",
                                          "email.trailing", "email.width"])
        #expect(c("constrain email.to") == ["email.top"])
        #expect(c("constrain Login.view.safeArea.b") == ["Login.view.safeArea.bottom"])
        #expect(c("handle Login with ob") == ["observer"])
        #expect(c("set emailH") == ["emailHeight"])
        #expect(c("print kb.") == ["kb.begin.", "kb.curve", "kb.duration", "kb.end.", "kb.frame.", "kb.visible"])
        #expect(c("add ") == ["button", "label", "scrollView", "stackView", "textField", "textView", "view"])
    }

    @Test func commandsThatReadOrWriteFilesOrUndoAreKnownByTheirFirstWord() {
        for line in ["save", "save login", "load login", "source lesson.kbs", "sessions", "  render svg a b.svg",
                     "render svg out.svg", "source"] {
            #expect(CommandParser.dependsOnMoreThanASessionFile(line), "\(line)")
        }
        for line in ["render", "render svg", "focus email", "saved", "print save", "", "help save", "history"] {
            #expect(!CommandParser.dependsOnMoreThanASessionFile(line), "\(line)")
        }
        #expect(["undo", "redo", "  undo"].allSatisfy(CommandParser.dependsOnMoreThanASessionFile))
        #expect(!["undone", "history", "help undo", ""].contains(where: CommandParser.dependsOnMoreThanASessionFile))
    }
}

/// The lexer reads ASCII lines byte by byte and other lines character by
/// character: both give the same tokens and errors.
@Suite struct LexerPathTests {
    @Test func asciiAndCharacterPathsAgree() throws {
        let lines = [
            "constrain email.top == form.top + 8 as top", "set barHeight.constant = 44 + kb.end.height * 0",
            "expect bar.frame.maxY <= field8.frame.maxY + 100000", "print \"a string\" x", "add label l to v text \"Hi\"",
            "keyboard show height 310", "x == 3 $ y", "x == -3.5e2", "a.b.c >= 1 @750", "# comment only",
        ]
        for line in lines {
            // The same line with a non-ASCII string appended goes through
            // the character path; its tokens before that string must be
            // the same.
            let ascii = Result { try Lexer.tokenize(line) }
            let mixed = Result { try Lexer.tokenize(line + " \"é\"") }
            switch (ascii, mixed) {
            case let (.success(a), .success(b)):
                #expect(Array(b.prefix(a.count)).map(\.text) == a.map(\.text), "\(line)")
                #expect(Array(b.prefix(a.count)).map(\.column) == a.map(\.column), "\(line)")
            case let (.failure(a), .failure(b)):
                #expect("\(a)" == "\(b)", "\(line)")
            default:
                Issue.record("one path failed and the other did not: \(line)")
            }
        }
    }
}
