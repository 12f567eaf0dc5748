#if canImport(Glibc)
import Glibc
#endif
import Foundation
import NIOCore
import Testing
@testable import KBDaemon
import KBShell

/// The daemon writes replies and journal records with `JSONBytes`; its
/// bytes must be exactly `JSON.text`.
@Suite struct JSONBytesTests {
    static func bytes(_ value: JSON) -> String {
        var buffer = ByteBuffer()
        JSONBytes.write(value, to: &buffer)
        return buffer.readString(length: buffer.readableBytes)!
    }

    @Test func matchesJSONText() {
        let numbers: [Double] = [0, -0.0, 1, -1, 7, 42, 393, 852, 0.25, 0.5, -0.004, 0.005, 1.999, -2.5, 301.456,
                                 1e12, -1e12, 9_999_999_999_999, 1e13, 1e15, 1e20, 123_456_789.123, .nan, .infinity,
                                 -.infinity, Double(Int64.max), 0.1 + 0.2]
        for x in numbers {
            #expect(Self.bytes(.number(x)) == JSON.number(x).text, "number \(x)")
        }
        let strings = ["", "plain", "quote \" and backslash \\", "tab\there\nnew line\r", "\u{1}\u{8}\u{c}\u{1f}\u{7f}",
                       "é → ✓ 🙂", String(repeating: "long run ", count: 200) + "\"", "\\", "\""]
        for s in strings {
            #expect(Self.bytes(.string(s)) == JSON.string(s).text, "string \(s.debugDescription)")
        }
        let nested: JSON = .object([
            "status": .string("done"), "id": .number(3), "result": .object([
                "ok": .bool(true), "none": .null, "changes": .array([]), "empty": .object([:]),
                "notifications": .array([.object(["begin": .array([0, 852, 393, 336].map { .number($0) }),
                                                  "duration": .number(0.25), "name": .string("keyboardWillShow")])]),
                "Zed": .string("upper case sorts first"), "é": .string("non-ASCII key"),
            ]),
        ])
        #expect(Self.bytes(nested) == nested.text)
    }

    @Test func aLineAroundWrittenJSONIsTheTextOfItsObject() {
        let result: JSON = .object(["ok": .bool(true), "output": .string("✓ \"email\"\n"), "changes": .array([.number(0.25)])])
        var written = ByteBuffer()
        JSONBytes.write(result, to: &written)
        let line = JSONBytes.line(["client": .string("client-\t2"), "event": .string("change"), "id": .json(.number(7)),
                                   "result": .written(written), "session": .string("s")])
        let expected = JSON.object(["client": .string("client-\t2"), "event": .string("change"), "id": .number(7),
                                    "result": result, "session": .string("s")]).text + "\n"
        #expect(String(buffer: line) == expected)
        // The eval reply, on its id as the client sent it.
        let reply = DaemonReply.evaluated(id: .string("a\"b"), session: SessionName("s")!, result: .written(written)).encoded()
        #expect(String(buffer: reply) == JSON.object(["id": .string("a\"b"), "result": result, "session": .string("s"),
                                                      "status": .string("done")]).text + "\n")
    }

    @Test func aJournalLineIsTheJSONOfItsRecord() throws {
        let dir = "/tmp/kbplay-jsonbytes-\(getpid())-\(UInt32.random(in: 0...UInt32.max))"
        #expect(mkdir(dir, 0o700) == 0)
        defer { try? FileManager.default.removeItem(atPath: dir) }
        var journal = Journal(directory: dir, name: "s", syncer: JournalSync())
        _ = try journal.write("set email.text = \"a\\tb\"", client: "client-7", seq: 12)
        let text = try FileIO.read(journal.path)!
        let expected = JSON.object(["seq": .number(12), "client": .string("client-7"),
                                    "command": .string("set email.text = \"a\\tb\"")]).text + "\n"
        // After the journal's id line.
        let lines = text.split(separator: "\n", maxSplits: 1).map(String.init)
        #expect(lines.count == 2)
        #expect(Journal.id(of: Array(text.utf8)).map { lines.first == "{\"journal\": \"\($0)\", \"version\": 1}" } == true)
        #expect(lines.last == expected)
    }
}
