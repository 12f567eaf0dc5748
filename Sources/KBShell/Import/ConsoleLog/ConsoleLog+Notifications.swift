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
    static func objectiveCEntry(_ s: [Unicode.Scalar], from start: Int) -> (key: String, value: String, column: Int)? {
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
        return (key, String(value), column)
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
        var i = open + "userInfo = Optional([".unicodeScalars.count
        func cutOff(_ at: Int) -> ConsoleLogError {
            ConsoleLogError(line: n.line, column: at + 1, message: "the userInfo of the keyboard notification \(n.spelling) is cut off",
                            expected: "AnyHashable(\"KEY\"): VALUE entries separated by ', ' and closed by '])'")
        }
        if i + 1 < s.count, s[i] == "]", s[i + 1] == ")" { return true }
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
                guard let close = reader.findLast("])", v, s.count) else { throw cutOff(s.count) }
                valueEnd = close
            }
            try n.set(key, reader.text(v, valueEnd), line: n.line, column: v + 1)
            if next == nil { return true }
            i = valueEnd + 2
        }
    }
}
