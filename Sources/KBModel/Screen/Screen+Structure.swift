// Devices, controllers, views and their properties.

extension Screen {
    // MARK: Device

    /// Switches to the device with `id`, in `orientation` (default: the current one).
    @discardableResult
    public mutating func setDevice(_ id: String, orientation: Orientation? = nil) throws(ModelError) -> MutationResult {
        let d = try DeviceCatalog.standard.lookup(id)
        device = d
        if let orientation { self.orientation = orientation }
        refitWindow()
        uniqueEngine().invalidate()
        return MutationResult(warnings: settleNow())
    }

    /// Rotates to `orientation`, or to the other one when nil.
    @discardableResult
    public mutating func rotate(to orientation: Orientation? = nil) -> MutationResult {
        self.orientation = orientation ?? (self.orientation == .portrait ? .landscape : .portrait)
        refitWindow()
        uniqueEngine().invalidate()
        return MutationResult(warnings: settleNow())
    }

    // MARK: Controllers

    /// Creates a controller. The first is the window's root; its root view
    /// `NAME.view` fills the screen. Controllers are appeared when created.
    @discardableResult
    public mutating func addController(_ name: String) throws(ModelError) -> MutationResult {
        try checkNewName(name)
        let c = Controller(name: name)
        controllers.append(c)
        names[name] = .controller(controllers.count - 1)
        appendView(View(name: c.rootView, kind: .view, parent: nil, controller: name, isRootView: true))
        let e = uniqueEngine()
        e.invalidate(structure: true)
        e.addRootFrame(c, self)
        return .ok
    }

    /// Creates a child controller of `parent` whose root view is pinned
    /// (required) to the edges of `container`, a view of `parent`.
    @discardableResult
    public mutating func addController(_ name: String, in parent: String, at container: String) throws(ModelError)
        -> MutationResult {
        try checkNewName(name)
        _ = try controllerIndex(parent)
        try checkContainer(container, of: parent)
        let c = Controller(name: name, parent: parent, container: container)
        controllers.append(c)
        names[name] = .controller(controllers.count - 1)
        appendView(View(name: c.rootView, kind: .view, parent: container, controller: name, isRootView: true))
        let e = uniqueEngine()
        e.invalidate(structure: true)
        return MutationResult(warnings: e.addEmbedding(c, self) + restack(container, appended: c.rootView))
    }

    /// viewWillAppear … viewDidAppear: the controller is in the window.
    @discardableResult
    public mutating func appear(_ controller: String) throws(ModelError) -> MutationResult {
        let i = try controllerIndex(controller)
        controllers[i].isAppeared = true
        // A dismissed controller that appears again is back in the window.
        if controllers[i].isDismissed != nil {
            controllers[i].isDismissed = nil
            uniqueEngine().invalidate()
        }
        // viewDidAppear: a controller with an accessory becomes first responder again.
        if controllers[i].inputAccessory != nil { controllers[i].resignedFirstResponder = nil }
        return .ok
    }

    /// viewWillDisappear … viewDidDisappear: the controller left the window.
    @discardableResult
    public mutating func disappear(_ controller: String) throws(ModelError) -> MutationResult {
        controllers[try controllerIndex(controller)].isAppeared = false
        return .ok
    }

    /// Sets the frame of a top-level controller's root view (window
    /// coordinates), or gives it the whole screen again with nil.
    @discardableResult
    public mutating func setRootViewFrame(of controller: String, to frame: Rect?) throws(ModelError)
        -> MutationResult {
        let i = try controllerIndex(controller)
        guard controllers[i].parent == nil else { throw .cannotRemoveRootView(controllers[i].rootView, controller: controller) }
        if let f = frame { for x in [f.x, f.y, f.width, f.height] { try Screen.checkFinite("frame", x) } }
        guard controllers[i].rootFrameOverride != frame else { return .ok }
        controllers[i].rootFrameOverride = frame
        uniqueEngine().invalidate()
        return MutationResult(warnings: settleNow())
    }

    // MARK: Views

