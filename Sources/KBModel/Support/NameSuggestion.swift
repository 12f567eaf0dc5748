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
        // too, and the distance is only worked out near the diagonal: a
        // name a megabyte long costs time linear in its length.
        guard abs(target.count - c.count) <= limit else { continue }
        // Scores in half edits: an anagram counts half an edit less.
        let d = editDistance(target, c, atMost: limit)
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

/// ``editDistance(_:_:)`` if it is at most `limit`, else `limit + 1`. Only
/// cells within `limit` of the diagonal can lie on a path that short, so
/// only those are worked out: time linear in the names' length, not the
/// product of their lengths (two misspelt names 50,000 characters long
/// took seconds).
func editDistance(_ a: [Character], _ b: [Character], atMost limit: Int) -> Int {
    let over = limit + 1
    if abs(a.count - b.count) > limit { return over }
    if a.isEmpty || b.isEmpty { return max(a.count, b.count) }
    var previous2 = [Int](repeating: over, count: b.count + 1)
    var previous = [Int](repeating: over, count: b.count + 1)
    var current = [Int](repeating: over, count: b.count + 1)
    for j in 0...min(b.count, limit) { previous[j] = j }
    for i in 1...a.count {
        let lo = max(1, i - limit), hi = min(b.count, i + limit)
        // The band moves right a cell a row: the cell just left of it holds
        // an older row's value and is reset; none right of it was written.
        current[lo - 1] = lo == 1 && i <= limit ? i : over
        var rowMin = current[lo - 1]
        if lo <= hi {
            for j in lo...hi {
                let cost = a[i - 1] == b[j - 1] ? 0 : 1
                var v = min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + cost)
                if i > 1, j > 1, a[i - 1] == b[j - 2], a[i - 2] == b[j - 1] {
                    v = min(v, previous2[j - 2] + 1)
                }
                current[j] = min(v, over)
                rowMin = min(rowMin, current[j])
            }
        }
        // Every path to the end crosses this row (a transposition from the
        // row before last passes a cell of this row no dearer).
        if rowMin > limit { return over }
        (previous2, previous, current) = (previous, current, previous2)
    }
    return min(previous[b.count], over)
}
