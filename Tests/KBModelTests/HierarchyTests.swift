import Foundation
import Testing
@testable import KBModel

@Suite struct HierarchyTests {
    /// Root `C` with a 200 pt container under the safe-area top, and a
    /// child controller `Child` embedded in it holding a label.
    func embedded(_ orientation: Orientation = .portrait) throws -> Screen {
        var s = try screen("iphone-15", orientation)
        try s.addView(.view, "box", to: "C.view")
        try s.constrain("box.top", .equal, "C.view.safeArea.top")
        try s.constrain("box.leading", .equal, "C.view.safeArea.leading")
        try s.constrain("box.trailing", .equal, "C.view.safeArea.trailing")
        try s.constrain("box.height", .equal, constant: 200)
        try s.addController("Child", in: "C", at: "box")
        try s.addView(.label, "title", to: "Child.view", options: ViewOptions(text: "Title"))
        try s.constrain("title.top", .equal, "Child.view.safeArea.top")
        try s.constrain("title.leading", .equal, "Child.view.margins.leading")
        return s
    }

    @Test func childRootViewIsPinnedToItsContainer() throws {
        var s = try embedded()
        let l = s.layout()
        #expect(l.frame("box") == rect(0, 59, 393, 200))
        #expect(l.frame("Child.view") == rect(0, 59, 393, 200))
        #expect(l.local("Child.view") == rect(0, 0, 393, 200))
        #expect(l.view("Child.view")?.safeAreaInsets == .zero)
        #expect(l.frame("title") == rect(16, 59, 40, 21))
        #expect(l.views.map(\.name) == ["C.view", "box", "Child.view", "title"])
        #expect(l.views.map(\.depth) == [0, 1, 2, 3])
        #expect(s.controllers.map(\.name) == ["C", "Child"])
        #expect(s.controllers[1].parent == "C" && s.controllers[1].container == "box")
        #expect(s.ambiguousViews().isEmpty)
    }

    @Test func childFollowsItsContainerInLandscape() throws {
        var s = try embedded(.landscape)
        let l = s.layout()
        #expect(l.frame("Child.view") == rect(59, 0, 734, 200))
        #expect(l.frame("title") == rect(75, 0, 40, 21))
    }

    @Test func structureErrors() throws {
        var s = try embedded()
        #expect(throws: ModelError.containerNotInParent(container: "title", parent: "C")) {
            try s.addController("Other", in: "C", at: "title")
        }
        #expect(throws: ModelError.cannotRemoveRootView("Child.view", controller: "Child")) { try s.remove("box") }
        #expect(throws: ModelError.cannotRemoveController("C")) { try s.remove("C") }
        #expect(throws: ModelError.notATextInput("title")) { try s.setFocus("title") }
    }

    @Test func lifecycleFlags() throws {
        var s = try embedded()
        #expect(s.controllers.allSatisfy { $0.isAppeared })
        try s.disappear("Child")
        #expect(!(try s.controller(named: "Child").isAppeared))
        try s.appear("Child")
        #expect(try s.controller(named: "Child").isAppeared)
    }

    @Test func removingAViewTakesItsSubviewsAndConstraints() throws {
        var s = try screen()
        try s.addView(.view, "card", to: "C.view")
        try s.addView(.label, "inside", to: "card", options: ViewOptions(text: "x"))
        try s.pin("card", to: "C.view.safeArea")
        try s.constrain("inside.top", .equal, "card.top")
        try s.constrain("inside.leading", .equal, "card.leading")
        let before = s.layout()
        try s.remove("card")
        #expect(s.views.map(\.name) == ["C.view"])
        #expect(s.constraints.isEmpty)
        let after = s.layout()
        #expect(LayoutDiff.changes(from: before, to: after).map(\.description) == ["- card", "- inside"])
        #expect(LayoutDiff.changes(from: after, to: before).map(\.description) == [
            "+ card (0 59; 393 759)", "+ inside (0 59; 8 21)",
        ])
    }

    @Test func rootFrameOverride() throws {
        var s = Screen.demo()
        _ = s.layout()
        try s.setRootViewFrame(of: "Login", to: rect(0, 0, 393, 516))
        let l = s.layout()
        // The root view no longer reaches the home indicator: no bottom inset.
        #expect(l.view("Login.view")?.safeAreaInsets == EdgeInsets(top: 59, left: 0, bottom: 0, right: 0))
        #expect(l.frame("form") == rect(16, 374, 361, 122))
    }

    @Test func codableRoundTripRebuildsTheSameLayout() throws {
        var s = Screen.demo()
        try s.constrain("email.height", .equal, constant: 40, name: "emailHeight")
        try s.constrain("email.height", .equal, constant: 50)
        s.setKeyboardFrame(rect(0, 516, 393, 336))
        try s.setFocus("email")
        let data = try JSONEncoder().encode(s)
        var decoded = try JSONDecoder().decode(Screen.self, from: data)
        #expect(decoded == s)
        #expect(decoded.layout() == s.layout())
        #expect(try decoded.constraint(named: "c3").isBroken)
        // Mutations after decoding still work incrementally.
        try decoded.setConstant(100, of: "formBottom")
        #expect(decoded.layout().frame("form") == rect(16, 590, 361, 128))
    }

    @Test func copiesAreIndependent() throws {
        var a = Screen.demo()
        _ = a.layout()
        var b = a
        try b.setConstant(344, of: "formBottom")
        #expect(b.layout().frame("form") == rect(16, 352, 361, 122))
        #expect(a.layout().frame("form") == rect(16, 676, 361, 122))
        #expect(a != b)
    }
}

