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
            // An unknown device is refused before the keyboard goes down:
            // the screen is then untouched, layout cache and all.
            _ = try DeviceCatalog.standard.lookup(id)
            let oldOrientation = session.screen.orientation
            if session.keyboard.isUp {
                let t = try session.keyboard.applying(.endEditing, on: session.screen.device, oldOrientation)
                try session.post(t, &log)
            }
            log.take(try session.screen.setDevice(id, orientation: orientation))
            if session.keyboard.mode != .docked && session.screen.device.idiom != .pad { session.keyboard.mode = .docked }
            if session.screen.focus != nil {
                let t = try session.keyboard.applying(.beginEditing(alreadyEditing: false), on: session.screen.device,
                                                      session.screen.orientation)
                try session.post(t, &log)
            }
            log.warnings += session.syncKeyboard()
            let size = session.screen.screenSize
            let device = session.screen.device
            log.notes.append("\(device.id) (\(device.name)): \(formatPoints(size.width))×\(formatPoints(size.height)) \(session.screen.orientation.rawValue), keyboard \(formatPoints(session.keyboard.height(on: device, session.screen.orientation)))")
        }
    }
}

extension Commands.Device: SetsDevice {
    static func device(in parsed: ParsedCommand) -> (id: String, orientation: Orientation?)? {
        guard let id = parsed.string("ID") else { return nil }
        return (id, parsed.string("ORIENTATION").flatMap(Orientation.init(rawValue:)))
    }
}
