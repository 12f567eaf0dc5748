import Foundation
#if canImport(FoundationXML)
import FoundationXML
#endif

/// One element of an Interface Builder document, as FoundationXML's
/// `XMLParser` (libxml2) read it: its name, attributes and children, and
/// the line and column where its start tag ends (what libxml2 reports),
/// for findings and errors.
final class IBElement: @unchecked Sendable {
    let name: String
    let attributes: [String: String]
    private(set) var children: [IBElement] = []
    let line: Int
    let column: Int
    weak var parent: IBElement?
    /// The character data directly inside the element (what Xcode keeps in
    /// `<string key="text">` for text views and multi-line labels).
    fileprivate(set) var characters = ""

    init(name: String, attributes: [String: String], line: Int, column: Int) {
        self.name = name
        self.attributes = attributes
        self.line = line
        self.column = column
    }

    subscript(_ attribute: String) -> String? { attributes[attribute] }

    /// The IB object id (`id="…"`), if it has one.
    var id: String? { attributes["id"] }

    /// A `YES`/`NO` attribute.
    func flag(_ attribute: String) -> Bool? {
        attributes[attribute].map { $0 == "YES" }
    }

    /// A number attribute.
    func number(_ attribute: String) -> Double? { attributes[attribute].flatMap(Double.init) }

    /// The first child named `name` (with `key` when given).
    func child(_ name: String, key: String? = nil) -> IBElement? {
        children.first { $0.name == name && (key == nil || $0["key"] == key) }
    }

    /// The children named `name`.
    func children(_ name: String) -> [IBElement] { children.filter { $0.name == name } }

    /// The elements of `<subviews>`, in order.
    var subviews: [IBElement] { child("subviews")?.children ?? [] }

    /// `<rect key="frame">`.
    var frame: IBRect? {
        guard let r = child("rect", key: "frame") else { return nil }
        return IBRect(x: r.number("x") ?? 0, y: r.number("y") ?? 0, width: r.number("width") ?? 0,
                      height: r.number("height") ?? 0)
    }

    /// Every element below this one, depth first, in document order.
    func forEachDescendant(_ body: (IBElement) throws -> Void) rethrows {
        for c in children {
            try body(c)
            try c.forEachDescendant(body)
        }
    }

    fileprivate func append(_ child: IBElement) {
        child.parent = self
        children.append(child)
    }

    /// The element's text: its `text` attribute, or the `<string key="text">`
    /// (or `<mutableString key="text">`) child Xcode writes instead when the
    /// text has line breaks or is long.
    var text: String? {
        if let t = self["text"] { return t }
        return children.first { ($0.name == "string" || $0.name == "mutableString") && $0["key"] == "text" }?.characters
    }

    /// A short description for findings: `textField "Email" (id aB3-xY-z9k)`.
    var label: String {
        var s = name
        if let t = text ?? self["placeholder"] ?? self["userLabel"] ?? self["customClass"] { s += " \"\(t)\"" }
        if let id { s += " (id \(id))" }
        return s
    }
}

/// A frame as Interface Builder stores it: relative to the superview.
struct IBRect: Equatable, Sendable {
    var x, y, width, height: Double
}

/// Why a document could not be read: where and what.
public struct IBReadError: Error, Sendable {
    public var message: String
}

extension IBElement {
    /// The document's root element, parsed from `bytes`; not XML (or cut
    /// short) is refused with `path:line:column` and the reason in words.
    /// The bytes are checked before libxml2 sees them: Interface Builder
    /// writes UTF-8 with no DTD, so anything else (a byte that is not UTF-8,
    /// another encoding, a `<!DOCTYPE>` with its entities) is refused up
    /// front, and every name and value the parser hands on is valid text.
    static func parse(_ bytes: [UInt8], path: String) throws(IBReadError) -> IBElement {
        if let problem = XMLPrecheck.problem(in: bytes) {
            throw IBReadError(message: "\(path):\(problem.line):\(problem.column): not a readable Interface Builder document: \(problem.reason)")
        }
        let builder = TreeBuilder()
        let parser = XMLParser(data: Data(bytes))
        parser.delegate = builder
        parser.shouldProcessNamespaces = false
        parser.shouldResolveExternalEntities = false
        let ok = parser.parse()
        if !ok || builder.root == nil || !builder.stack.isEmpty {
            let line = builder.errorLine ?? parser.lineNumber
            let column = builder.errorColumn ?? parser.columnNumber
            let reason = builder.errorMessage ?? (builder.root == nil ? "no root element" : "the document ends before its elements are closed")
            throw IBReadError(message: "\(path):\(line):\(column): not a readable Interface Builder document: \(reason)")
        }
        return builder.root!
    }
}

