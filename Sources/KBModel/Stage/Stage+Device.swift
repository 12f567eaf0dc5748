extension Stage {
    /// Switches to device preset `id` (`device`): editing's keyboard goes
    /// down on the old screen, the views and constraints are laid out
    /// again on the new one, a keyboard that is not docked docks on a
    /// phone, and a field still focused brings the new device's keyboard
    /// up. An unknown device is refused before anything changed.
    public mutating func setDevice(_ id: String, orientation: Orientation?, _ log: inout StageLog) throws {
        // Refused before the keyboard goes down: the screen is then
        // untouched, layout cache and all.
        _ = try DeviceCatalog.standard.lookup(id)
        if keyboard.isUp {
            let t = try keyboard.applying(.endEditing, on: screen.device, screen.orientation)
            try post(t, &log)
        }
        log.take(try screen.setDevice(id, orientation: orientation))
        if keyboard.mode != .docked && screen.device.idiom != .pad { keyboard.mode = .docked }
        if screen.focus != nil {
            let t = try keyboard.applying(.beginEditing(alreadyEditing: false), on: screen.device, screen.orientation)
            try post(t, &log)
        }
        log.warnings += syncKeyboard()
        let size = screen.screenSize
        let device = screen.device
        log.notes.append("\(device.id) (\(device.name)): \(formatPoints(size.width))×\(formatPoints(size.height)) \(screen.orientation.rawValue), keyboard \(formatPoints(keyboard.height(on: device, screen.orientation)))")
    }

    /// Rotates the device (`rotate`; to the other orientation when
    /// `orientation` is nil). With the keyboard up, iOS posts a hide burst
    /// in the old orientation and a show burst in the new one
    /// (``post(_:_:listed:)`` splits them at ``rotationHideCount(_:)``).
    public mutating func rotate(to orientation: Orientation?, _ log: inout StageLog) throws {
        let old = screen.orientation
        let target = orientation ?? (old == .portrait ? .landscape : .portrait)
        let t = try keyboard.applying(.rotate(to: target), on: screen.device, old)
        log.take(screen.rotate(to: target))
        try post(t, &log)
        log.warnings += syncKeyboard()
    }
}
