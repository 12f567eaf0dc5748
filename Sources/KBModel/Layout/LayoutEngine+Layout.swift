import KBSolver

// Building the engine from a screen, settling the layout and taking snapshots.

extension LayoutEngine {
    /// An engine for `screen`: root frames and embeddings, stack views, user
    /// constraints in order (broken ones stay out), then content sizes.
    static func build(from screen: Screen) -> LayoutEngine {
        let e = LayoutEngine()
        for c in screen.controllers {
            if c.parent == nil { e.addRootFrame(c, screen) } else { _ = e.addEmbedding(c, screen) }
        }
        for v in screen.viewList where v.accessory != nil { e.addAccessoryFrame(v.name, screen) }
        for v in screen.viewList where v.table != nil { e.addTable(v.name, screen) }
        for v in screen.viewList where v.row != nil { e.addCell(v.name, screen) }
        for c in screen.controllers where c.tableView != nil { e.addTableControllerPin(c, screen) }
        for v in screen.viewList where v.kind == .stackView {
            _ = e.regenerateStack(v.name, screen)
        }
        for c in screen.constraintList where c.isEffective {
            let sc = e.solverConstraint(c, screen)
            e.origins[ObjectIdentifier(sc)] = ConflictEntry(name: c.name, equation: c.equation, isUser: true)
            do {
                try e.solver.add(sc)
                e.user[c.name] = sc
            } catch {
                e.origins[ObjectIdentifier(sc)] = nil
            }
        }
        for v in screen.viewList { e.markIntrinsic(v.name) }
        return e
    }

    /// Adds content-size constraints, then solves until the guides'
    /// constants (safe area, margins, keyboard, content offset) agree with
    /// the frames they depend on (a few passes at most).
    func settle(_ screen: Screen) -> (warnings: [ModelWarning], broken: [BrokenConstraint]) {
        var warnings = flushIntrinsic(screen)
        var broken: [BrokenConstraint] = []
        let h = hierarchy(screen)
        for _ in 0..<6 {
            solver.updateVariables()
            var changed = false
            // Most passes find every constant right: the handles are looked
            // at in place first, and only stale ones are taken out (and put
            // back) to be changed.
            for c in screen.controllers where c.parent == nil {
                let f = rootFrame(c, screen)
                // Taken out and put back so the handles are mutated in place.
                guard let current = rootFrames[c.name], Self.differ(current, f),
                      var handles = rootFrames.removeValue(forKey: c.name) else { continue }
                if move(&handles, to: f, screen, broken: &broken) { changed = true }
                rootFrames[c.name] = handles
            }
            for name in accessoryFrames.keys.sorted() {
                let f = accessoryFrame(name, screen)
                guard let current = accessoryFrames[name], Self.differ(current, f),
                      var handles = accessoryFrames.removeValue(forKey: name) else { continue }
                if move(&handles, to: f, screen, broken: &broken) { changed = true }
                accessoryFrames[name] = handles
            }
            for g in guides.indices {
                let peek: (key: GuideKey, count: Int)? = guides.withUnsafeBufferPointer { guides in
                    guard let count = guides[g]?.handles.count, count > 0 else { return nil }
                    return (guides[g]!.key, count)
                }
                guard let (key, count) = peek else { continue }
                let targets = guideTargets(key, screen, h)
                let stale = guides.withUnsafeBufferPointer { guides in
                    (0..<min(count, targets.count)).contains { guides[g]!.handles[$0].value != targets[$0] }
                }
                guard stale, var record = guides[g].take() else { continue }
                for k in record.handles.indices where k < targets.count
                    && set(&record.handles[k], to: targets[k], screen, broken: &broken) {
                    changed = true
                }
                guides[g] = record
            }
            // Sizes never negative: bounds where the solution went below 0,
            // then another pass.
            if !changed, !enforceSizeBounds(screen, broken: &broken, warnings: &warnings) {
                isSettled = true
                break
            }
        }
        recentCauses.removeAll()
        warnings += broken.map(\.warning)
        return (warnings, broken)
    }

