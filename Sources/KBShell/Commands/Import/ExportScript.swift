import KBModel

extension Commands {
    /// `export kbs`: the session as a script that rebuilds it.
    struct ExportScript: Command {
        static let spec = CommandSpec("export kbs", [.optional([.value("FILE", .file)])], group: .sessions,
            traits: [.writesFiles, .journaledAsSnapshotWithAFile],
            summary: "the session as a script of commands that rebuilds it (printed, or written to FILE)",
            details: "The device and the app's window; controllers, table view controllers and presented sheets; views with their options, priorities, clipping, alpha and visibility, table rows, input accessory views and input views; every constraint with its name, constant, multiplier and priority (inactive ones deactivated); scroll state; the keyboard's settings and the focus; then the strategies and rules, attached last so that none runs again. `kbplay run` of the script prints the same `frames`. The undo history and the events posted are not part of it.",
            examples: ["export kbs", "export kbs login.kbs"],
            command: ExportScript.self)

        let file: String?

        init(_ p: ParsedCommand) { file = p.string("FILE") }

        func perform(on session: inout Session, line: String) throws -> CommandOutcome {
            let script = session.script()
            guard let file else {
                return CommandOutcome(command: line, text: script.hasSuffix("\n") ? String(script.dropLast()) : script,
                                      members: ["script": .string(script)])
            }
            do {
                try FileIO.atomicWrite(file, script)
            } catch {
                return CommandOutcome.rejected(line, CommandError("\(error)"), status: .ioError)
            }
            let lines = script.split(separator: "\n").count
            return CommandOutcome(command: line, text: "wrote \(file) (\(lines) lines)", members: ["path": .string(file)])
        }
    }
}
