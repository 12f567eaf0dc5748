// Input accessory views and input views: what a first responder brings
// besides the keyboard.

extension Screen {
    /// Adds an input accessory view called `name`, `height` points tall, to
    /// `owner`: a text field or text view (`inputAccessoryView`: a toolbar
    /// with Done/Next on the keyboard while it edits), or a controller (its
    /// own `inputAccessoryView`, as `canBecomeFirstResponder` makes it: a chat
    /// input bar docked at the bottom while the keyboard is down). The view
    /// is no subview of anything; it can hold subviews and constraints, and
    /// it is laid out on the keyboard's top when on screen, below the screen
    /// otherwise.
    @discardableResult
    public mutating func addAccessory(_ name: String, of owner: String, height: Double) throws(ModelError)
        -> MutationResult {
        try checkNewName(name)
        try Screen.checkAccessoryHeight(height, screenHeight: max(screenSize.width, screenSize.height))
        let controller: String
        switch names[owner] {
        case let .controller(i)?:
            if let existing = controllers[i].inputAccessory { throw .accessoryExists(owner: owner, accessory: existing) }
            controller = owner
        case let .view(i)?:
            let v = viewList[i]
            guard v.kind.isTextInput else { throw .accessoryNeedsResponder(owner) }
            if let existing = v.inputAccessory { throw .accessoryExists(owner: owner, accessory: existing) }
            controller = v.controller
        default:
            throw .unknownName(owner, kind: .name, suggestion: nearestName(to: owner, in: responderNames))
        }
        var v = View(name: name, kind: .view, parent: nil, controller: controller)
        v.accessory = InputAccessory(owner: owner, height: height)
        appendView(v)
        switch names[owner] {
        case let .controller(i)?: controllers[i].inputAccessory = name
        case let .view(i)?: viewList[i].inputAccessory = name
        default: break
        }
        let e = uniqueEngine()
        e.invalidate(structure: true)
        e.addAccessoryFrame(name, self)
        return MutationResult(warnings: settleNow())
    }

    /// Sets a text input's custom `inputView` height (a picker, a date
    /// picker), or gives it the keyboard again with nil.
    @discardableResult
    public mutating func setInputView(height: Double?, of field: String) throws(ModelError) -> MutationResult {
        let i = try viewIndex(field)
        try Screen.checkFocusable(viewList[i])
        if let height { try Screen.checkAccessoryHeight(height, screenHeight: max(screenSize.width, screenSize.height)) }
        viewList[i].inputViewHeight = height
        return .ok
    }

    /// A controller resigns first responder (`resign == true`) or becomes
    /// it again: its accessory leaves the screen or comes back.
    @discardableResult
    public mutating func setControllerResigned(_ resign: Bool, _ controller: String) throws(ModelError) -> MutationResult {
        let i = try controllerIndex(controller)
        controllers[i].resignedFirstResponder = resign ? true : nil
        return .ok
    }

    /// Sets a scroll view's `keyboardDismissMode`.
    @discardableResult
    public mutating func setKeyboardDismissMode(_ mode: KeyboardDismissMode, of view: String) throws(ModelError)
        -> MutationResult {
        let i = try scrollIndex(view)
        viewList[i].scroll!.keyboardDismissMode = mode == .none ? nil : mode
        return .ok
    }

    /// Names that can own an accessory: controllers, text fields and text views.
    var responderNames: [String] {
        controllers.map(\.name) + viewList.filter { $0.kind.isTextInput && $0.accessory == nil }.map(\.name)
    }

    /// An accessory's or input view's height: more than 0, finite, at most the screen's longer side.
    static func checkAccessoryHeight(_ height: Double, screenHeight: Double) throws(ModelError) {
        guard height.isFinite, height > 0, height <= screenHeight else { throw .invalidHeight(height, max: screenHeight) }
    }

    /// The accessory view `view` is inside (itself included), if any.
    public func enclosingAccessory(of view: String) -> String? {
        nearest(from: view) { $0.accessory != nil }?.name
    }

    /// The nearest of `view` and its ancestors that `matches` (each view
    /// looked up by name once; a walk no longer than the views).
    func nearest(from view: String, where matches: (View) -> Bool) -> View? {
        var name: String? = view
        var steps = 0
        while let n = name, case let .view(i)? = names[n], steps <= viewList.count {
            if matches(viewList[i]) { return viewList[i] }
            name = viewList[i].parent
            steps += 1
        }
        return nil
    }

    /// The input views of the first responder: the focused field's
    /// accessory and input view (a field inside a controller's accessory,
    /// like a chat bar's text view, keeps that accessory on the keyboard),
    /// and the resting accessory of the window's controller that can
    /// become first responder (the last appeared one that has an accessory)
    /// while no other field edits. With its accessory view's name.
    public func keyboardInputs() -> (inputs: Keyboard.Inputs, accessory: String?, resting: String?) {
        // The controller accessory that rests at the bottom while the keyboard is down.
        var resting: String?
        for c in controllers.reversed() where c.isAppeared && c.inputAccessory != nil && c.resignedFirstResponder != true {
            resting = c.inputAccessory
            break
        }
        func height(_ accessory: String?) -> Double {
            guard let a = accessory, case let .view(i)? = names[a] else { return 0 }
            return viewList[i].accessory?.height ?? 0
        }
        guard let focus, case let .view(i)? = names[focus] else {
            return (Keyboard.Inputs(resting: height(resting)), nil, resting)
        }
        let field = viewList[i]
        var accessory = field.inputAccessory
        if accessory == nil, let enclosing = enclosingAccessory(of: focus) { accessory = enclosing }
        // Editing in a field of its own (not the controller's bar), the
        // controller is no longer first responder: its accessory is gone
        // until the field resigns.
        let keepsResting = accessory != nil && accessory == resting
        return (Keyboard.Inputs(accessory: height(accessory), inputView: field.inputViewHeight,
                                resting: keepsResting ? height(resting) : 0),
                accessory, keepsResting ? resting : nil)
    }
}
