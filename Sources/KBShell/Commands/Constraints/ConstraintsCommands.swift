extension Commands {
    /// The constraints group's commands, in the order `help` lists them: a
    /// new command of the group is its file in this folder and its line here.
    static let constraints: [any Command.Type] = [
        Constrain.self, Pin.self, Activate.self, Deactivate.self,
    ]
}
