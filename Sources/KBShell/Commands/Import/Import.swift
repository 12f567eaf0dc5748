import KBModel

extension Commands {
    /// `import`: an Interface Builder storyboard or XIB scene as the screen.
    struct Import: Mutation {
        static let spec = CommandSpec("import", [.value("FILE", .file), .options([
            KeywordOption("scene", [("NAME", .scene)]), KeywordOption("device", [("DEVICE", .device)]),
        ])], group: .sessions, traits: [.mutates, .structural, .readsFiles, .journaledAsSnapshot],
            summary: "replace the screen with a scene of an Interface Builder storyboard or XIB",
            details: "NAME is the scene's storyboard identifier, custom class, IB object id or title; without it, the initial view controller (or the only scene). The device is the preset nearest to the one the document was designed on, unless `device ID` names one (or, in `kbplay run --devices`, the run's device). Prints a summary, the layout and the findings (what kbplay does not model, with its line). `undo` brings the previous screen back.",
            examples: ["import Login.storyboard", "import Main.storyboard scene SignUp", "import LoginView.xib device iphone-se1"],
            command: Import.self)

        let file: Token
        let scene: String?
        let device: String?

        init(_ p: ParsedCommand) throws {
            file = try p.required("FILE")
            scene = p.string("NAME")
            device = p.string("DEVICE")
        }

        func apply(to session: inout Session, _ log: inout ChangeLog) throws {
            try session.importInterfaceBuilder(file.text, column: file.column, scene: scene, device: device, &log)
        }
    }
}
