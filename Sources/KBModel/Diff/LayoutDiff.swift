/// The differences between two snapshots, a pure function of the two.
///
/// Order is stable: views in the new snapshot's hierarchy order (per view:
/// added or frame, then safe area, content size, insets, offset), then
/// removed views in the old hierarchy order, then constraint constants by
/// name (numbers inside names compared as numbers: `c2` before `c10`).
/// Values are compared after rounding to 2 decimals.
public enum LayoutDiff {
    public static func changes(from old: LayoutSnapshot, to new: LayoutSnapshot) -> [LayoutChange] {
        var out: [LayoutChange] = []
        // Room for a command's worth of changes, not one per view: most
        // diffs are of snapshots that share all but a segment or two.
        out.reserveCapacity(min(new.views.count, 64))
        // Views are read in place: a view layout is large, and a diff
        // often compares every view of the screen. Segments the two
        // snapshots share hold the same layouts: they are passed over.
        let va = old.views, vb = new.views
        var aligned = va.count == vb.count
        if aligned {
            for k in 0..<vb.segmentCount where !vb.sharesSegment(k, with: va) {
                let same = va.segment(k).withUnsafeBufferPointer { a in
                    vb.segment(k).withUnsafeBufferPointer { b in
                        !(0..<b.count).contains { a[$0].name != b[$0].name }
                    }
                }
                if !same {
                    aligned = false
                    break
                }
            }
        }
        if aligned {
            for k in 0..<vb.segmentCount where !vb.sharesSegment(k, with: va) {
                va.segment(k).withUnsafeBufferPointer { a in
                    vb.segment(k).withUnsafeBufferPointer { b in
                        for j in 0..<b.count { compare(a.baseAddress! + j, b.baseAddress! + j, into: &out) }
                    }
                }
            }
        } else {
            // Views added or removed: the segments both share from the
            // start hold the same layouts (the views were appended after
            // them, say), and only what follows is paired.
            let shared = vb.sharedPrefixCount(with: va)
            Array(va[shared...]).withUnsafeBufferPointer { a in
                Array(vb[shared...]).withUnsafeBufferPointer { b in
                    // A common prefix and suffix pair by position (names are
                    // unique in each list, so a name in the middle cannot pair
                    // with one outside it); the middle pairs by name. A view
                    // added or removed costs a lookup of the middle only.
                    var prefix = 0
                    while prefix < a.count && prefix < b.count && a[prefix].name == b[prefix].name { prefix += 1 }
                    var suffix = 0
                    while suffix < a.count - prefix && suffix < b.count - prefix
                        && a[a.count - 1 - suffix].name == b[b.count - 1 - suffix].name { suffix += 1 }
                    var oldByName: [String: Int] = [:]
                    for k in prefix ..< a.count - suffix { oldByName[a[k].name] = k }
                    var seen = [Bool](repeating: false, count: a.count)
                    for k in 0..<b.count {
                        let i: Int
                        if k < prefix {
                            i = k
                        } else if k >= b.count - suffix {
                            i = a.count - (b.count - k)
                        } else if let j = oldByName[b[k].name] {
                            i = j
                        } else {
                            out.append(.viewAdded(view: b[k].name, frame: b[k].windowFrame.rounded))
                            continue
                        }
                        seen[i] = true
                        compare(a.baseAddress! + i, b.baseAddress! + k, into: &out)
                    }
                    for k in 0..<a.count where !seen[k] {
                        out.append(.viewRemoved(view: a[k].name, frame: a[k].windowFrame.rounded))
                    }
                }
            }
        }
        var constants: [LayoutChange] = []
        func compareConstant(_ name: String, _ before: Double, _ after: Double) {
            let x = roundPoints(before), y = roundPoints(after)
            if x != y { constants.append(.constant(constraint: name, before: x, after: y)) }
        }
        // Pair the constraints by name: a common prefix and a common suffix
        // by position (names are unique in each list, so a name in the
        // middle cannot pair with one outside it), the middle by lookup.
        // Snapshots share their constraint states when none changed, and
        // the segments before the first changed one otherwise: only what
        // follows is compared (names are unique, so none of it pairs with
        // a shared one).
        // The same constraints in the same places (a constant set, an
        // activation): each segment that is not shared is paired by position,
        // in place.
        if old.constraints.count == new.constraints.count, old.constraints.segmentCount == new.constraints.segmentCount,
           !new.constraints.sharesStorage(with: old.constraints),
           pairedInPlace(old.constraints, new.constraints, compareConstant) {
            constants.sort { naturalLess($0.target, $1.target) }
            return out + constants
        }
        constants.removeAll()
        let shared = new.constraints.sharesStorage(with: old.constraints)
            ? new.constraints.count : new.constraints.sharedPrefixCount(with: old.constraints)
        Array(old.constraints[shared...]).withUnsafeBufferPointer { a in
            Array(new.constraints[shared...]).withUnsafeBufferPointer { b in
                if a.isEmpty && b.isEmpty { return }
                var prefix = 0
                while prefix < a.count && prefix < b.count && a[prefix].name == b[prefix].name { prefix += 1 }
                var suffix = 0
                while suffix < a.count - prefix && suffix < b.count - prefix
                    && a[a.count - 1 - suffix].name == b[b.count - 1 - suffix].name { suffix += 1 }
                var middle: [String: Double] = [:]
                for k in prefix..<(a.count - suffix) { middle[a[k].name] = a[k].constant }
                for k in 0..<b.count {
                    let after = b[k].constant
                    if k < prefix {
                        if a[k].constant != after { compareConstant(b[k].name, a[k].constant, after) }
                    } else if k >= b.count - suffix {
                        let before = a[a.count - (b.count - k)].constant
                        if before != after { compareConstant(b[k].name, before, after) }
                    } else if let before = middle[b[k].name] {
                        compareConstant(b[k].name, before, after)
                    }
                }
            }
        }
        constants.sort { naturalLess($0.target, $1.target) }
        return out + constants
    }

