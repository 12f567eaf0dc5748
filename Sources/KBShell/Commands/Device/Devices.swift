import KBModel

extension Commands {
    /// `devices`: list the device presets with their screens, safe areas and keyboard heights.
    struct Devices: Command {
        static let spec = CommandSpec("devices", group: .device, traits: [.onlyReads],
            summary: "list the device presets with their screens, safe areas and keyboard heights",
            command: Devices.self)

        init(_ p: ParsedCommand) {}

        func perform(on session: inout Session, line: String) -> CommandOutcome { session.devicesList() }
    }
}
