import KBModel

/// Reading printed keyboard notifications (``PrintedNotification``) out of
/// a log's lines.
extension ConsoleLog {
    /// Where a printed keyboard notification's name begins in a line:
    /// after `name = ` (both forms), with the name itself, its end, and
    /// the form; nil for any other line.
    static func notificationName(_ s: [Unicode.Scalar], from start: Int) -> (name: KeyboardNotification.Name, spelling: String, end: Int, form: PrintedNotification.Form)? {
        let marker = nameMarker
        var i = start
        let last = s.count - marker.count
        while i <= last {
            if s[i] == "n" {
                var k = 1
                while k < marker.count && s[i + k] == marker[k] { k += 1 }
                if k == marker.count {
                    var e = i + k
                    while e < s.count, ConstraintDescriptionReader.isLetter(s[e]) || s[e] == "." || s[e] == "_" { e += 1 }
                    let spelling = String(String.UnicodeScalarView(s[(i + k)..<e]))
                    guard let name = PrintedNotification.name(spelling), e < s.count else { return nil }
                    if s[e] == ";" { return (name, spelling, e, .objectiveC) }
                    if s[e] == "," { return (name, spelling, e, .swift) }
                    return nil
                }
            }
            i += 1
        }
        return nil
    }

    static let nameMarker = Array("name = ".unicodeScalars)

    /// Whether the opening line of `NSNotification`'s form opens its
    /// userInfo at the end (`userInfo = {`), its entries on the lines after.
    static func objectiveCOpens(_ s: [Unicode.Scalar], after end: Int) -> Bool {
        String(String.UnicodeScalarView(s[end...])).trimmingBlanks.hasSuffix("userInfo = {")
    }

    /// One entry of `NSNotification`'s userInfo, `KEY = VALUE;` (the value
    /// quoted when it holds blanks), or nil when the line is none.
    static func objectiveCEntry(_ s: [Unicode.Scalar], from start: Int) -> (key: String, value: String, column: Int, end: Int)? {
        guard let i = objectiveCKeyEnd(s, from: start) else { return nil }
        let key = String(String.UnicodeScalarView(s[start..<i]))
        var v = i + 3
        let column = v + 1
        var value = String.UnicodeScalarView()
        if v < s.count, s[v] == "\"" {
            v += 1
            while v < s.count, s[v] != "\"" {
                value.append(s[v])
                v += 1
            }
            guard v < s.count else { return nil }
            v += 1
        } else {
            while v < s.count, s[v] != ";" {
                value.append(s[v])
                v += 1
            }
        }
        guard v < s.count, s[v] == ";" else { return nil }
        return (key, String(value), column, v)
    }

    /// Where the key of a `KEY = VALUE;` entry ends (at its ` = `), or nil
    /// when the line does not start with one.
    static func objectiveCKeyEnd(_ s: [Unicode.Scalar], from start: Int) -> Int? {
        var i = start
        while i < s.count, ConstraintDescriptionReader.isLetter(s[i]) || s[i] == "_" || ("0"..."9").contains(s[i]) { i += 1 }
        guard i > start, i + 2 < s.count, s[i] == " ", s[i + 1] == "=", s[i + 2] == " " else { return nil }
        return i
    }

    /// Swift's `Notification` form from `end` (just past the name): its
    /// userInfo, `userInfo = Optional([AnyHashable("KEY"): VALUE, …])`, or
    /// `userInfo = nil`. False when the line has neither: text that names
    /// a notification without being one printed.
    static func swiftUserInfo(_ s: [Unicode.Scalar], after end: Int, into n: inout PrintedNotification) throws(ConsoleLogError) -> Bool {
        let reader = ConstraintDescriptionReader(s, columns: [], line: n.line, endColumn: s.count + 1)
        guard let open = reader.find("userInfo = Optional([", end, s.count) else {
            return reader.find("userInfo = nil", end, s.count) != nil
        }
        try swiftEntries(s, from: open + "userInfo = Optional([".unicodeScalars.count, closer: "])", into: &n)
        return true
    }

