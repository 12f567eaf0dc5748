import KBModel

extension Commands {
    /// `controller`: add a view controller (the first is the window's root).
    struct Controller: Mutation {
        static let spec = CommandSpec("controller", [.value("NAME", .newName),
                           .optional([.word("in"), .value("PARENT", .controller), .word("at"), .value("CONTAINER", .view)])],
            group: .structure, traits: [.mutates, .structural],
            summary: "add a view controller (the first is the window's root)",
            details: "The controller's root view is named NAME.view. A root controller's view fills the screen; a child controller's root view is pinned (required) to the edges of CONTAINER, a view of PARENT. Controllers appear when created.",
            examples: ["controller Login", "controller Form in Login at container"],
            command: Controller.self)

        let name: String
        /// `in PARENT at CONTAINER`: a child controller.
        let container: (parent: String, view: String)?

        init(_ p: ParsedCommand) throws {
            name = try p.text("NAME")
            if let parent = p.string("PARENT") {
                container = (parent, try p.text("CONTAINER"))
            } else {
                container = nil
            }
        }

        func apply(to session: inout Session, _ log: inout ChangeLog) throws {
            if let container {
                log.take(try session.screen.addController(name, in: container.parent, at: container.view))
            } else {
                log.take(try session.screen.addController(name))
            }
        }
    }
}
