extension Commands {
    /// The structure group's commands, in the order `help` lists them: a
    /// new command of the group is its file in this folder and its line here.
    static let structure: [any Command.Type] = [
        Controller.self, Add.self, Remove.self, Set.self,
    ]
}
