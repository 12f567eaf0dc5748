/// The keyboard as a handler sees it when a notification arrives.
public struct KeyboardContext: Sendable {
    public var keyboard: Keyboard
    public var device: Device
    public var orientation: Orientation

    public init(keyboard: Keyboard, device: Device, orientation: Orientation) {
        self.keyboard = keyboard
        self.device = device
        self.orientation = orientation
    }
}

extension Strategy {
    /// Runs the handler for one notification, if the source observes it and
    /// is registered; does what the source's code does, flaws included.
    public mutating func handle<Host: StrategyHost>(_ n: KeyboardNotification, context: KeyboardContext,
                                                    host: inout Host) -> HandlerReport? {
        guard kind.observed.contains(n.name) else { return nil }
        let appeared = host.isAppeared(controller)
        guard isRegistered(controllerAppeared: appeared) else { return nil }
        var report = HandlerReport(strategy: kind, controller: controller, effects: [], flaws: [])
        let screenHeight = host.screenSize.height
        let p = formatPoints
        if !appeared {
            report.flaws.append(Flaw(.observerAfterDisappear, kind, controller,
                "\(controller) is not in the window, yet its \(kind.rawValue) handler ran on \(n.name.rawValue) (\(kind.registration)). fix: remove the observer in viewWillDisappear (or use NotificationCenter's token API and drop it)"))
        }
        let showing = n.name == .willShow
        let onScreen = max(0, screenHeight - n.end.minY)

        func hardwareCheck(_ uses: String) {
            if showing && context.keyboard.hardware && onScreen < n.end.height {
                report.flaws.append(Flaw(.hardwareKeyboardHeight, kind, controller,
                    "a hardware keyboard is attached: only \(p(onScreen)) pt of the keyboard is on screen (endFrame.minY \(p(n.end.minY))), but \(uses) uses endFrame.height (\(p(n.end.height))). fix: use the overlap \(p(screenHeight)) − endFrame.minY"))
            }
        }
        func undockedCheck() {
            if n.name == .willHide && n.end.minY < screenHeight {
                report.flaws.append(Flaw(.undockedHideOnly, kind, controller,
                    "the keyboard was undocked or floats: iOS reports it with keyboardWillHide although it stays on screen at \(n.end), so \(controller) treats it as gone. fix: observe keyboardWillChangeFrame and use the overlap of the end frame with the view, or UIKeyboardLayoutGuide with followsUndockedKeyboard"))
            }
        }
        func safeAreaCheck(_ name: String, extra: Double) {
            let bottom = host.safeAreaInsets(of: controller + ".view").bottom
            guard showing, bottom > 0, host.usesSafeArea(name), onScreen > 0 else { return }
            report.flaws.append(Flaw(.safeAreaDoubleCount, kind, controller,
                "endFrame.height (\(p(n.end.height))) includes the \(p(bottom)) pt home-indicator area, but \(name) is measured from the safe area, so the view stops \(p(extra + bottom)) pt above the keyboard instead of \(p(extra)). fix: subtract \(controller).view.safeAreaInsets.bottom, or pin to \(controller).view.keyboard.top"))
        }
        func set(_ name: String, _ value: Double, _ why: String) {
            let before = host.constant(of: name) ?? 0
            host.setConstant(value, of: name)
            report.effects.append(("\(name).constant \(p(before)) → \(p(value))", why))
        }

        switch kind {
        case .observer:
            guard let name = constraint else { return nil }
            set(name, n.end.height + padding, "(endFrame.height \(p(n.end.height)) + padding \(p(padding)))")
            if n.name == .willHide && n.end.minY >= screenHeight {
                report.flaws.append(Flaw(.hideKeepsHeight, kind, controller,
                    "on hide the end frame keeps the keyboard's height (\(p(n.end.height))), so \(name) stays at \(p(n.end.height + padding)) and the view never comes back down. fix: use 0 on keyboardWillHide, or the overlap \(p(screenHeight)) − endFrame.minY"))
            }
            safeAreaCheck(name, extra: padding)
            hardwareCheck("observer")
            undockedCheck()
        case .controllable:
            guard let name = constraint else { return nil }
            if showing {
                let h = n.end.height > 0 ? n.end.height : fallback
                let why = n.end.height > 0 ? "(−(inset \(p(inset)) + endFrame.height \(p(h))))" : "(−(inset \(p(inset)) + fallback \(p(fallback))): no size in the notification)"
                set(name, -(inset + h), why)
                safeAreaCheck(name, extra: inset)
                hardwareCheck("controllable")
            } else {
                set(name, -inset, "(−inset \(p(inset)))")
                undockedCheck()
            }
        case .layoutConstraint:
            guard let name = constraint else { return nil }
            if showing {
                set(name, offset + n.end.height, "(offset \(p(offset)) + endFrame.height \(p(n.end.height)))")
                safeAreaCheck(name, extra: offset)
                hardwareCheck("KeyboardLayoutConstraint")
            } else {
                set(name, offset + downOffset, "(offset \(p(offset)) + down-offset \(p(downOffset)))")
                undockedCheck()
            }
            let raw = n.curve
            // Curve 0 (ease in-out) is 0 either way: the mistake only shows
            // for a non-zero curve, whose bits land on other options.
            if raw != 0 {
                let names = [(1, ".layoutSubviews"), (2, ".allowUserInteraction"), (4, ".beginFromCurrentState"),
                             (8, ".repeat"), (16, ".autoreverse"), (32, ".overrideInheritedDuration"),
                             (64, ".overrideInheritedCurve"), (128, ".allowAnimatedContent")]
                let options = names.filter { raw & $0.0 != 0 }.map(\.1).joined(separator: "/")
                report.flaws.append(Flaw(.curveNotShifted, kind, controller,
                    "the animation options are UIView.AnimationOptions(rawValue: \(raw)), the curve itself, not \(raw) << 16 = \(raw << 16): that is \(options.isEmpty ? "no known option" : options), so the views ease in and out while the keyboard springs. fix: UIView.AnimationOptions(rawValue: UInt(curve) << 16)"))
            }
        case .childDelegate:
            guard let name = constraint else { return nil }
            let childFrame = host.windowFrame(of: controller + ".view")
            set(name, showing ? n.end.height : 0, showing ? "(endFrame.height \(p(n.end.height)))" : "(hidden: 0)")
            if let parentName = parentConstraint, let expand = expandView {
                let h = host.windowFrame(of: expand)?.height ?? 0
                set(parentName, showing ? -h : 0, showing ? "(−\(expand).height \(p(h)))" : "(hidden: 0)")
            }
            if showing, let frame = childFrame, frame.maxY < screenHeight - 0.5, onScreen > 0 {
                let gap = screenHeight - frame.maxY
                report.flaws.append(Flaw(.screenCoordinates, kind, controller,
                    "\(controller).view ends at \(p(frame.maxY)), \(p(gap)) pt above the screen's bottom, but endFrame (screen coordinates) is used as if it were in \(controller)'s own coordinates, so \(name) overshoots by \(p(gap)) pt. fix: convert the end frame with view.convert(endFrame, from: nil) and use its overlap with view.bounds"))
            }
            safeAreaCheck(name, extra: 0)
            hardwareCheck("child-delegate")
            undockedCheck()
        case .resizeRoot:
            let root = controller + ".view"
            guard let current = host.windowFrame(of: root) else { return nil }
            let full = host.naturalRootFrame(of: controller)
            let keyboardTop = n.end.minY
            // The source compares the end frame (screen coordinates) with the
            // view's own frame in its superview: a window's root view sits at
            // the origin, a child's root view at its container's origin, so its
            // top is 0 either way and the keyboard's top becomes its height.
            func resized(top: Double) -> Rect {
                guard keyboardTop > top && keyboardTop < top + full.height && n.end.maxY >= top + full.height else { return full }
                return Rect(x: full.minX, y: full.minY, width: full.width, height: keyboardTop - top)
            }
            let target = resized(top: 0)
            let converted = resized(top: full.minY)
            host.setRootFrame(target == full ? nil : target, of: controller)
            let why = target == full ? "(keyboard below the view or ending above its bottom: full size)"
                                     : "(keyboard top \(p(keyboardTop)) − root top 0)"
            report.effects.append(("\(root).frame \(current) → \(target)", why))
            if target != converted {
                report.flaws.append(Flaw(.screenCoordinates, kind, controller,
                    "\(root) is not full-screen (\(full)), but the keyboard's frame is in screen coordinates and is used as the view's own: its height becomes \(p(target.height)) instead of \(p(converted.height)), so its bottom is at \(p(target.maxY)), \(p(abs(target.maxY - converted.maxY))) pt \(target.maxY > converted.maxY ? "below" : "above") the keyboard's top. fix: convert the end frame with view.convert(endFrame, from: nil)"))
            }
        case .contentInset:
            guard let scroll = scrollView, let before = host.contentInset(of: scroll) else { return nil }
            var insets = before
            let root = controller + ".view"
            if n.name == .willHide {
                insets = .zero
                host.setContentInset(insets, of: scroll)
                report.effects.append(("\(scroll).contentInset \(before) → \(insets)", "(keyboardWillHide: zero)"))
            } else {
                let rootFrame = host.windowFrame(of: root) ?? Rect(origin: Point(x: 0, y: 0), size: host.screenSize)
                // view.convert(endFrame, from: view.window): the height is unchanged.
                let safeBottom = host.safeAreaInsets(of: root).bottom
                insets.bottom = n.end.height - safeBottom
                host.setContentInset(insets, of: scroll)
                report.effects.append(("\(scroll).contentInset \(before) → \(insets)",
                                       "(end frame in \(root) \(n.end.offsetBy(dx: -rootFrame.minX, dy: -rootFrame.minY)), height \(p(n.end.height)) − safeAreaInsets.bottom \(p(safeBottom)))"))
                if context.keyboard.hardware && onScreen < n.end.height {
                    report.flaws.append(Flaw(.hardwareKeyboardHeight, kind, controller,
                        "a hardware keyboard is attached: only \(p(onScreen)) pt of the keyboard is on screen, but the inset uses the end frame's height (\(p(n.end.height))). fix: use the intersection of the converted end frame with the view's bounds"))
                }
                if let field = host.focus {
                    host.scrollFocusToVisible(in: scroll)
                    report.effects.append(("scrolled \(field) to visible", "(scrollRectToVisible)"))
                }
            }
        case .autoScroll:
            let root = controller + ".view"
            guard let current = host.windowFrame(of: root) else { return nil }
            if n.name == .willHide {
                if host.rootFrameOverride(of: controller) != nil {
                    host.setRootFrame(nil, of: controller)
                    report.effects.append(("\(root) moved back", "(keyboardWillHide)"))
                }
                undockedCheck()
            } else if let field = host.focus, n.end.minY < screenHeight {
                let shift = current.minY
                guard let fieldFrame = host.windowFrame(of: field) else { return nil }
                let naturalMaxY = fieldFrame.maxY - shift
                let needed = min(0, n.end.minY - distance - naturalMaxY)
                let target = Rect(x: current.minX, y: needed, width: current.width, height: current.height)
                if abs(needed - shift) > 0.001 {
                    host.setRootFrame(needed == 0 ? nil : target, of: controller)
                    report.effects.append(("\(root).frame.minY \(p(shift)) → \(p(needed))",
                                           "(\(field) bottom \(p(naturalMaxY)) + distance \(p(distance)) vs keyboard top \(p(n.end.minY)))"))
                }
            }
        case .layoutGuide:
            return nil
        }
        return report
    }

