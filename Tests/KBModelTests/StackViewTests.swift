import Testing
@testable import KBModel

@Suite struct StackViewTests {
    /// A vertical stack pinned to the safe area's top, leading and trailing
    /// on an iPhone 8, holding labels "aa" (16 × 21) and "bbbb" (32 × 21).
    func vertical(_ alignment: StackConfiguration.Alignment, spacing: Double = 10) throws -> Screen {
        var s = try screen("iphone-8")
        try s.addView(.stackView, "s", to: "C.view",
                      options: ViewOptions(stack: StackConfiguration(axis: .vertical, spacing: spacing,
                                                                     alignment: alignment)))
        try s.addView(.label, "a", to: "s", options: ViewOptions(text: "aa"))
        try s.addView(.label, "b", to: "s", options: ViewOptions(text: "bbbb"))
        try s.constrain("s.top", .equal, "C.view.safeArea.top")
        try s.constrain("s.leading", .equal, "C.view.safeArea.leading")
        try s.constrain("s.trailing", .equal, "C.view.safeArea.trailing")
        return s
    }

    @Test(arguments: [
        (StackConfiguration.Alignment.fill, rect(0, 20, 375, 21), rect(0, 51, 375, 21)),
        (.leading, rect(0, 20, 16, 21), rect(0, 51, 32, 21)),
        (.center, rect(179.5, 20, 16, 21), rect(171.5, 51, 32, 21)),
        (.trailing, rect(359, 20, 16, 21), rect(343, 51, 32, 21)),
    ])
    func verticalAlignments(alignment: StackConfiguration.Alignment, a: Rect, b: Rect) throws {
        var s = try vertical(alignment)
        let l = s.layout()
        #expect(l.frame("s") == rect(0, 20, 375, 52))
        #expect(l.frame("a") == a)
        #expect(l.frame("b") == b)
        #expect(l.local("b") == b.offsetBy(dx: 0, dy: -20).rounded)
        #expect(s.ambiguousViews().isEmpty)
    }

    @Test func hiddenArrangedSubviewsDropOut() throws {
        var s = try vertical(.fill)
        try s.setHidden(true, of: "a")
        var l = s.layout()
        #expect(l.frame("s") == rect(0, 20, 375, 21))
        #expect(l.frame("b") == rect(0, 20, 375, 21))
        #expect(l.frame("a").height == 0)
        try s.setHidden(false, of: "a")
        l = s.layout()
        #expect(l.frame("b") == rect(0, 51, 375, 21))
        try s.setStack("s", spacing: 4)
        #expect(s.layout().frame("b") == rect(0, 45, 375, 21))
    }

    /// A horizontal stack of height 44 across the safe area's top.
    func horizontal(_ distribution: StackConfiguration.Distribution, spacing: Double) throws -> Screen {
        var s = try screen("iphone-8")
        try s.addView(.stackView, "h", to: "C.view",
                      options: ViewOptions(stack: StackConfiguration(axis: .horizontal, spacing: spacing,
                                                                     distribution: distribution)))
        try s.pin("h", to: "C.view.safeArea", insets: EdgeInsets(top: 0, left: 0, bottom: 603, right: 0))
        return s
    }

    @Test func fillEquallySplitsTheWidth() throws {
        var s = try horizontal(.fillEqually, spacing: 15)
        for name in ["x", "y", "z"] { try s.addView(.view, name, to: "h") }
        let l = s.layout()
        #expect(l.frame("h") == rect(0, 20, 375, 44))
        #expect(l.frame("x") == rect(0, 20, 115, 44))
        #expect(l.frame("y") == rect(130, 20, 115, 44))
        #expect(l.frame("z") == rect(260, 20, 115, 44))
        #expect(s.ambiguousViews().isEmpty)
    }

    @Test func equalSpacingSharesTheRestBetweenGaps() throws {
        var s = try horizontal(.equalSpacing, spacing: 0)
        try s.addView(.label, "a", to: "h", options: ViewOptions(text: "a"))
        try s.addView(.label, "b", to: "h", options: ViewOptions(text: "bb"))
        try s.addView(.label, "c", to: "h", options: ViewOptions(text: "ccc"))
        let l = s.layout()
        // Items 8 + 16 + 24 = 48; two gaps of (375 − 48) / 2 = 163.5.
        #expect(l.frame("a") == rect(0, 20, 8, 44))
        #expect(l.frame("b") == rect(171.5, 20, 16, 44))
        #expect(l.frame("c") == rect(351, 20, 24, 44))
    }

    @Test func fillStretchesTheViewWithoutIntrinsicWidth() throws {
        var s = try horizontal(.fill, spacing: 8)
        try s.addView(.label, "a", to: "h", options: ViewOptions(text: "a"))
        try s.addView(.textField, "f", to: "h")
        let l = s.layout()
        #expect(l.frame("a") == rect(0, 20, 8, 44))
        #expect(l.frame("f") == rect(16, 20, 359, 44))
        // Removing an arranged subview re-lays the stack.
        try s.remove("a")
        #expect(s.layout().frame("f") == rect(0, 20, 375, 44))
    }

    /// The identities of the solver constraints a stack view holds now.
    func stackConstraints(_ s: inout Screen, _ stack: String) -> Set<ObjectIdentifier> {
        Set(s.currentEngine().generatedList("stack:\(stack)").map { ObjectIdentifier($0.constraint) })
    }

