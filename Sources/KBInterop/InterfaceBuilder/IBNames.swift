import KBModel

/// The names an import gives: readable, stable (the same document gives
/// the same names) and unique. A view's name is, in this order, the
/// outlet property that points at it, its accessibility identifier or
/// `userLabel`, its placeholder or text with its kind (`"Email"` →
/// `emailField`), then its kind and index (`view3`).
struct IBNames {
    private(set) var used: Set<String> = ["window", "screen", "kb", "keyboard"]
    private var counters: [String: Int] = [:]

    /// `name` made unique: `name`, `name2`, `name3`, …
    mutating func claim(_ base: String) -> String {
        var base = base
        if !Screen.isValidName(base) { base = "v" + base }
        var candidate = base
        var n = 1
        while used.contains(candidate) {
            n += 1
            candidate = base + "\(n)"
        }
        used.insert(candidate)
        return candidate
    }

    mutating func removeUsed(_ name: String) { used.remove(name) }

    /// Marks a name (`C.view`) as taken.
    mutating func reserve(_ name: String) { used.insert(name) }

    /// The next index of a kind: `view1`, `view2`, …
    mutating func indexed(_ base: String) -> String {
        var n = counters[base, default: 0]
        var candidate: String
        repeat {
            n += 1
            candidate = base + "\(n)"
        } while used.contains(candidate)
        counters[base] = n
        used.insert(candidate)
        return candidate
    }

    /// A phrase as an identifier in lower camel case: `"Sign In"` →
    /// `signIn`, `"E-mail address"` → `eMailAddress`; nil if nothing of
    /// it is a letter or a digit.
    static func identifier(_ phrase: String, upper: Bool = false, limit: Int = 24) -> String? {
        let words = phrase.split { !($0.isASCII && ($0.isLetter || $0.isNumber)) && $0 != "_" }
        var out = ""
        for (i, w) in words.enumerated() {
            let word = String(w)
            if i == 0 && !upper {
                // Keep an identifier's own camel case (`emailField`); a
                // word in capitals (`URL`) is lowered whole.
                out += word == word.uppercased() ? word.lowercased() : word.prefix(1).lowercased() + word.dropFirst()
            } else {
                out += word.prefix(1).uppercased() + word.dropFirst()
            }
            if out.count >= limit { break }
        }
        guard !out.isEmpty else { return nil }
        out = String(out.prefix(limit))
        if out.first!.isNumber { out = "v" + out }
        return out
    }

    /// An outlet's property as a name, whole: it is already an identifier
    /// the code uses, so it is not shortened as phrases are.
    static func outletName(_ property: String) -> String? {
        identifier(property, limit: 200)
    }

    /// A controller's readable name: its custom class without the
    /// `ViewController`/`Controller` suffix (`LoginViewController` →
    /// `Login`), else its storyboard identifier or title, else its kind.
    static func controllerName(_ c: IBElement) -> String {
        if let cls = c["customClass"] {
            var base = cls
            for suffix in ["ViewController", "Controller", "VC"] where base.hasSuffix(suffix) && base.count > suffix.count {
                base = String(base.dropLast(suffix.count))
                break
            }
            if let id = identifier(base, upper: true) { return id.prefix(1).uppercased() + id.dropFirst() }
        }
        for key in ["storyboardIdentifier", "title", "userLabel"] {
            if let s = c[key], let id = identifier(s, upper: true) { return id.prefix(1).uppercased() + id.dropFirst() }
        }
        switch c.name {
        case "navigationController": return "Navigation"
        case "tabBarController": return "Tabs"
        case "placeholder": return "Owner"
        default: return c.name.prefix(1).uppercased() + c.name.dropFirst()
        }
    }

    /// What a view's text says, with its kind: `"Email"` placeholder of a
    /// text field → `emailField`.
    static func fromText(_ e: IBElement) -> String? {
        let suffix: String
        let text: String?
        switch e.name {
        case "textField": suffix = "Field"; text = e["placeholder"] ?? e.text
        case "textView": suffix = "TextView"; text = e.text
        case "label": suffix = "Label"; text = e.text
        case "button": suffix = "Button"; text = IBNames.buttonTitle(e)
        default: return nil
        }
        guard let text, let id = identifier(text, limit: 20) else { return nil }
        return id + suffix
    }

    /// A button's title: its normal state's, or its configuration's.
    static func buttonTitle(_ e: IBElement) -> String? {
        e.children("state").first { $0["key"] == "normal" }?["title"] ?? e.child("buttonConfiguration")?["title"] ?? e["title"]
    }
}