/// What is checked of a document's bytes before an XML parser reads them.
enum XMLPrecheck {
    struct Problem: Equatable {
        var line: Int
        var column: Int
        var reason: String
    }

    /// The first reason the bytes cannot be an Interface Builder document
    /// that a parser should see: a byte sequence that is not UTF-8, an XML
    /// declaration naming another encoding, a NUL, or a document type
    /// declaration. `nil` when none.
    static func problem(in bytes: [UInt8]) -> Problem? {
        var line = 1
        var lineStart = 0
        var i = 0
        let n = bytes.count
        func column(_ at: Int) -> Int { at - lineStart + 1 }
        if bytes.allSatisfy({ $0 == 0x20 || $0 == 0x0A || $0 == 0x0D || $0 == 0x09 }) {
            return Problem(line: 1, column: 1, reason: "the document is empty or not XML")
        }
        if n >= 2, (bytes[0] == 0xFE && bytes[1] == 0xFF) || (bytes[0] == 0xFF && bytes[1] == 0xFE) {
            return Problem(line: 1, column: 1, reason: "the document is UTF-16 (it starts with a UTF-16 byte-order mark); Interface Builder documents are UTF-8 — save it as UTF-8")
        }
        while i < n {
            let b = bytes[i]
            if b < 0x80 {
                if b == 0x0A { line += 1; lineStart = i + 1 }
                else if b == 0 {
                    return Problem(line: line, column: column(i), reason: "a NUL byte (0x00) — XML text cannot hold one; the file is binary or damaged")
                } else if b == UInt8(ascii: "<"), i + 9 <= n, Array(bytes[i + 1 ..< i + 9]) == Array("!DOCTYPE".utf8) {
                    return Problem(line: line, column: column(i), reason: "a <!DOCTYPE> declaration — Interface Builder documents have none, and kbplay does not read document type definitions or expand their entities")
                }
                i += 1
                continue
            }
            let length = sequenceLength(bytes, at: i)
            if length == 0 {
                let shown = bytes[i ..< min(n, i + 4)].map { "0x" + String($0, radix: 16, uppercase: true) }.joined(separator: " ")
                return Problem(line: line, column: column(i), reason: "byte \(shown.split(separator: " ").first!) is not UTF-8 text (bytes \(shown)); Interface Builder documents are UTF-8 — the file is damaged or in another encoding")
            }
            i += length
        }
        if let declared = declaredEncoding(bytes), !["utf-8", "utf8"].contains(declared.lowercased()) {
            return Problem(line: 1, column: 1, reason: "the XML declaration names encoding \"\(declared)\"; Interface Builder documents are UTF-8 — save it as UTF-8")
        }
        return nil
    }

    /// The length of the well-formed UTF-8 sequence at `i` (RFC 3629: no
    /// overlong forms, no surrogates, nothing past U+10FFFF), or 0.
    static func sequenceLength(_ b: [UInt8], at i: Int) -> Int {
        let n = b.count
        func cont(_ k: Int) -> Bool { i + k < n && b[i + k] & 0xC0 == 0x80 }
        let b0 = b[i]
        switch b0 {
        case 0xC2 ... 0xDF:
            return cont(1) ? 2 : 0
        case 0xE0 ... 0xEF:
            guard cont(1), cont(2) else { return 0 }
            let b1 = b[i + 1]
            if b0 == 0xE0 && b1 < 0xA0 { return 0 }
            if b0 == 0xED && b1 >= 0xA0 { return 0 }
            return 3
        case 0xF0 ... 0xF4:
            guard cont(1), cont(2), cont(3) else { return 0 }
            let b1 = b[i + 1]
            if b0 == 0xF0 && b1 < 0x90 { return 0 }
            if b0 == 0xF4 && b1 >= 0x90 { return 0 }
            return 4
        default:
            return 0
        }
    }

    /// The `encoding` of an `<?xml …?>` declaration at the start, if any.
    static func declaredEncoding(_ bytes: [UInt8]) -> String? {
        guard bytes.starts(with: Array("<?xml".utf8)) else { return nil }
        let head = bytes.prefix(200)
        guard let end = head.firstIndex(of: UInt8(ascii: ">")) else { return nil }
        let decl = String(decoding: head[..<end], as: UTF8.self)
        guard let r = decl.range(of: "encoding") else { return nil }
        let rest = decl[r.upperBound...].drop { $0 == " " || $0 == "=" }
        guard let quote = rest.first, quote == "\"" || quote == "'" else { return nil }
        return String(rest.dropFirst().prefix { $0 != quote })
    }
}

