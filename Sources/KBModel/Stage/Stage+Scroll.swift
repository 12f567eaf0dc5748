extension Stage {
    /// A finger drags scroll view `name` so its content moves by `dy`
    /// (`contentOffset.y += dy`; a negative `dy` is a finger moving down),
    /// within the scrollable range; then its `keyboardDismissMode` decides
    /// the keyboard's fate: `onDrag` ends editing, `interactive` lets a
    /// docked keyboard follow the finger down by `-dy` from its top and,
    /// on release, hide past half its height or spring back. The
    /// …WithAccessory modes (iOS 16) take a controller's input accessory
    /// view away with the keyboard.
    public mutating func scroll(_ name: String, by dy: Double, _ log: inout StageLog) throws {
        let view = try screen.view(named: name)
        guard let config = view.scroll else { throw ModelError.notAScrollView(name) }
        try Screen.checkFinite("scroll distance", dy)
        let p = formatPoints
        // The content moves within the scrollable range.
        if let g = screen.layout().view(name), let s = g.scroll {
            let range = Self.scrollRange(s, height: g.frame.height)
            let target = min(max(s.contentOffset.y + dy, range.lowerBound), range.upperBound)
            if target != s.contentOffset.y {
                log.take(try screen.setContentOffset(Point(x: s.contentOffset.x, y: target), of: name))
            }
            log.notes.append("\(name) dragged by \(p(dy)): contentOffset.y \(p(s.contentOffset.y)) → \(p(target))"
                + (target != s.contentOffset.y + dy ? " (the end of the scrollable range, \(p(range.lowerBound))…\(p(range.upperBound)))" : ""))
        }
        let mode = config.keyboardDismissMode ?? .none
        let device = screen.device, orientation = screen.orientation
        switch mode {
        case .none:
            break
        case .onDrag, .onDragWithAccessory:
            log.notes.append("keyboardDismissMode .\(mode.rawValue): the drag ends editing")
            try dismissAccessories(mode, &log)
            if keyboard.isUp { try endEditing(byReturn: false, &log) }
        case .interactive, .interactiveWithAccessory:
            guard dy < 0, keyboard.isUp, keyboard.mode == .docked, !keyboard.hardware else {
                if dy < 0, keyboard.isUp {
                    log.notes.append("keyboardDismissMode .\(mode.rawValue): only a docked keyboard follows the finger")
                }
                break
            }
            let top = keyboard.frame(on: device, orientation).minY
            let drag = try keyboard.applying(.drag(top - dy), on: device, orientation)
            try post(drag, &log)
            let dragged = keyboard.frame(on: device, orientation).minY
            log.notes.append("keyboardDismissMode .\(mode.rawValue): the keyboard followed the finger from \(p(top)) to \(p(dragged)), then the finger lifted")
            var t = try keyboard.applying(.release, on: device, orientation)
            if t.endedEditing {
                log.take(try screen.setFocus(nil))
                if mode.dismissesAccessory {
                    try dismissAccessories(mode, &log)
                    t = try keyboard.applying(.release, on: device, orientation, inputs: inputsNow)
                }
            }
            try post(t, &log)
        }
    }

    /// The offsets a scroll view's content can be dragged to: from minus
    /// its adjusted top inset to where its content's end, with the bottom
    /// inset, meets the view's bottom (never below the start).
    public static func scrollRange(_ s: ScrollLayout, height: Double) -> ClosedRange<Double> {
        let a = s.adjustedContentInset
        let low = -a.top
        return low...max(low, s.contentSize.height + a.bottom - height)
    }

    /// The …WithAccessory modes take a controller's accessory away with
    /// the keyboard: each appeared controller with one resigns.
    mutating func dismissAccessories(_ mode: KeyboardDismissMode, _ log: inout StageLog) throws {
        guard mode.dismissesAccessory else { return }
        for c in screen.controllers where c.inputAccessory != nil && c.isAppeared && c.resignedFirstResponder != true {
            log.take(try screen.setControllerResigned(true, c.name))
            log.notes.append("\(c.name) resigned first responder: its accessory \(c.inputAccessory!) leaves with the keyboard (appear \(c.name) brings it back)")
        }
    }
}