    /// Adds a view of `kind` as the last subview of `parent`. A view added
    /// to a stack view becomes its last arranged subview.
    @discardableResult
    public mutating func addView(_ kind: ViewKind, _ name: String, to parent: String,
                                 options: ViewOptions = ViewOptions()) throws(ModelError) -> MutationResult {
        try checkNewName(name)
        let p = try view(named: parent)
        if let stack = options.stack {
            guard kind == .stackView else { throw .notAStackView(name) }
            try Screen.checkStack(stack)
        }
        if let size = options.intrinsic {
            try Screen.checkFinite("intrinsic width", size.width)
            try Screen.checkFinite("intrinsic height", size.height)
        }
        if let table = options.table {
            guard kind == .tableView else { throw .notATableView(name) }
            try Screen.checkRows(table.rows)
            try Screen.checkRowHeight(table.rowHeight)
        }
        var v = View(name: name, kind: kind, parent: parent, controller: p.controller)
        v.text = options.text
        v.intrinsicOverride = options.intrinsic
        v.isHidden = options.isHidden
        if let a = options.alignmentInsets, a != EdgeInsets() {
            for x in [a.top, a.left, a.bottom, a.right] { try Screen.checkFinite("alignment inset", x) }
            v.alignmentInsets = a
        }
        if let s = options.stack { v.stack = s }
        if let t = options.table { v.table = t }
        if let placeholder = options.placeholder {
            guard kind == .textField else { throw .placeholderNeedsTextField(name) }
            v.placeholder = placeholder
        }
        appendView(v)
        let e = uniqueEngine()
        e.invalidateForAppendedView()
        e.markIntrinsic(name)
        if kind == .tableView { e.addTable(name, self) }
        return MutationResult(warnings: restack(parent, appended: name))
    }

    /// Removes a view with its subviews and every constraint that mentions
    /// them, or a constraint.
    @discardableResult
    public mutating func remove(_ name: String) throws(ModelError) -> MutationResult {
        switch names[name] {
        case .constraint: return try removeConstraint(name)
        case .controller: throw .cannotRemoveController(name)
        case .view: break
        case nil:
            throw .unknownName(name, kind: .name, suggestion: nearestName(to: name, in: allNames))
        }
        let target = try view(named: name)
        if target.isRootView { throw .cannotRemoveRootView(name, controller: target.controller) }
        if let c = controllers.first(where: { $0.tableView == name }) { throw .cannotRemoveRootView(name, controller: c.name) }
        var doomed: Set<String> = [name]
        // A text input's accessory goes with it, and the accessory's subviews with that.
        if let a = target.inputAccessory { doomed.insert(a) }
        let order = hierarchyOrder
        for v in order where v.parent.map(doomed.contains) ?? false {
            if v.isRootView { throw .cannotRemoveRootView(v.name, controller: v.controller) }
            doomed.insert(v.name)
            if let a = v.inputAccessory { doomed.insert(a) }
        }
        // An accessory's subviews, and accessories of text inputs found after it in the order.
        var grew = true
        while grew {
            grew = false
            for v in order where !doomed.contains(v.name)
                && ((v.parent.map(doomed.contains) ?? false) || (v.accessory.map { doomed.contains($0.owner) } ?? false)) {
                if v.isRootView { throw .cannotRemoveRootView(v.name, controller: v.controller) }
                doomed.insert(v.name)
                grew = true
            }
        }
        // Owners lose the accessories that go.
        for i in controllers.indices where controllers[i].inputAccessory.map(doomed.contains) ?? false {
            controllers[i].inputAccessory = nil
        }
        for i in viewList.indices where !doomed.contains(viewList[i].name)
            && (viewList[i].inputAccessory.map(doomed.contains) ?? false) {
            viewList[i].inputAccessory = nil
        }
        let e = uniqueEngine()
        for c in constraintList where c.views.contains(where: doomed.contains) { e.removeUser(c.name) }
        for v in viewList where doomed.contains(v.name) { e.forget(v.name) }
        constraintList.removeAll { $0.views.contains(where: doomed.contains) }
        viewList.removeAll { doomed.contains($0.name) }
        if let f = focus, doomed.contains(f) { focus = nil }
        rebuildNames()
        e.invalidate(structure: true)
        return MutationResult(warnings: restack(target.parent))
    }

    /// Sets a label's, button's or text input's text (and so its intrinsic size).
    @discardableResult
    public mutating func setText(_ text: String?, of view: String) throws(ModelError) -> MutationResult {
        let i = try viewIndex(view)
        viewList[i].text = text
        uniqueEngine().markIntrinsic(view)
        return .ok
    }

