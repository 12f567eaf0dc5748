import Foundation
import Testing
import KBTestSupport
@testable import KBInterop
@testable import KBShell

/// What `import` does with bytes that are not a well-formed, UTF-8
/// Interface Builder document: refuses them in words, with the line and
/// column, before any parser trusts a name — and never crashes.
@Suite("import: a document's bytes")
struct DocumentBytesTests {
    /// The reason `bytes` are refused, or `nil` when they are read.
    static func refusal(_ bytes: [UInt8]) -> String? {
        do {
            _ = try IBElement.parse(bytes, path: "x.storyboard")
            return nil
        } catch {
            return error.message
        }
    }

    static func bytes(_ text: String) -> [UInt8] { Array(text.utf8) }

    @Test func aByteThatIsNotUTF8InAnAttributeNameIsRefusedWithItsPlace() {
        // `<d a\xff="1"/>`: the 0xFF is the fifth byte of line 1.
        let message = Self.refusal(Array("<d a".utf8) + [0xFF] + Array("=\"1\"/>".utf8))
        #expect(message == "x.storyboard:1:5: not a readable Interface Builder document: byte 0xFF is not UTF-8 text (bytes 0xFF 0x3D 0x22 0x31); Interface Builder documents are UTF-8 — the file is damaged or in another encoding")
    }

    @Test func everyKindOfMalformedUTF8IsRefused() {
        // Line 2, after "<a b=\"" (6 bytes): column 7.
        let cases: [[UInt8]] = [
            [0xC0, 0xAF],             // an overlong '/'
            [0xE0, 0x80, 0xAF],       // an overlong three-byte form
            [0xED, 0xA0, 0x80],       // a UTF-16 surrogate, U+D800
            [0xF4, 0x90, 0x80, 0x80], // past U+10FFFF
            [0xE2, 0x82],             // cut short before '"'
            [0x80],                   // a lone continuation byte
            [0xF8, 0x88, 0x80, 0x80], // a five-byte lead
        ]
        for bad in cases {
            let doc = Self.bytes("<r>\n<a b=\"") + bad + Self.bytes("\"/></r>")
            let message = Self.refusal(doc)
            #expect(message?.hasPrefix("x.storyboard:2:7: not a readable Interface Builder document: byte 0x") == true, "\(bad): \(message ?? "read")")
        }
        // The same places with well-formed sequences are read.
        for good: [UInt8] in [[0xC3, 0xA9], [0xE2, 0x9C, 0x93], [0xF0, 0x9F, 0x98, 0x80], [0xEF, 0xBF, 0xBD]] {
            #expect(Self.refusal(Self.bytes("<r>\n<a b=\"") + good + Self.bytes("\"/></r>")) == nil)
        }
    }

