/// Where a JSON text went wrong: 1-based line and column, and what was
/// expected there.
public struct JSONSyntaxError: Error, Equatable, Sendable, CustomStringConvertible {
    public var message: String
    public var line: Int
    public var column: Int

    public init(message: String, line: Int, column: Int) {
        self.message = message
        self.line = line
        self.column = column
    }

    public var description: String { "line \(line), column \(column): \(message)" }
}

/// A strict JSON reader (RFC 8259) that says where a text is broken, so a
/// truncated or hand-edited session file is refused with its position.
public enum JSONReader {
    /// Nesting deeper than this is refused rather than risking the stack.
    public static let maximumDepth = 512

    public static func parse(_ text: String) throws(JSONSyntaxError) -> JSON {
        try parse(text, keepingTextOf: nil).value
    }

    /// Parses `text` and also returns the text of the value of member
    /// `key` of the top-level object, exactly as it stands in `text` (nil
    /// when the value is not an object or has no such member): what a
    /// reply echoes as the request's id.
    public static func parse(_ text: String, keepingTextOf key: String?) throws(JSONSyntaxError) -> (value: JSON, kept: String?) {
        var reader = Cursor(bytes: Array(text.utf8), keep: key)
        reader.skipSpace()
        let value = try reader.value(depth: 0)
        reader.skipSpace()
        if reader.index < reader.bytes.count {
            throw reader.error("unexpected text after the end of the JSON value")
        }
        return (value, reader.kept.map { String(decoding: reader.bytes[$0], as: UTF8.self) })
    }

    private struct Cursor {
        let bytes: [UInt8]
        var index = 0
        /// The top-level member whose value's text is kept, and where it is.
        var keep: String? = nil
        var kept: Range<Int>? = nil

        func error(_ message: String) -> JSONSyntaxError {
            var line = 1, column = 1
            for b in bytes[..<min(index, bytes.count)] {
                if b == UInt8(ascii: "\n") { line += 1; column = 1 } else if b & 0xC0 != 0x80 { column += 1 }
            }
            return JSONSyntaxError(message: message, line: line, column: column)
        }

        var atEnd: Bool { index >= bytes.count }

        mutating func skipSpace() {
            while index < bytes.count, [0x20, 0x0A, 0x0D, 0x09].contains(bytes[index]) { index += 1 }
        }

        mutating func expect(_ literal: String, _ value: JSON) throws(JSONSyntaxError) -> JSON {
            for b in literal.utf8 {
                guard index < bytes.count else { throw error("the file ends inside '\(literal)' (truncated?)") }
                guard bytes[index] == b else { throw error("expected '\(literal)'") }
                index += 1
            }
            return value
        }

        mutating func value(depth: Int) throws(JSONSyntaxError) -> JSON {
            guard depth < JSONReader.maximumDepth else { throw error("nesting deeper than \(JSONReader.maximumDepth) levels") }
            guard !atEnd else { throw error("the text ends where a value should be (truncated?)") }
            switch bytes[index] {
            case UInt8(ascii: "{"): return try object(depth: depth)
            case UInt8(ascii: "["): return try array(depth: depth)
            case UInt8(ascii: "\""): return .string(try string())
            case UInt8(ascii: "t"): return try expect("true", .bool(true))
            case UInt8(ascii: "f"): return try expect("false", .bool(false))
            case UInt8(ascii: "n"): return try expect("null", .null)
            case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"): return try number()
            default: throw error("expected a value (object, array, string, number, true, false or null)")
            }
        }

        mutating func object(depth: Int) throws(JSONSyntaxError) -> JSON {
            index += 1
            var members: [String: JSON] = [:]
            skipSpace()
            if !atEnd, bytes[index] == UInt8(ascii: "}") { index += 1; return .object(members) }
            while true {
                skipSpace()
                guard !atEnd else { throw error("the text ends inside an object (truncated?)") }
                guard bytes[index] == UInt8(ascii: "\"") else { throw error("expected a quoted member name") }
                let keyStart = index
                let key = try string()
                if members[key] != nil {
                    index = keyStart
                    throw error("member \"\(key)\" appears twice")
                }
                skipSpace()
                guard !atEnd else { throw error("the text ends inside an object (truncated?)") }
                guard bytes[index] == UInt8(ascii: ":") else { throw error("expected ':' after \"\(key)\"") }
                index += 1
                skipSpace()
                let valueStart = index
                members[key] = try value(depth: depth + 1)
                if depth == 0, key == keep { kept = valueStart..<index }
                skipSpace()
                guard !atEnd else { throw error("the text ends inside an object (truncated?)") }
                if bytes[index] == UInt8(ascii: ",") { index += 1; continue }
                if bytes[index] == UInt8(ascii: "}") { index += 1; return .object(members) }
                throw error("expected ',' or '}' in an object")
            }
        }