    /// Whether frame handles (left, top, width, height) stand elsewhere than `f`.
    static func differ(_ handles: [Handle], _ f: Rect) -> Bool {
        let targets = [f.x, f.y, f.width, f.height]
        return handles.indices.contains { $0 < targets.count && handles[$0].value != targets[$0] }
    }

    /// A scroll view's scroll geometry at the last solve (nil for another
    /// view), given its window frame and safe-area insets.
    /// (Inlined: most views have none, and find that out in place.)
    @inline(__always)
    func scrollLayout(_ i: Int, frame: Rect, safeArea: EdgeInsets, _ screen: Screen, _ h: Hierarchy) -> ScrollLayout? {
        guard let config = screen.viewList[i].scroll else { return nil }
        return scrollLayout(i, config, frame: frame, safeArea: safeArea, screen, h)
    }

    @inline(never)
    private func scrollLayout(_ i: Int, _ config: ScrollConfiguration, frame: Rect, safeArea: EdgeInsets,
                              _ screen: Screen, _ h: Hierarchy) -> ScrollLayout {
        var contentSize = Size.zero
        if let g = guideIndex[GuideKey(view: screen.viewList[i].name, guide: .content)], let record = guides[g] {
            contentSize = Size(width: cleanValue(solver.value(of: record.box.w)),
                               height: cleanValue(solver.value(of: record.box.h)))
        }
        return ScrollLayout(contentSize: contentSize, contentInset: config.contentInset,
                            adjustedContentInset: config.contentInset + safeArea,
                            contentOffset: contentOffset(i, frame, screen, h), indicatorInsets: config.indicatorInsets)
    }

    /// What a snapshot's view layouts are made from besides the solver's
    /// values: when all of it is as it was for the last snapshot, a view
    /// whose window frame, and whose superview's window frame and content
    /// offset, are also as they were has the layout it had (scroll views,
    /// whose geometry reads more, are made again each time).
    struct SnapshotInputs {
        let hierarchyVersion: Int
        let hierarchyBase: Int
        /// The hierarchy order the views were laid out in.
        let order: [Int]
        let viewList: SegmentedArray<View>
        let windowSize: Size
        let windowSafeAreaInsets: EdgeInsets
        let keyboardAccessory: String?
        let outOfWindow: Set<String>
        /// The layouts made, and per view index the window frames and
        /// content offsets they were made with, and whether the frame's
        /// origin or the offset moved at that snapshot. The next snapshot
        /// takes these arrays over and brings them up to date in place.
        let views: SegmentedArray<ViewLayout>
        var windowFrames: [Rect]
        var offsets: [Point]
        var moved: [Bool]
        /// The views whose `moved` is true.
        let movedViews: [Int]
        /// Per view index: a kind with scroll geometry (scroll, text and
        /// table views), read once per view list rather than per pass;
        /// and the indices of those views.
        var scrollKinds: [Bool]
        var scrollViews: [Int]
        /// Where the solver's list of moved values stood, and how many
        /// whole reads of the box slots there had been: what moved since
        /// is what the next snapshot looks at again.
        let valueMark: Solver.ValueMark
        let boxSlotsWholeReads: Int
        let boxSlotsReadCount: Int

        /// How many positions of the hierarchy order hold the views they
        /// held, with everything but the solver's values and the views'
        /// own values as it was: all of them when the hierarchy is the
        /// same, those before the first appended view when views were only
        /// appended at the end of the order, else none.
        func keptPositions(for screen: Screen, _ engine: LayoutEngine, _ h: Hierarchy, outOfWindow: Set<String>) -> Int {
            guard windowSize == screen.windowSize, windowSafeAreaInsets == screen.windowSafeAreaInsets,
                  keyboardAccessory == screen.keyboard.accessory, self.outOfWindow == outOfWindow,
                  hierarchyBase == engine.hierarchyBase, order.count <= h.order.count,
                  windowFrames.count <= screen.viewList.count else { return 0 }
            if hierarchyVersion == engine.hierarchyVersion { return order.count }
            return h.order.starts(with: order) ? order.count : 0
        }
    }