    @Test func aNULAnotherEncodingAndADoctypeAreRefusedInWords() {
        #expect(Self.refusal(Self.bytes("<r>\n  <a/>") + [0] + Self.bytes("</r>"))
            == "x.storyboard:2:7: not a readable Interface Builder document: a NUL byte (0x00) — XML text cannot hold one; the file is binary or damaged")
        #expect(Self.refusal([0xFF, 0xFE] + Self.bytes("<r/>"))?.contains("the document is UTF-16") == true)
        #expect(Self.refusal(Self.bytes("<?xml version=\"1.0\" encoding=\"ISO-8859-1\"?><r/>"))
            == "x.storyboard:1:1: not a readable Interface Builder document: the XML declaration names encoding \"ISO-8859-1\"; Interface Builder documents are UTF-8 — save it as UTF-8")
        // Billion laughs and an external entity both need a DOCTYPE, which
        // Interface Builder never writes: refused before any expansion.
        let laughs = "<?xml version=\"1.0\"?>\n<!DOCTYPE l [<!ENTITY a \"ha\"><!ENTITY b \"&a;&a;&a;&a;&a;&a;&a;&a;\">]>\n<l>&b;</l>"
        #expect(Self.refusal(Self.bytes(laughs))?.hasPrefix("x.storyboard:2:1: not a readable Interface Builder document: a <!DOCTYPE> declaration") == true)
        let external = "<!DOCTYPE d [<!ENTITY x SYSTEM \"file:///etc/passwd\">]><d>&x;</d>"
        #expect(Self.refusal(Self.bytes(external))?.contains("does not read document type definitions") == true)
    }

    @Test func libxml2sErrorsAreSaidInWords() {
        #expect(Self.refusal(Self.bytes("<r><a></b></r>"))?.contains("a closing tag does not match its opening tag") == true)
        #expect(Self.refusal(Self.bytes("<r a=\"1\" a=\"2\"/>"))?.contains("an attribute given twice on one element") == true)
        #expect(Self.refusal(Self.bytes("<r>&nope;</r>"))?.contains("an entity that is not declared") == true)
        #expect(Self.refusal(Self.bytes("<r a=1/>"))?.contains("an attribute without a quoted value") == true)
        #expect(Self.refusal(Self.bytes("<r>\u{1}</r>"))?.contains("a character that XML does not allow here") == true)
        #expect(Self.refusal(Self.bytes("")) == "x.storyboard:1:1: not a readable Interface Builder document: the document is empty or not XML")
        // No refusal is left as a bare number.
        for text in ["<r><a></b></r>", "<r a=\"1\" a=\"2\"/>", "<r>&nope;</r>", "<r a=1/>", "",  "<", "<r", "<r a", "<!-- x", "<r><![CDATA[x</r>"] {
            let message = Self.refusal(Self.bytes(text)) ?? ""
            #expect(!message.isEmpty && !message.contains("XML error "), "\(text): \(message)")
        }
    }

    @Test func anIdUsedTwiceIsRefusedWithBothPlaces() {
        let doc = """
        <?xml version="1.0" encoding="UTF-8"?>
        <document type="com.apple.InterfaceBuilder3.CocoaTouch.XIB" version="3.0" targetRuntime="iOS.CocoaTouch">
            <objects>
                <label text="A" id="d1"/>
                <label text="B" id="d1"/>
            </objects>
        </document>
        """
        do {
            _ = try IBDocument(bytes: Self.bytes(doc), path: "t.xib")
            Issue.record("a document with a repeated id was read")
        } catch {
            // libxml2 places an element where its start tag's name and
            // attributes end: 8 spaces + `<label text="B" id="d1"/` (24) = column 32.
            #expect(error.message.hasPrefix("t.xib:5:32: id \"d1\" is used twice: by <label> at line 4, column 32, and by <label> here"), "\(error.message)")
        }
    }

    @Test func textKeptInAStringElementIsTheLabelsText() {
        // Xcode writes a text with a line break as `<string key="text">`.
        let doc = """
        <?xml version="1.0" encoding="UTF-8"?>
        <document type="com.apple.InterfaceBuilder3.CocoaTouch.XIB" version="3.0" targetRuntime="iOS.CocoaTouch">
            <objects>
                <label id="l1"><string key="text">two
        lines &amp; more</string></label>
            </objects>
        </document>
        """
        let root = try? IBElement.parse(Self.bytes(doc), path: "t.xib")
        let label = root?.child("objects")?.child("label")
        #expect(label?.text == "two\nlines & more")
        #expect(label?.label == "label \"two\nlines & more\" (id l1)")
    }

    @Test func theBinaryRefusesADamagedDocumentWithStatus2() throws {
        let dir = TemporaryFolder.make("bytes")
        let path = dir + "/x.storyboard"
        try Data(Array("<d a".utf8) + [0xFF] + Array("=\"1\"/>".utf8)).write(to: URL(fileURLWithPath: path))
        let r = try EndToEndTests.run(["import", path])
        #expect(r.status == 2)
        #expect(r.err.contains("x.storyboard:1:5: not a readable Interface Builder document: byte 0xFF is not UTF-8 text"))
        // In a script the session carries on after the refusal.
        let s = try EndToEndTests.run(["run", "-"], input: "import \(path)\nprint 1 + 1\n")
        #expect(s.out.contains("byte 0xFF is not UTF-8 text"))
        #expect(s.out.hasSuffix("2\n"))
    }
}

/// Random byte flips, cuts and splices of hand-written documents: the
/// import reads each or refuses it in words; it never crashes.
@Suite("import: fuzzing a document's bytes")
struct DocumentFuzzTests {
    static let documents: [[UInt8]] = ["login.storyboard", "stack-form.xib", "navigation.storyboard", "scroll-form.storyboard"].map {
        Array(FileManager.default.contents(atPath: InterfaceBuilderImportTests.fixture($0))!)
    }

    static let interesting: [[UInt8]] = [[0xFF], [0xC0], [0xE2, 0x82], [0xED, 0xA0, 0x80], [0], [0x3C], [0x3E], [0x22], [0x26],
                                         Array("&#0;".utf8), Array("&#xD800;".utf8), Array("<!DOCTYPE".utf8), Array("]]>".utf8),
                                         Array("id=\"".utf8), [0xF0, 0x9F, 0x98, 0x80]]

    @Test func flippedAndSplicedDocumentsAreReadOrRefusedInWords() {
        var r = FuzzTests.Random(state: 0xB17E5)
        var read = 0, refused = 0
        for i in 0..<3000 {
            var bytes = Self.documents[i % Self.documents.count]
            for _ in 0..<(1 + r.int(4)) {
                let at = r.int(bytes.count)
                switch r.int(6) {
                case 0: bytes[at] ^= UInt8(1 << r.int(8))                          // flip a bit
                case 1: bytes[at] = UInt8(r.int(256))                              // any byte
                case 2: bytes.insert(contentsOf: Self.interesting[r.int(Self.interesting.count)], at: at)
                case 3: bytes.removeSubrange(at..<min(bytes.count, at + 1 + r.int(40)))
                case 4: bytes.removeLast(bytes.count - at)                         // truncate
                default:                                                           // duplicate a run
                    let end = min(bytes.count, at + 1 + r.int(200))
                    bytes.insert(contentsOf: bytes[at..<end], at: r.int(bytes.count))
                }
                if bytes.isEmpty { bytes = [0x3C] }
            }
            do {
                let document = try IBDocument(bytes: bytes, path: "f.storyboard")
                _ = try IBImporter.run(document, scene: nil, device: nil, orientation: nil)
                read += 1
            } catch {
                refused += 1
                #expect(error.message.hasPrefix("f.storyboard"), "\(error.message)")
                #expect(!error.message.contains("XML error "), "case \(i): \(error.message)")
            }
        }
        // Both outcomes occur: the mutations reach past the parser.
        #expect(read > 100 && refused > 100, "read \(read), refused \(refused)")
    }
}
