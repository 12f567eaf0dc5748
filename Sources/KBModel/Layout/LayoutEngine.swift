import KBSolver

/// The solver and the maps from names to its variables and constraints: a
/// cache of a ``Screen``, updated incrementally by mutations and rebuilt
/// from the value when missing.
///
/// Every view has a box of four variables in window coordinates (x, y,
/// width, height), already accounting for scrolling. Guides get their own
/// boxes, defined from the view's by required equalities whose constants
/// (insets, keyboard height, content offset) change with `setConstant`.
///
/// Safe to share between threads only through ``Screen``, which copies it
/// before mutating a shared one (copy on write).
final class LayoutEngine: @unchecked Sendable {
    /// A view's (or guide's) four variables. A class: the layout passes
    /// hand boxes around by the thousand, and a reference is one retain.
    final class Box: Sendable {
        let x, y, w, h: Variable
        /// The view's name.
        let name: String

        init(_ name: String) {
            self.name = name
            x = Variable(name + ".x")
            y = Variable(name + ".y")
            w = Variable(name + ".width")
            h = Variable(name + ".height")
        }

        /// x, y, width or height (0 to 3), in the order of ``boxSlots``.
        @inline(__always) func variable(_ part: Int) -> Variable {
            switch part {
            case 0: x
            case 1: y
            case 2: w
            default: h
            }
        }
    }

    struct GuideKey: Hashable, Sendable {
        let view: String
        let guide: Anchor.Guide
    }

    /// A generated constraint whose constant the engine keeps up to date.
    struct Handle: Sendable {
        let constraint: Constraint
        /// The constant as written (`first == second + value`).
        var value: Double
    }

    struct GuideRecord: Sendable {
        let key: GuideKey
        let box: Box
        /// Per guide: safeArea/margins [left, top, width, height]; keyboard
        /// [height]; content [left, top].
        var handles: [Handle]
    }

    struct Generated: Sendable {
        let constraint: Constraint
        let entry: ConflictEntry
        /// The views the constraint mentions (for `explain` and removal).
        let views: [String]
    }

    struct AxisIntrinsic: Sendable {
        var value: Double
        var hug: Generated?
        var compress: Generated?
    }

    struct IntrinsicPair: Sendable {
        var horizontal: AxisIntrinsic?
        var vertical: AxisIntrinsic?

        subscript(_ axis: Axis) -> AxisIntrinsic? {
            get { axis == .horizontal ? horizontal : vertical }
            set { if axis == .horizontal { horizontal = newValue } else { vertical = newValue } }
        }
    }

