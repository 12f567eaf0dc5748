import KBModel

extension Commands {
    /// `scroll`: a finger drags a scroll view; its keyboardDismissMode decides what the keyboard does.
    struct Scroll: Mutation {
        static let spec = CommandSpec("scroll", [.value("S", .scrollView), .word("by"), .value("DY", .number)],
            group: .keyboard, traits: [.mutates],
            summary: "drag scroll view S so its content moves by DY (contentOffset.y += DY); keyboardDismissMode decides the keyboard's fate",
            details: "A negative DY is a finger moving down. The offset stays within the scrollable range. With keyboardDismissMode onDrag the drag ends editing (the keyboard hides); with interactive the keyboard follows a finger moving down from its top by -DY and, on release, hides if it went past half its height or springs back. The …WithAccessory modes (iOS 16) dismiss a controller's input accessory view too (it comes back when the controller appears); the others leave it docked at the bottom.",
            examples: ["scroll messages by -200", "set messages.keyboardDismissMode = interactive"],
            command: Scroll.self)

        let scrollView: String
        let dy: Double

        init(_ p: ParsedCommand) throws {
            scrollView = try p.text("S")
            dy = try p.requiredNumber("DY")
        }

        func apply(to session: inout Session, _ log: inout ChangeLog) throws {
            let view = try session.screen.view(named: scrollView)
            guard let config = view.scroll else { throw ModelError.notAScrollView(scrollView) }
            try Screen.checkFinite("scroll distance", dy)
            let p = formatPoints
            // The content moves within the scrollable range.
            if let g = session.screen.layout().view(scrollView), let s = g.scroll {
                let a = s.adjustedContentInset
                let low = -a.top, high = max(low, s.contentSize.height + a.bottom - g.frame.height)
                let target = min(max(s.contentOffset.y + dy, low), high)
                if target != s.contentOffset.y {
                    log.take(try session.screen.setContentOffset(Point(x: s.contentOffset.x, y: target), of: scrollView))
                }
                log.notes.append("\(scrollView) dragged by \(p(dy)): contentOffset.y \(p(s.contentOffset.y)) → \(p(target))"
                    + (target != s.contentOffset.y + dy ? " (the end of the scrollable range, \(p(low))…\(p(high)))" : ""))
            }
            let mode = config.keyboardDismissMode ?? .none
            let device = session.screen.device, orientation = session.screen.orientation
            /// The …WithAccessory modes take a controller's accessory away with the keyboard.
            func dismissAccessories() throws {
                guard mode.dismissesAccessory else { return }
                for c in session.screen.controllers where c.inputAccessory != nil && c.isAppeared && c.resignedFirstResponder != true {
                    log.take(try session.screen.setControllerResigned(true, c.name))
                    log.notes.append("\(c.name) resigned first responder: its accessory \(c.inputAccessory!) leaves with the keyboard (appear \(c.name) brings it back)")
                }
            }
            switch mode {
            case .none:
                break
            case .onDrag, .onDragWithAccessory:
                log.notes.append("keyboardDismissMode .\(mode.rawValue): the drag ends editing")
                try dismissAccessories()
                if session.keyboard.isUp { try session.endEditing(byReturn: false, &log) }
            case .interactive, .interactiveWithAccessory:
                guard dy < 0, session.keyboard.isUp, session.keyboard.mode == .docked, !session.keyboard.hardware else {
                    if dy < 0, session.keyboard.isUp {
                        log.notes.append("keyboardDismissMode .\(mode.rawValue): only a docked keyboard follows the finger")
                    }
                    break
                }
                let top = session.keyboard.frame(on: device, orientation).minY
                let drag = try session.keyboard.applying(.drag(top - dy), on: device, orientation)
                try session.post(drag, &log)
                let dragged = session.keyboard.frame(on: device, orientation).minY
                log.notes.append("keyboardDismissMode .\(mode.rawValue): the keyboard followed the finger from \(p(top)) to \(p(dragged)), then the finger lifted")
                var t = try session.keyboard.applying(.release, on: device, orientation)
                if t.endedEditing {
                    log.take(try session.screen.setFocus(nil))
                    if mode.dismissesAccessory {
                        try dismissAccessories()
                        t = try session.keyboard.applying(.release, on: device, orientation, inputs: session.inputsNow)
                    }
                }
                try session.post(t, &log)
            }
        }
    }
}
