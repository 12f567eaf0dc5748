import KBModel

/// SVG written line by line as UTF-8 bytes, indented two spaces a level,
/// into one buffer made a `String` once at the end.
struct SVGText {
    private var bytes = PointText(capacity: 16_384)

    mutating func line(_ level: Int, _ s: SVGLine) {
        bytes.appendSpaces(2 * level)
        s.bytes.withBytes { if let base = $0.baseAddress { bytes.append(base, count: $0.count) } }
        bytes.append(UInt8(ascii: "\n"))
    }

    /// What was written.
    var text: String { bytes.string }

    /// `s` safe in an attribute's quotes and in element text: `<`, `>`,
    /// `&`, `"` and `'` become entities, and a control character (which
    /// XML 1.0 cannot hold) becomes `\u{…}`, as reports write it.
    static func escaped(_ s: String) -> String {
        var out = PointText(capacity: s.utf8.count + 16)
        writeEscaped(s, to: &out)
        return out.string
    }

    /// ``escaped(_:)``'s bytes, written straight into `out`: runs of bytes
    /// that need no escape (most of a name or a text) are copied whole.
    static func writeEscaped(_ s: String, to out: inout PointText) {
        var s = s
        s.withUTF8 { utf8 in
            guard let base = utf8.baseAddress else { return }
            var run = 0
            var i = 0
            while i < utf8.count {
                let byte = utf8[i]
                // What may need escaping: the five characters, C0 controls
                // and DEL, and the lead byte of U+0080…U+009F (C2) and of
                // U+FFFE, U+FFFF (EF); any other byte is copied as it is.
                let special = byte < 0x20 || byte == 0x7F || byte == 0xC2 || byte == 0xEF
                    || byte == UInt8(ascii: "<") || byte == UInt8(ascii: ">") || byte == UInt8(ascii: "&")
                    || byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "'")
                guard special else {
                    i += 1
                    continue
                }
                var width = 1
                var control: UInt32?
                switch byte {
                case 0xC2:
                    width = 2
                    if i + 1 < utf8.count, (0x80...0x9F).contains(utf8[i + 1]) { control = UInt32(utf8[i + 1]) }
                case 0xEF:
                    width = 3
                    if i + 2 < utf8.count, utf8[i + 1] == 0xBF, utf8[i + 2] == 0xBE || utf8[i + 2] == 0xBF {
                        control = 0xFFFE + UInt32(utf8[i + 2] - 0xBE)
                    }
                case _ where byte < 0x20 || byte == 0x7F: control = UInt32(byte)
                default: break
                }
                if byte == 0xC2 || byte == 0xEF, control == nil {
                    // Another character starting with that byte: copied.
                    i += width
                    continue
                }
                if run < i { out.append(base + run, count: i - run) }
                switch byte {
                case UInt8(ascii: "<"): out.appendLiteral("&lt;")
                case UInt8(ascii: ">"): out.appendLiteral("&gt;")
                case UInt8(ascii: "&"): out.appendLiteral("&amp;")
                case UInt8(ascii: "\""): out.appendLiteral("&quot;")
                case UInt8(ascii: "'"): out.appendLiteral("&#39;")
                default:
                    out.appendLiteral("\\u{")
                    out.append(String(control ?? 0, radix: 16))
                    out.append(UInt8(ascii: "}"))
                }
                i += width
                run = i
            }
            if run < utf8.count { out.append(base + run, count: utf8.count - run) }
        }
    }
}

/// One line of SVG, written as bytes as its interpolation goes: literals
/// copied, numbers as ``formatNumber(_:)`` prints them (without a `String`
/// made for each), user text escaped once (`\(escaped: name)`).
struct SVGLine: ExpressibleByStringInterpolation {
    fileprivate var bytes: PointText

    init(stringLiteral value: String) {
        bytes = PointText(capacity: value.utf8.count)
        bytes.append(value)
    }

    init(stringInterpolation: StringInterpolation) {
        bytes = stringInterpolation.bytes
    }

    /// Appends `other`'s bytes.
    mutating func append(_ other: SVGLine) {
        other.bytes.withBytes { if let base = $0.baseAddress { bytes.append(base, count: $0.count) } }
    }

    /// The line's text.
    var text: String { bytes.string }

    struct StringInterpolation: StringInterpolationProtocol {
        fileprivate var bytes: PointText

        init(literalCapacity: Int, interpolationCount: Int) {
            bytes = PointText(capacity: literalCapacity + 8 * interpolationCount)
        }

        mutating func appendLiteral(_ literal: String) { bytes.append(literal) }

        /// A number, as ``formatNumber(_:)`` prints it.
        mutating func appendInterpolation(_ x: Double) { bytes.appendNumber(x) }

        mutating func appendInterpolation(_ k: Int) { bytes.appendNumber(Double(k)) }

        mutating func appendInterpolation(_ b: Bool) { b ? bytes.appendLiteral("true") : bytes.appendLiteral("false") }

        /// Text kbplay itself chose (a colour, a class, an enum's raw
        /// value): copied as it is.
        mutating func appendInterpolation(_ text: String) { bytes.append(text) }

        /// Text a user typed (a name, a text): escaped.
        mutating func appendInterpolation(escaped text: String) { SVGText.writeEscaped(text, to: &bytes) }

        /// `x y w h`, as `frames` prints a frame.
        mutating func appendInterpolation(frame f: Rect) {
            bytes.appendNumber(f.minX)
            bytes.append(UInt8(ascii: " "))
            bytes.appendNumber(f.minY)
            bytes.append(UInt8(ascii: " "))
            bytes.appendNumber(f.width)
            bytes.append(UInt8(ascii: " "))
            bytes.appendNumber(f.height)
        }

        /// Another line's bytes (a part written apart).
        mutating func appendInterpolation(_ part: SVGLine) {
            part.bytes.withBytes { if let base = $0.baseAddress { bytes.append(base, count: $0.count) } }
        }
    }
}

extension PointText {
    /// `x` as ``formatNumber(_:)`` prints it.
    mutating func appendNumber(_ x: Double) {
        if printsAsPoints(x) { append(x) } else { append(String(x)) }
    }
}