    /// A Swift dictionary's entries from `start` (just past its `[`),
    /// `AnyHashable("KEY"): VALUE, …` up to `closer`, the last of the line
    /// (a value never holds one), set on `n`.
    static func swiftEntries(_ s: [Unicode.Scalar], from start: Int, closer: String, into n: inout PrintedNotification) throws(ConsoleLogError) {
        let reader = ConstraintDescriptionReader(s, columns: [], line: n.line, endColumn: s.count + 1)
        var i = start
        let subject = n.form == .swiftUserInfo ? "the keyboard notification's userInfo printed alone on line \(n.line)"
            : "the userInfo of the keyboard notification \(n.spelling)"
        func cutOff(_ at: Int) -> ConsoleLogError {
            ConsoleLogError(line: n.line, column: at + 1, message: "\(subject) is cut off",
                            expected: "AnyHashable(\"KEY\"): VALUE entries separated by ', ' and closed by '\(closer)'")
        }
        if reader.find(closer, i, s.count) == i { return }
        while true {
            guard let keyOpen = reader.find("AnyHashable(\"", i, s.count), keyOpen == i else { throw cutOff(i) }
            let k = keyOpen + 13
            guard let keyClose = reader.find("\"): ", k, s.count) else { throw cutOff(s.count) }
            let key = reader.text(k, keyClose)
            let v = keyClose + 4
            // The value runs to the next entry or to the end of the dictionary.
            let next = reader.find(", AnyHashable(\"", v, s.count)
            let valueEnd: Int
            if let next {
                valueEnd = next
            } else {
                // The last `])` of the line closes it (a value never holds one).
                guard let close = reader.findLast(closer, v, s.count) else { throw cutOff(s.count) }
                valueEnd = close
            }
            try n.set(key, reader.text(v, valueEnd), line: n.line, column: v + 1)
            if next == nil { return }
            i = valueEnd + 2
        }
    }

    /// `NSDictionary`'s entries on one line from `start` (just past its
    /// `{`), `KEY = VALUE;` up to the `}` that closes it, set on `n`.
    /// Returns where that `}` is.
    @discardableResult
    static func objectiveCEntries(_ s: [Unicode.Scalar], from start: Int, line: Int, into n: inout PrintedNotification) throws(ConsoleLogError) -> Int {
        var i = start
        while true {
            while i < s.count, s[i] == " " || s[i] == "\t" { i += 1 }
            if i < s.count, s[i] == "}" { return i }
            guard i < s.count, let entry = objectiveCEntry(s, from: i) else {
                throw ConsoleLogError(line: line, column: i + 1, message: "the userInfo of the keyboard notification of line \(n.line) is cut off",
                                      expected: "'KEY = VALUE;' entries and '}' after the last")
            }
            try n.set(entry.key, entry.value, line: line, column: entry.column)
            i = entry.end + 1
        }
    }

    /// Where a keyboard userInfo printed alone opens: the index just past
    /// its `{` (`NSDictionary`'s form) or `[` (Swift's), and the form; nil
    /// when the line opens none. `NSDictionary`'s form may be a `{` alone
    /// on its line, the entries on the lines after (`next` is the next
    /// line that is not blank), or one line.
    static func bareUserInfo(_ s: [Unicode.Scalar], from start: Int, next: () -> [Unicode.Scalar]?) -> (open: Int, form: PrintedNotification.Form)? {
        let reader = ConstraintDescriptionReader(s, columns: [], line: 0, endColumn: s.count + 1)
        if let open = reader.find("[AnyHashable(\"UIKeyboard", start, s.count) {
            return (open + 1, .swiftUserInfo)
        }
        var i = start
        // A wrapper before the brace: `next(`, `Optional(`.
        while i < s.count, ConstraintDescriptionReader.isLetter(s[i]) || s[i] == "(" || s[i] == " " { i += 1 }
        guard i < s.count, s[i] == "{" else { return nil }
        var k = i + 1
        while k < s.count, s[k] == " " || s[k] == "\t" || s[k] == "\r" { k += 1 }
        if k == s.count {
            guard let next = next() else { return nil }
            let j = contentStart(next)
            guard let e = objectiveCEntry(next, from: j), e.key.hasPrefix("UIKeyboard") else { return nil }
            return (i + 1, .objectiveCUserInfo)
        }
        guard let e = objectiveCEntry(s, from: k), e.key.hasPrefix("UIKeyboard") else { return nil }
        return (i + 1, .objectiveCUserInfo)
    }
}
