extension Commands {
    /// The sessions group's commands (with the importers' commands, ``Importers``, and the exporters of `Import/`), in the order `help` lists them: a
    /// new command of the group is its file in this folder and its line here.
    static let sessions: [any Command.Type] = [
        Save.self, Load.self, SessionList.self, New.self, Demo.self, Undo.self, Redo.self, History.self, Source.self,
    ] + Importers.commands + [ImportSwift.self, Export.self, Help.self, Quit.self]
}