/// Builds the element tree from `XMLParser`'s callbacks.
private final class TreeBuilder: NSObject, XMLParserDelegate {
    var root: IBElement?
    var stack: [IBElement] = []
    var errorMessage: String?
    var errorLine: Int?
    var errorColumn: Int?

    /// Deeper than any document Xcode writes, and shallow enough for the
    /// import's recursion over the elements.
    static let depthLimit = 200

    func parser(_ parser: XMLParser, didStartElement elementName: String, namespaceURI: String?,
                qualifiedName qName: String?, attributes attributeDict: [String: String] = [:]) {
        guard stack.count < Self.depthLimit else {
            if errorMessage == nil {
                errorLine = parser.lineNumber
                errorColumn = parser.columnNumber
                errorMessage = "elements nested more than \(Self.depthLimit) deep"
            }
            parser.abortParsing()
            return
        }
        let e = IBElement(name: elementName, attributes: attributeDict, line: parser.lineNumber, column: parser.columnNumber)
        if let top = stack.last { top.append(e) } else if root == nil { root = e }
        stack.append(e)
    }

    func parser(_ parser: XMLParser, foundCharacters string: String) {
        guard let top = stack.last, top.name == "string" || top.name == "mutableString" else { return }
        top.characters += string
    }

    func parser(_ parser: XMLParser, didEndElement elementName: String, namespaceURI: String?, qualifiedName qName: String?) {
        _ = stack.popLast()
    }

    func parser(_ parser: XMLParser, parseErrorOccurred parseError: any Error) {
        guard errorMessage == nil else { return }
        errorLine = parser.lineNumber
        errorColumn = parser.columnNumber
        let text = (parseError as NSError).localizedDescription
        errorMessage = Self.reason(parseError as NSError, fallback: text)
    }

    /// libxml2's error code as words (Foundation's description is only the code).
    static func reason(_ error: NSError, fallback: String) -> String {
        switch error.code {
        case 4: return "the document is empty or not XML"
        case 5, 77: return "the document ends before its elements are closed (truncated?)"
        case 6, 7, 8: return "a character reference (&#…;) names no valid XML character"
        case 9: return "a character that XML does not allow here (a control character, or markup where text was expected)"
        case 10, 14, 18: return "the document ends inside a reference (&…;)"
        case 22, 23: return "an '&' that starts no entity reference (write &amp; for a literal '&')"
        case 26, 27: return "a reference to an entity that is not declared (only &amp; &lt; &gt; &quot; &apos; and &#…; are known)"
        case 29: return "a reference to an external entity, which kbplay never loads"
        case 31, 32, 81: return "an encoding libxml2 does not read, or bytes that are not in the declared encoding"
        case 33, 34: return "an attribute value whose quotes are not closed"
        case 38: return "a '<' inside an attribute value (write &lt;)"
        case 39, 40, 41: return "an attribute without a quoted value (name=\"value\")"
        case 42: return "an attribute given twice on one element"
        case 45: return "a comment that is not closed (-->)"
        case 46, 47: return "a processing instruction (<?…?>) that is not closed"
        case 56, 57: return "a malformed XML declaration (<?xml version=\"1.0\" encoding=\"UTF-8\"?>)"
        case 62: return "']]>' in text, which XML allows only to end a CDATA section (write ]]&gt;)"
        case 63: return "a CDATA section that is not closed (]]>)"
        case 64: return "a processing instruction named 'xml' that is not the document's first thing"
        case 65: return "a space is missing between attributes"
        case 68: return "a '<' that starts no element name"
        case 73: return "a tag that is not closed with '>'"
        case 74: return "a closing tag that is not closed with '>'"
        case 75: return "an attribute name without '=' and a value"
        case 76: return "a closing tag does not match its opening tag"
        case 79: return "a malformed encoding name in the XML declaration"
        case 80: return "'--' inside a comment, which XML does not allow"
        case 85: return "the document is not well balanced (tags are not properly nested)"
        case 86: return "content after the root element ends (only one root element is allowed)"
        case 89: return "entities that refer to themselves"
        case 96, 108, 109: return "an XML declaration with a missing or unknown version"
        case 201 ... 205: return "a namespace prefix that is not declared, or a malformed namespace declaration"
        default: return "XML error \(error.code) (libxml2's code for malformed XML)"
        }
    }
}
