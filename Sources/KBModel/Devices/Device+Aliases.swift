/// The marketing names a preset stands for, as names `device` accepts.
///
/// They are read from the preset's `name` in `devices.json`, never retyped:
/// `"iPhone 14 Pro, 15, 15 Pro, 16"` is the iPhone 14 Pro, 15, 15 Pro and
/// 16, so `iphone-14-pro`, `iphone-15`, `iphone-15-pro` and `iphone-16`
/// all name the `iphone-15` preset.
extension Device {
    /// The preset's marketing names as lowercase words joined by `-`:
    /// `"iPhone 6/7/8, SE 2nd/3rd gen"` gives `iphone-6`, `iphone-7`,
    /// `iphone-8`, `iphone-se-2` and `iphone-se-3`.
    ///
    /// The name is read as a list (`, ` and ` / ` separate the models; a
    /// word `A/B` stands for each of A and B with the rest of its model);
    /// a model without the family word (`iPhone`, `iPad`) takes the first
    /// model's. A generation in parentheses, `(1st gen)`, becomes its
    /// number; other remarks in parentheses, `-inch` and a closing `+`
    /// ("and later") are left out.
    public var aliases: [String] {
        var out: [String] = []
        let family = name.split(separator: " ").first.map(String.init) ?? ""
        for model in Self.models(in: name) {
            var words = model.split(separator: " ").map(String.init)
            if let first = words.first, !first.hasPrefix(family) { words.insert(family, at: 0) }
            let alias = Self.slug(words)
            if !alias.isEmpty && !out.contains(alias) { out.append(alias) }
        }
        return out
    }

    /// `name` as the models it lists, each with its `A/B` words expanded.
    static func models(in name: String) -> [String] {
        var parts: [String] = []
        var current = ""
        var depth = 0
        // `, ` and ` / ` separate models outside parentheses.
        let characters = Array(name)
        var i = 0
        while i < characters.count {
            let ch = characters[i]
            if ch == "(" { depth += 1 }
            if ch == ")" { depth = max(0, depth - 1) }
            if depth == 0, ch == ",", i + 1 < characters.count, characters[i + 1] == " " {
                parts.append(current)
                current = ""
                i += 2
                continue
            }
            if depth == 0, ch == " ", i + 2 < characters.count, characters[i + 1] == "/", characters[i + 2] == " " {
                parts.append(current)
                current = ""
                i += 3
                continue
            }
            current.append(ch)
            i += 1
        }
        parts.append(current)
        var out: [String] = []
        for part in parts {
            let words = part.split(separator: " ").map(String.init)
            guard let k = words.firstIndex(where: { $0.contains("/") && !$0.hasPrefix("(") }) else {
                out.append(words.joined(separator: " "))
                continue
            }
            for choice in words[k].split(separator: "/") {
                var expanded = words
                expanded[k] = String(choice)
                out.append(expanded.joined(separator: " "))
            }
        }
        return out.filter { !$0.isEmpty }
    }

    /// Words as an alias: lowercase, joined by `-`, with a generation in
    /// parentheses as its number and the other remarks left out.
    static func slug(_ words: [String]) -> String {
        var out: [String] = []
        var remark: [String] = []
        var inRemark = false
        for word in words {
            if word.hasPrefix("(") { inRemark = true }
            if inRemark {
                remark.append(word.trimmingCharacters(in: "()"))
                if word.hasSuffix(")") {
                    // `(1st gen)` names a generation; `(3rd gen+)` ("and
                    // later") and other remarks add nothing to the name.
                    if remark.count == 2, remark[1] == "gen", let n = ordinal(remark[0]) { out.append(n) }
                    remark = []
                    inRemark = false
                }
                continue
            }
            var w = word.lowercased()
            if w.hasSuffix("-inch") { w.removeLast(5) }
            if w.hasSuffix("+") { w.removeLast() }
            // `SE 2nd gen` → `se-2`.
            if w == "gen", let last = out.last, let n = ordinal(last) {
                out[out.count - 1] = n
                continue
            }
            if !w.isEmpty { out.append(w) }
        }
        return out.joined(separator: "-")
    }

    /// `1st`, `2nd`, `3rd`, `4th` … as the number, or nil.
    static func ordinal(_ word: String) -> String? {
        let digits = word.prefix { $0.isNumber }
        guard !digits.isEmpty, ["st", "nd", "rd", "th"].contains(word.dropFirst(digits.count).lowercased()) else { return nil }
        return String(digits)
    }

    /// A name as `device` compares it: lowercase letters, digits and `.`,
    /// so `iphone-se3`, `iPhone SE 3` and `iphone-se-3` are one name.
    static func key(_ name: String) -> String {
        // Read as a model is read (`SE 3rd gen` is `se-3`), then run together.
        let words = name.split(whereSeparator: { $0 == " " || $0 == "-" || $0 == "_" }).map(String.init)
            .filter { $0.lowercased() != "inch" }
        return String(slug(words).filter { $0.isLetter || $0.isNumber || $0 == "." })
    }
}

private extension String {
    func trimmingCharacters(in set: String) -> String {
        var s = Substring(self)
        while let f = s.first, set.contains(f) { s.removeFirst() }
        while let l = s.last, set.contains(l) { s.removeLast() }
        return String(s)
    }
}
