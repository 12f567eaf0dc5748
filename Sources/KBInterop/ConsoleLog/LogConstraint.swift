/// One constraint as UIKit describes it in a conflict dump:
/// `<NSLayoutConstraint:0x600… 'id' UILabel:0x7f….leading == UIView:0x7f….leadingMargin + 8 @750   (active)>`,
/// or in the visual format of older systems (`H:|-(8)-[UILabel:0x…]   (Names: '|':UIView:0x… )`).
/// Visual-format descriptions are read as the equation they stand for.
public struct LogConstraint: Sendable {
    public enum Relation: String, Sendable { case equal = "==", lessOrEqual = "<=", greaterOrEqual = ">=" }

    /// An item's attribute as printed (`leading`, `topMargin`, `midX`).
    public struct Term: Sendable {
        public var item: LogItem
        public var attribute: String
    }

    /// `NSLayoutConstraint`, `NSAutoresizingMaskLayoutConstraint`, …
    public var className: String
    public var address: String
    public var identifier: String?
    /// An autoresizing constraint's `h=--& v=--&`.
    public var autoresizingMask: String?
    public var first: Term
    public var relation: Relation
    /// Nil for `first == constant`.
    public var second: Term?
    public var multiplier: Double = 1
    public var constant: Double = 0
    public var priority: Int = 1000
    public var isActive = true
    /// UIKit printed the equation cut short (`UILabel:0x….midX ==`).
    public var isTruncated = false
    /// The superview a visual-format `|` stands for (from `names: '|':…`).
    public var superview: LogItem?
    /// A visual-format spacing between two views (`V:[A]-(8)-[B]`): UIKit
    /// prints it so only for views of one superview.
    public var relatesSiblings = false
    /// The line of the log it was read from.
    public var line: Int
}

/// Reads one constraint description. Works on the description's scalars
/// with each one's 1-based column in the log's line, so an error points
/// at the raw text even when `\Uxxxx` escapes were decoded.
struct ConstraintDescriptionReader {
    let s: [Unicode.Scalar]
    let columns: [Int]
    let line: Int
    let endColumn: Int

    init(_ s: [Unicode.Scalar], columns: [Int], line: Int, endColumn: Int) {
        self.s = s
        self.columns = columns
        self.line = line
        self.endColumn = endColumn
    }

    func column(_ i: Int) -> Int { i < columns.count ? columns[i] : endColumn }

    func fail(_ i: Int, _ message: String, expected: String) -> ConsoleLogError {
        ConsoleLogError(line: line, column: column(i), message: message, expected: expected)
    }

    func text(_ a: Int, _ b: Int) -> String {
        var out = String.UnicodeScalarView()
        if a < b { out.append(contentsOf: s[a..<b]) }
        return String(out)
    }

    func starts(_ word: String, at i: Int) -> Bool {
        var j = i
        for u in word.unicodeScalars {
            guard j < s.count, s[j] == u else { return false }
            j += 1
        }
        return true
    }

    /// The first index in `a..<b` where `word` starts.
    func find(_ word: String, _ a: Int, _ b: Int) -> Int? {
        // The word's scalars once, and its first compared before the rest:
        // a log's app output is searched line by line, and decoding the
        // word at every position was most of the import's time.
        let w = Array(word.unicodeScalars)
        guard let first = w.first else { return a <= b ? a : nil }
        let n = w.count
        var i = a
        while i + n <= b {
            if s[i] == first && matches(w, at: i) { return i }
            i += 1
        }
        return nil
    }

    /// The last index in `a..<b` where `word` starts.
    func findLast(_ word: String, _ a: Int, _ b: Int) -> Int? {
        let w = Array(word.unicodeScalars)
        guard let first = w.first else { return b >= a ? b : nil }
        var i = b - w.count
        while i >= a {
            if s[i] == first && matches(w, at: i) { return i }
            i -= 1
        }
        return nil
    }

    /// Whether `w` stands at `i` (which has room for it).
    private func matches(_ w: [Unicode.Scalar], at i: Int) -> Bool {
        var k = 1
        while k < w.count {
            if s[i + k] != w[k] { return false }
            k += 1
        }
        return true
    }