    /// A snapshot of the current solution (call after ``settle(_:)``).
    /// Views are made a segment at a time; a segment whose views all
    /// keep their layouts (``SnapshotInputs``) is the last snapshot's,
    /// shared, so a pass that moved a few views of many costs about those.
    ///
    /// Only the segments that hold a view that may lay out otherwise are
    /// looked at: a view whose values the solver changed since the last
    /// snapshot (``Solver/forEachSlotMoved(since:_:)``) or whose slots were
    /// read again, a view of a segment of the view list that changed, a
    /// scroll view, a view that moved at the last snapshot, a view
    /// appended; and every segment after a view with subviews that moved.
    /// The others are those the look would keep, so the result is the one
    /// of a look at every view.
    func snapshot(_ screen: Screen) -> LayoutSnapshot {
        let h = hierarchy(screen)
        let boxes = boxesByIndex(screen)
        let slots = boxSlotIndices(screen)
        let n = screen.viewList.count
        let solver = self.solver.slotValues
        // The views of a dismissed controller are out of the window: hidden
        // in the snapshot, so nothing draws them.
        let outOfWindow = screen.controllersOutOfWindow
        let size = SegmentedArray<ViewLayout>.segmentSize
        let shift = SegmentedArray<ViewLayout>.segmentShift
        let viewSegmentShift = SegmentedArray<View>.segmentShift
        if n <= size {
            // One segment: there is nothing to keep apart, and the
            // bookkeeping that lets a larger screen keep the segments whose
            // views did not move would cost more than making it.
            lastSnapshotInputs = nil
            return LayoutSnapshot(screenSize: screen.windowSize, keyboardFrame: screen.keyboardFrameInWindow,
                                  views: oneSegment(screen, h, boxes, slots, outOfWindow),
                                  constraints: constraintValues(screen))
        }
        var kept = 0
        // Taken, not copied: the arrays taken over from it are then unique
        // and updated in place.
        var last = lastSnapshotInputs.take()
        if let inputs = last {
            kept = inputs.keptPositions(for: screen, self, h, outOfWindow: outOfWindow)
        }
        var hasLast = false
        var windowFrames: [Rect] = [], offsets: [Point] = [], moved: [Bool] = []
        var scrollKinds: [Bool] = [], scrollViews: [Int] = []
        var lastViews = SegmentedArray<ViewLayout>()
        // Per segment of the view list: the views in it are the values
        // the last snapshot was made from.
        var sameViews: [Bool] = []
        // Per segment of the hierarchy order: whether a view in it may lay
        // out otherwise than at the last snapshot (nil: any may).
        var dirty: [Bool]?
        if kept > 0, var inputs = last.take() {
            hasLast = true
            swap(&windowFrames, &inputs.windowFrames)
            swap(&offsets, &inputs.offsets)
            swap(&moved, &inputs.moved)
            swap(&scrollKinds, &inputs.scrollKinds)
            swap(&scrollViews, &inputs.scrollViews)
            lastViews = inputs.views
            let before = inputs.viewList, now = screen.viewList
            sameViews = (0 ..< now.segmentCount).map { now.sharesSegment($0, with: before) }
            dirty = dirtySegments(inputs, h, n: n, kept: kept, sameViews: sameViews, scrollViews: scrollViews)
        }
        last = nil
        if !hasLast {
            windowFrames = [Rect](repeating: .zero, count: n)
            offsets = [Point](repeating: .zero, count: n)
            moved = [Bool](repeating: true, count: n)
        } else if windowFrames.count < n {
            windowFrames += repeatElement(.zero, count: n - windowFrames.count)
            offsets += repeatElement(.zero, count: n - offsets.count)
            moved += repeatElement(true, count: n - moved.count)
        }
        for i in scrollKinds.count ..< n {
            let isScroll = screen.viewList[i].kind.isScrollView
            scrollKinds.append(isScroll)
            if isScroll { scrollViews.append(i) }
        }
        let lastSegments = lastViews.segmentCount
        var views = SegmentedArray<ViewLayout>(segmentCapacity: (h.order.count + size - 1) >> shift)
        var movedViews: [Int] = []
        movedViews.reserveCapacity(min(n, 4 * size))
        var lookedAt = 0
        // The per-view arrays are written through their buffers (no
        // uniqueness check per write); per position of a segment, the
        // window frame and content offset of the last snapshot.
        windowFrames.withUnsafeMutableBufferPointer { windowFrames in
        offsets.withUnsafeMutableBufferPointer { offsets in
        moved.withUnsafeMutableBufferPointer { moved in
        withUnsafeTemporaryAllocation(of: Rect.self, capacity: size) { lastFrames in
        withUnsafeTemporaryAllocation(of: Point.self, capacity: size) { lastOffsets in
        var start = 0
        while start < h.order.count {
            let end = min(start + size, h.order.count)
            var keeps = hasLast && end <= kept && start >> shift < lastSegments
                && lastViews.segment(start >> shift).count == end - start
            if keeps, let dirty, !dirty[start >> shift] {
                views.appendSegment(lastViews.segment(start >> shift))
                start = end
                continue
            }
            lookedAt += 1
            // The window frames first: whether the segment can be kept.
            for p in start ..< end {
                let i = h.order[p]
                let lastFrame = windowFrames[i], lastOffset = offsets[i]
                lastFrames[p - start] = lastFrame
                lastOffsets[p - start] = lastOffset
                let wf = windowFrame(i, boxes, slots, solver)
                windowFrames[i] = wf
                // Scroll, text and table views (the kinds that have scroll
                // geometry) are made again each time. A subview's frame is
                // relative to its superview's origin and content offset
                // only: `moved` says whether those moved. A view keeps its
                // layout when its frame, its own view and its top-level view
                // (whose being an accessory in the window decides its safe
                // area) are as they were. (Worked out as values, not
                // branches: whether a view moved follows no pattern a
                // branch could learn.)
                let plain = hasLast && p < kept && !scrollKinds[i]
                let sameOrigin = lastFrame.x == wf.x && lastFrame.y == wf.y
                let unchanged = plain && sameOrigin && lastFrame.width == wf.width && lastFrame.height == wf.height
                    && sameViews[i >> viewSegmentShift] && sameViews[h.root[i] >> viewSegmentShift]
                let parentMoved = h.parent[i].map { moved[$0] } ?? false
                moved[i] = !(plain && sameOrigin)
                offsets[i] = unchanged ? lastOffset : .zero
                keeps = keeps && unchanged && !parentMoved
            }
            if keeps {
                views.appendSegment(lastViews.segment(start >> shift))
            } else {
                let segment = [ViewLayout](unsafeUninitializedCapacity: end - start) { buffer, count in
                    for p in start ..< end {
                        let i = h.order[p]
                        let wf = windowFrames[i]
                        let frame = frameInSuperview(wf, h.parent[i], windowFrames, offsets)
                        let safe = safeAreaInsets(i, wf, screen, h)
                        let scroll = scrollLayout(i, frame: wf, safeArea: safe, screen, h)
                        if let scroll {
                            offsets[i] = scroll.contentOffset
                            let lastFrame = lastFrames[p - start]
                            moved[i] = !hasLast || p >= kept || lastFrame.x != wf.x || lastFrame.y != wf.y
                                || lastOffsets[p - start] != scroll.contentOffset
                        }
                        (buffer.baseAddress! + count).initialize(
                            to: layout(i, screen, h, outOfWindow, frame: frame, windowFrame: wf, safe: safe, scroll: scroll))
                        count += 1
                    }
                }
                views.appendSegment(segment)
            }
            for p in start ..< end where moved[h.order[p]] {
                let i = h.order[p]
                movedViews.append(i)
                // Its subviews' frames are relative to it: every segment
                // after is looked at.
                if p + 1 < h.order.count, h.depth[h.order[p + 1]] > h.depth[i] { dirty = nil }
            }
            start = end
        }
        }}}}}
        snapshotSegmentsLookedAt = lookedAt
        lastSnapshotInputs = SnapshotInputs(
            hierarchyVersion: hierarchyVersion, hierarchyBase: hierarchyBase, order: h.order, viewList: screen.viewList,
            windowSize: screen.windowSize, windowSafeAreaInsets: screen.windowSafeAreaInsets, keyboardAccessory: screen.keyboard.accessory,
            outOfWindow: outOfWindow, views: views, windowFrames: windowFrames, offsets: offsets, moved: moved,
            movedViews: movedViews, scrollKinds: scrollKinds, scrollViews: scrollViews,
            valueMark: self.solver.valueMark, boxSlotsWholeReads: boxSlotsWholeReads,
            boxSlotsReadCount: boxSlotsReadViews.count)
        return LayoutSnapshot(screenSize: screen.windowSize, keyboardFrame: screen.keyboardFrameInWindow, views: views,
                              constraints: constraintValues(screen))
    }