/// The layout pass keeps its boxes by view index from one structure to the
/// next; a view removed from the middle, or removed and added again under
/// its name, must be laid out from its own constraints, not its old box's.
@Suite struct BoxesByIndexTests {
    /// Adds `name` to `C.view` at `r`, by its top, leading, width and height.
    func place(_ name: String, _ r: Rect, in s: inout Screen) throws {
        try s.addView(.view, name, to: "C.view")
        try s.constrain("\(name).top", .equal, "C.view.top", constant: r.y)
        try s.constrain("\(name).leading", .equal, "C.view.leading", constant: r.x)
        try s.constrain("\(name).width", .equal, constant: r.width)
        try s.constrain("\(name).height", .equal, constant: r.height)
    }

    @Test func aViewRemovedFromTheMiddleAndOneAddedAgainUnderItsNameLayOutFromTheirConstraints() throws {
        var s = try screen("iphone-15")
        // a at y 100, b at y 200, c at y 300; each 50 × 40 at x 10.
        for (k, name) in ["a", "b", "c"].enumerated() {
            try place(name, rect(10, Double(100 * (k + 1)), 50, 40), in: &s)
        }
        #expect(s.layout().frame("c") == rect(10, 300, 50, 40))
        // b goes: c moves down an index and keeps its frame.
        _ = try s.remove("b")
        var l = s.layout()
        #expect(l.frame("a") == rect(10, 100, 50, 40))
        #expect(l.frame("c") == rect(10, 300, 50, 40))
        #expect(l.windowFrame("b") == nil)
        // b comes back with other constraints: 120 × 30 at (20, 500).
        try place("b", rect(20, 500, 120, 30), in: &s)
        l = s.layout()
        #expect(l.frame("b") == rect(20, 500, 120, 30))
        #expect(l.frame("c") == rect(10, 300, 50, 40))
        #expect(l.views.map(\.name) == ["C.view", "a", "c", "b"])
        // The last view removed and added again at once, at its index and
        // under its name: 70 × 20 at (30, 600).
        _ = try s.remove("b")
        try place("b", rect(30, 600, 70, 20), in: &s)
        l = s.layout()
        #expect(l.frame("b") == rect(30, 600, 70, 20))
        #expect(l.views.map(\.name) == ["C.view", "a", "c", "b"])
    }
}