    static func isHex(_ u: Unicode.Scalar) -> Bool {
        ("0"..."9").contains(u) || ("a"..."f").contains(u) || ("A"..."F").contains(u)
    }

    static func isLetter(_ u: Unicode.Scalar) -> Bool { ("a"..."z").contains(u) || ("A"..."Z").contains(u) }

    func skipSpaces(_ i: Int, _ b: Int) -> Int {
        var i = i
        while i < b, s[i] == " " || s[i] == "\t" { i += 1 }
        return i
    }

    func trimEnd(_ a: Int, _ b: Int) -> Int {
        var b = b
        while b > a, s[b - 1] == " " || s[b - 1] == "\t" { b -= 1 }
        return b
    }

    /// `0x` and hex digits at `i`: the address and the index past it.
    func address(at i: Int, _ b: Int) -> (String, Int)? {
        guard starts("0x", at: i) else { return nil }
        var j = i + 2
        while j < b, Self.isHex(s[j]) { j += 1 }
        return j > i + 2 ? (text(i, j), j) : nil
    }

    // MARK: The description

    static let expectedDescription = "a constraint description such as <NSLayoutConstraint:0x600… UILabel:0x7f….top == UIView:0x7f….top + 8   (active)>"

    func read() throws(ConsoleLogError) -> LogConstraint {
        var i = 0
        guard i < s.count, s[i] == "<" else { throw fail(i, "not a constraint description", expected: Self.expectedDescription) }
        guard let last = s.lastIndex(of: ">"), last > 0, trimEnd(last + 1, s.count) == last + 1 else {
            throw fail(s.count, "the description is cut off", expected: "'>' at its end")
        }
        i = 1
        guard let colon = find(":", i, last) else { throw fail(i, "no class and address", expected: "CLASS:0xADDRESS") }
        let className = text(i, colon)
        guard let (address, afterAddress) = self.address(at: colon + 1, last) else {
            throw fail(colon + 1, "no address after \(className):", expected: "an address such as 0x600002b3c0a0")
        }
        i = afterAddress
        // SnapKit's constraints print where they were made: `SnapKit.LayoutConstraint:0x…@File.swift#61`.
        if i < last, s[i] == "@" {
            while i < last, s[i] != " " { i += 1 }
        }
        i = skipSpaces(i, last)
        var identifier: String?
        if i < last, s[i] == "'" {
            // The identifier runs to the quote that a blank follows: it may
            // hold quotes, dots and angle brackets of its own.
            var j = i + 1
            while j < last, !(s[j] == "'" && (j + 1 == last || s[j + 1] == " ")) { j += 1 }
            guard j < last else { throw fail(i, "the identifier is not closed", expected: "' after the identifier") }
            identifier = text(i + 1, j)
            i = skipSpaces(j + 1, last)
        }
        var mask: [String] = []
        while i + 5 <= last, s[i] == "h" || s[i] == "v", s[i + 1] == "=", i + 5 == last || s[i + 5] == " " {
            mask.append(text(i, i + 5))
            i = skipSpaces(i + 5, last)
        }
        // The status at the end: (active), (inactive), (active, names: …), (Names: …).
        var bodyEnd = trimEnd(i, last)
        var isActive = true
        var superview: LogItem?
        var named: [String: String] = [:]
        for opener in ["(active", "(inactive", "(Names:", "(names:"] {
            if let k = findLast(opener, i, bodyEnd), k > i, s[k - 1] == " ", s[bodyEnd - 1] == ")" {
                isActive = opener != "(inactive"
                if let n = find("ames:", k, bodyEnd) {
                    (superview, named) = try names(n + 5, bodyEnd - 1)
                }
                bodyEnd = trimEnd(i, k)
                break
            }
        }
        // `{id: 34}` and `Hug:250 CompressionResistance:750` of content-size constraints.
        var b = bodyEnd
        if className == "NSContentSizeLayoutConstraint", let h = find(" Hug:", i, b) { b = h }
        var c: LogConstraint
        if starts("H:", at: i) || starts("V:", at: i) {
            // `(LTR)` after a horizontal format: the layout direction.
            for direction in ["(LTR)", "(RTL)"] where b - 5 > i && starts(direction, at: b - 5) { b -= 5 }
            c = try visualFormat(i, b, className: className, address: address, superview: superview, named: named)
        } else {
            c = try equation(i, b, className: className, address: address, named: named)
        }
        c.identifier = identifier
        c.autoresizingMask = mask.isEmpty ? nil : mask.joined(separator: " ")
        c.isActive = isActive
        c.superview = superview
        return c
    }

