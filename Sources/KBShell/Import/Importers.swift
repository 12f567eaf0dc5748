import KBInterop

/// The importers the shell has, in the order `help` lists their commands:
/// each is an `import` command (``ImportFile``). A new importer is its
/// folder (its ``Importer`` type) and its line here.
enum Importers {
    static var all: [any Importer.Type] {
        [
            StoryboardImporter.self,
            LogImporter.self,
            UITestTreeImporter.self,
        ]
    }

    /// Their commands.
    static var commands: [any Command.Type] {
        func command<I: Importer>(_: I.Type) -> any Command.Type { ImportFile<I>.self }
        return all.map { command($0) }
    }
}
