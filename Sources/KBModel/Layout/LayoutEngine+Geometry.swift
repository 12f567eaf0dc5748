import KBSolver

// What the engine reads back from the solver (frames, safe areas, margins,
// content offsets) and the intrinsic content sizes it keeps in step with the
// views. (The constraints it makes itself are in LayoutEngine+Generated.swift.)

extension LayoutEngine {
    // MARK: Geometry from the current solution

    /// A view's window frame at the last `updateVariables`.
    func currentFrame(_ view: String) -> Rect {
        guard let b = boxes[view] else { return .zero }
        return frame(of: b)
    }

    /// The frame of a view's box at the last solve.
    func frame(of b: Box) -> Rect {
        Self.frame(of: b, in: solver)
    }

    /// The frame of a box in `solver`'s values (for loops over many boxes
    /// that change nothing: they read a copy of the solver taken once, not
    /// the engine's property once per value). Always inlined, so that
    /// ``frame(of:)`` reads the engine's solver in place rather than
    /// passing it on as a copy.
    @inline(__always)
    static func frame(of b: Box, in solver: Solver) -> Rect {
        Rect(x: cleanValue(solver.value(of: b.x)), y: cleanValue(solver.value(of: b.y)),
             width: cleanValue(solver.value(of: b.w)), height: cleanValue(solver.value(of: b.h)))
    }

    /// The part of the window's safe area the view overlaps, as insets.
    /// Inside a scroll view (which adjusts its content inset instead) zero.
    func safeAreaInsets(_ index: Int, _ frame: Rect, _ screen: Screen, _ h: Hierarchy) -> EdgeInsets {
        if h.scrollAncestor[index] != nil { return .zero }
        // An input accessory view off the keyboard is in no window.
        let top = h.root[index]
        if screen.viewList[top].accessory != nil, screen.keyboard.accessory != screen.viewList[top].name { return .zero }
        let safe = Rect(origin: .zero, size: screen.windowSize).inset(by: screen.windowSafeAreaInsets)
        func clamp(_ v: Double, _ limit: Double) -> Double { max(0, min(v, max(0, limit))) }
        return EdgeInsets(top: clamp(safe.minY - frame.minY, frame.height),
                          left: clamp(safe.minX - frame.minX, frame.width),
                          bottom: clamp(frame.maxY - safe.maxY, frame.height),
                          right: clamp(frame.maxX - safe.maxX, frame.width))
    }

    /// Layout margins beyond the safe area: a controller's root view has the
    /// system minimum side margins (16 pt phone, 20 pt pad), others 8 pt.
    func margins(_ view: View, _ screen: Screen) -> EdgeInsets {
        if view.isRootView {
            let m = screen.device.rootSideMargin
            return EdgeInsets(top: 0, left: m, bottom: 0, right: m)
        }
        return EdgeInsets(all: 8)
    }

    /// `keyboardLayoutGuide`'s height in a view: the docked keyboard's
    /// overlap with the view, at least the view's safe-area bottom.
    func keyboardGuideHeight(_ frame: Rect, safeBottom: Double, _ screen: Screen) -> Double {
        guard screen.keyboard.isDocked, let k = screen.keyboardFrameInWindow, k.height > 0, k.minY < screen.windowSize.height
        else { return safeBottom }
        let top = k.minY
        return min(max(frame.height, 0), max(safeBottom, frame.maxY - top))
    }

    /// `contentInset` plus the safe area the scroll view overlaps (UIKit's
    /// automatic adjustment).
    func adjustedContentInset(_ index: Int, _ frame: Rect, _ screen: Screen, _ h: Hierarchy) -> EdgeInsets {
        let inset = screen.viewList[index].scroll?.contentInset ?? .zero
        return inset + safeAreaInsets(index, frame, screen, h)
    }

