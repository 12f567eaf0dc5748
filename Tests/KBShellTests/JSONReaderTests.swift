import Foundation
import Testing
import KBModel
@testable import KBShell

@Suite("JSON: positions of errors, deterministic text")
struct JSONReaderTests {
    @Test func parsesAndPrintsWithSortedKeys() throws {
        let value = try JSONReader.parse(#"{"b": [1, 2.5, -0.004, true, null], "a": "x\"y\u00e9"}"#)
        #expect(value.text == #"{"a": "x\"yé", "b": [1, 2.5, 0, true, null]}"#)
    }

    @Test func truncatedFileGivesLineAndColumn() {
        #expect(throws: JSONSyntaxError(message: "the text ends inside an object (truncated?)", line: 3, column: 15)) {
            try JSONReader.parse("{\n  \"format\": \"kbplay-session\",\n  \"version\": 1")
        }
    }

    @Test func badTokensArePointedAt() {
        #expect(throws: JSONSyntaxError(message: "expected ',' or '}' in an object", line: 1, column: 11)) {
            try JSONReader.parse(#"{"a": 1 "b": 2}"#.replacingOccurrences(of: "1 ", with: "1   "))
        }
        #expect(throws: JSONSyntaxError(message: "expected a value (object, array, string, number, true, false or null)", line: 1, column: 1)) {
            try JSONReader.parse("kbplay")
        }
        #expect(throws: JSONSyntaxError(message: "member \"a\" appears twice", line: 1, column: 10)) {
            try JSONReader.parse(#"{"a": 1, "a": 2}"#)
        }
    }

    /// A pair of escapes is one character; half of one is none, and is
    /// refused where it starts (it was read as U+FFFD, and saved back so).
    @Test func halfASurrogatePairIsRefused() throws {
        #expect(try JSONReader.parse(#"["\ud83d\ude00"]"#) == .array([.string("😀")]))
        #expect(throws: JSONSyntaxError(message: "\\uD83D is half of a surrogate pair without its other half: not a character", line: 1, column: 5)) {
            try JSONReader.parse(#"["ab\ud83d!"]"#)
        }
        #expect(throws: JSONSyntaxError(message: "\\uDE00 is half of a surrogate pair without its other half: not a character", line: 1, column: 3)) {
            try JSONReader.parse(#"["\ude00\ud83d"]"#)
        }
        #expect(throws: JSONSyntaxError(message: "\\uD800 is half of a surrogate pair without its other half: not a character", line: 1, column: 3)) {
            try JSONReader.parse(#"["\ud800\u0041"]"#)
        }
    }

    @Test func aTopLevelMembersTextIsKeptAsItStands() throws {
        let line = #"{"op": "x", "id":  [9007199254740993, {"id": 0.125}] , "n": {"id": 2}}"#
        let (value, kept) = try JSONReader.parse(line, keepingTextOf: "id")
        #expect(kept == #"[9007199254740993, {"id": 0.125}]"#)
        #expect(value["n"]?["id"] == .number(2))
        // Written back as it stands, unlike the parsed number.
        #expect(JSON.object(["id": .verbatim(kept!)]).text == #"{"id": [9007199254740993, {"id": 0.125}]}"#)
        #expect(JSON.object(["id": value["id"]!]).text != #"{"id": [9007199254740993, {"id": 0.125}]}"#)
        // Only a member of the top-level object is kept.
        #expect(try JSONReader.parse(#"{"n": {"id": 2}}"#, keepingTextOf: "id").kept == nil)
        #expect(try JSONReader.parse(#"[{"id": 2}]"#, keepingTextOf: "id").kept == nil)
        #expect(try JSONReader.parse(#"{"id":"a\u00e9"}"#, keepingTextOf: "id").kept == #""a\u00e9""#)
    }

    @Test func numbersPrintWithAtMostTwoDecimals() {
        #expect(formatNumber(344) == "344")
        #expect(formatNumber(-0.001) == "0")
        #expect(formatNumber(196.5) == "196.5")
        #expect(formatNumber(17.78125) == "17.78")
        #expect(formatNumber(-4.005) == "-4.01" || formatNumber(-4.005) == "-4")
        #expect(formatNumber(0.25) == "0.25")
        #expect(formatNumber(-40) == "-40")
    }

    @Test func infinitiesAndNaNAreWrittenNullSoTheTextStaysJSON() throws {
        let value = JSON.object(["a": .number(.infinity), "b": .number(-.infinity), "c": .number(.nan), "d": .number(1e23)])
        #expect(value.text == #"{"a": null, "b": null, "c": null, "d": 1e+23}"#)
        #expect(try JSONReader.parse(value.text)["d"] == .number(1e23))
        // `print 1/0` in JSON mode: the output says inf, the value is null.
        var session = Session(sessionsDirectory: "/nonexistent-kbplay")
        let line = try JSONReader.parse(session.execute("print 1/0").json.text)
        #expect(line["output"] == .string("inf") && line["value"] == .null)
    }
}