    var solver = Solver()
    var boxes: [String: Box] = [:]
    var guideIndex: [GuideKey: Int] = [:]
    var guides: [GuideRecord?] = []
    /// Root views' frame constraints (top-level controllers), by controller:
    /// [left, top, width, height].
    var rootFrames: [String: [Handle]] = [:]
    /// User constraints added, activated or changed since the last settle,
    /// with why: a size bound they break names that cause.
    var recentCauses: [String: ModelWarning.Cause] = [:]
    /// Input accessory views' frame constraints, by view: [left, top, width, height].
    var accessoryFrames: [String: [Handle]] = [:]
    /// User constraints in the solver, by name.
    var user: [String: Constraint] = [:]
    /// Generated constraints by owner key (`stack:form`, `embed:Child`, `guide:…`).
    var generated: [String: [Generated]] = [:]
    /// Stack views' generated constraints by owner key (`stack:form`), by part.
    var stacks: [String: StackRecord] = [:]
    var intrinsic: [String: IntrinsicPair] = [:]
    var pendingIntrinsic: [String] = []
    var pendingIntrinsicSet: Set<String> = []
    /// Solver constraint → how conflicts name it.
    var origins: [ObjectIdentifier: ConflictEntry] = [:]
    var cachedSnapshot: LayoutSnapshot?
    /// The constraints the last snapshot's constraint states were made
    /// from, and those states (kept when the snapshot is invalidated, to be
    /// shared by the next one if the constraints are still the same). The
    /// copy shares the screen's storage, so any change to a constraint
    /// copies it apart.
    var lastConstraints: SegmentedArray<LayoutConstraint> = []
    var lastConstraintValues = SegmentedArray<ConstraintValue>()
    var cachedHierarchy: Hierarchy?
    /// Changes whenever ``hierarchy(_:)`` makes or extends the hierarchy.
    var hierarchyVersion = 0
    /// The version at which the hierarchy was last made whole: since then
    /// views were only appended (``Hierarchy/extend(_:)``), and every view
    /// before them keeps its parent, depth and root.
    var hierarchyBase = 0
    /// What the last snapshot was made from, for the next to keep the
    /// segments of views whose layout cannot have changed.
    var lastSnapshotInputs: SnapshotInputs?
    /// Per view index, its box (built with the hierarchy), and whether it
    /// is current. A stale array still serves the next build: an entry
    /// whose box has the name of the view now at its index is kept without
    /// a lookup (boxes are dropped only with `forget`, which empties it).
    var cachedBoxes: [Box?]?
    var cachedBoxesAreCurrent = false
    /// Per view index, the solver's slots of its box's x, y, width and
    /// height (four per view, -1 for none), read for the boxes by index at
    /// the solver's `boxSlotsEpoch`: a layout pass reads every frame, and a
    /// slot is an array index where a variable is a hash lookup.
    var boxSlots: [Int32] = []
    var boxSlotsEpoch: Solver.SlotEpoch?
    /// Per solver slot read into ``boxSlots``: `4 × view index + part`
    /// (-1: none). An entry may outlive its box (a box let go, a view
    /// given a new one); it then names a view that did not move, which
    /// costs a look, never a wrong layout.
    var slotOwners: [Int32] = []
    /// Whether ``slotOwners`` is kept: only for screens of more views than
    /// one segment of the snapshot holds. A smaller screen is laid out
    /// whole and its sizes read whole (a look at a few views costs less
    /// than keeping the map on every read); a screen that grows past it
    /// has its slots read whole once, which makes the map.
    var slotOwnersKept = false
    /// Counts the times ``boxSlots`` was read whole; since then, the views
    /// whose entries were read again (``boxSlotsReadViews``), in order. A
    /// reader of frames by slot (the snapshot) keeps the count and how far
    /// it read the list, and looks again at the views read since, or at
    /// every view after a whole read.
    var boxSlotsWholeReads = 0
    var boxSlotsReadViews: [Int] = []
    /// Room for the ambiguity check, kept between questions (cleared
    /// after each; a copy of the engine starts with its own).
    var ambiguityScratch = Solver.AmbiguityScratch()
    /// The last look for sizes below 0 (``negativeSizes(_:_:)``): where
    /// the solver's values and the slot reads stood, and the views found.
    struct SizeScan {
        let mark: Solver.ValueMark
        let wholeReads: Int
        let readCount: Int
        let negative: [Int]
    }
    var sizeScan: SizeScan?
    /// How many segments of views the last snapshot looked at (for tests:
    /// a pass that moved a few views looks at a few).
    var snapshotSegmentsLookedAt = 0
    /// Since the hierarchy was made, views were only appended to the
    /// screen's list (``invalidateForAppendedView()``): it is extended, not
    /// made again.
    var hierarchyOnlyAppended = false
    /// Since the boxes by index were made, views were only appended and
    /// boxes made (``newBoxNames``): the entries before stay right.
    var boxesOnlyAppended = false
    /// The views that got a box since the boxes by index were made.
    var newBoxNames: [String] = []
    /// Per view index whose box changed since ``boxSlots`` was read
    /// (appended, or given a box): the entries to read again when only
    /// variables were added to the solver since.
    var changedBoxIndices: [Int] = []
    /// Each box variable's view and part (0 x, 1 y, 2 width, 3 height),
    /// written when the box is made: the variables the solver gave a slot
    /// since ``boxSlots`` was read are placed through it, without reading
    /// every box that had none (a long script adds its views first, then
    /// constrains them one by one). An entry left by a box let go is
    /// never trusted: the box at the view's index must hold the variable.
    var boxParts: [ObjectIdentifier: (view: String, part: Int)] = [:]
    /// The last ``settle(_:)`` converged and nothing changed since: the
    /// guides' constants agree with the frames.
    var isSettled = false