/// Views appended one at a time anywhere in a tree (into a stack in a
/// scroll view, nested stacks, a bar after it, the root view), each
/// followed by a layout: the hierarchy extended in place is the one made
/// from scratch, the box slots read again only where something changed
/// are the ones read in full, and the frames are those of an engine
/// rebuilt from the screen.
@Suite struct AppendedViewTests {
    @Test(arguments: [1, 2, 3, 4])
    func viewsAppendedAnywhereLayOutAsARebuiltEngine(seed: UInt64) throws {
        var steps = StackIncrementalTests.Steps(state: seed)
        func next(_ n: Int) -> Int { steps.below(n) }
        var s = try screen("iphone-15")
        try s.addView(.scrollView, "list", to: "C.view")
        try s.pin("list", to: "C.view.safeArea", insets: EdgeInsets(top: 0, left: 0, bottom: 60, right: 0))
        try s.addView(.stackView, "form", to: "list",
                      options: ViewOptions(stack: StackConfiguration(axis: .vertical, spacing: 4)))
        try s.pin("form", to: "list.content", insets: EdgeInsets(top: 0, left: 0, bottom: 0, right: 0))
        try s.constrain("form.width", .equal, "list.frameGuide.width")
        // A bar after the list: views appended to the form land in the
        // middle of the depth-first order, before the bar.
        try s.addView(.view, "bar", to: "C.view")
        try s.constrain("bar.leading", .equal, "C.view.leading")
        try s.constrain("bar.trailing", .equal, "C.view.trailing")
        try s.constrain("bar.bottom", .equal, "C.view.safeArea.bottom")
        try s.constrain("bar.height", .equal, constant: 60)
        _ = s.layout()
        var stacks = ["form"]
        var plain = ["bar", "C.view"]
        for k in 0..<40 {
            let name = "v\(k)"
            if next(3) > 0 {
                let parent = stacks[next(stacks.count)]
                switch next(4) {
                case 0:
                    // Vertical: a horizontal stack of several labels or
                    // fields wider than their content is ambiguous (which
                    // one stretches depends on the order the engine met
                    // them), and this compares two orders.
                    try s.addView(.stackView, name, to: parent,
                                  options: ViewOptions(stack: StackConfiguration(axis: .vertical, spacing: 2)))
                    stacks.append(name)
                case 1:
                    try s.addView(.textField, name, to: parent, options: ViewOptions(isHidden: next(4) == 0))
                default:
                    try s.addView(.label, name, to: parent,
                                  options: ViewOptions(text: String(repeating: "w", count: 1 + next(8))))
                }
            } else {
                let parent = plain[next(plain.count)]
                try s.addView(.view, name, to: parent)
                try s.constrain("\(name).top", .equal, "\(parent).top", constant: Double(next(50)))
                try s.constrain("\(name).leading", .equal, "\(parent).leading", constant: Double(next(50)))
                try s.constrain("\(name).width", .equal, constant: Double(10 + next(90)))
                try s.constrain("\(name).height", .equal, constant: Double(10 + next(40)))
                plain.append(name)
            }
            let layout = s.layout()
            let e = s.currentEngine()
            #expect(e.hierarchy(s) == Hierarchy(s), "step \(k): the extended hierarchy differs")
            var expected: [Int32] = []
            for i in 0 ..< s.viewList.count {
                if let b = e.boxes[s.viewList[i].name] {
                    expected += [b.x, b.y, b.w, b.h].map { e.solver.slotIndex(of: $0) }
                } else {
                    expected += [-1, -1, -1, -1]
                }
            }
            #expect(e.boxSlotIndices(s) == expected, "step \(k): box slots differ")
            var rebuilt = s
            rebuilt.stow()
            rebuilt.unstow()
            #expect(rebuilt.layout().views == layout.views, "step \(k): frames differ from a rebuilt engine's")
        }
    }
}