    @Test func addingARowChangesAFewConstraintsNotTheWholeStack() throws {
        var s = try vertical(.leading)
        for k in 0..<40 { try s.addView(.label, "r\(k)", to: "s", options: ViewOptions(text: "row")) }
        let before = stackConstraints(&s, "s")
        try s.addView(.label, "last", to: "s", options: ViewOptions(text: "last row"))
        let after = stackConstraints(&s, "s")
        // The old last row's bottom edge (to the stack's) gives way to the
        // new row's; the new row brings its spacing, alignment, boundary
        // and ambiguity suppression.
        #expect(before.subtracting(after).count == 1)
        #expect(after.subtracting(before).count == 5)
        #expect(s.layout().frame("last") == rect(0, 20 + 42 * 31, 64, 21))
        #expect(s.ambiguousViews().isEmpty)
    }

    /// A hidden stack view whose own spacing keeps two visible views apart
    /// cannot be 0 high: UIKit logs the conflict between UISV-hiding and
    /// UISV-spacing, and so does kbplay.
    @Test func hidingANestedStackWithSpacingIsAConflictAsInUIKit() throws {
        var s = try vertical(.fill)
        try s.addView(.stackView, "inner", to: "s", options: ViewOptions(stack: StackConfiguration(axis: .vertical, spacing: 8)))
        try s.addView(.label, "x", to: "inner", options: ViewOptions(text: "x"))
        try s.addView(.label, "y", to: "inner", options: ViewOptions(text: "y"))
        let r = try s.setHidden(true, of: "inner")
        guard case let .unsatisfiable(_, conflicts, _) = (r.warnings + s.layout().warnings).first else {
            Issue.record("expected the UISV-hiding conflict")
            return
        }
        let names = Set(conflicts.map(\.name))
        #expect(names.contains("UISV-hiding"))
        #expect(names.contains("UISV-spacing"))
        #expect(names.contains("UIKit-height-non-negative"))
    }

    /// Random changes to two stacks, one inside the other: after each, the
    /// frames are those of an engine built from scratch from the screen.
    @Test(arguments: [1, 2, 3, 4, 5, 6])
    func changedStacksLayOutAsRebuiltOnes(seed: UInt64) throws {
        var state = seed &* 0x9E37_79B9_7F4A_7C15
        func next(_ n: Int) -> Int {
            state = state &* 6364136223846793005 &+ 1442695040888963407
            return Int((state >> 33) % UInt64(n))
        }
        var s = try screen("iphone-15")
        try s.addView(.stackView, "outer", to: "C.view",
                      options: ViewOptions(stack: StackConfiguration(axis: .vertical, spacing: 8)))
        try s.pin("outer", to: "C.view.safeArea", insets: EdgeInsets(top: 0, left: 0, bottom: 0, right: 0))
        try s.addView(.stackView, "inner", to: "outer",
                      options: ViewOptions(stack: StackConfiguration(axis: .horizontal, spacing: 4)))
        var arranged: [String: [String]] = ["outer": ["inner"], "inner": []]
        var count = 0
        let kinds: [ViewKind] = [.label, .button, .textField, .view]
        let axes: [Axis] = [.vertical, .horizontal]
        let distributions: [StackConfiguration.Distribution] = [.fill, .fillEqually, .equalSpacing]
        let alignments: [StackConfiguration.Alignment] = [.fill, .leading, .center, .trailing]
        for _ in 0..<60 {
            let stack = next(2) == 0 ? "outer" : "inner"
            switch next(6) {
            case 0, 1:
                count += 1
                let kind = kinds[next(kinds.count)]
                let text = kind == .label || kind == .button ? String(repeating: "x", count: 1 + next(9)) : nil
                try s.addView(kind, "v\(count)", to: stack, options: ViewOptions(text: text))
                arranged[stack]!.append("v\(count)")
            case 2:
                let removable = arranged[stack]!.filter { $0 != "inner" }
                guard !removable.isEmpty else { continue }
                let v = removable[next(removable.count)]
                try s.remove(v)
                arranged[stack]!.removeAll { $0 == v }
            case 3:
                // Not the inner stack: a hidden stack view with spacing
                // between two or more visible views is a conflict of
                // required constraints (UISV-hiding against its spacing, as
                // UIKit logs it; sizes are never negative), and which one a
                // conflict breaks depends on the order the engine met them.
                let hideable = arranged[stack]!.filter { $0 != "inner" }
                guard !hideable.isEmpty else { continue }
                let v = hideable[next(hideable.count)]
                try s.setHidden(next(2) == 0, of: v)
            case 4:
                try s.setStack(stack, spacing: Double(next(20)), distribution: distributions[next(distributions.count)])
            default:
                try s.setStack(stack, axis: stack == "inner" ? axes[next(2)] : nil, alignment: alignments[next(alignments.count)])
            }
            let layout = s.layout()
            var rebuilt = s
            rebuilt.stow()
            rebuilt.unstow()
            let fresh = rebuilt.layout()
            let ambiguous = Set(s.ambiguousViews())
            for v in s.views.map(\.name) {
                if !ambiguous.contains(v) {
                    #expect(layout.frame(v) == fresh.frame(v), "\(v) after \(count) views")
                }
                // `explain` lists the same constraints in the same order.
                let live = try s.explain(v).map { "\($0.name) \($0.equation)" }
                #expect(live == (try rebuilt.explain(v).map { "\($0.name) \($0.equation)" }), "\(v)")
            }
        }
    }
}
