import Testing
@testable import KBModel

/// A stack view changed step by step (views appended, removed, hidden and
/// shown, its distribution, alignment and spacing changed) lays out exactly
/// as the same stack built from scratch: every frame, and every
/// constraint `explain` lists, in the same order.
@Suite struct StackIncrementalTests {
    /// SplitMix64: the same seed gives the same steps on every run.
    struct Steps {
        var state: UInt64

        mutating func next() -> UInt64 {
            state &+= 0x9E37_79B9_7F4A_7C15
            var z = state
            z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
            z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
            return z ^ (z >> 31)
        }

        mutating func below(_ n: Int) -> Int { Int(next() % UInt64(n)) }
    }

    /// What a stack is made of, to build it again from nothing.
    struct Plan {
        var config = StackConfiguration(axis: .vertical, spacing: 4)
        /// Arranged subviews in order: name, text, hidden.
        var rows: [(name: String, text: String, hidden: Bool)] = []
        var made = 0

        /// Equal spacing shares the stack's height between the gaps: the
        /// stack gets a fixed height then (`hfix`), else it hugs its rows.
        var fixedHeight: Bool { config.distribution == .equalSpacing }
    }

    /// Controller `C` on an iPhone 8: stack `s` on the safe area's top,
    /// leading and trailing, with `hfix` (`s.height == 400`), active only
    /// with equal spacing.
    static func base(_ config: StackConfiguration, fixedHeight: Bool) throws -> Screen {
        var s = try screen("iphone-8")
        try s.addView(.stackView, "s", to: "C.view", options: ViewOptions(stack: config))
        try s.constrain("s.top", .equal, "C.view.safeArea.top", name: "top")
        try s.constrain("s.leading", .equal, "C.view.safeArea.leading", name: "leading")
        try s.constrain("s.trailing", .equal, "C.view.safeArea.trailing", name: "trailing")
        try s.constrain("s.height", .equal, constant: 400, name: "hfix")
        if !fixedHeight { try s.deactivate("hfix") }
        return s
    }

    /// The plan's stack built in one go: base, then its rows appended.
    static func fromScratch(_ plan: Plan) throws -> Screen {
        var s = try base(plan.config, fixedHeight: plan.fixedHeight)
        for r in plan.rows {
            try s.addView(.label, r.name, to: "s", options: ViewOptions(text: r.text, isHidden: r.hidden))
        }
        return s
    }

    /// Frames of every view and `explain` of the stack and of each of its
    /// arranged subviews agree between the two screens.
    static func expectSame(_ a: inout Screen, _ b: inout Screen, _ plan: Plan, step: Int,
                           sourceLocation: SourceLocation = #_sourceLocation) throws {
        let la = a.layout(), lb = b.layout()
        #expect(la.views == lb.views, "step \(step): frames differ", sourceLocation: sourceLocation)
        for name in ["s"] + plan.rows.map(\.name) {
            let ea = try a.explain(name), eb = try b.explain(name)
            #expect(ea == eb, "step \(step): explain \(name) differs", sourceLocation: sourceLocation)
        }
    }

    @Test(arguments: [1, 2, 3, 4, 5, 6])
    func randomChangesLayOutAsAStackBuiltFromScratch(seed: UInt64) throws {
        var steps = Steps(state: seed)
        var plan = Plan()
        var s = try Self.base(plan.config, fixedHeight: false)
        func append(hidden: Bool) throws {
            let name = "r\(plan.made)"
            // Texts of 1 to 6 characters: labels 8 to 48 pt wide, 21 pt high.
            let text = String(repeating: "w", count: 1 + steps.below(6))
            plan.made += 1
            plan.rows.append((name, text, hidden))
            try s.addView(.label, name, to: "s", options: ViewOptions(text: text, isHidden: hidden))
        }
        for _ in 0..<3 { try append(hidden: false) }
        var appends = 0
        for step in 0..<60 {
            let visible = plan.rows.indices.filter { !plan.rows[$0].hidden }
            switch steps.below(10) {
            case 0...3:
                // Appends, the common case (a hidden one now and then), up
                // to 14 rows: 14 × 21 + 13 gaps of 8 = 398 fit in 400.
                guard plan.rows.count < 14 else { fallthrough }
                try append(hidden: steps.below(5) == 0)
                appends += 1
            case 4:
                // A row removed, keeping one visible.
                let k = steps.below(plan.rows.count)
                guard !(visible == [k]) else { continue }
                try s.remove(plan.rows[k].name)
                plan.rows.remove(at: k)
            case 5:
                // A row hidden or shown, keeping one visible.
                let k = steps.below(plan.rows.count)
                let hide = !plan.rows[k].hidden
                guard !(hide && visible == [k]) else { continue }
                try s.setHidden(hide, of: plan.rows[k].name)
                plan.rows[k].hidden = hide
            case 6:
                let d = StackConfiguration.Distribution.allCases[steps.below(3)]
                let wasFixed = plan.fixedHeight
                plan.config.distribution = d
                try s.setStack("s", distribution: d)
                if plan.fixedHeight != wasFixed {
                    if plan.fixedHeight { try s.activate("hfix") } else { try s.deactivate("hfix") }
                }
            case 7:
                let a = StackConfiguration.Alignment.allCases[steps.below(4)]
                plan.config.alignment = a
                try s.setStack("s", alignment: a)
            case 8:
                let spacing = Double([0, 4, 8][steps.below(3)])
                plan.config.spacing = spacing
                try s.setStack("s", spacing: spacing)
            default:
                // Two appends in a row, laid out only after the second.
                guard plan.rows.count < 13 else { continue }
                try append(hidden: false)
                try append(hidden: false)
                appends += 2
            }
            var scratch = try Self.fromScratch(plan)
            try Self.expectSame(&s, &scratch, plan, step: step)
            // The same value with its layout cache rebuilt from it.
            var rebuilt = Screen(s.checkpoint())
            try Self.expectSame(&s, &rebuilt, plan, step: step)
        }
        #expect(appends > 5)
    }

