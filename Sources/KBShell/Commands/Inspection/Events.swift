import KBModel

extension Commands {
    /// `events`: the last notifications with userInfo and the handlers that ran.
    struct Events: Command {
        enum Args {
            static let count = CommandArgument.wholeNumber("N", in: 0...Session.eventLimit, capped: true,
                                                           "events takes a whole number of notifications (0 or more)")
        }

        static let spec = CommandSpec("events", [.optional([.value(Args.count)])], group: .inspection, traits: [],
            summary: "the last notifications with userInfo and the handlers that ran",
            command: Events.self)

        let count: Int?

        init(_ p: ParsedCommand) throws {
            count = try p[Args.count]
        }

        func perform(on session: inout Session, line: String) -> CommandOutcome { session.eventList(count) }
    }
}
