import KBModel

/// What kbplay reads in a console log: UIKit's constraint-conflict dumps
/// ("Unable to simultaneously satisfy constraints", the list, and
/// "Will attempt to recover by breaking constraint <…>"), and the views of
/// `recursiveDescription` and `_autolayoutTrace` dumps. Lines may carry a
/// timestamp and process prefix, the `[LayoutConstraints]` tag, or a
/// quoting `> ` or `//`; every other line is skipped and counted.
public struct ConsoleLog: Sendable {
    /// One conflict dump.
    public struct Dump: Sendable {
        /// The line of its "Unable to simultaneously satisfy constraints".
        public var line: Int
        public var constraints: [LogConstraint]
        /// The address of the constraint UIKit broke.
        public var brokenAddress: String
    }

    /// One view of a hierarchy dump.
    public struct HierarchyView: Sendable {
        public var item: LogItem
        /// The key (address) of its superview in the dump, if it has one there.
        public var parent: String?
        /// `frame = (x y; w h)` in its superview's coordinates.
        public var frame: Rect?
        public var line: Int
        /// `_autolayoutTrace` marked it `- AMBIGUOUS LAYOUT`.
        public var ambiguous = false
    }

    public var dumps: [Dump] = []
    public var hierarchy: [HierarchyView] = []
    /// The keyboard notifications the app printed, in the log's order.
    public var notifications: [PrintedNotification] = []
    /// Lines that are none of the above (blank lines aside).
    public var skipped = 0

    public static let header = "Unable to simultaneously satisfy constraints"
    public static let recovery = "Will attempt to recover by breaking constraint"

