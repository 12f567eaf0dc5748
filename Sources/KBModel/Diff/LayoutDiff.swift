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
        let aligned = old.views.count == new.views.count
            && zip(old.views, new.views).allSatisfy { $0.name == $1.name }
        var oldByName: [String: Int] = [:]
        if !aligned {
            for (i, v) in old.views.enumerated() { oldByName[v.name] = i }
        }
        var seen = aligned ? [] : Set<String>()
        for (k, v) in new.views.enumerated() {
            let before: ViewLayout? = aligned ? old.views[k] : oldByName[v.name].map { old.views[$0] }
            guard let before else {
                out.append(.viewAdded(view: v.name, frame: v.windowFrame.rounded))
                continue
            }
            if !aligned { seen.insert(v.name) }
            compare(before, v, into: &out)
        }
        if !aligned {
            for v in old.views where !seen.contains(v.name) {
                out.append(.viewRemoved(view: v.name, frame: v.windowFrame.rounded))
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
        let a = old.constraints, b = new.constraints
        var prefix = 0
        while prefix < a.count && prefix < b.count && a[prefix].name == b[prefix].name { prefix += 1 }
        var suffix = 0
        while suffix < a.count - prefix && suffix < b.count - prefix
            && a[a.count - 1 - suffix].name == b[b.count - 1 - suffix].name { suffix += 1 }
        var middle: [String: Double] = [:]
        for c in a[prefix..<(a.count - suffix)] { middle[c.name] = c.constant }
        for (k, c) in b.enumerated() {
            if k < prefix {
                if a[k].constant != c.constant { compareConstant(c.name, a[k].constant, c.constant) }
            } else if k >= b.count - suffix {
                let x = a[a.count - (b.count - k)]
                if x.constant != c.constant { compareConstant(c.name, x.constant, c.constant) }
            } else if let before = middle[c.name] {
                compareConstant(c.name, before, c.constant)
            }
        }
        constants.sort { naturalLess($0.target, $1.target) }
        return out + constants
    }

    private static func compare(_ a: ViewLayout, _ b: ViewLayout, into out: inout [LayoutChange]) {
        // Equal values round equally: only values that differ are rounded.
        if a.windowFrame != b.windowFrame {
            let fa = a.windowFrame.rounded, fb = b.windowFrame.rounded
            if fa != fb { out.append(.frame(view: b.name, before: fa, after: fb)) }
        }
        if a.safeAreaInsets != b.safeAreaInsets {
            let sa = a.safeAreaInsets.rounded, sb = b.safeAreaInsets.rounded
            if sa != sb { out.append(.safeAreaInsets(view: b.name, before: sa, after: sb)) }
        }
        guard let x = a.scroll, let y = b.scroll, x != y else { return }
        let ca = Size(width: roundPoints(x.contentSize.width), height: roundPoints(x.contentSize.height))
        let cb = Size(width: roundPoints(y.contentSize.width), height: roundPoints(y.contentSize.height))
        if ca != cb { out.append(.contentSize(view: b.name, before: ca, after: cb)) }
        if x.contentInset.rounded != y.contentInset.rounded {
            out.append(.contentInset(view: b.name, before: x.contentInset.rounded, after: y.contentInset.rounded))
        }
        if x.adjustedContentInset.rounded != y.adjustedContentInset.rounded {
            out.append(.adjustedContentInset(view: b.name, before: x.adjustedContentInset.rounded,
                                             after: y.adjustedContentInset.rounded))
        }
        let oa = Point(x: roundPoints(x.contentOffset.x), y: roundPoints(x.contentOffset.y))
        let ob = Point(x: roundPoints(y.contentOffset.x), y: roundPoints(y.contentOffset.y))
        if oa != ob { out.append(.contentOffset(view: b.name, before: oa, after: ob)) }
        if x.indicatorInsets.rounded != y.indicatorInsets.rounded {
            out.append(.indicatorInsets(view: b.name, before: x.indicatorInsets.rounded,
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