    /// The views of a screen of one segment at most, made in hierarchy
    /// order (a view's frame is relative to its superview's window frame
    /// and content offset, made before it).
    private func oneSegment(_ screen: Screen, _ h: Hierarchy, _ boxes: [Box?], _ slots: [Int32],
                            _ outOfWindow: Set<String>) -> SegmentedArray<ViewLayout> {
        var views = SegmentedArray<ViewLayout>()
        let n = screen.viewList.count
        guard !h.order.isEmpty else {
            snapshotSegmentsLookedAt = 0
            return views
        }
        snapshotSegmentsLookedAt = 1
        let solver = self.solver.slotValues
        let segment = withUnsafeTemporaryAllocation(of: Rect.self, capacity: n) { windowFrames in
            withUnsafeTemporaryAllocation(of: Point.self, capacity: n) { offsets in
                windowFrames.initialize(repeating: .zero)
                offsets.initialize(repeating: .zero)
                return [ViewLayout](unsafeUninitializedCapacity: h.order.count) { buffer, count in
                    for i in h.order {
                        let wf = windowFrame(i, boxes, slots, solver)
                        windowFrames[i] = wf
                        let frame = frameInSuperview(wf, h.parent[i], windowFrames, offsets)
                        let safe = safeAreaInsets(i, wf, screen, h)
                        let scroll = scrollLayout(i, frame: wf, safeArea: safe, screen, h)
                        if let scroll { offsets[i] = scroll.contentOffset }
                        (buffer.baseAddress! + count).initialize(
                            to: layout(i, screen, h, outOfWindow, frame: frame, windowFrame: wf, safe: safe, scroll: scroll))
                        count += 1
                    }
                }
            }
        }
        views.appendSegment(segment)
        return views
    }

