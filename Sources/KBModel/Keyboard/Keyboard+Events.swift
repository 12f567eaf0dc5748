extension Keyboard {
    /// Applies `event` on `device` in `orientation` (the orientation before a
    /// rotation) and returns the keyboard afterwards with the notifications
    /// iOS posts, in the orders of `devices.json`'s `sequences`.
    ///
    /// `inputs`, when given, are the input views of the first responder
    /// after the event (a field that brings an accessory or an input view,
    /// a controller's resting accessory): the event's end frames have them.
    public func applying(_ event: KeyboardEvent, on device: Device, _ orientation: Orientation,
                         inputs: Inputs? = nil, catalog: DeviceCatalog = .standard) throws(KeyboardError)
        -> KeyboardTransition {
        var next = self
        if let inputs { next.inputs = inputs.orNil }
        var posted: [KeyboardNotification] = []
        let info = catalog.userInfo
        func burst(_ sequence: String, from begin: Rect, to end: Rect,
                   duration: Double = info.animationDuration, curve: Int = info.animationCurve) {
            for name in catalog.sequences[sequence] ?? [] {
                guard let n = KeyboardNotification.Name(sequenceName: name) else { continue }
                posted.append(KeyboardNotification(name: n, begin: begin, end: end, duration: duration,
                                                   curve: curve, isLocal: info.isLocal))
            }
        }
        let before = frame(on: device, orientation)
        let screenHeight = device.screenSize(orientation).height
        var endedEditing = false
        /// Where a show starts: the resting accessory's frame when the
        /// keyboard rises from it, else below the screen at the new size.
        func start() -> Rect { restingFrame(on: device, orientation) != nil ? before : next.hiddenFrame(on: device, orientation) }

        /// The burst for bringing the keyboard up in the current mode.
        func up(from begin: Rect, duration: Double = info.animationDuration, curve: Int = info.animationCurve) {
            let end = next.frame(on: device, orientation)
            if next.mode == .docked || next.hardware {
                burst("show", from: begin, to: end, duration: duration, curve: curve)
            } else {
                burst("ipadMoveUndocked", from: begin, to: end, duration: duration, curve: curve)
            }
        }
        /// The burst of a change while up; nothing when the frame is the same.
        func changed() {
            let end = next.frame(on: device, orientation)
            guard end != before else { return }
            if next.mode == .docked || next.hardware {
                burst("frameChangeWhileUp", from: before, to: end)
            } else {
                burst("ipadMoveUndocked", from: before, to: end)
            }
        }

        switch event {
        case let .beginEditing(alreadyEditing):
            if isUp {
                // Another field takes focus: iOS posts the show burst again,
                // with begin == end unless the new field brings other input
                // views (an accessory, an input view).
                if alreadyEditing { burst("show", from: before, to: next.frame(on: device, orientation)) }
            } else {
                next.isUp = true
                next.dragTop = nil
                up(from: start())
            }
        case let .show(height, duration, curve):
            if let height {
                try Keyboard.checkHeight(height, screenHeight: device.screenSize(orientation).height)
                next.heightOverride = height
            }
            if isUp {
                if next.frame(on: device, orientation) != before {
                    burst("frameChangeWhileUp", from: before, to: next.frame(on: device, orientation),
                          duration: duration ?? info.animationDuration, curve: curve ?? info.animationCurve)
                }
            } else {
                next.isUp = true
                next.dragTop = nil
                up(from: start(), duration: duration ?? info.animationDuration, curve: curve ?? info.animationCurve)
            }
        case .endEditing, .hide:
            guard isUp else { break }
            next.isUp = false
            next.dragTop = nil
            burst("hide", from: before, to: next.downFrame(on: device, orientation))
        case .inputsChanged:
            let end = next.frame(on: device, orientation)
            guard end != before else { break }
            if isUp {
                changed()
            } else {
                // The keyboard is down: a resting accessory came, went or changed.
                // A resting accessory slides in from below the screen at
                // its own size, and out the same way.
                func below(_ r: Rect) -> Rect { Rect(x: r.minX, y: screenHeight, width: r.width, height: r.height) }
                switch (before.minY < screenHeight, end.minY < screenHeight) {
                case (false, true): burst("show", from: below(end), to: end)
                case (true, false): burst("hide", from: before, to: below(before))
                default: burst("frameChangeWhileUp", from: before, to: end)
                }
            }
        case let .setHeight(h):
            try Keyboard.checkHeight(h, screenHeight: device.screenSize(orientation).height)
            next.heightOverride = h
            if isUp { changed() }
        case let .predictive(on):
            next.predictive = on
            if isUp { changed() }
        case let .type(t):
            next.type = t
            if isUp { changed() }
        case let .hardware(on):
            next.hardware = on
            if isUp && on != hardware { changed() }
        case let .setMode(mode):
            try Keyboard.checkMode(mode, on: device)
            guard mode != self.mode else { break }
            next.mode = mode
            next.dragTop = nil
            guard isUp, !hardware else { break }
            let end = next.frame(on: device, orientation)
            if mode == .docked {
                burst("ipadDock", from: before, to: end)
            } else if self.mode == .docked {
                burst("ipadUndock", from: before, to: end)
            } else {
                burst("ipadMoveUndocked", from: before, to: end)
            }
        case let .drag(y):
            guard isUp else { throw .notUp("keyboard drag") }
            guard mode == .docked, !hardware else { throw .notDocked("keyboard drag") }
            // The keyboard follows the finger; iOS posts nothing until release.
            next.dragTop = y
        case .release:
            guard isUp, let top = dragTop else { break }
            let docked = before.height
            next.dragTop = nil
            let restTop = screenHeight - docked
            if top - restTop > docked / 2 {
                next.isUp = false
                endedEditing = true
                burst("hide", from: before, to: next.downFrame(on: device, orientation))
            } else {
                burst("show", from: before, to: next.frame(on: device, orientation))
            }
        case let .rotate(to: newOrientation):
            guard isUp || restingFrame(on: device, orientation) != nil, newOrientation != orientation else { break }
            // iOS puts the keyboard (or a resting accessory) away in the old
            // orientation and brings it back in the new one, both without
            // animation.
            let d = info.rotationDuration
            burst("hide", from: before, to: hiddenFrame(on: device, orientation), duration: d)
            burst("show", from: next.hiddenFrame(on: device, newOrientation),
                  to: next.frame(on: device, newOrientation), duration: d)
        }
        return KeyboardTransition(keyboard: next, notifications: posted, endedEditing: endedEditing)
    }

    /// The spring of curve 7: progress at `t` seconds, per `devices.json`.
    public static func progress(at t: Double, catalog: DeviceCatalog = .standard) -> Double {
        catalog.curve7.progress(at: t)
    }

    /// `n` evenly spaced times over the spring's visual duration (not the
    /// 0.25 s of userInfo), ending when it has settled.
    public static func animationTimes(_ n: Int, catalog: DeviceCatalog = .standard) -> [Double] {
        guard n > 0 else { return [] }
        return (1...n).map { catalog.curve7.settles * Double($0) / Double(n) }
    }
}
