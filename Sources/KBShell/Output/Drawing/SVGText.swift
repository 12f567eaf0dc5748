/// SVG written line by line, indented two spaces a level.
struct SVGText {
    private(set) var text = ""

    mutating func line(_ level: Int, _ s: String) {
        for _ in 0..<level { text += "  " }
        text += s
        text += "\n"
    }

    /// `s` safe in an attribute's quotes and in element text: `<`, `>`,
    /// `&`, `"` and `'` become entities, and a control character (which
    /// XML 1.0 cannot hold) becomes `\u{…}`, as reports write it.
    static func escaped(_ s: String) -> String {
        var out = ""
        out.reserveCapacity(s.utf8.count)
        for scalar in s.unicodeScalars {
            switch scalar {
            case "<": out += "&lt;"
            case ">": out += "&gt;"
            case "&": out += "&amp;"
            case "\"": out += "&quot;"
            case "'": out += "&#39;"
            case _ where scalar.value < 0x20 || (0x7F...0x9F).contains(scalar.value) || scalar.value == 0xFFFE || scalar.value == 0xFFFF:
                out += "\\u{\(String(scalar.value, radix: 16))}"
            default: out.unicodeScalars.append(scalar)
            }
        }
        return out
    }
}