    /// Pairs the constraint states of two lists of the same length by
    /// position, segment by segment, skipping the segments both share;
    /// false (having compared part of them) as soon as a name differs, when
    /// pairing by name is needed.
    private static func pairedInPlace(_ old: SegmentedArray<ConstraintValue>, _ new: SegmentedArray<ConstraintValue>,
                                      _ compare: (String, Double, Double) -> Void) -> Bool {
        for k in 0 ..< new.segmentCount where !new.sharesSegment(k, with: old) {
            let a = old.segment(k), b = new.segment(k)
            guard a.count == b.count else { return false }
            for i in 0 ..< b.count {
                guard a[i].name == b[i].name else { return false }
                if a[i].constant != b[i].constant { compare(b[i].name, a[i].constant, b[i].constant) }
            }
        }
        return true
    }

    /// Compares two views in place (through pointers: copying a view layout
    /// is what a diff of many views would spend its time on).
    private static func compare(_ pa: UnsafePointer<ViewLayout>, _ pb: UnsafePointer<ViewLayout>,
                                into out: inout [LayoutChange]) {
        // Equal values round equally: only values that differ are rounded.
        if pa.pointee.windowFrame != pb.pointee.windowFrame {
            let fa = pa.pointee.windowFrame.rounded, fb = pb.pointee.windowFrame.rounded
            if fa != fb { out.append(.frame(view: pb.pointee.name, before: fa, after: fb)) }
        }
        if pa.pointee.safeAreaInsets != pb.pointee.safeAreaInsets {
            let sa = pa.pointee.safeAreaInsets.rounded, sb = pb.pointee.safeAreaInsets.rounded
            if sa != sb { out.append(.safeAreaInsets(view: pb.pointee.name, before: sa, after: sb)) }
        }
        guard let x = pa.pointee.scroll, let y = pb.pointee.scroll, x != y else { return }
        let ca = Size(width: roundPoints(x.contentSize.width), height: roundPoints(x.contentSize.height))
        let cb = Size(width: roundPoints(y.contentSize.width), height: roundPoints(y.contentSize.height))
        if ca != cb { out.append(.contentSize(view: pb.pointee.name, before: ca, after: cb)) }
        if x.contentInset.rounded != y.contentInset.rounded {
            out.append(.contentInset(view: pb.pointee.name, before: x.contentInset.rounded, after: y.contentInset.rounded))
        }
        if x.adjustedContentInset.rounded != y.adjustedContentInset.rounded {
            out.append(.adjustedContentInset(view: pb.pointee.name, before: x.adjustedContentInset.rounded,
                                             after: y.adjustedContentInset.rounded))
        }
        let oa = Point(x: roundPoints(x.contentOffset.x), y: roundPoints(x.contentOffset.y))
        let ob = Point(x: roundPoints(y.contentOffset.x), y: roundPoints(y.contentOffset.y))
        if oa != ob { out.append(.contentOffset(view: pb.pointee.name, before: oa, after: ob)) }
        if x.indicatorInsets.rounded != y.indicatorInsets.rounded {
            out.append(.indicatorInsets(view: pb.pointee.name, before: x.indicatorInsets.rounded,
                                        after: y.indicatorInsets.rounded))
        }
    }

    /// Name order with digit runs compared as numbers (`c2` < `c10`), ties by code points.
    public static func naturalLess(_ a: String, _ b: String) -> Bool {
        var i = a.unicodeScalars.makeIterator(), j = b.unicodeScalars.makeIterator()
        var x = i.next(), y = j.next()
        func digit(_ c: Unicode.Scalar?) -> Bool { c.map { $0 >= "0" && $0 <= "9" } ?? false }
        while let cx = x, let cy = y {
            if digit(cx) && digit(cy) {
                var nx = "", ny = ""
                while let c = x, digit(c) { nx.unicodeScalars.append(c); x = i.next() }
                while let c = y, digit(c) { ny.unicodeScalars.append(c); y = j.next() }
                let tx = nx.drop { $0 == "0" }, ty = ny.drop { $0 == "0" }
                if tx.count != ty.count { return tx.count < ty.count }
                if tx != ty { return tx < ty }
                continue
            }
            if cx != cy { return cx.value < cy.value }
            x = i.next()
            y = j.next()
        }
        if x == nil && y != nil { return true }
        if x != nil && y == nil { return false }
        return a < b
    }
}
