import Foundation

/// How a script of kbplay commands writes its values: strings quoted so
/// that the lexer reads them back as they were, numbers with the digits
/// that read back as the same double.
public enum ScriptText {
    /// `text` as a string kbplay's lexer reads back as `text`, on one line:
    /// quoted, with `\` before each `"` and `\`, `\n`, `\t` and `\r` for
    /// those control characters and `\u{…}` for every other one (C0, DEL,
    /// C1), for the line and paragraph separators and for a scalar that
    /// would join the quote or escape written before or after it into one
    /// character (a combining mark first, a prepended mark last).
    public static func quote(_ text: String) -> String {
        let scalars = Array(text.unicodeScalars)
        var out = "\""
        // Whether the last scalar written is part of the syntax (the
        // opening quote or an escape), which the next must not join.
        var afterSyntax = true
        for (i, s) in scalars.enumerated() {
            var literal: Bool
            switch s.value {
            case 0x00...0x1F, 0x7F...0x9F, 0x2028, 0x2029, 0x22, 0x5C: literal = false
            default:
                literal = true
                if s.value >= 0x300 {
                    // A scalar that joins what precedes it, or the closing quote.
                    // (Which ASCII character comes before makes no difference.)
                    if afterSyntax && ("}" + String(s)).count != 2 { literal = false }
                    if i == scalars.count - 1 && (String(s) + "\"").count != 2 { literal = false }
                }
            }
            if literal {
                out.unicodeScalars.append(s)
                afterSyntax = false
                continue
            }
            switch s.value {
            case 0x22: out += "\\\""
            case 0x5C: out += "\\\\"
            case 0x0A: out += "\\n"
            case 0x09: out += "\\t"
            case 0x0D: out += "\\r"
            default: out += "\\u{\(String(s.value, radix: 16, uppercase: true))}"
            }
            afterSyntax = true
        }
        return out + "\""
    }

    /// A number as a script writes it back exactly: whole numbers without
    /// a fraction, others with the digits that read back as the same double.
    public static func number(_ x: Double) -> String {
        if x == x.rounded(), abs(x) < 1e15 { return String(Int(x)) }
        let s = "\(x)"
        if !s.contains("e") { return s }
        var fixed = String(format: "%.12f", x)
        while fixed.hasSuffix("0") { fixed.removeLast() }
        // A whole number too large for an Int has no fraction left: no dot either.
        if fixed.hasSuffix(".") { fixed.removeLast() }
        return fixed
    }
}
