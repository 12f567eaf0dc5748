extension Commands {
    /// The strategies group's commands, in the order `help` lists them: a
    /// new command of the group is its file in this folder and its line here.
    static let strategies: [any Command.Type] = [
        Handle.self, On.self,
    ]
}