    /// A view's window frame: the solver's values at its box's slots
    /// (zero for a view with no box).
    @inline(__always)
    private func windowFrame(_ i: Int, _ boxes: [Box?], _ slots: [Int32], _ values: Solver.SlotValues) -> Rect {
        boxes[i] == nil ? .zero
            : Rect(x: cleanValue(values.value(atSlot: slots[4 * i])),
                   y: cleanValue(values.value(atSlot: slots[4 * i + 1])),
                   width: cleanValue(values.value(atSlot: slots[4 * i + 2])),
                   height: cleanValue(values.value(atSlot: slots[4 * i + 3])))
    }

    /// A view's frame in its superview: its window frame made relative to
    /// the superview's window frame and content offset (made before it).
    @inline(__always)
    private func frameInSuperview(_ wf: Rect, _ parent: Int?, _ windowFrames: UnsafeMutableBufferPointer<Rect>,
                                  _ offsets: UnsafeMutableBufferPointer<Point>) -> Rect {
        guard let parent else { return wf }
        let pf = windowFrames[parent], po = offsets[parent]
        return Rect(x: cleanValue(wf.x - pf.x + po.x), y: cleanValue(wf.y - pf.y + po.y), width: wf.width, height: wf.height)
    }

    /// A view's layout. Its fields are read in place: a view is large, and
    /// copying one whole retains all its strings.
    @inline(__always)
    private func layout(_ i: Int, _ screen: Screen, _ h: Hierarchy, _ outOfWindow: Set<String>, frame: Rect,
                        windowFrame: Rect, safe: EdgeInsets, scroll: ScrollLayout?) -> ViewLayout {
        ViewLayout(name: screen.viewList[i].name, kind: screen.viewList[i].kind, parent: screen.viewList[i].parent,
                   depth: h.depth[i],
                   isHidden: screen.viewList[i].isHidden
                       || (!outOfWindow.isEmpty && outOfWindow.contains(screen.viewList[i].controller)),
                   frame: frame, windowFrame: windowFrame, safeAreaInsets: safe, scroll: scroll)
    }