    init() {
        // The passes read the values that moved (``snapshot(_:)``, ``negativeSizes(_:_:)``).
        solver.listsMovedSlots = true
        // The ambiguity check after each command keeps what it learned
        // about the parts of the layout the command left alone: the solver
        // logs its changes from the first question on (``Screen/ambiguousViews(among:)``).
    }

    /// A copy sharing nothing mutable with `self` (the solver and the maps
    /// are values; variables and constraints are identities, shared).
    func copy() -> LayoutEngine {
        let e = LayoutEngine()
        e.solver = solver
        e.boxes = boxes
        e.guideIndex = guideIndex
        e.guides = guides
        e.rootFrames = rootFrames
        e.recentCauses = recentCauses
        e.accessoryFrames = accessoryFrames
        e.user = user
        e.generated = generated
        e.stacks = stacks
        e.intrinsic = intrinsic
        e.pendingIntrinsic = pendingIntrinsic
        e.pendingIntrinsicSet = pendingIntrinsicSet
        e.origins = origins
        e.cachedSnapshot = cachedSnapshot
        e.lastConstraints = lastConstraints
        e.lastConstraintValues = lastConstraintValues
        e.cachedHierarchy = cachedHierarchy
        e.hierarchyVersion = hierarchyVersion
        e.hierarchyBase = hierarchyBase
        e.lastSnapshotInputs = lastSnapshotInputs
        e.cachedBoxes = cachedBoxes
        e.cachedBoxesAreCurrent = cachedBoxesAreCurrent
        e.boxSlots = boxSlots
        e.boxSlotsEpoch = boxSlotsEpoch
        e.slotOwners = slotOwners
        e.slotOwnersKept = slotOwnersKept
        e.boxSlotsWholeReads = boxSlotsWholeReads
        e.boxSlotsReadViews = boxSlotsReadViews
        e.sizeScan = sizeScan
        e.hierarchyOnlyAppended = hierarchyOnlyAppended
        e.boxesOnlyAppended = boxesOnlyAppended
        e.newBoxNames = newBoxNames
        e.changedBoxIndices = changedBoxIndices
        e.boxParts = boxParts
        e.isSettled = isSettled
        return e
    }

    func invalidate(structure: Bool = false) {
        cachedSnapshot = nil
        isSettled = false
        if structure {
            cachedHierarchy = nil
            cachedBoxesAreCurrent = false
            hierarchyOnlyAppended = false
            boxesOnlyAppended = false
        }
    }

    /// A view was appended to the screen's list (as the last subview of its
    /// parent): the hierarchy and the boxes by index are extended at the
    /// next pass instead of made again.
    func invalidateForAppendedView() {
        cachedSnapshot = nil
        isSettled = false
        cachedBoxesAreCurrent = false
    }

    func hierarchy(_ screen: Screen) -> Hierarchy {
        let n = screen.viewList.count
        if let h = cachedHierarchy, h.count == n { return h }
        hierarchyVersion &+= 1
        if hierarchyOnlyAppended, var h = cachedHierarchy.take(), h.count < n {
            h.extend(screen)
            cachedHierarchy = h
            return h
        }
        let h = Hierarchy(screen)
        hierarchyBase = hierarchyVersion
        cachedHierarchy = h
        hierarchyOnlyAppended = true
        return h
    }

    /// The boxes of the screen's views by index (nil: a view without one).
    func boxesByIndex(_ screen: Screen) -> [Box?] {
        let n = screen.viewList.count
        if cachedBoxesAreCurrent, let b = cachedBoxes, b.count == n { return b }
        if boxesOnlyAppended, var b = cachedBoxes.take(), b.count <= n {
            for name in newBoxNames {
                if case let .view(i) = screen.names[name], i < b.count, b[i] !== boxes[name] {
                    b[i] = boxes[name]
                    changedBoxIndices.append(i)
                }
            }
            for i in b.count ..< n {
                b.append(boxes[screen.viewList[i].name])
                changedBoxIndices.append(i)
            }
            newBoxNames.removeAll()
            cachedBoxes = b
            cachedBoxesAreCurrent = true
            return b
        }
        var b = cachedBoxes ?? []
        cachedBoxes = nil
        boxSlotsEpoch = nil
        newBoxNames.removeAll()
        changedBoxIndices.removeAll()
        boxesOnlyAppended = true
        if b.count > n { b.removeLast(b.count - n) }
        b.reserveCapacity(n)
        for i in 0 ..< n {
            let name = screen.viewList[i].name
            if i < b.count {
                if let box = b[i], box.name == name { continue }
                b[i] = boxes[name]
            } else {
                b.append(boxes[name])
            }
        }
        cachedBoxes = b
        cachedBoxesAreCurrent = true
        return b
    }