    /// `'|':UIView:0x…, Toolbar.lockIcon:0x… ` → the superview and the debug names' addresses.
    func names(_ a: Int, _ b: Int) throws(ConsoleLogError) -> (LogItem?, [String: String]) {
        var superview: LogItem?
        var named: [String: String] = [:]
        var i = skipSpaces(a, b)
        while i < b {
            var end = i
            while end < b, !(s[end] == "," && end + 1 < b && s[end + 1] == " ") { end += 1 }
            let e = trimEnd(i, end)
            if starts("'|':", at: i) {
                superview = try item(i + 4, e)
            } else if let k = findLast(":0x", i, e) {
                named[text(i, k)] = text(k + 1, e)
            }
            i = skipSpaces(min(end + 1, b), b)
        }
        return (superview, named)
    }

    /// `CLASS:0xADDR['label']` or a debug name.
    func item(_ a: Int, _ b: Int, named: [String: String] = [:]) throws(ConsoleLogError) -> LogItem {
        guard a < b else { throw fail(a, "an item is missing", expected: "a view such as UILabel:0x7f8e1d40a2e0") }
        if let k = find(":0x", a, b) {
            var className = text(a, k)
            // Markdown turns a leading `_` into `*` (`*UIKBCompatInputView`).
            if className.hasPrefix("*") { className = "_" + className.dropFirst() }
            guard let (address, j) = self.address(at: k + 1, b) else {
                throw fail(k + 1, "a bad address", expected: "0x and hex digits")
            }
            var label: String?
            if j < b {
                guard s[j] == "'", s[b - 1] == "'", b - 1 > j else {
                    throw fail(j, "unexpected text after \(className):\(address)", expected: "'label' or '.attribute'")
                }
                label = text(j + 1, b - 1)
            }
            return LogItem(className: className, address: address, label: label)
        }
        let name = text(a, b)
        return LogItem(className: name, address: named[name], label: nil, isDebugName: true)
    }

    /// `ITEM.attribute`.
    func term(_ a: Int, _ b: Int, named: [String: String]) throws(ConsoleLogError) -> LogConstraint.Term {
        guard let dot = findLast(".", a, b), dot + 1 < b else {
            throw fail(b, "no attribute", expected: "ITEM.attribute such as UILabel:0x7f….top")
        }
        for k in (dot + 1)..<b where !Self.isLetter(s[k]) {
            // `width{id: 34}` in content-size constraints.
            if s[k] == "{" {
                return LogConstraint.Term(item: try item(a, dot, named: named), attribute: text(dot + 1, k))
            }
            throw fail(k, "a bad attribute '\(text(dot + 1, b))'", expected: "an attribute such as top, leading, width, centerX")
        }
        return LogConstraint.Term(item: try item(a, dot, named: named), attribute: text(dot + 1, b))
    }

    func number(_ a: Int, _ b: Int, what: String) throws(ConsoleLogError) -> Double {
        let t = String(text(a, b).filter { $0 != " " })
        guard let x = Double(t), x.isFinite else { throw fail(a, "a bad \(what) '\(t)'", expected: "a number") }
        return x
    }