    /// The content offset: as set, or UIKit's start `−adjustedContentInset`.
    func contentOffset(_ index: Int, _ frame: Rect, _ screen: Screen, _ h: Hierarchy) -> Point {
        if let o = screen.viewList[index].scroll?.contentOffset { return o }
        let a = adjustedContentInset(index, frame, screen, h)
        return Point(x: -a.left, y: -a.top)
    }

    // MARK: Intrinsic content size

    func markIntrinsic(_ view: String) {
        if pendingIntrinsicSet.insert(view).inserted { pendingIntrinsic.append(view) }
        invalidate()
    }

    /// Brings the content-size constraints of the pending views up to date
    /// (`size <= intrinsic @hugging`, `size >= intrinsic @compression`).
    /// UIKit adds them at layout time, after the user's constraints.
    func flushIntrinsic(_ screen: Screen) -> [ModelWarning] {
        var warnings: [ModelWarning] = []
        let pending = pendingIntrinsic
        pendingIntrinsic = []
        pendingIntrinsicSet = []
        for name in pending { syncIntrinsic(name, screen, &warnings) }
        return warnings
    }

    /// Brings one pending view's content-size constraints up to date now
    /// (a view appended to a stack gets them before the stack's end moves
    /// to it, so its height is a plain variable when the end's equation
    /// names it).
    func flushIntrinsic(of name: String, _ screen: Screen) -> [ModelWarning] {
        guard pendingIntrinsicSet.remove(name) != nil else { return [] }
        pendingIntrinsic.removeAll { $0 == name }
        var warnings: [ModelWarning] = []
        syncIntrinsic(name, screen, &warnings)
        return warnings
    }

    private func syncIntrinsic(_ name: String, _ screen: Screen, _ warnings: inout [ModelWarning]) {
        guard case let .view(i) = screen.names[name] else { return }
        let view = screen.viewList[i]
        let size = view.intrinsicSize
        var record = intrinsic[name] ?? IntrinsicPair(horizontal: nil, vertical: nil)
        for axis in Axis.allCases {
            let value = axis == .horizontal ? size.width : size.height
            record[axis] = syncIntrinsic(view, axis, value, record[axis], screen, &warnings)
        }
        intrinsic[name] = record
    }

    private func syncIntrinsic(_ view: View, _ axis: Axis, _ value: Double?, _ old: AxisIntrinsic?,
                               _ screen: Screen, _ warnings: inout [ModelWarning]) -> AxisIntrinsic? {
        let attribute: Anchor.Attribute = axis == .horizontal ? .width : .height
        let key = "intrinsic:\(view.name).\(attribute.rawValue)"
        let hugPriority = view.hugging[axis], compressPriority = view.compressionResistance[axis]
        // (A view with alignment insets has them in its constraints' constants: remade, not updated.)
        if var old, let value, view.alignmentInsets == nil,
           old.hug.map({ $0.constraint.strength.priority == hugPriority }) ?? false,
           old.compress.map({ $0.constraint.strength.priority == compressPriority }) ?? false {
            if old.value != value {
                for g in [old.hug, old.compress].compactMap({ $0 }) where solver.contains(g.constraint) {
                    try? solver.setConstant(-value, of: g.constraint)
                }
                old.value = value
                invalidate()
            }
            return old
        }
        removeGenerated(key: key)
        guard let value else { return nil }
        let anchor = Anchor(view.name, nil, attribute)
        let hug = make(LayoutConstraint(name: "content-size-hug", first: anchor, relation: .lessOrEqual,
                                        constant: value, priority: hugPriority), screen)
        let compress = make(LayoutConstraint(name: "content-size-compression", first: anchor,
                                             relation: .greaterOrEqual, constant: value,
                                             priority: compressPriority), screen)
        var record = AxisIntrinsic(value: value, hug: nil, compress: nil)
        if let w = addGenerated(hug, key: key) { warnings.append(w) } else { record.hug = hug }
        if let w = addGenerated(compress, key: key) { warnings.append(w) } else { record.compress = compress }
        return record
    }
}