    /// A strategy whose observers saw none of the notifications of an event
    /// that moved the keyboard's overlap with the screen.
    public func missedFrameChange(posted: [KeyboardNotification], overlapBefore: Double, overlapAfter: Double,
                                  controllerAppeared: Bool) -> Flaw? {
        guard kind != .layoutGuide, isRegistered(controllerAppeared: controllerAppeared),
              abs(overlapBefore - overlapAfter) > 0.5,
              !posted.contains(where: { kind.observed.contains($0.name) }) else { return nil }
        let seen = posted.isEmpty ? "iOS posted no notification" : "iOS posted only " + posted.map(\.name.rawValue).joined(separator: ", ")
        // With nothing posted (an interactive drag) no observer can help.
        let fix = posted.isEmpty || kind.observed.contains(.willChangeFrame)
            ? "pin to \(controller).view.keyboard (it tracks every change, interactive dismissal included)"
            : "observe keyboardWillChangeFrame, or pin to \(controller).view.keyboard (it tracks every change)"
        return Flaw(.missedFrameChange, kind, controller,
            "the keyboard's overlap went from \(formatPoints(overlapBefore)) to \(formatPoints(overlapAfter)) pt, but \(seen) and \(kind.rawValue) listens to \(kind.observed.map(\.rawValue).joined(separator: "/")) only, so nothing followed. fix: \(fix)")
    }
}
