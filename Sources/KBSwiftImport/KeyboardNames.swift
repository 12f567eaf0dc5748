/// How keyboard notifications and keyboard states are spelled in code.
enum KeyboardNames {
    private static let suffixes: [(String, KeyboardNotificationKind)] = [
        ("willshow", .keyboardWillShow), ("didshow", .keyboardDidShow),
        ("willhide", .keyboardWillHide), ("didhide", .keyboardDidHide),
        ("willchangeframe", .keyboardWillChangeFrame), ("didchangeframe", .keyboardDidChangeFrame),
    ]

    /// The notifications named in `text`: `keyboard` directly followed by
    /// will/did and show/hide/changeFrame, in any case, in any spelling
    /// (`UIResponder.keyboardWillShowNotification`, `.UIKeyboardWillShow`,
    /// `UIWindow.keyboardDidHideNotification`, a string name). With
    /// `strict`, only spellings that name the notification itself (ending
    /// in `Notification`, or UIKit's `UIKeyboard…` names), not a function
    /// that happens to be called `keyboardWillShow`.
    static func kinds(in text: String, strict: Bool = false) -> [KeyboardNotificationKind] {
        let lower = Array(text.lowercased().utf8)
        let key = Array("keyboard".utf8)
        var found: [KeyboardNotificationKind] = []
        var i = 0
        while i + key.count <= lower.count {
            if Array(lower[i..<(i + key.count)]) == key {
                let rest = lower[(i + key.count)...]
                for (s, kind) in suffixes where rest.starts(with: s.utf8) {
                    let after = rest.dropFirst(s.utf8.count)
                    let ui = i >= 2 && lower[i - 2] == UInt8(ascii: "u") && lower[i - 1] == UInt8(ascii: "i")
                    let note = after.starts(with: "notification".utf8)
                    // Not the start of a longer word (`keyboardWillShowing`).
                    let ends = after.first.map { !isIdentifier($0) } ?? true
                    if (!strict && (note || ends)) || note || (ui && ends) {
                        if !found.contains(kind) { found.append(kind) }
                    }
                }
                i += key.count
            } else {
                i += 1
            }
        }
        return found
    }

    static func isIdentifier(_ c: UInt8) -> Bool {
        (c >= 0x30 && c <= 0x39) || (c >= 0x41 && c <= 0x5A) || (c >= 0x61 && c <= 0x7A) || c == 0x5F
    }

    /// The notifications a word of a state or event type stands for:
    /// `willShow`, `visible`, `hidden`, `activeWithHeight`, `UIKeyboardWillHide`.
    /// `nil` for a word that is not about the keyboard's state.
    static func kinds(ofWord word: String) -> Set<KeyboardNotificationKind>? {
        let w = word.lowercased()
        for (s, kind) in suffixes where w.hasSuffix(s) || w.contains(s + "notification") || w == s { return [kind] }
        for (s, kind) in suffixes where w.contains("keyboard" + s) { return [kind] }
        switch w {
        case "show", "showing", "shown", "visible", "active", "appear", "appearing":
            return [.keyboardWillShow, .keyboardDidShow]
        case "hide", "hiding", "hidden", "disappear", "disappearing", "dismiss", "dismissed":
            return [.keyboardWillHide, .keyboardDidHide]
        case "changeframe", "changing", "change", "framechange":
            return [.keyboardWillChangeFrame, .keyboardDidChangeFrame]
        default:
            if w.hasPrefix("activewith") || w.hasPrefix("shownwith") || w.hasPrefix("visiblewith") {
                return [.keyboardWillShow, .keyboardDidShow]
            }
            return nil
        }
    }

    /// The identifiers of a piece of code, in order.
    static func words(_ text: String) -> [String] {
        var out: [String] = []
        var current = ""
        for c in text {
            if c.isLetter || c.isNumber || c == "_" { current.append(c) } else if !current.isEmpty { out.append(current); current = "" }
        }
        if !current.isEmpty { out.append(current) }
        return out
    }

    /// Whether a condition holds for a notification of `kind`: `true` or
    /// `false` when it compares a notification's name or a keyboard state
    /// with words of ``kinds(ofWord:)``, `nil` when it says nothing about
    /// the keyboard's state. `a == X || a == Y` holds if either does;
    /// `!=` negates.
    static func decide(_ condition: String, for kind: KeyboardNotificationKind) -> Bool? {
        let disjuncts = condition.components(separatedBy: "||")
        var any = false, allKnown = true
        for d in disjuncts {
            guard !d.contains("&&"), d.contains("==") || d.contains("!=") || d.contains("case") else { allKnown = false; continue }
            let named = words(d).compactMap { kinds(ofWord: $0) }
            guard !named.isEmpty else { allKnown = false; continue }
            let matches = named.contains { $0.contains(kind) }
            let holds = d.contains("!=") ? !matches : matches
            if holds { any = true }
        }
        if any { return true }
        return allKnown ? false : nil
    }

    /// Whether a `case` pattern is about the keyboard's state, and if so
    /// whether it matches `kind`.
    static func matches(pattern: String, _ kind: KeyboardNotificationKind) -> Bool? {
        let named = words(pattern).compactMap { kinds(ofWord: $0) }
        guard !named.isEmpty else { return nil }
        return named.contains { $0.contains(kind) }
    }
}