    /// `FIRST REL [M*]SECOND [± C] [@P]` or `FIRST REL C [@P]`.
    func equation(_ a: Int, _ b: Int, className: String, address: String,
                  named: [String: String]) throws(ConsoleLogError) -> LogConstraint {
        var r: (Int, LogConstraint.Relation)?
        for (op, rel) in [(" == ", LogConstraint.Relation.equal), (" <= ", .lessOrEqual), (" >= ", .greaterOrEqual)] {
            if let k = find(op, a, b), r.map({ k < $0.0 }) ?? true { r = (k, rel) }
        }
        if r == nil {
            // UIKit sometimes prints an autoresizing equation cut short: `….midX ==`.
            for (op, rel) in [(" ==", LogConstraint.Relation.equal), (" <=", .lessOrEqual), (" >=", .greaterOrEqual)]
                where trimEnd(a, b) >= 3 && starts(op, at: trimEnd(a, b) - 3) {
                let first = try term(a, trimEnd(a, b) - 3, named: named)
                return LogConstraint(className: className, address: address, first: first, relation: rel, isTruncated: true, line: line)
            }
            throw fail(a, "no relation", expected: "==, <= or >= between two sides")
        }
        let (k, relation) = r!
        let first = try term(a, trimEnd(a, k), named: named)
        var c = LogConstraint(className: className, address: address, first: first, relation: relation, line: line)
        var i = skipSpaces(k + 4, b)
        var e = trimEnd(i, b)
        if let at = findLast(" @", i, e) {
            c.priority = Int(try number(at + 2, e, what: "priority"))
            e = trimEnd(i, at)
        }
        // System spacing after the second item, `… .bottom NSLayoutAnchorConstraintSpace(8)`
        // (or `NSSpace(8)`): the second item plus that spacing.
        var systemSpace: Double?
        if e > i, s[e - 1] == ")" {
            for word in [" NSLayoutAnchorConstraintSpace(", " NSSpace("] {
                guard let k = findLast(word, i, e) else { continue }
                let n = word.unicodeScalars.count
                systemSpace = try number(k + n, e - 1, what: "system spacing")
                e = trimEnd(i, k)
                var signEnd = e
                if signEnd - 2 > i, s[signEnd - 1] == "+" || s[signEnd - 1] == "-", s[signEnd - 2] == " " {
                    if s[signEnd - 1] == "-" { systemSpace = -systemSpace! }
                    signEnd = trimEnd(i, signEnd - 1)
                }
                e = signEnd
                break
            }
        }
        if i >= e {
            c.isTruncated = true
            return c
        }
        // A constant alone, signed with a blank after the sign as UIKit
        // prints negative frame values (`minY == - 0.333333`).
        if let x = Double(String(text(i, e).filter { $0 != " " })) {
            c.constant = x
            return c
        }
        // A multiplier: `0.5*UIView:0x….width`.
        if let star = find("*", i, e), Double(text(i, star)) != nil {
            c.multiplier = try number(i, star, what: "multiplier")
            i = star + 1
        }
        var termEnd = e
        if let op = findLast(" + ", i, e) ?? findLast(" - ", i, e) {
            let sign: Double = s[op + 1] == "-" ? -1 : 1
            c.constant = sign * (try number(op + 3, e, what: "constant"))
            termEnd = op
        }
        c.second = try term(i, termEnd, named: named)
        if let systemSpace { c.constant += systemSpace }
        return c
    }

    // MARK: The visual format

    /// A predicate `(==8@750)`, `(>=NSSpace(8))`, `(70)`: relation, value, priority.
    func predicate(_ a: Int, _ b: Int) throws(ConsoleLogError) -> (LogConstraint.Relation, Double, Int?) {
        var i = a
        var relation = LogConstraint.Relation.equal
        for rel in [LogConstraint.Relation.equal, .lessOrEqual, .greaterOrEqual] where starts(rel.rawValue, at: i) {
            relation = rel
            i += 2
        }
        var e = b
        var priority: Int?
        if let at = findLast("@", i, e) {
            priority = Int(try number(at + 1, e, what: "priority"))
            e = at
        }
        if starts("NSSpace(", at: i), e > i + 8, s[e - 1] == ")" {
            return (relation, try number(i + 8, e - 1, what: "space"), priority)
        }
        return (relation, try number(i, e, what: "size"), priority)
    }

