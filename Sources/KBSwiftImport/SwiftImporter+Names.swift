extension SwiftImporter {
    /// The names `export swift` had to change, read back from its header
    /// (`// kbplay: names Swift cannot use as they are: view → view_, title
    /// → title_`): the property's name → kbplay's.
    static func exportedNames(_ sources: [SwiftSource]) -> [String: String] {
        let marker = "// kbplay: names Swift cannot use as they are: "
        var out: [String: String] = [:]
        for s in sources {
            for line in s.text.split(separator: "\n", omittingEmptySubsequences: false).prefix(40) where line.hasPrefix(marker) {
                for pair in line.dropFirst(marker.count).components(separatedBy: ", ") {
                    let parts = pair.components(separatedBy: " → ")
                    guard parts.count == 2, !parts[0].isEmpty, !parts[1].isEmpty else { continue }
                    out[parts[1]] = parts[0]
                }
            }
        }
        return out
    }

    /// The result with kbplay's own names where the export renamed them.
    static func renamed(_ result: SwiftImportResult, _ names: [String: String]) -> SwiftImportResult {
        guard !names.isEmpty else { return result }
        func name(_ n: String) -> String { names[n] ?? n }
        func path(_ p: String) -> String {
            var parts = p.split(separator: ".", omittingEmptySubsequences: false).map(String.init)
            if let first = parts.first { parts[0] = name(first) }
            return parts.joined(separator: ".")
        }
        /// Every dotted path in a rule expression.
        func expression(_ e: String) -> String {
            var out = "", word = ""
            func flush() { out += word.isEmpty ? "" : path(word); word = "" }
            for c in e {
                if c.isLetter || c.isNumber || c == "_" || c == "." || c == "$" { word.append(c) } else { flush(); out.append(c) }
            }
            flush()
            return out
        }
        var r = result
        for i in r.screens.indices {
            for j in r.screens[i].views.indices {
                r.screens[i].views[j].name = name(r.screens[i].views[j].name)
                r.screens[i].views[j].parent = r.screens[i].views[j].parent.map(name)
            }
            for j in r.screens[i].constraints.indices {
                var c = r.screens[i].constraints[j]
                c.first.view = name(c.first.view)
                if let second = c.second?.view { c.second?.view = name(second) }
                c.name = c.name.map(name)
                r.screens[i].constraints[j] = c
            }
        }
        for i in r.keyboardCode.indices {
            r.keyboardCode[i].target = r.keyboardCode[i].target.map(name)
            r.keyboardCode[i].runsArguments = r.keyboardCode[i].runsArguments.map(expression)
            for j in r.keyboardCode[i].rules.indices {
                r.keyboardCode[i].rules[j].constraint = name(r.keyboardCode[i].rules[j].constraint)
                r.keyboardCode[i].rules[j].expression = expression(r.keyboardCode[i].rules[j].expression)
            }
        }
        return r
    }
}