    /// Appending to a stack of 40 rows changes a handful of constraints:
    /// the old last row's connection to the stack's bottom goes, the new
    /// row's spacing, bottom connection and two alignment constraints come.
    @Test func appendingKeepsEveryOtherConstraint() throws {
        var s = try Self.base(StackConfiguration(axis: .vertical, spacing: 4), fixedHeight: false)
        for k in 0..<40 { try s.addView(.label, "r\(k)", to: "s", options: ViewOptions(text: "row")) }
        _ = s.layout()
        let before = s.engine!.generatedList("stack:s").map { ObjectIdentifier($0.constraint) }
        try s.addView(.label, "r40", to: "s", options: ViewOptions(text: "row"))
        let after = s.engine!.generatedList("stack:s")
        // 1 start + 39 spacings + 1 end + 40 × 2 alignments = 121 before;
        // one spacing and two alignments more after: 124.
        #expect(before.count == 121)
        #expect(after.count == 124)
        let kept = Set(before).intersection(after.map { ObjectIdentifier($0.constraint) })
        #expect(kept.count == 120)
        #expect(!kept.contains(before[40]), "the old bottom connection (r39) went")
        #expect(after[40].entry.equation == "r40.top == r39.bottom + 4")
        #expect(after[41].entry.equation == "s.bottom == r40.bottom")
        // r40 at 20 (status bar) + 41 rows × 21 + 40 gaps × 4 − 21 = 20 + 840 + 160 = 1020.
        #expect(s.layout().frame("r40") == rect(0, 1020, 375, 21))
        #expect(s.layout().frame("s") == rect(0, 20, 375, 1021))
    }

    /// The stack's constraints in the order `explain` lists them, after
    /// appends to an equal-spacing, centred, horizontal stack (one of them
    /// hidden): the order of a stack made with its four views at once.
    @Test func constraintOrderAfterAppends() throws {
        let config = StackConfiguration(axis: .horizontal, spacing: 2, distribution: .equalSpacing,
                                        alignment: .center)
        var s = try Self.base(config, fixedHeight: true)
        try s.addView(.label, "a", to: "s", options: ViewOptions(text: "a"))
        _ = s.layout()
        try s.addView(.label, "b", to: "s", options: ViewOptions(text: "bb", isHidden: true))
        _ = s.layout()
        try s.addView(.label, "c", to: "s", options: ViewOptions(text: "ccc"))
        try s.addView(.label, "d", to: "s", options: ViewOptions(text: "dddd"))
        let names = s.engine!.generatedList("stack:s").map(\.entry.name)
        let perView = ["UISV-alignment", "UISV-spanning-boundary", "UISV-ambiguity-suppression"]
        #expect(names == ["UISV-canvas-connection", "UISV-spacing", "UISV-spacing", "UISV-distributing-edge",
                          "UISV-canvas-connection", "UISV-hiding", "UISV-hiding"]
            + perView + perView + perView + perView + ["UISV-canvas-fit"])
        var plan = Plan()
        plan.config = config
        plan.rows = [("a", "a", false), ("b", "bb", true), ("c", "ccc", false), ("d", "dddd", false)]
        var scratch = try Self.fromScratch(plan)
        try Self.expectSame(&s, &scratch, plan, step: 0)
        // Along the stack: a (8 wide) at 0, then c (24) and d (32) after
        // two gaps sharing 375 − 64 = 311: c at 8 + 155.5 = 163.5, d at
        // 163.5 + 24 + 155.5 = 343.
        let l = s.layout()
        #expect(l.frame("a").x == 0)
        #expect(l.frame("c").x == 163.5)
        #expect(l.frame("d").x == 343)
    }

    /// A stack constraint refused as unsatisfiable is tried again, with
    /// the same warning, at every change of the stack, appends included,
    /// until it can hold.
    @Test func refusedConstraintsAreTriedAgain() throws {
        var s = try Self.base(StackConfiguration(axis: .vertical, spacing: 4), fixedHeight: false)
        try s.addView(.label, "a", to: "s", options: ViewOptions(text: "a"))
        try s.addView(.label, "b", to: "s", options: ViewOptions(text: "b"))
        try s.constrain("a.height", .equal, constant: 50, name: "tall")
        _ = s.layout()
        // Hidden, a should collapse (`a.height == 0`), which `tall` forbids.
        var result = try s.setHidden(true, of: "a")
        #expect(result.warnings.count == 1)
        #expect(result.warnings.first?.description.contains("UISV-hiding") == true)
        result = try s.addView(.label, "c", to: "s", options: ViewOptions(text: "c"))
        #expect(result.warnings.count == 1)
        #expect(result.warnings.first?.description.contains("UISV-hiding") == true)
        #expect(s.layout().frame("a").height == 50)
        try s.remove("tall")
        result = try s.addView(.label, "d", to: "s", options: ViewOptions(text: "d"))
        #expect(result.warnings.isEmpty)
        #expect(s.layout().frame("a").height == 0)
        var plan = Plan()
        plan.rows = [("a", "a", true), ("b", "b", false), ("c", "c", false), ("d", "d", false)]
        var scratch = try Self.fromScratch(plan)
        try Self.expectSame(&s, &scratch, plan, step: 0)
    }
}