    /// ``boxSlots`` for the current boxes by index and solver.
    func boxSlotIndices(_ screen: Screen) -> [Int32] {
        let boxes = boxesByIndex(screen)
        let epoch = solver.slotEpoch
        if boxSlotsEpoch == epoch, boxSlots.count == 4 * boxes.count, changedBoxIndices.isEmpty { return boxSlots }
        // Only slots added since (none renumbered or let go) and boxes
        // appended or made: the entries kept are read again only for the
        // boxes that changed and those that had no slot yet; otherwise
        // every entry is read.
        var known = 0
        var slots: [Int32] = []
        let keepOwners = boxes.count > SegmentedArray<ViewLayout>.segmentSize
        // (Unless more slots were added than there are boxes: placing each
        // new slot by its variable then costs more than reading every box.
        // Or unless the owner map is wanted and was not kept: a whole read
        // makes it.)
        if let old = boxSlotsEpoch, old.keepsSlots(epoch), old.slotsAdded(by: epoch) < boxes.count,
           boxSlots.count <= 4 * boxes.count, !keepOwners || slotOwnersKept {
            slots = boxSlots
            known = slots.count / 4
        }
        boxSlots = []
        slots.reserveCapacity(4 * boxes.count)
        while slots.count < 4 * boxes.count { slots.append(-1) }
        var owners: [Int32] = []
        if known > 0 {
            owners = slotOwners
            slotOwners = []
        } else {
            boxSlotsWholeReads &+= 1
            boxSlotsReadViews.removeAll()
        }
        let slotCount = keepOwners ? solver.storage.slots : 0
        if owners.count < slotCount { owners += repeatElement(-1, count: slotCount - owners.count) }
        // Written through the arrays passed in (not captured): a captured
        // variable written in a nested function is checked for exclusive
        // access at each write.
        @inline(__always) func place(_ i: Int, _ part: Int, _ slot: Int32, _ slots: inout [Int32], _ owners: inout [Int32]) {
            slots[4 * i + part] = slot
            if keepOwners && slot >= 0 && Int(slot) < owners.count { owners[Int(slot)] = Int32(4 * i + part) }
        }
        let indices = solver.slotIndices
        @inline(__always) func read(_ i: Int, _ slots: inout [Int32], _ owners: inout [Int32]) {
            guard let b = boxes[i] else {
                for k in 0 ..< 4 { slots[4 * i + k] = -1 }
                return
            }
            place(i, 0, indices.of(b.x), &slots, &owners)
            place(i, 1, indices.of(b.y), &slots, &owners)
            place(i, 2, indices.of(b.w), &slots, &owners)
            place(i, 3, indices.of(b.h), &slots, &owners)
        }
        var readViews: [Int] = []
        if known > 0 {
            if boxSlotsEpoch!.hasFewerSlots(than: epoch) {
                // Only variables that had no slot can have one now.
                var placed: [(i: Int, part: Int, slot: Int32)] = []
                solver.forEachSlot(addedSince: boxSlotsEpoch!) { variable, slot in
                    guard let owner = boxParts[ObjectIdentifier(variable)],
                          case let .view(i) = screen.names[owner.view], i < known, let b = boxes[i] else { return }
                    if b.variable(owner.part) === variable { placed.append((i, owner.part, slot)) }
                }
                for p in placed {
                    place(p.i, p.part, p.slot, &slots, &owners)
                    readViews.append(p.i)
                }
            }
            for i in changedBoxIndices where i < known {
                read(i, &slots, &owners)
                readViews.append(i)
            }
        }
        for i in known ..< boxes.count {
            read(i, &slots, &owners)
            if known > 0 { readViews.append(i) }
        }
        boxSlotsReadViews += readViews
        changedBoxIndices.removeAll()
        if boxSlotsReadViews.count > boxes.count {
            // Read again more than once over: as good as whole.
            boxSlotsWholeReads &+= 1
            boxSlotsReadViews.removeAll()
        }
        boxSlots = slots
        boxSlotsEpoch = epoch
        slotOwners = keepOwners ? owners : []
        slotOwnersKept = keepOwners
        return slots
    }

