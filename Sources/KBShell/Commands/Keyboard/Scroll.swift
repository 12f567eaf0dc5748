import KBModel

extension Commands {
    /// `scroll`: a finger drags a scroll view; its keyboardDismissMode decides what the keyboard does.
    struct Scroll: Mutation {
        enum Args {
            static let scrollView = CommandArgument.text("S", .scrollView)
            static let dy = CommandArgument.number("DY")
        }

        static let spec = CommandSpec("scroll", [.value(Args.scrollView), .word("by"), .value(Args.dy)],
            group: .keyboard, traits: [.mutates],
            summary: "drag scroll view S so its content moves by DY (contentOffset.y += DY); keyboardDismissMode decides the keyboard's fate",
            details: "A negative DY is a finger moving down. The offset stays within the scrollable range. With keyboardDismissMode onDrag the drag ends editing (the keyboard hides); with interactive the keyboard follows a finger moving down from its top by -DY and, on release, hides if it went past half its height or springs back. The …WithAccessory modes (iOS 16) dismiss a controller's input accessory view too (it comes back when the controller appears); the others leave it docked at the bottom.",
            examples: ["scroll messages by -200", "set messages.keyboardDismissMode = interactive"],
            command: Scroll.self)

        let scrollView: String
        let dy: Double

        init(_ p: ParsedCommand) throws {
            scrollView = try p.required(Args.scrollView)
            dy = try p.required(Args.dy)
        }

        func apply(to session: inout Session, _ log: inout ChangeLog) throws {
            try session.onStage(&log) { try $0.scroll(scrollView, by: dy, &$1) }
        }
    }
}
