import KBModel

extension Commands {
    /// `keyboard show`: show the keyboard (willChangeFrame, willShow, didChangeFrame, didShow).
    struct KeyboardShow: Mutation {
        enum Args {
            static let height = CommandArgument.number("H")
            static let duration = CommandArgument.number("D")
            static let curve = CommandArgument.wholeNumber("C", in: KeyboardNotification.curves, KeyboardNotification.curveMessage)
            static let frames = CommandArgument.wholeNumber("N", in: 1...60, Session.framesMessage)
        }

        static let spec = CommandSpec("keyboard show", [.options([KeywordOption("height", Args.height),
                                        KeywordOption("duration", Args.duration),
                                        KeywordOption("curve", Args.curve),
                                        KeywordOption("frames", Args.frames)])],
            group: .keyboard, traits: [.mutates],
            summary: "show the keyboard (willChangeFrame, willShow, didChangeFrame, didShow)",
            examples: ["keyboard show", "keyboard show frames 5"],
            command: KeyboardShow.self)

        let height: Double?
        let duration: Double?
        let curve: Int?
        /// `frames N`: N moments of the animation.
        let frames: Int?

        init(_ p: ParsedCommand) throws {
            curve = try p[Args.curve]
            frames = try p[Args.frames]
            height = try p[Args.height]
            duration = try p[Args.duration]
        }

        func apply(to session: inout Session, _ log: inout ChangeLog) throws {
            let t = try session.keyboard.applying(.show(height: height, duration: duration, curve: curve),
                                                  on: session.screen.device, session.screen.orientation)
            try session.post(t, &log)
            if t.notifications.isEmpty {
                log.notes.append("the keyboard is already up at \(session.keyboard.frame(on: session.screen.device, session.screen.orientation)): iOS posts nothing")
            }
            if let frames { session.animate(frames, t, &log) }
        }
    }

    /// `keyboard hide`: hide the keyboard; the end frame keeps its height, below the screen.
    struct KeyboardHide: Mutation {
        typealias Args = KeyboardShow.Args

        static let spec = CommandSpec("keyboard hide", [.options([KeywordOption("frames", Args.frames)])],
            group: .keyboard, traits: [.mutates],
            summary: "hide the keyboard; the end frame keeps its height, below the screen",
            command: KeyboardHide.self)

        let frames: Int?

        init(_ p: ParsedCommand) throws {
            frames = try p[Args.frames]
        }

        func apply(to session: inout Session, _ log: inout ChangeLog) throws {
            let t = try session.keyboard.applying(.hide, on: session.screen.device, session.screen.orientation)
            try session.post(t, &log)
            if let frames { session.animate(frames, t, &log) }
        }
    }
}