    /// Sets a text field's placeholder (nil: none); the layout does not
    /// depend on it.
    @discardableResult
    public mutating func setPlaceholder(_ placeholder: String?, of view: String) throws(ModelError) -> MutationResult {
        let i = try viewIndex(view)
        guard viewList[i].kind == .textField else { throw .placeholderNeedsTextField(view) }
        viewList[i].placeholder = placeholder
        return .ok
    }

    /// Overrides the intrinsic size (nil: back to the kind's).
    @discardableResult
    public mutating func setIntrinsicSize(_ size: Size?, of view: String) throws(ModelError) -> MutationResult {
        let i = try viewIndex(view)
        viewList[i].intrinsicOverride = size
        uniqueEngine().markIntrinsic(view)
        return .ok
    }

    /// Sets the content hugging priority on one axis (1…1000).
    @discardableResult
    public mutating func setHugging(_ priority: Int, _ axis: Axis, of view: String) throws(ModelError)
        -> MutationResult {
        try Screen.checkPriority(priority)
        viewList[try viewIndex(view)].hugging[axis] = priority
        uniqueEngine().markIntrinsic(view)
        return .ok
    }

    /// Sets the compression resistance priority on one axis (1…1000).
    @discardableResult
    public mutating func setCompressionResistance(_ priority: Int, _ axis: Axis, of view: String)
        throws(ModelError) -> MutationResult {
        try Screen.checkPriority(priority)
        viewList[try viewIndex(view)].compressionResistance[axis] = priority
        uniqueEngine().markIntrinsic(view)
        return .ok
    }

    /// Hides or shows a view; a hidden arranged subview leaves its stack's layout.
    @discardableResult
    public mutating func setHidden(_ hidden: Bool, of view: String) throws(ModelError) -> MutationResult {
        let i = try viewIndex(view)
        viewList[i].isHidden = hidden
        uniqueEngine().invalidate()
        return MutationResult(warnings: restack(viewList[i].parent))
    }

    /// Sets `clipsToBounds`: whether the view cuts its subviews at its
    /// bounds. Layout does not change; what can be seen does.
    @discardableResult
    public mutating func setClipsToBounds(_ clips: Bool, of view: String) throws(ModelError) -> MutationResult {
        let i = try viewIndex(view)
        viewList[i].clipsToBounds = clips
        return .ok
    }

    /// Sets `alpha` (0…1). Layout does not change; at 0 the view and its
    /// subviews cannot be seen.
    @discardableResult
    public mutating func setAlpha(_ alpha: Double, of view: String) throws(ModelError) -> MutationResult {
        let i = try viewIndex(view)
        try Screen.checkAlpha(alpha)
        viewList[i].alpha = alpha
        return .ok
    }

    /// Changes a stack view's properties (nil leaves one as it is).
    @discardableResult
    public mutating func setStack(_ view: String, axis: Axis? = nil, spacing: Double? = nil,
                                  distribution: StackConfiguration.Distribution? = nil,
                                  alignment: StackConfiguration.Alignment? = nil) throws(ModelError) -> MutationResult {
        let i = try viewIndex(view)
        guard var s = viewList[i].stack else { throw .notAStackView(view) }
        uniqueEngine().invalidate()
        if let axis { s.axis = axis }
        if let spacing { s.spacing = spacing }
        try Screen.checkStack(s)
        if let distribution { s.distribution = distribution }
        if let alignment { s.alignment = alignment }
        viewList[i].stack = s
        return MutationResult(warnings: restack(view))
    }

    // MARK: Helpers

    mutating func appendView(_ v: View) {
        viewList.append(v)
        names[v.name] = .view(viewList.count - 1)
        if v.alignmentInsets != nil { hasAlignedViews = true }
    }

    /// Regenerates the constraints of `view` if it is a stack view
    /// (`appended`: the view just added as its last subview).
    mutating func restack(_ view: String?, appended: String? = nil) -> [ModelWarning] {
        guard let view, case let .view(i) = names[view], viewList[i].kind == .stackView else { return [] }
        return currentEngine().regenerateStack(view, self, appended: appended)
    }

    /// Runs the layout's fixed point now (after a change of device, frame,
    /// keyboard or scrolling) and records the constraints it had to break.
    mutating func settleNow() -> [ModelWarning] {
        let e = currentEngine()
        if e.isSettled { return [] }
        let (warnings, broken) = e.settle(self)
        for b in broken {
            if case let .constraint(i) = names[b.name] { constraintList[i].isBroken = true }
        }
        return warnings
    }
}