    /// `H:|-(8)-[A]`, `H:[A]-(8)-|`, `V:[A]-(8)-[B]`, `H:[A(70)]`, `V:|[A]`:
    /// one constraint each, as the equation it stands for.
    func visualFormat(_ a: Int, _ b: Int, className: String, address: String,
                      superview: LogItem?, named: [String: String] = [:]) throws(ConsoleLogError) -> LogConstraint {
        let vertical = s[a] == "V"
        let (lead, trail, size) = vertical ? ("top", "bottom", "height") : ("leading", "trailing", "width")
        enum Element { case edge, view(LogItem, (LogConstraint.Relation, Double, Int?)?) }
        var elements: [Element] = []
        var gaps: [(LogConstraint.Relation, Double, Int?)] = []
        var i = a + 2
        var pendingGap: (LogConstraint.Relation, Double, Int?)? = nil
        while i < b {
            switch s[i] {
            case "|":
                if !elements.isEmpty { gaps.append(pendingGap ?? (.equal, 0, nil)) }
                pendingGap = nil
                elements.append(.edge)
                i += 1
            case "[":
                // The bracket closes where the next element or the end begins.
                var j = i + 1
                while j < b, !(s[j] == "]" && (j + 1 == b || s[j + 1] == "-" || s[j + 1] == "[" || s[j + 1] == "|")) { j += 1 }
                guard j < b else { throw fail(i, "'[' is not closed", expected: "]") }
                var itemEnd = j
                var pred: (LogConstraint.Relation, Double, Int?)?
                if s[j - 1] == ")", let open = findLast("(", i + 1, j - 1) {
                    // `NSSpace(8)` has a parenthesis of its own.
                    let o = (open >= 7 && starts("NSSpace(", at: open - 7)) ? findLast("(", i + 1, open - 7) ?? open : open
                    pred = try predicate(o + 1, j - 1)
                    itemEnd = o
                }
                if !elements.isEmpty { gaps.append(pendingGap ?? (.equal, 0, nil)) }
                pendingGap = nil
                elements.append(.view(try item(i + 1, itemEnd, named: named), pred))
                i = j + 1
            case "-":
                // `-(8)-`, `-8-` or `-` (the standard space, 8).
                if i + 1 < b, s[i + 1] == "(" {
                    var depth = 0
                    var j = i + 1
                    while j < b {
                        if s[j] == "(" { depth += 1 }
                        if s[j] == ")" { depth -= 1; if depth == 0 { break } }
                        j += 1
                    }
                    guard j < b else { throw fail(i + 1, "'(' is not closed", expected: ")") }
                    pendingGap = try predicate(i + 2, j)
                    i = j + 1
                    if i < b, s[i] == "-" { i += 1 }
                } else {
                    var j = i + 1
                    while j < b, s[j] != "-" && s[j] != "[" && s[j] != "|" { j += 1 }
                    if j > i + 1, j < b, s[j] == "-" {
                        pendingGap = (.equal, try number(i + 1, j, what: "space"), nil)
                        i = j + 1
                    } else {
                        pendingGap = (.equal, 8, nil)
                        i += 1
                    }
                }
            default:
                throw fail(i, "unexpected '\(s[i])' in the visual format", expected: "|, [VIEW], -(N)-")
            }
        }
        let edge = superview ?? LogItem(className: "|", address: nil, label: nil)
        func make(_ first: LogConstraint.Term, _ rel: LogConstraint.Relation, _ second: LogConstraint.Term?,
                  _ constant: Double, _ priority: Int?) -> LogConstraint {
            var c = LogConstraint(className: className, address: address, first: first, relation: rel, second: second, line: line)
            c.constant = constant
            c.priority = priority ?? 1000
            return c
        }
        switch (elements.count, elements.first, elements.last) {
        case let (1, .view(v, p?)?, _):
            return make(.init(item: v, attribute: size), p.0, nil, p.1, p.2)
        case let (2, .edge?, .view(v, _)?):
            let g = gaps[0]
            return make(.init(item: v, attribute: lead), g.0, .init(item: edge, attribute: lead), g.1, g.2)
        case let (2, .view(v, _)?, .edge?):
            let g = gaps[0]
            return make(.init(item: edge, attribute: trail), g.0, .init(item: v, attribute: trail), g.1, g.2)
        case let (2, .view(v, _)?, .view(w, _)?):
            let g = gaps[0]
            var c = make(.init(item: w, attribute: lead), g.0, .init(item: v, attribute: trail), g.1, g.2)
            c.relatesSiblings = true
            return c
        default:
            throw fail(a, "a visual format kbplay does not read as one constraint",
                       expected: "H:|-(N)-[VIEW], H:[VIEW]-(N)-|, H:[A]-(N)-[B] or H:[VIEW(N)]")
        }
    }
}
