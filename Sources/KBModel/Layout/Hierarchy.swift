/// The view tree of a screen, derived from its views' parents.
struct Hierarchy: Sendable {
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
}
