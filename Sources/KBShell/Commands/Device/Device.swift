import KBModel

extension Commands {
    /// `device`: switch to a device preset (from devices.json).
    struct Device: Mutation {
        static let spec = CommandSpec("device", [.value("ID", .device), .optional([.value("ORIENTATION", CommandTable.orientation)])],
            group: .device, traits: [.mutates, .structural],
            summary: "switch to a device preset (from devices.json)",
            details: "Keeps the views and constraints and lays them out again on the new screen; the keyboard takes the new device's height.",
            examples: ["device iphone-8", "device ipad-pro-11 landscape"],
            command: Device.self)

        let id: String
        let orientation: Orientation?

        init(_ p: ParsedCommand) throws {
            id = try p.text("ID")
            orientation = p.string("ORIENTATION").flatMap(Orientation.init(rawValue:))
        }

        func apply(to session: inout Session, _ log: inout ChangeLog) throws {
            try session.onStage(&log) { try $0.setDevice(id, orientation: orientation, &$1) }
        }
    }
}

extension Commands.Device: SetsDevice {
    static func device(in parsed: ParsedCommand) -> (id: String, orientation: Orientation?)? {
        guard let id = parsed.string("ID") else { return nil }
        return (id, parsed.string("ORIENTATION").flatMap(Orientation.init(rawValue:)))
    }
}