    // MARK: Variables

    func box(_ view: String) -> Box {
        if let b = boxes[view] { return b }
        let b = Box(view)
        boxes[view] = b
        for part in 0 ..< 4 { boxParts[ObjectIdentifier(b.variable(part))] = (view, part) }
        cachedBoxesAreCurrent = false
        newBoxNames.append(view)
        return b
    }

    /// The box an anchor owner stands for, creating a guide on first use.
    func box(_ owner: AnchorOwner, _ screen: Screen) -> Box {
        guard let guide = owner.guide, guide != .frameGuide else { return box(owner.view) }
        let key = GuideKey(view: owner.view, guide: guide)
        if let i = guideIndex[key] { return guides[i]!.box }
        return makeGuide(key, screen)
    }

    /// UIKit relates a scroll view's edges to its content when the other
    /// side is one of its subviews: those constraints define the content.
    func effective(_ anchor: Anchor, other: Anchor?, _ screen: Screen) -> Anchor {
        guard anchor.guide == nil, anchor.attribute.kind != .size, let other,
              case let .view(i) = screen.names[anchor.view], screen.viewList[i].kind.isScrollView,
              screen.isDescendant(other.view, of: anchor.view) else { return anchor }
        return Anchor(anchor.view, .content, anchor.attribute)
    }

    func expression(_ anchor: Anchor, _ screen: Screen) -> Expression {
        let b = box(anchor.owner, screen)
        if screen.hasAlignedViews, anchor.guide == nil, case let .view(i) = screen.names[anchor.view],
           let a = screen.viewList[i].alignmentInsets {
            // The alignment rect: the frame inset by the view's alignment insets.
            switch anchor.attribute {
            case .left, .leading: return Expression([Term(b.x)], constant: a.left)
            case .right, .trailing: return Expression([Term(b.x), Term(b.w)], constant: -a.right)
            case .width: return Expression([Term(b.w)], constant: -a.left - a.right)
            case .centerX: return Expression([Term(b.x), Term(b.w, 0.5)], constant: (a.left - a.right) / 2)
            case .top: return Expression([Term(b.y)], constant: a.top)
            case .bottom: return Expression([Term(b.y), Term(b.h)], constant: -a.bottom)
            case .height: return Expression([Term(b.h)], constant: -a.top - a.bottom)
            case .centerY: return Expression([Term(b.y), Term(b.h, 0.5)], constant: (a.top - a.bottom) / 2)
            }
        }
        switch anchor.attribute {
        case .left, .leading: return Expression(b.x)
        case .right, .trailing: return Expression([Term(b.x), Term(b.w)])
        case .width: return Expression(b.w)
        case .centerX: return Expression([Term(b.x), Term(b.w, 0.5)])
        case .top: return Expression(b.y)
        case .bottom: return Expression([Term(b.y), Term(b.h)])
        case .height: return Expression(b.h)
        case .centerY: return Expression([Term(b.y), Term(b.h, 0.5)])
        }
    }

    /// The solver constraint for a model constraint.
    func solverConstraint(_ c: LayoutConstraint, _ screen: Screen) -> Constraint {
        let first = effective(c.first, other: c.second, screen)
        let lhs = expression(first, screen)
        var rhs = Expression(constant: c.constant)
        if let s = c.second {
            let second = effective(s, other: c.first, screen)
            rhs = expression(second, screen) * c.multiplier + c.constant
        }
        let relation: Relation = switch c.relation {
        case .equal: .equal
        case .lessOrEqual: .lessOrEqual
        case .greaterOrEqual: .greaterOrEqual
        }
        return Constraint(lhs, relation, rhs, strength: Strength(priority: c.priority), name: c.name)
    }

    /// The value of an anchor at the last solve.
    func value(_ anchor: Anchor, _ screen: Screen) -> Double {
        let e = expression(anchor, screen)
        return e.terms.reduce(e.constant) { $0 + $1.coefficient * solver.value(of: $1.variable) }
    }
}
