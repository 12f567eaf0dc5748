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

    /// A short description for findings: `textField "Email" (id aB3-xY-z9k)`.
    var label: String {
        var s = name
        if let t = self["text"] ?? self["placeholder"] ?? self["userLabel"] ?? self["customClass"] { s += " \"\(t)\"" }
        if let id { s += " (id \(id))" }
        return s
    }
}

/// A frame as Interface Builder stores it: relative to the superview.
struct IBRect: Equatable, Sendable {
    var x, y, width, height: Double
}

/// Why a document could not be read: where and what.
struct IBReadError: Error, Sendable {
    var message: String
}

extension IBElement {
    /// The document's root element, parsed from `bytes`; not XML (or cut
    /// short) is refused with `path:line:column` and libxml2's reason.
    static func parse(_ bytes: [UInt8], path: String) throws(IBReadError) -> IBElement {
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
        case 76: return "a closing tag does not match its opening tag"
        case 5, 77: return "the document ends before its elements are closed (truncated?)"
        default: return "XML error \(error.code)"
        }
    }
}