        mutating func array(depth: Int) throws(JSONSyntaxError) -> JSON {
            index += 1
            var items: [JSON] = []
            skipSpace()
            if !atEnd, bytes[index] == UInt8(ascii: "]") { index += 1; return .array(items) }
            while true {
                skipSpace()
                items.append(try value(depth: depth + 1))
                skipSpace()
                guard !atEnd else { throw error("the text ends inside an array (truncated?)") }
                if bytes[index] == UInt8(ascii: ",") { index += 1; continue }
                if bytes[index] == UInt8(ascii: "]") { index += 1; return .array(items) }
                throw error("expected ',' or ']' in an array")
            }
        }

        mutating func string() throws(JSONSyntaxError) -> String {
            index += 1
            var out: [UInt8] = []
            while true {
                guard !atEnd else { throw error("the text ends inside a string (truncated?)") }
                let b = bytes[index]
                if b == UInt8(ascii: "\"") { index += 1; break }
                if b < 0x20 { throw error("a control character inside a string must be escaped") }
                if b == UInt8(ascii: "\\") {
                    index += 1
                    guard !atEnd else { throw error("the text ends inside a string (truncated?)") }
                    switch bytes[index] {
                    case UInt8(ascii: "\""): out.append(0x22)
                    case UInt8(ascii: "\\"): out.append(0x5C)
                    case UInt8(ascii: "/"): out.append(0x2F)
                    case UInt8(ascii: "b"): out.append(0x08)
                    case UInt8(ascii: "f"): out.append(0x0C)
                    case UInt8(ascii: "n"): out.append(0x0A)
                    case UInt8(ascii: "r"): out.append(0x0D)
                    case UInt8(ascii: "t"): out.append(0x09)
                    case UInt8(ascii: "u"):
                        var code: UInt32 = 0
                        for _ in 0..<4 {
                            index += 1
                            guard !atEnd, let digit = hexValue(bytes[index]) else { throw error("expected four hex digits after \\u") }
                            code = code * 16 + digit
                        }
                        if (0xD800..<0xDC00).contains(code), index + 6 < bytes.count,
                           bytes[index + 1] == UInt8(ascii: "\\"), bytes[index + 2] == UInt8(ascii: "u") {
                            var low: UInt32 = 0
                            var ok = true
                            for k in 3...6 {
                                guard let d = hexValue(bytes[index + k]) else { ok = false; break }
                                low = low * 16 + d
                            }
                            if ok, (0xDC00..<0xE000).contains(low) {
                                code = 0x10000 + ((code - 0xD800) << 10) + (low - 0xDC00)
                                index += 6
                            }
                        }
                        // Half a surrogate pair is no character: like bytes
                        // that are not UTF-8, it is refused, not replaced.
                        guard let scalar = Unicode.Scalar(code) else {
                            index -= 5
                            throw error("\\u\(String(code, radix: 16, uppercase: true)) is half of a surrogate pair without its other half: not a character")
                        }
                        out += Array(String(Character(scalar)).utf8)
                    default: throw error("unknown escape in a string")
                    }
                    index += 1
                } else {
                    out.append(b)
                    index += 1
                }
            }
            return String(decoding: out, as: UTF8.self)
        }

        func hexValue(_ b: UInt8) -> UInt32? {
            switch b {
            case UInt8(ascii: "0")...UInt8(ascii: "9"): return UInt32(b - UInt8(ascii: "0"))
            case UInt8(ascii: "a")...UInt8(ascii: "f"): return UInt32(b - UInt8(ascii: "a") + 10)
            case UInt8(ascii: "A")...UInt8(ascii: "F"): return UInt32(b - UInt8(ascii: "A") + 10)
            default: return nil
            }
        }

        mutating func number() throws(JSONSyntaxError) -> JSON {
            let start = index
            if bytes[index] == UInt8(ascii: "-") { index += 1 }
            func digits() -> Int {
                let s = index
                while !atEnd, (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(bytes[index]) { index += 1 }
                return index - s
            }
            guard digits() > 0 else { throw error("expected digits in a number") }
            if !atEnd, bytes[index] == UInt8(ascii: ".") {
                index += 1
                guard digits() > 0 else { throw error("expected digits after the decimal point") }
            }
            if !atEnd, bytes[index] == UInt8(ascii: "e") || bytes[index] == UInt8(ascii: "E") {
                index += 1
                if !atEnd, bytes[index] == UInt8(ascii: "+") || bytes[index] == UInt8(ascii: "-") { index += 1 }
                guard digits() > 0 else { throw error("expected digits in the exponent") }
            }
            let text = String(decoding: bytes[start..<index], as: UTF8.self)
            guard let x = Double(text) else { throw error("not a number: \(text)") }
            return .number(x)
        }
    }
}

extension JSON {
    public subscript(key: String) -> JSON? {
        if case let .object(members) = self { return members[key] }
        return nil
    }

    public var stringValue: String? { if case let .string(s) = self { return s } else { return nil } }
    public var numberValue: Double? { if case let .number(x) = self { return x } else { return nil } }
    public var boolValue: Bool? { if case let .bool(b) = self { return b } else { return nil } }
    public var arrayValue: [JSON]? { if case let .array(a) = self { return a } else { return nil } }
}
