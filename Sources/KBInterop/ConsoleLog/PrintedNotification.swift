import KBModel

/// A keyboard notification an app printed (`print(notification)`,
/// `NSLog(@"%@", notification)`), in one of the two forms Apple's
/// frameworks describe it:
///
/// - `NSNotification`'s, over several lines, the userInfo sorted by key
///   and values quoted where they hold blanks or dots:
///   ```
///   NSConcreteNotification 0x600000c3c570 {name = UIKeyboardWillShowNotification; userInfo = {
///       UIKeyboardAnimationCurveUserInfoKey = 7;
///       UIKeyboardAnimationDurationUserInfoKey = "0.25";
///       UIKeyboardFrameEndUserInfoKey = "NSRect: {{0, 550}, {414, 346}}";
///   }}
///   ```
/// - Swift's `Notification`, on one line, in the dictionary's own order:
///   `name = UIKeyboardWillShowNotification, object = nil, userInfo = Optional([AnyHashable("UIKeyboardAnimationCurveUserInfoKey"): 7, …])`.
/// - Its userInfo printed alone (`print(notification.userInfo!)`, `po
///   userInfo`), in either dictionary form and without a name: the name is
///   inferred from the frames afterwards (``NotificationReplay/inferNames(_:screenHeight:)``).
///
/// Wrappers such as RxSwift's `next(…)` around either form are ignored,
/// and values are read in the forms people paste: quoted or not,
/// `Optional(…)`, `NSRect: {{x, y}, {w, h}}`, CGRect's `(x, y, w, h)` or
/// `__C.CGRect(origin: __C.CGPoint(x: …, y: …), size: …)`, `7` or `7.0`.
public struct PrintedNotification: Sendable, Equatable {
    public enum Form: String, Sendable { case objectiveC, swift, objectiveCUserInfo, swiftUserInfo }

    public var name: KeyboardNotification.Name
    /// The name as the log spells it (`UIKeyboardWillShowNotification`).
    public var spelling: String
    public var form: Form
    /// The line of its name.
    public var line: Int
    public var frameBegin: Rect?
    public var frameEnd: Rect?
    public var centerBegin: Point?
    public var centerEnd: Point?
    public var bounds: Rect?
    public var duration: Double?
    public var curve: Int?
    public var isLocal: Bool?
    /// The log prints no name (a bare userInfo): `name` is inferred from the frames.
    public var nameInferred = false

    /// The keyboard notification `spelling` names, in any of its spellings:
    /// `UIKeyboardWillShowNotification`, `UIResponder.keyboardWillShowNotification`,
    /// `NSNotification.Name.UIKeyboardWillShow`, `keyboardWillShow`.
    static func name(_ spelling: String) -> KeyboardNotification.Name? {
        var s = Substring(spelling)
        for prefix in ["UIResponder.", "NSNotification.Name.", "Notification.Name."] where s.hasPrefix(prefix) {
            s = s.dropFirst(prefix.count)
        }
        if s.hasPrefix("UIKeyboard") { s = "keyboard" + s.dropFirst("UIKeyboard".count) }
        if s.hasSuffix("Notification") { s = s.dropLast("Notification".count) }
        return KeyboardNotification.Name(rawValue: String(s))
    }

    /// Sets the field of `key` from its printed value; unknown keys (such
    /// as iOS 7's `UIKeyboardFrameChangedByUserInteraction`) are ignored.
    /// A value that does not read is an error at `column` of `line`.
    mutating func set(_ key: String, _ printed: String, line: Int, column: Int) throws(ConsoleLogError) {
        let value = Self.unwrapped(printed)
        func fail(_ what: String) -> ConsoleLogError {
            ConsoleLogError(line: line, column: column, message: "\(key) of the keyboard notification of line \(self.line) is not \(what): '\(printed)'",
                            expected: what == "a rectangle" ? "NSRect: {{x, y}, {w, h}}" : what == "a point" ? "NSPoint: {x, y}" : "a number")
        }
        switch key {
        case "UIKeyboardFrameBeginUserInfoKey":
            guard let r = Self.rect(value) else { throw fail("a rectangle") }
            frameBegin = r
        case "UIKeyboardFrameEndUserInfoKey":
            guard let r = Self.rect(value) else { throw fail("a rectangle") }
            frameEnd = r
        case "UIKeyboardBoundsUserInfoKey":
            guard let r = Self.rect(value) else { throw fail("a rectangle") }
            bounds = r
        case "UIKeyboardCenterBeginUserInfoKey":
            guard let p = Self.point(value) else { throw fail("a point") }
            centerBegin = p
        case "UIKeyboardCenterEndUserInfoKey":
            guard let p = Self.point(value) else { throw fail("a point") }
            centerEnd = p
        case "UIKeyboardAnimationDurationUserInfoKey":
            guard let d = Double(value), d.isFinite else { throw fail("a number") }
            duration = d
        case "UIKeyboardAnimationCurveUserInfoKey":
            guard let c = Double(value), c.isFinite, c == c.rounded(), abs(c) < 1e9 else { throw fail("a whole number") }
            curve = Int(c)
        case "UIKeyboardIsLocalUserInfoKey":
            switch value {
            case "1", "1.0", "true", "YES": isLocal = true
            case "0", "0.0", "false", "NO": isLocal = false
            default: throw fail("a Boolean (1 or 0)")
            }
        default:
            break
        }
    }

