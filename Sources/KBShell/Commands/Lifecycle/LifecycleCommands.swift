extension Commands {
    /// The lifecycle group's commands, in the order `help` lists them: a
    /// new command of the group is its file in this folder and its line here.
    static let lifecycle: [any Command.Type] = [
        Appear.self, Disappear.self, Present.self, Dismiss.self,
    ]
}
