import Foundation
import Testing
import KBModel
import KBTestSupport
@testable import KBShell

/// A string of the command language holds any text: `\n`, `\t`, `\r`,
/// `\0` and `\u{…}` escapes beside `\"` and `\\`, and `export kbs` writes
/// every text on one line that reads back as the same text.
@Suite("the command language's string escapes, and export kbs of any text")
struct ScriptTextEscapeTests {
    @Test func theEscapesReadAsTheirCharacters() throws {
        let cases: [(String, String)] = [
            (#""two\nlines""#, "two\nlines"), (#""a\tb""#, "a\tb"), (#""a\rb""#, "a\rb"), (#""nul\0""#, "nul\u{0}"),
            (#""\u{41}\u{e9}\u{1F600}""#, "A\u{E9}\u{1F600}"), (#""\u{0}\u{7f}""#, "\u{0}\u{7F}"),
            // What read the same before the escapes: a quote, a backslash, any other escaped character.
            (#""a \" b""#, #"a " b"#), (#""a \\ b""#, #"a \ b"#), (##""\q\#""##, "q#"), (#""é \" # b""#, #"é " # b"#),
            // Escapes in a line of other characters than ASCII, read as characters.
            (#""é\nè\u{301}""#, "é\nè\u{301}"),
        ]
        for (literal, text) in cases {
            let tokens = try Lexer.tokenize("x " + literal)
            #expect(tokens.count == 2 && tokens[1].kind == .string && tokens[1].column == 3, "\(literal)")
            #expect(tokens.last?.text.unicodeScalars.elementsEqual(text.unicodeScalars) == true,
                    "\(literal): \(tokens.last?.text.debugDescription ?? "")")
            // A path's words read them alike.
            #expect(try Lexer.words("x " + literal).last?.text.unicodeScalars.elementsEqual(text.unicodeScalars) == true, "\(literal)")
        }
    }

    @Test func aBadUnicodeEscapeIsRefusedWithWhatWorks() {
        for (line, column) in [(#"x "a\u{110000}""#, 5), (#"x "\u{D800}""#, 4), (#"x "\u41""#, 4), (#"x "\u{}""#, 4),
                               (#"x "\u{123456789}""#, 4), (#"x "\u{12"#, 4)] {
            #expect(throws: LexError.self, "\(line)") { try Lexer.tokenize(line) }
            do {
                _ = try Lexer.tokenize(line)
            } catch {
                if line.hasSuffix("{12") {
                    #expect(error.message == "unterminated string")
                } else {
                    #expect(error.column == column, "\(line)")
                    #expect(error.message.contains("\\u"), "\(error.message)")
                }
            }
        }
        // A comment still starts after a string whose escape is bad.
        #expect(ScriptLine.withoutComment(#"x "\u{zz}" # c"#) == #"x "\u{zz}""#)
    }

    /// Every C0 and C1 control character, DEL, the line and paragraph
    /// separators, marks that join what is before or after them, emoji
    /// sequences and the characters the language itself uses.
    static let oddTexts: [String] = {
        var texts = (0..<0x20).map { "a\(Character(Unicode.Scalar($0)!))b" }
        texts += (0x7F...0x9F).map { "\(Character(Unicode.Scalar($0)!))" }
        texts += [
            "two\nlines", "\r\n", "\n", "", "\u{2028}x\u{2029}", "\u{FEFF}bom", "\u{301}starts with a combining mark",
            "ends with a prepended mark \u{600}", "\u{600}", "\u{301}", "\u{200D}", "a\u{200D}", "👩‍👩‍👧", "🇫🇷🇩🇪",
            "e\u{301}\u{302}", "\n\u{301}", "\\\u{301}", "\"\u{301}\"", "\t\u{308}", "\u{0}\u{301}", "#", "\\", "\"",
            "\\\"", "a \\n b", "\\u{41}", "日本語", "\u{FFFD}", "\u{10FFFF}", "\u{E000}", "ẞ", "\u{1100}\u{1161}\u{11A8}",
        ]
        return texts
    }()

    @Test(arguments: oddTexts)
    func aQuotedTextReadsBackAsItself(_ text: String) throws {
        let quoted = CommandParser.quote(text)
        #expect(!quoted.unicodeScalars.contains { $0.value < 0x20 || (0x7F...0x9F).contains($0.value) || $0 == "\u{2028}" || $0 == "\u{2029}" },
                "\(quoted.debugDescription)")
        let tokens = try Lexer.tokenize("x " + quoted + " y")
        #expect(tokens.map(\.kind) == [.word, .string, .word], "\(quoted.debugDescription)")
        #expect(tokens.count == 3 && tokens[1].text.unicodeScalars.elementsEqual(text.unicodeScalars), "\(quoted.debugDescription)")
        #expect(ScriptLine.withoutComment("x " + quoted + " # c") == "x " + quoted)
    }

    /// A label of every odd text, exported and run again from a script
    /// file's lines: the same text, scalar for scalar.
    @Test func exportKbsWritesOnlyWhatRunReadsBack() {
        var s = Session.demo(sessionsDirectory: TemporaryFolder.make("escapes"))
        for (i, text) in Self.oddTexts.enumerated() {
            let o = s.execute("add label t\(i) to form text \(CommandParser.quote(text))")
            #expect(o.status == .ok, "\(i): \(o.text)")
        }
        let script = s.execute("export kbs").members["script"]?.stringValue ?? ""
        let result = ScriptRunner().run(script + "export kbs\n", file: "odd.kbs")
        #expect(result.status == .ok, "\(result.output.prefix(400))")
        var rebuilt = Session(sessionsDirectory: TemporaryFolder.make("escapes"))
        var lines = ScriptLines(StringLineReader(script))
        while let line = lines.next() {
            let o = rebuilt.execute(line.text)
            #expect(o.status == .ok, "line \(line.number): \(o.text)")
        }
        for (i, text) in Self.oddTexts.enumerated() {
            let back = (try? rebuilt.screen.view(named: "t\(i)"))?.text
            #expect(back.map { $0.unicodeScalars.elementsEqual(text.unicodeScalars) } == true, "\(i): \(text.debugDescription) → \(String(describing: back?.debugDescription))")
        }
        #expect(rebuilt.execute("export kbs").members["script"]?.stringValue == script)
    }

    /// The issue's document: a label whose text holds a line break
    /// (`&#10;`), imported as a script by the binary and run back.
    @Test func anImportedTwoLineLabelRunsBack() throws {
        let dir = TemporaryFolder.make("escapes-cli")
        let document = """
            <?xml version="1.0" encoding="UTF-8"?>
            <document type="com.apple.InterfaceBuilder3.CocoaTouch.Storyboard.XIB" version="3.0" toolsVersion="22505" targetRuntime="iOS.CocoaTouch" useAutolayout="YES" useSafeAreas="YES" initialViewController="vc-1">
                <device id="retina6_12" orientation="portrait" appearance="light"/>
                <scenes>
                    <scene sceneID="sc-1">
                        <objects>
                            <viewController id="vc-1" sceneMemberID="viewController">
                                <view key="view" contentMode="scaleToFill" id="rv-1">
                                    <rect key="frame" x="0.0" y="0.0" width="393" height="852"/>
                                    <subviews>
                                        <label opaque="NO" text="two&#10;lines&#9;and a tab" numberOfLines="2" translatesAutoresizingMaskIntoConstraints="NO" id="lb-1" userLabel="note">
                                            <rect key="frame" x="20" y="100" width="200" height="42"/>
                                        </label>
                                    </subviews>
                                </view>
                            </viewController>
                        </objects>
                    </scene>
                </scenes>
            </document>
            """
        try document.write(toFile: dir + "/t.storyboard", atomically: true, encoding: .utf8)
        let exported = try EndToEndTests.run(["import", dir + "/t.storyboard", "--script"])
        #expect(exported.status == 0, "\(exported.err)")
        #expect(exported.out.contains(#"text "two\nlines\tand a tab""#), "\(exported.out)")
        try (exported.out + "export kbs\n").write(toFile: dir + "/t.kbs", atomically: true, encoding: .utf8)
        let run = try EndToEndTests.run(["run", dir + "/t.kbs"])
        #expect(run.status == 0, "\(run.out)\(run.err)")
        #expect(!run.out.contains("unterminated"), "\(run.out)")
        // The script run exports the same text again.
        #expect(run.out.components(separatedBy: #"text "two\nlines\tand a tab""#).count > 1, "\(run.out)")
    }
}