    /// Reads a whole log; a dump cut off or a description that does not
    /// read is an error with its line and column.
    public static func parse(_ text: String) throws(ConsoleLogError) -> ConsoleLog {
        var log = ConsoleLog()
        // Lines as scalar arrays, cut once from the whole text's scalars.
        // One pass over the text: `Array(text.unicodeScalars)` decodes it
        // twice (once to count), a tenth of the import's time.
        var all: [Unicode.Scalar] = []
        all.reserveCapacity(text.utf8.count)
        for u in text.unicodeScalars { all.append(u) }
        var lines: [[Unicode.Scalar]] = []
        var lineStart = 0
        for (i, u) in all.enumerated() where u == "\n" {
            lines.append(Array(all[lineStart..<i]))
            lineStart = i + 1
        }
        if lineStart < all.count { lines.append(Array(all[lineStart...])) }
        enum Phase { case idle, header, list, closed, recovery }
        var phase = Phase.idle
        var dump = Dump(line: 0, constraints: [], brokenAddress: "")
        var treeStack: [String] = []
        var inTree = false
        /// A notification in `NSNotification`'s form whose userInfo is being read.
        var pending: PrintedNotification?
        func unfinished(at line: Int, column: Int) -> ConsoleLogError {
            ConsoleLogError(line: line, column: column,
                            message: "the userInfo of the keyboard notification of line \(pending!.line) is cut off",
                            expected: "'KEY = VALUE;' entries and '\(pending!.form == .objectiveCUserInfo ? "}" : "}}")' after the last")
        }

        func cutOff(at line: Int) -> ConsoleLogError {
            ConsoleLogError(line: line, column: 1, message: "the conflict dump of line \(dump.line) is cut off",
                            expected: phase == .recovery ? "the broken constraint <…> after '\(recovery)'"
                                : "\"<…>\" descriptions, ')' and '\(recovery) <…>'")
        }

        for (index, scalars) in lines.enumerated() {
            let n = index + 1
            let start = contentStart(scalars)
            let content = scalars[start...]
            let isBlank = content.allSatisfy { $0 == " " || $0 == "\t" || $0 == "\r" }
            func has(_ word: [Unicode.Scalar]) -> Bool { Self.find(word, in: content) }
            var text: String { String(String.UnicodeScalarView(content)) }
            if pending != nil {
                if isBlank { continue }
                if content[start] == "}", Self.closes(text.trimmingBlanks, braces: pending!.form == .objectiveCUserInfo ? 1 : 2) {
                    log.notifications.append(pending!)
                    pending = nil
                } else if let entry = objectiveCEntry(scalars, from: start) {
                    try pending!.set(entry.key, entry.value, line: n, column: entry.column)
                } else {
                    // An entry whose value stops short is cut off at its end.
                    throw unfinished(at: n, column: objectiveCKeyEnd(scalars, from: start) != nil ? scalars.count + 1 : start + 1)
                }
                continue
            }
            if has(headerScalars) {
                if phase != .idle { throw cutOff(at: n) }
                phase = .header
                dump = Dump(line: n, constraints: [], brokenAddress: "")
                inTree = false
                continue
            }
            if phase != .idle {
                if isBlank { continue }
                let first = content.first!
                switch phase {
                case .recovery:
                    // Markdown escapes the angle brackets: `\<NSLayoutConstraint:0x…\>`.
                    guard first == "<" || (first == "\\" && content.count > 1 && content[start + 1] == "<") else {
                        throw ConsoleLogError(line: n, column: start + 1, message: "no broken constraint after '\(recovery)'",
                                              expected: "the constraint's description <NSLayoutConstraint:0x…>")
                    }
                    guard let colon = content.firstIndex(of: ":"), colon + 2 < scalars.count,
                          scalars[colon + 1] == "0", scalars[colon + 2] == "x" else {
                        throw ConsoleLogError(line: n, column: start + 2, message: "the broken constraint has no address",
                                              expected: "<CLASS:0xADDRESS …>")
                    }
                    var e = colon + 3
                    while e < scalars.count, ConstraintDescriptionReader.isHex(scalars[e]) { e += 1 }
                    dump.brokenAddress = String(String.UnicodeScalarView(scalars[(colon + 1)..<e]))
                    log.dumps.append(dump)
                    phase = .idle
                case .header, .list, .closed:
                    if has(recoveryScalars) {
                        guard !dump.constraints.isEmpty else {
                            throw ConsoleLogError(line: n, column: start + 1, message: "the conflict dump of line \(dump.line) lists no constraint",
                                                  expected: "\"<…>\" descriptions before '\(recovery)'")
                        }
                        phase = .recovery
                    } else if first == "\"" {
                        guard phase != .closed else {
                            throw ConsoleLogError(line: n, column: start + 1, message: "a description after the list's ')'",
                                                  expected: "'\(recovery)'")
                        }
                        dump.constraints.append(try entry(scalars, from: start, line: n))
                        phase = .list
                    } else if text.trimmingBlanks == "(" {
                        phase = .list
                    } else if text.trimmingBlanks == ")" {
                        phase = .closed
                    } else if phase == .header {
                        // UIKit's advice: "Probably at least one…", "Try this:", "(1) …", "(Note: …".
                        continue
                    } else {
                        throw ConsoleLogError(line: n, column: start + 1,
                                              message: phase == .list ? "the list of constraints stops here" : "unexpected text after the list",
                                              expected: phase == .list ? "a \"<…>\" description or ')'" : "'\(recovery)'")
                    }
                case .idle:
                    break
                }
                continue
            }
            if isBlank { continue }
            // A list pasted without its header: its first description
            // opens the dump (the `(` before it is skipped).
            if content.count > 2, content[start] == "\"", content[start + 1] == "<" || content[start + 1] == "\\",
               has(constraintAddressScalars) {
                phase = .list
                dump = Dump(line: n, constraints: [try entry(scalars, from: start, line: n)], brokenAddress: "")
                inTree = false
                continue
            }
            if trailers.contains(where: has) {
                continue
            }
            if let found = notificationName(scalars, from: start) {
                var printed = PrintedNotification(name: found.name, spelling: found.spelling, form: found.form, line: n)
                var read = true
                if found.form == .swift {
                    read = try swiftUserInfo(scalars, after: found.end, into: &printed)
                    if read { log.notifications.append(printed) }
                } else if objectiveCOpens(scalars, after: found.end) {
                    pending = printed
                } else if let open = ConstraintDescriptionReader(scalars, columns: [], line: n, endColumn: scalars.count + 1)
                            .find("userInfo = {", found.end, scalars.count) {
                    // The whole description on one line (pasted joined, or in Rx's `next(…)`).
                    let close = try objectiveCEntries(scalars, from: open + 12, line: n, into: &printed)
                    guard close + 1 < scalars.count, scalars[close + 1] == "}" else {
                        throw ConsoleLogError(line: n, column: close + 2, message: "the keyboard notification of line \(n) is not closed",
                                              expected: "'}}' after its userInfo's entries")
                    }
                    log.notifications.append(printed)
                } else if has(concreteNotification) {
                    // Printed without a userInfo: no frames to replay.
                    log.notifications.append(printed)
                } else {
                    read = false
                }
                if read {
                    inTree = false
                    continue
                }
            }
            if let bare = bareUserInfo(scalars, from: start, next: { lines[(index + 1)...].first { l in !l.allSatisfy { $0 == " " || $0 == "\t" || $0 == "\r" } } }) {
                // A userInfo printed alone: no name; it is inferred from the frames on import.
                var printed = PrintedNotification(name: .willChangeFrame, spelling: "userInfo", form: bare.form, line: n, nameInferred: true)
                if bare.form == .swiftUserInfo {
                    try swiftEntries(scalars, from: bare.open, closer: "]", into: &printed)
                    log.notifications.append(printed)
                } else if scalars[bare.open...].allSatisfy({ $0 == " " || $0 == "\t" || $0 == "\r" }) {
                    pending = printed
                } else {
                    try objectiveCEntries(scalars, from: bare.open, line: n, into: &printed)
                    log.notifications.append(printed)
                }
                inTree = false
                continue
            }
            if let v = hierarchyView(scalars, from: start, line: n) {
                if v.depth == 0 || !inTree { treeStack = [] }
                inTree = true
                let depth = min(v.depth, treeStack.count)
                treeStack.removeLast(treeStack.count - depth)
                var view = v.view
                view.parent = treeStack.last
                log.hierarchy.append(view)
                treeStack.append(view.item.key)
                continue
            }
            inTree = false
            log.skipped += 1
        }
        if pending != nil { throw unfinished(at: lines.count + 1, column: 1) }
        if phase != .idle { throw cutOff(at: lines.count + 1) }
        return log
    }

    /// Whether `text` closes a printed notification (`}}`) or a userInfo
    /// printed alone (`}`), with the `)` of a wrapper (`next(…)`) after it.
    static func closes(_ text: String, braces: Int) -> Bool {
        var t = Substring(text)
        while t.last == ")" { t = t.dropLast() }
        return t.count == braces && t.allSatisfy { $0 == "}" }
    }

    static let headerScalars = Array(header.unicodeScalars)
    static let constraintAddressScalars = Array("Constraint:0x".unicodeScalars)
    static let concreteNotification = Array("NSConcreteNotification".unicodeScalars)
    static let recoveryScalars = Array(recovery.unicodeScalars)
    /// The lines after a dump that belong to it.
    static let trailers = ["UIViewAlertForUnsatisfiableConstraints", "UIConstraintBasedLayoutDebugging", "objc_exception_throw"]
        .map { Array($0.unicodeScalars) }

    /// Whether `word` occurs in `line`.
    static func find(_ word: [Unicode.Scalar], in line: ArraySlice<Unicode.Scalar>) -> Bool {
        guard let first = word.first, line.count >= word.count else { return false }
        var i = line.startIndex
        let last = line.endIndex - word.count
        while i <= last {
            if line[i] == first {
                var k = 1
                while k < word.count && line[i + k] == word[k] { k += 1 }
                if k == word.count { return true }
            }
            i += 1
        }
        return false
    }

    /// Where a line's text begins, past blanks, `> ` and `//` quoting and a
    /// `2024-05-02 10:11:12.345 App[123:4567] ` prefix.
    static func contentStart(_ s: [Unicode.Scalar]) -> Int {
        var i = 0
        func blanks() { while i < s.count, s[i] == " " || s[i] == "\t" { i += 1 } }
        while true {
            blanks()
            if i < s.count, s[i] == ">" , i + 1 == s.count || s[i + 1] == " " || s[i + 1] == ">" {
                i += 1
                continue
            }
            if i + 1 < s.count, s[i] == "/", s[i + 1] == "/" {
                i += 2
                continue
            }
            break
        }
        // A prefix ends at the `]` after `[pid:tid` (`]:` in syslog's form).
        let limit = min(s.count, i + 120)
        var j = i
        while j < limit, s[j] != "<", s[j] != "\"", s[j] != "|" {
            if s[j] == "[", j + 1 < limit, ("0"..."9").contains(s[j + 1]) {
                var k = j + 1
                while k < limit, ("0"..."9").contains(s[k]) || s[k] == ":" || ConstraintDescriptionReader.isHex(s[k]) || s[k] == "x" { k += 1 }
                if k < limit, s[k] == "]" {
                    i = k + 1
                    if i < s.count, s[i] == ":" { i += 1 }
                    blanks()
                    return i
                }
            }
            j += 1
        }
        return i
    }

    /// A quoted description of the list, `"<…>",`, with its escapes decoded
    /// (`\"`, `\\`, `\U5206`).
    static func entry(_ s: [Unicode.Scalar], from start: Int, line: Int) throws(ConsoleLogError) -> LogConstraint {
        var decoded: [Unicode.Scalar] = []
        var columns: [Int] = []
        var i = start + 1
        var closed = false
        while i < s.count {
            let u = s[i]
            if u == "\"" {
                closed = true
                break
            }
            if u == "\\", i + 1 < s.count {
                let v = s[i + 1]
                if v == "U" || v == "u", i + 5 < s.count {
                    let hex = String(String.UnicodeScalarView(s[(i + 2)...(i + 5)]))
                    if let code = UInt32(hex, radix: 16), let scalar = Unicode.Scalar(code) {
                        decoded.append(scalar)
                        columns.append(i + 1)
                        i += 6
                        continue
                    }
                }
                decoded.append(v)
                columns.append(i + 1)
                i += 2
                continue
            }
            decoded.append(u)
            columns.append(i + 1)
            i += 1
        }
        guard closed else {
            throw ConsoleLogError(line: line, column: s.count + 1, message: "the description is cut off",
                                  expected: "'>\"' at its end")
        }
        let reader = ConstraintDescriptionReader(decoded, columns: columns, line: line, endColumn: i + 1)
        return try reader.read()
    }

    /// A view of `recursiveDescription` (`   | <UITextField: 0x7f…; frame = (16 100; 343 34); …>`)
    /// or `_autolayoutTrace` (`|   |   *UILabel:0x7f…'Email'`), with its depth.
    static func hierarchyView(_ s: [Unicode.Scalar], from start: Int, line: Int) -> (depth: Int, view: HierarchyView)? {
        var i = start
        var depth = 0
        while i < s.count, s[i] == "|" || s[i] == " " || s[i] == "\t" {
            if s[i] == "|" { depth += 1 }
            i += 1
        }
        guard i < s.count else { return nil }
        // Cycript quotes the whole description in backquotes.
        if s[i] == "`", depth == 0, i + 1 < s.count, s[i + 1] == "<" { i += 1 }
        let reader = ConstraintDescriptionReader(s, columns: [], line: line, endColumn: s.count + 1)
        if s[i] == "<", reader.find(": 0x", i, s.count) != nil {
            // recursiveDescription: `<CLASS: 0xADDR; frame = (x y; w h); …>`.
            guard let colon = reader.find(": 0x", i, s.count), let (address, _) = reader.address(at: colon + 2, s.count) else { return nil }
            let className = reader.text(i + 1, colon)
            guard !className.contains(" ") else { return nil }
            var frame: Rect?
            if let f = reader.find("frame = (", colon, s.count), let close = reader.find(")", f, s.count) {
                let numbers = reader.text(f + 9, close).split(whereSeparator: { $0 == " " || $0 == ";" }).compactMap { Double($0) }
                if numbers.count == 4 { frame = Rect(x: numbers[0], y: numbers[1], width: numbers[2], height: numbers[3]) }
            }
            var label: String?
            if let t = reader.find("; text = '", colon, s.count), let e = reader.find("';", t + 10, s.count) {
                label = reader.text(t + 10, e)
            }
            return (depth, HierarchyView(item: LogItem(className: className, address: address, label: label), parent: nil,
                                         frame: frame, line: line))
        }
        // _autolayoutTrace: `•CLASS:0xADDR`, `*CLASS:0xADDR'label'`, `+CLASS:0xADDR` (a frame
        // translated into constraints), `CLASS:0xADDR` at the top; since iOS 11 each in `<…>`
        // (`*<UIView:0xADDR>`), and `- AMBIGUOUS LAYOUT …` after a view whose frame is not decided.
        // A view the engine does not lay out has no marker: inside the tree, it is one only if
        // nothing but its label and an ambiguity follow (checked below).
        let marked = s[i] == "•" || s[i] == "*" || s[i] == "+"
        if marked { i += 1 }
        let bracketed = i < s.count && s[i] == "<"
        if bracketed { i += 1 }
        // The class name runs up to `:0x` (most lines of app output stop
        // at their first blank here, without a search of the whole line).
        var colon = i
        while colon < s.count, ConstraintDescriptionReader.isLetter(s[colon]) || s[colon] == "_" || s[colon] == "."
                || ("0"..."9").contains(s[colon]) { colon += 1 }
        guard colon > i, colon + 2 < s.count, s[colon] == ":", s[colon + 1] == "0", s[colon + 2] == "x",
              let (address, end) = reader.address(at: colon + 1, s.count) else { return nil }
        var after = end
        if bracketed {
            // `<UIView:0xADDR>` whole (a constraint's `<NSLayoutConstraint:0x… A.top == …>` is not a view).
            guard after < s.count, s[after] == ">" else { return nil }
            after += 1
        }
        let className = reader.text(i, colon)
        var label: String?
        if after < s.count, s[after] == "'", let close = reader.find("'", after + 1, s.count) { label = reader.text(after + 1, close) }
        let ambiguous = reader.find("- AMBIGUOUS LAYOUT", after, s.count) != nil
        if !marked, depth > 0 {
            var j = label == nil ? after : (reader.find("'", after + 1, s.count) ?? s.count) + 1
            while j < s.count, s[j] == " " || s[j] == "\t" || s[j] == "\r" { j += 1 }
            guard j == s.count || ambiguous else { return nil }
        }
        return (depth, HierarchyView(item: LogItem(className: className, address: address, label: label), parent: nil, frame: nil, line: line,
                                     ambiguous: ambiguous))
    }
}

extension String {
    /// The text without blanks at either end.
    var trimmingBlanks: String {
        let u = unicodeScalars
        guard let a = u.firstIndex(where: { $0 != " " && $0 != "\t" && $0 != "\r" }),
              let b = u.lastIndex(where: { $0 != " " && $0 != "\t" && $0 != "\r" }) else { return "" }
        return String(u[a...b])
    }
}
