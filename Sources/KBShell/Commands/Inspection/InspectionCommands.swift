extension Commands {
    /// The inspection group's commands, in the order `help` lists them: a
    /// new command of the group is its file in this folder and its line here.
    static let inspection: [any Command.Type] = [
        Tree.self, Frames.self, ConstraintList.self, Events.self, Diff.self, Render.self, Explain.self, Print.self,
        Expect.self, Audit.self,
    ]
}
