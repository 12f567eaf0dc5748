import KBModel

extension Commands {
    /// `device`: switch to a device preset (from devices.json).
    struct Device: Mutation {
        enum Args {
            static let id = CommandArgument.text("ID", .device)
            static let orientation = CommandArgument.choice("ORIENTATION", of: Orientation.self)
        }

        static let spec = CommandSpec("device", [.value(Args.id), .optional([.value(Args.orientation)])],
            group: .device, traits: [.mutates, .structural],
            summary: "switch to a device preset (from devices.json)",
            details: "Keeps the views and constraints and lays them out again on the new screen; the keyboard takes the new device's height.",
            examples: ["device iphone-8", "device ipad-pro-11 landscape"],
            command: Device.self)

        let id: String
        let orientation: Orientation?

        init(_ p: ParsedCommand) throws {
            id = try p.required(Args.id)
            orientation = try p[Args.orientation]
        }

        func apply(to session: inout Session, _ log: inout ChangeLog) throws {
            try session.onStage(&log) { try $0.setDevice(id, orientation: orientation, &$1) }
        }
    }
}

extension Commands.Device: SetsDevice {
    static func device(in parsed: ParsedCommand) -> (id: String, orientation: Orientation?)? {
        guard let id = try? parsed[Args.id] else { return nil }
        return (id, (try? parsed[Args.orientation]) ?? nil)
    }
}
