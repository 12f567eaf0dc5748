import KBModel

/// A command that applies one keyboard event (not a show or hide): it
/// names the event, and the session applies it and says when iOS posts
/// nothing for it.
protocol KeyboardEventCommand: Mutation {
    var event: KeyboardEvent { get }
}

extension KeyboardEventCommand {
    func apply(to session: inout Session, _ log: inout ChangeLog) throws {
        try session.onStage(&log) { try $0.keyboardEvent(event, &$1) }
    }
}

extension Commands {
    /// `keyboard height`: change the keyboard's height while up (a frame-only change).
    struct KeyboardHeight: KeyboardEventCommand {
        enum Args {
            static let height = CommandArgument.number("H")
        }

        static let spec = CommandSpec("keyboard height", [.value(Args.height)], group: .keyboard, traits: [.mutates],
            summary: "change the keyboard's height while up (a frame-only change)",
            command: KeyboardHeight.self)

        let height: Double

        init(_ p: ParsedCommand) throws {
            height = try p.required(Args.height)
        }

        var event: KeyboardEvent { .setHeight(height) }
    }

    /// `keyboard predictive`: turn the predictive bar on or off.
    struct KeyboardPredictive: KeyboardEventCommand {
        enum Args {
            static let state = CommandArgument.onOff("STATE")
        }

        static let spec = CommandSpec("keyboard predictive", [.value(Args.state)], group: .keyboard, traits: [.mutates],
            summary: "turn the predictive bar on or off",
            command: KeyboardPredictive.self)

        let on: Bool

        init(_ p: ParsedCommand) throws {
            on = try p.required(Args.state)
        }

        var event: KeyboardEvent { .predictive(on) }
    }

    /// `keyboard type`: switch the keyboard type (number has no predictive bar).
    struct KeyboardType: KeyboardEventCommand {
        enum Args {
            static let type = CommandArgument.choice("TYPE", of: Keyboard.KeyboardType.self)
        }

        static let spec = CommandSpec("keyboard type", [.value(Args.type)], group: .keyboard, traits: [.mutates],
            summary: "switch the keyboard type (number has no predictive bar)",
            command: KeyboardType.self)

        let type: Keyboard.KeyboardType

        init(_ p: ParsedCommand) throws {
            type = try p.required(Args.type)
        }

        var event: KeyboardEvent { .type(type) }
    }

    /// `keyboard hardware`: attach or detach a hardware keyboard.
    struct KeyboardHardware: KeyboardEventCommand {
        typealias Args = KeyboardPredictive.Args

        static let spec = CommandSpec("keyboard hardware", [.value(Args.state)], group: .keyboard, traits: [.mutates],
            summary: "attach or detach a hardware keyboard",
            command: KeyboardHardware.self)

        let on: Bool

        init(_ p: ParsedCommand) throws {
            on = try p.required(Args.state)
        }

        var event: KeyboardEvent { .hardware(on) }
    }

    /// `keyboard undock`: undock the iPad keyboard.
    struct KeyboardUndock: KeyboardEventCommand {
        static let spec = CommandSpec("keyboard undock", group: .keyboard, traits: [.mutates], summary: "undock the iPad keyboard",
            command: KeyboardUndock.self)

        init(_ p: ParsedCommand) throws {}

        var event: KeyboardEvent { .setMode(.undocked) }
    }

    /// `keyboard split`: split the iPad keyboard.
    struct KeyboardSplit: KeyboardEventCommand {
        static let spec = CommandSpec("keyboard split", group: .keyboard, traits: [.mutates], summary: "split the iPad keyboard",
            command: KeyboardSplit.self)

        init(_ p: ParsedCommand) throws {}

        var event: KeyboardEvent { .setMode(.split) }
    }

    /// `keyboard float`: make the iPad keyboard float.
    struct KeyboardFloat: KeyboardEventCommand {
        static let spec = CommandSpec("keyboard float", group: .keyboard, traits: [.mutates], summary: "make the iPad keyboard float",
            command: KeyboardFloat.self)

        init(_ p: ParsedCommand) throws {}

        var event: KeyboardEvent { .setMode(.floating) }
    }

    /// `keyboard dock`: dock the iPad keyboard again.
    struct KeyboardDock: KeyboardEventCommand {
        static let spec = CommandSpec("keyboard dock", group: .keyboard, traits: [.mutates], summary: "dock the iPad keyboard again",
            command: KeyboardDock.self)

        init(_ p: ParsedCommand) throws {}

        var event: KeyboardEvent { .setMode(.docked) }
    }

    /// `keyboard drag`: drag the keyboard's top to Y (interactive dismissal; no notifications).
    struct KeyboardDrag: KeyboardEventCommand {
        enum Args {
            static let y = CommandArgument.number("Y")
        }

        static let spec = CommandSpec("keyboard drag", [.value(Args.y)], group: .keyboard, traits: [.mutates],
            summary: "drag the keyboard's top to Y (interactive dismissal; no notifications)",
            command: KeyboardDrag.self)

        let y: Double

        init(_ p: ParsedCommand) throws {
            y = try p.required(Args.y)
            // The keyboard's top reaches the layout through its guide.
            try Screen.checkFinite("drag position", y)
        }

        var event: KeyboardEvent { .drag(y) }
    }

    /// `keyboard release`: release the drag: the keyboard hides or springs back.
    struct KeyboardRelease: Mutation {
        static let spec = CommandSpec("keyboard release", group: .keyboard, traits: [.mutates],
            summary: "release the drag: the keyboard hides or springs back",
            command: KeyboardRelease.self)

        init(_ p: ParsedCommand) {}

        func apply(to session: inout Session, _ log: inout ChangeLog) throws {
            try session.onStage(&log) { try $0.releaseDrag(&$1) }
        }
    }
}
