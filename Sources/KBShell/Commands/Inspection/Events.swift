import KBModel

extension Commands {
    /// `events`: the last notifications with userInfo and the handlers that ran.
    struct Events: Command {
        static let spec = CommandSpec("events", [.optional([.value("N", .number)])], group: .inspection, traits: [],
            summary: "the last notifications with userInfo and the handlers that ran",
            command: Events.self)

        let count: Int?

        init(_ p: ParsedCommand) throws {
            count = try p.wholeNumber("N", in: 0...Session.eventLimit, capped: true,
                                      "events takes a whole number of notifications (0 or more)")
        }

        func perform(on session: inout Session, line: String) -> CommandOutcome { session.eventList(count) }
    }
}
