import KBModel
import Foundation
#if canImport(FoundationXML)
import FoundationXML
#endif

/// A run's suites as a JUnit XML report, the form CI systems (Jenkins,
/// GitLab, GitHub Actions' test reporters, Buildkite) read: one
/// `<testsuite>` per script run, one `<testcase>` per `expect` line or
/// refused command, `<failure>` for an expect that did not hold and
/// `<error>` for a refused command or a file that could not be read. It
/// keeps to the elements and attributes of the schema Jenkins' xUnit
/// plugin validates (`junit-10.xsd`), which GitLab reads too.
///
/// Written through FoundationXML's tree (libxml2 escapes `<`, `&`,
/// quotes and line breaks in attributes); characters XML 1.0 cannot hold
/// at all (control characters but tab, line feed and carriage return)
/// are written as `\u{…}` escapes.
public enum JUnitReport {
    /// The report's text. `times: false` writes every time as 0, so the
    /// same run gives the same bytes.
    public static func xml(_ suites: [ScriptSuite], times: Bool = true) -> String {
        let root = XMLElement(name: "testsuites")
        let tests = suites.reduce(0) { $0 + $1.cases.count }
        let failures = suites.reduce(0) { $0 + $1.failures }
        let errors = suites.reduce(0) { $0 + $1.errors }
        let time = suites.reduce(0) { $0 + $1.time }
        set(root, [("name", "kbplay run"), ("tests", "\(tests)"), ("failures", "\(failures)"), ("errors", "\(errors)"),
                   ("time", seconds(time, times))])
        for suite in suites { root.addChild(element(suite, times: times)) }
        let document = XMLDocument(rootElement: root)
        document.version = "1.0"
        document.characterEncoding = "UTF-8"
        return document.xmlString(options: [.nodePrettyPrint]) + "\n"
    }

    static func element(_ suite: ScriptSuite, times: Bool) -> XMLElement {
        let e = XMLElement(name: "testsuite")
        set(e, [("name", suite.name), ("tests", "\(suite.cases.count)"), ("failures", "\(suite.failures)"),
                ("errors", "\(suite.errors)"), ("skipped", "0"), ("time", seconds(suite.time, times)), ("file", suite.file)])
        var properties: [(String, String)] = []
        if let device = suite.device {
            properties.append(("device", device.id))
            properties.append(("orientation", device.orientation.rawValue))
        }
        for note in suite.notes { properties.append(("note", note)) }
        if suite.stopped { properties.append(("note", "--bail stopped the script at its first failure")) }
        if !properties.isEmpty {
            let list = XMLElement(name: "properties")
            for (name, value) in properties {
                let p = XMLElement(name: "property")
                set(p, [("name", name), ("value", value)])
                list.addChild(p)
            }
            e.addChild(list)
        }
        for c in suite.cases { e.addChild(element(c, suite: suite, times: times)) }
        if !suite.output.isEmpty { e.addChild(XMLElement(name: "system-out", stringValue: clean(suite.output))) }
        return e
    }

    static func element(_ c: ScriptCase, suite: ScriptSuite, times: Bool) -> XMLElement {
        let e = XMLElement(name: "testcase")
        var attributes = [("name", suite.name(of: c)), ("classname", suite.className), ("file", suite.file)]
        if c.line > 0 { attributes.append(("line", "\(c.line)")) }
        attributes.append(("time", seconds(c.time, times)))
        set(e, attributes)
        let location = c.line > 0 ? "\(suite.file):\(c.line)" : suite.file
        switch c.result {
        case .passed:
            break
        case let .failed(x):
            let f = XMLElement(name: "failure", stringValue: clean("""
                \(location): expect \(x.expression)
                left:  \(formatNumber(x.left))
                right: \(formatNumber(x.right))
                \(c.output.hasSuffix("\n") ? String(c.output.dropLast()) : c.output)
                """))
            set(f, [("type", "expect"),
                    ("message", "\(x.expression) does not hold: \(formatNumber(x.left)) \(x.relation) \(formatNumber(x.right)) is false")])
            e.addChild(f)
        case let .error(error):
            var body = "\(location): \(c.command)\n"
            if let column = error.column { body += "column: \(column)\n" }
            if let suggestion = error.suggestion { body += "suggestion: \(suggestion)\n" }
            body += c.output
            let f = XMLElement(name: "error", stringValue: clean(body.hasSuffix("\n") ? String(body.dropLast()) : body))
            set(f, [("type", error.kind.rawValue), ("message", error.message)])
            e.addChild(f)
        }
        return e
    }

    private static func set(_ e: XMLElement, _ attributes: [(String, String)]) {
        for (name, value) in attributes {
            if let a = XMLNode.attribute(withName: name, stringValue: clean(value)) as? XMLNode { e.addAttribute(a) }
        }
    }

    /// Seconds with six decimals (microseconds; `0.000000` when times are
    /// left out): a command takes well under a millisecond.
    static func seconds(_ t: Double, _ times: Bool) -> String {
        guard times, t.isFinite, t > 0 else { return "0.000000" }
        let us = Int((t * 1_000_000).rounded())
        let fraction = String(us % 1_000_000)
        return "\(us / 1_000_000)." + String(repeating: "0", count: 6 - fraction.count) + fraction
    }

    /// `text` with the characters XML 1.0 cannot hold (control characters
    /// but tab, line feed and carriage return; U+FFFE, U+FFFF) written as
    /// `\u{…}`.
    static func clean(_ text: String) -> String {
        text.escapingScalars { !allowed($0) }
    }

    private static func allowed(_ s: Unicode.Scalar) -> Bool {
        switch s.value {
        case 0x9, 0xA, 0xD, 0x20...0xD7FF, 0xE000...0xFFFD, 0x10000...0x10FFFF: true
        default: false
        }
    }
}

extension String {
    /// The text with each scalar `escape` picks written as `\u{…}` (its
    /// hexadecimal value, as Swift writes it): what a report cannot hold,
    /// made visible.
    public func escapingScalars(_ escape: (Unicode.Scalar) -> Bool) -> String {
        guard unicodeScalars.contains(where: escape) else { return self }
        var out = ""
        for scalar in unicodeScalars {
            if escape(scalar) { out += "\\u{\(String(scalar.value, radix: 16))}" } else { out.unicodeScalars.append(scalar) }
        }
        return out
    }
}
