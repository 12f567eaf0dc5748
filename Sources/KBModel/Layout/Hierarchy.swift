/// The view tree of a screen, derived from its views' parents.
struct Hierarchy: Sendable, Equatable {
    /// View indices, depth first.
    var order: [Int] = []
    /// Per view index: the depth (0 for top-level root views).
    var depth: [Int]
    /// Per view index: the parent's index.
    var parent: [Int?]
    /// Per view index: the nearest scroll-view ancestor's index.
    var scrollAncestor: [Int?]
    /// Per view index: its position in `order`.
    var position: [Int]
    /// Per view index: the top-level view it is in (a root view or an
    /// input accessory view; itself for those).
    var root: [Int]
    /// The top-level views' indices, in index order.
    var tops: [Int] = []

    init(_ screen: Screen) {
        let n = screen.viewList.count
        depth = Array(repeating: 0, count: n)
        parent = Array(repeating: nil, count: n)
        scrollAncestor = Array(repeating: nil, count: n)
        position = Array(repeating: 0, count: n)
        root = Array(0..<n)
        var children = Array(repeating: [Int](), count: n)
        var roots: [Int] = []
        // Siblings come in runs: the last parent's index is kept at hand.
        var lastParent: (name: String, index: Int?) = ("", nil)
        for (i, v) in screen.viewList.enumerated() {
            guard let p = v.parent else {
                roots.append(i)
                tops.append(i)
                continue
            }
            if lastParent.index == nil || lastParent.name != p {
                if case let .view(j) = screen.names[p] { lastParent = (p, j) } else { lastParent = (p, nil) }
            }
            if let j = lastParent.index {
                children[j].append(i)
                parent[i] = j
            } else {
                roots.append(i)
                tops.append(i)
            }
        }
        order.reserveCapacity(n)
        var stack: [Int] = roots.reversed()
        while let i = stack.popLast() {
            position[i] = order.count
            order.append(i)
            for c in children[i].reversed() {
                depth[c] = depth[i] + 1
                root[c] = root[i]
                scrollAncestor[c] = screen.viewList[i].kind.isScrollView ? i : scrollAncestor[i]
                stack.append(c)
            }
        }
    }

    /// How many views the hierarchy covers.
    var count: Int { depth.count }

    /// Takes in the views appended to the screen's list since the hierarchy
    /// was made (each the last subview of its parent, which comes before
    /// it), as building it again would place them: a view goes after its
    /// parent's last descendant.
    mutating func extend(_ screen: Screen) {
        for i in count ..< screen.viewList.count {
            let v = screen.viewList[i]
            var p: Int?
            if let name = v.parent, case let .view(j) = screen.names[name], j < i { p = j }
            parent.append(p)
            root.append(p.map { root[$0] } ?? i)
            depth.append(p.map { depth[$0] + 1 } ?? 0)
            scrollAncestor.append(p.map { screen.viewList[$0].kind.isScrollView ? $0 : scrollAncestor[$0] } ?? nil)
            var at = order.count
            if let p {
                // After the parent's last descendant: the end of the order
                // when the last view is one (a form appended to, said in
                // the time of the depth), else found by a walk.
                let d = depth[p]
                var last = order.last
                while let l = last, depth[l] > d { last = parent[l] }
                if last != p {
                    at = position[p] + 1
                    while at < order.count && depth[order[at]] > d { at += 1 }
                }
            } else {
                tops.append(i)
            }
            position.append(at)
            order.insert(i, at: at)
            for k in at + 1 ..< order.count { position[order[k]] = k }
        }
    }
}