    /// Per segment of the hierarchy order, whether a view in it may lay
    /// out otherwise than at the snapshot `last` was made for (see
    /// ``snapshot(_:)``); nil when any may.
    private func dirtySegments(_ last: SnapshotInputs, _ h: Hierarchy, n: Int, kept: Int, sameViews: [Bool],
                               scrollViews: [Int]) -> [Bool]? {
        guard slotOwnersKept, last.boxSlotsWholeReads == boxSlotsWholeReads,
              last.boxSlotsReadCount <= boxSlotsReadViews.count
        else { return nil }
        let viewShift = SegmentedArray<View>.segmentShift, viewSize = SegmentedArray<View>.segmentSize
        // A top-level view changed: its views' safe areas may have.
        for t in h.tops where t >> viewShift < sameViews.count && !sameViews[t >> viewShift] { return nil }
        let shift = SegmentedArray<ViewLayout>.segmentShift
        var dirty = [Bool](repeating: false, count: (h.order.count + (1 << shift) - 1) >> shift)
        let owners = slotOwners
        guard let moved = solver.slotsMoved(since: last.valueMark) else { return nil }
        for slot in moved {
            let s = Int(slot)
            guard s < owners.count, owners[s] >= 0 else { continue }
            let i = Int(owners[s]) >> 2
            if i < n { dirty[h.position[i] >> shift] = true }
        }
        for k in last.boxSlotsReadCount ..< boxSlotsReadViews.count where boxSlotsReadViews[k] < n {
            dirty[h.position[boxSlotsReadViews[k]] >> shift] = true
        }
        for i in scrollViews where i < n { dirty[h.position[i] >> shift] = true }
        for i in last.movedViews where i < n { dirty[h.position[i] >> shift] = true }
        for k in sameViews.indices where !sameViews[k] {
            for i in k * viewSize ..< min(n, (k + 1) * viewSize) { dirty[h.position[i] >> shift] = true }
        }
        // Positions past those kept hold views appended since.
        if kept < h.order.count {
            for k in (kept >> shift) ..< dirty.count { dirty[k] = true }
        }
        return dirty
    }

    /// The user constraints' states: the last snapshot's array when the
    /// constraints are still the very ones it was made from (most commands
    /// change none), so snapshots share it and a diff can tell at once that
    /// no constant moved.
    func constraintValues(_ screen: Screen) -> SegmentedArray<ConstraintValue> {
        if lastConstraints.sharesStorage(with: screen.constraintList) { return lastConstraintValues }
        // Each segment of constraints still shared keeps its states (a
        // constant set changes one segment; a constraint added at the end
        // leaves every full segment before it); the others are read again.
        typealias Values = SegmentedArray<ConstraintValue>
        let list = screen.constraintList
        var values = Values()
        for k in 0 ..< list.segmentCount {
            if lastConstraints.sharesSegment(k, with: list), lastConstraintValues.segmentCount > k,
               lastConstraintValues.segment(k).count == list.segment(k).count {
                values.appendSegment(lastConstraintValues.segment(k))
                continue
            }
            values.appendSegment(list.segment(k).map { c in
                ConstraintValue(name: c.name, constant: c.constant, priority: c.priority, isActive: c.isActive, isBroken: c.isBroken)
            })
        }
        lastConstraints = screen.constraintList
        lastConstraintValues = values
        return values
    }
}

extension Optional {
    /// Moves the value out, leaving `nil`, so it can be mutated uniquely.
    mutating func take() -> Wrapped? {
        let value = self
        self = nil
        return value
    }
}