    /// The numbers of `NSRect: {{0, 550}, {414, 346}}` or `NSPoint: {207, 723}`
    /// (also CGRect's `(0.0, 550.0, 414.0, 346.0)`), `count` of them. Read
    /// byte by byte: a log of many notifications has thousands of them.
    static func numbers(_ text: String, prefix: String, count: Int) -> [Double]? {
        var out: [Double] = []
        out.reserveCapacity(count)
        let bytes = Array(text.utf8)
        var i = text.hasPrefix(prefix) ? prefix.utf8.count : 0
        var start = -1
        func flush(_ end: Int) -> Bool {
            guard start >= 0 else { return true }
            defer { start = -1 }
            guard let d = Double(String(decoding: bytes[start..<end], as: UTF8.self)), d.isFinite else { return false }
            out.append(d)
            return true
        }
        while i < bytes.count {
            switch bytes[i] {
            case UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "."), UInt8(ascii: "-"), UInt8(ascii: "+"), UInt8(ascii: "e"):
                if start < 0 { start = i }
            case UInt8(ascii: "{"), UInt8(ascii: "}"), UInt8(ascii: ","), UInt8(ascii: " "), UInt8(ascii: "("), UInt8(ascii: ")"):
                guard flush(i) else { return nil }
            default:
                return nil
            }
            i += 1
        }
        guard flush(bytes.count) else { return nil }
        return out.count == count ? out : nil
    }

    /// A printed value without what wraps it: blanks, `Optional(…)` (any
    /// number of times) and the quotes of `NSDictionary`'s form.
    static func unwrapped(_ text: String) -> String {
        var s = Substring(text)
        while true {
            while let f = s.first, f == " " || f == "\t" { s = s.dropFirst() }
            while let l = s.last, l == " " || l == "\t" { s = s.dropLast() }
            if s.hasPrefix("Optional("), s.hasSuffix(")") {
                s = s.dropFirst("Optional(".count).dropLast()
            } else if s.count >= 2, s.hasPrefix("\""), s.hasSuffix("\"") {
                s = s.dropFirst().dropLast()
            } else {
                return String(s)
            }
        }
    }

    /// The words of Swift's CGRect and CGPoint descriptions, taken out so
    /// that only their numbers remain: `__C.CGRect(origin: __C.CGPoint(x: 0.0, y: 516.0), size: __C.CGSize(width: 393.0, height: 336.0))`.
    static let geometryWords = ["__C.", "CoreGraphics.", "CGRect", "CGPoint", "CGSize", "origin:", "size:", "width:", "height:", "x:", "y:"]

    static func withoutGeometryWords(_ text: String) -> String {
        var s = text
        for w in geometryWords where s.contains(w) { s = s.replacing(w, with: " ") }
        return s
    }

    static func rect(_ text: String) -> Rect? {
        let described = text.hasPrefix("CGRect(") || text.hasPrefix("__C.CGRect(") || text.hasPrefix("CoreGraphics.CGRect(")
        guard text.hasPrefix("NSRect: {{") || text.hasPrefix("(") || described,
              let n = numbers(described ? withoutGeometryWords(text) : text, prefix: "NSRect: ", count: 4),
              n[2] >= 0, n[3] >= 0 else { return nil }
        return Rect(x: n[0], y: n[1], width: n[2], height: n[3])
    }

    static func point(_ text: String) -> Point? {
        let described = text.hasPrefix("CGPoint(") || text.hasPrefix("__C.CGPoint(") || text.hasPrefix("CoreGraphics.CGPoint(")
        guard text.hasPrefix("NSPoint: {") || text.hasPrefix("(") || described,
              let n = numbers(described ? withoutGeometryWords(text) : text, prefix: "NSPoint: ", count: 2) else { return nil }
        return Point(x: n[0], y: n[1])
    }
}
