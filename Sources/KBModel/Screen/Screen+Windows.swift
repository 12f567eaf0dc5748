// The app's window on an iPad, and presented sheets.

extension Screen {
    /// Puts the app in a window of `kind` (an iPad's Split View, Slide
    /// Over, a Stage Manager window at `frame`, in screen coordinates), or
    /// back to the full screen.
    @discardableResult
    public mutating func setWindow(_ kind: AppWindow.Kind, frame: Rect? = nil) throws(ModelError) -> MutationResult {
        if kind != .full { guard device.idiom == .pad else { throw .windowNeedsPad(kind.rawValue) } }
        let screen = Rect(origin: .zero, size: screenSize)
        let f: Rect
        if kind == .stage {
            guard let frame else { throw .windowNeedsFrame }
            try Screen.checkWindow(frame, in: screenSize)
            f = frame
        } else {
            f = AppWindow.frame(of: kind, screen: screenSize) ?? screen
        }
        let next: AppWindow? = kind == .full ? nil : AppWindow(kind: kind, frame: f)
        guard next != window else { return .ok }
        window = next
        uniqueEngine().invalidate()
        return MutationResult(warnings: settleNow())
    }

    /// After a rotation or a device change: a Split View or Slide Over
    /// window takes its place on the new screen; a Stage Manager window
    /// stays if it still fits, else the app fills the screen (as it does on
    /// a phone).
    mutating func refitWindow() {
        guard let w = window else { return }
        guard device.idiom == .pad else { window = nil; return }
        if w.kind == .stage {
            if (try? Screen.checkWindow(w.frame, in: screenSize)) == nil { window = nil }
        } else if let f = AppWindow.frame(of: w.kind, screen: screenSize) {
            window = AppWindow(kind: w.kind, frame: f)
        }
    }

    /// A Stage Manager window: inside the screen, at least 320 × 320.
    public static func checkWindow(_ f: Rect, in screen: Size) throws(ModelError) {
        for x in [f.x, f.y, f.width, f.height] { try checkFinite("window frame", x) }
        let m = AppWindow.minimumStageSize
        guard f.width >= m.width, f.height >= m.height, f.minX >= 0, f.minY >= 0,
              f.maxX <= screen.width + 0.001, f.maxY <= screen.height + 0.001 else {
            throw .windowOutsideScreen(f, screen)
        }
    }

    /// Presents `controller` (a top-level controller other than the
    /// window's root) from `presenter` (default: the window's root
    /// controller) as a sheet.
    @discardableResult
    public mutating func present(_ controller: String, style: Presentation.Style, detent: Presentation.Detent = .large,
                                 from presenter: String? = nil) throws(ModelError) -> MutationResult {
        let i = try controllerIndex(controller)
        let from = presenter ?? controllers.first?.name ?? controller
        let p = try controllerIndex(from)
        guard i != 0 else { throw .cannotPresent(controller, "it is the window's root controller") }
        guard controllers[i].parent == nil else { throw .cannotPresent(controller, "it is a child of \(controllers[i].parent!)") }
        if let existing = controllers[i].presentation {
            throw .cannotPresent(controller, "it is already presented (as \(existing.style.rawValue) from \(existing.presenter)); dismiss \(controller) first")
        }
        guard p != i else { throw .cannotPresent(controller, "a controller does not present itself") }
        guard controllers[p].isAppeared else { throw .cannotPresent(controller, "\(from) is not in the window (appear \(from))") }
        // A presenter presents one controller at a time.
        if let other = controllers.first(where: { $0.presentation?.presenter == from }) {
            throw .cannotPresent(controller, "\(from) is already presenting \(other.name); dismiss \(other.name) first")
        }
        controllers[i].presentation = Presentation(style: style, detent: detent, presenter: from)
        controllers[i].isAppeared = true
        controllers[i].isDismissed = nil
        uniqueEngine().invalidate()
        return MutationResult(warnings: settleNow())
    }

    /// Dismisses a presented controller: it leaves the window (and ends
    /// editing in it), and so does what it presented.
    @discardableResult
    public mutating func dismiss(_ controller: String) throws(ModelError) -> MutationResult {
        let i = try controllerIndex(controller)
        guard controllers[i].presentation != nil else { throw .notPresented(controller) }
        let gone = dismissing(controller)
        for k in controllers.indices where gone.contains(controllers[k].name) {
            controllers[k].presentation = nil
            controllers[k].isAppeared = false
            controllers[k].isDismissed = true
        }
        if let f = focus, case let .view(v)? = names[f], gone.contains(viewList[v].controller) { focus = nil }
        uniqueEngine().invalidate()
        return MutationResult(warnings: settleNow())
    }

    /// What dismissing `controller` takes out of the window: it and what it
    /// presented, and so on.
    public func dismissing(_ controller: String) -> Set<String> {
        var gone: Set<String> = [controller]
        var grew = true
        while grew {
            grew = false
            for c in controllers where !gone.contains(c.name) && (c.presentation.map { gone.contains($0.presenter) } ?? false) {
                gone.insert(c.name)
                grew = true
            }
        }
        return gone
    }

    /// The controllers whose views are out of the window because they
    /// were dismissed (usually none).
    public var dismissedControllers: Set<String> {
        var out: Set<String> = []
        for c in controllers where c.isDismissed == true { out.insert(c.name) }
        return out
    }

    /// The dismissed controllers and the child controllers embedded in
    /// them: those whose views are out of the window (usually none).
    public var controllersOutOfWindow: Set<String> {
        var out = dismissedControllers
        guard !out.isEmpty else { return out }
        var grew = true
        while grew {
            grew = false
            for c in controllers where !out.contains(c.name) && (c.parent.map { out.contains($0) } ?? false) {
                out.insert(c.name)
                grew = true
            }
        }
        return out
    }

    /// The dismissed controller whose view holds `view` (nil when the view
    /// is in the window). A child controller's view is in its parent's, so
    /// the top-level controller decides.
    public func dismissedController(holding view: String) -> String? {
        guard controllers.contains(where: { $0.isDismissed == true }),
              var c = (try? self.view(named: view)).flatMap({ try? controller(named: $0.controller) }) else { return nil }
        while let p = c.parent, let parent = try? controller(named: p) { c = parent }
        return c.isDismissed == true ? c.name : nil
    }

    /// A presented controller's root frame, in window coordinates (nil when
    /// it is not presented).
    public func presentedFrame(_ controller: Controller) -> Rect? {
        guard let p = controller.presentation else { return nil }
        var top: Double?
        if keyboard.isDocked, let k = keyboardFrameInWindow, k.height > 0, k.minY < windowSize.height { top = k.minY }
        return p.frame(window: windowSize, safe: windowSafeAreaInsets, idiom: device.idiom, keyboardTop: top)
    }
}
