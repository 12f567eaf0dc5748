/// The candidate closest to `name` by edit distance (Damerau–Levenshtein,
/// case-insensitive), if it is similar enough: at most a third of the longer
/// name's characters differ (and at least 1, at most 3 edits). Among equally
/// near candidates an anagram wins (a transposition is the likelier typo:
/// `iphone-51` → `iphone-15`), then the earlier one, so suggestions are stable.
public func nearestName(to name: String, in candidates: [String]) -> String? {
    let target = Array(name.lowercased())
    var sortedTarget: [Character]?
    var best: (String, Int)?
    for candidate in candidates where candidate != name {
        let c = Array(candidate.lowercased())
        let limit = min(3, max(1, max(target.count, c.count) / 3))
        // Lengths further apart than the limit are further apart in edits
        // too: a name a megabyte long costs no more than a short one.
        guard abs(target.count - c.count) <= limit else { continue }
        // Scores in half edits: an anagram counts half an edit less.
        let d = editDistance(target, c)
        guard d <= limit else { continue }
        if sortedTarget == nil { sortedTarget = target.sorted() }
        let score = 2 * d - (c.sorted() == sortedTarget! ? 1 : 0)
        if best == nil || score < best!.1 { best = (candidate, score) }
    }
    return best?.0
}

/// Optimal-string-alignment distance: insertions, deletions, substitutions
/// and transpositions of neighbours each cost 1.
func editDistance(_ a: [Character], _ b: [Character]) -> Int {
    if a.isEmpty { return b.count }
    if b.isEmpty { return a.count }
    var previous2 = [Int](repeating: 0, count: b.count + 1)
    var previous = Array(0...b.count)
    var current = [Int](repeating: 0, count: b.count + 1)
    for i in 1...a.count {
        current[0] = i
        for j in 1...b.count {
            let cost = a[i - 1] == b[j - 1] ? 0 : 1
            var v = min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + cost)
            if i > 1, j > 1, a[i - 1] == b[j - 2], a[i - 2] == b[j - 1] {
                v = min(v, previous2[j - 2] + 1)
            }
            current[j] = v
        }
        (previous2, previous, current) = (previous, current, previous2)
    }
    return previous[b.count]
}
