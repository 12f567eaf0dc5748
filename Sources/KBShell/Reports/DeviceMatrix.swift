import KBInterop
import KBModel

/// The devices and orientations `kbplay run --devices … --orientations …`
/// runs each script on.
public struct DeviceMatrix: Sendable, Equatable {
    /// Device ids, in the order asked for (`all`: the catalog's order).
    public var devices: [String]
    public var orientations: [Orientation]
    /// `--devices` was given (a script's own device line then overrides it).
    public var devicesAsked: Bool
    public var orientationsAsked: Bool

    /// From the two options' texts (nil: not given). A device id that is
    /// not a preset, or an orientation that is not one, is refused naming
    /// the nearest and what would work.
    public init(devices: String?, orientations: String?, catalog: DeviceCatalog = .standard) throws(DeviceMatrix.OptionError) {
        devicesAsked = devices != nil
        orientationsAsked = orientations != nil
        let ids = catalog.devices.map(\.id)
        if let devices {
            let asked = Self.items(devices)
            if asked == ["all"] {
                self.devices = ids
            } else {
                guard !asked.isEmpty else { throw OptionError("--devices takes all or device ids separated by commas: \(ids.joined(separator: ","))") }
                // An id or a marketing name (`iphone-16`), each run under its id.
                var resolved: [String] = []
                for id in asked {
                    guard let d = catalog.device(named: id) else {
                        let near = catalog.suggestion(for: id).map { " — did you mean '\($0)'?" } ?? ""
                        throw OptionError("--devices: unknown device '\(id)'\(near) (the presets: all, \(ids.joined(separator: ", ")))")
                    }
                    resolved.append(d.id)
                }
                self.devices = Self.unique(resolved)
            }
        } else {
            self.devices = [catalog.defaultDevice.id]
        }
        if let orientations {
            let asked = Self.items(orientations)
            guard !asked.isEmpty else { throw OptionError("--orientations takes portrait, landscape or both, separated by a comma") }
            var out: [Orientation] = []
            for word in asked {
                guard let o = Orientation(rawValue: word) else {
                    let near = nearestName(to: word, in: Orientation.allCases.map(\.rawValue)).map { " — did you mean '\($0)'?" } ?? ""
                    throw OptionError("--orientations: unknown orientation '\(word)'\(near) (portrait, landscape or portrait,landscape)")
                }
                out.append(o)
            }
            self.orientations = Self.unique(out)
        } else {
            self.orientations = [.portrait]
        }
    }

    /// The runs of one script and what the report says about them: each
    /// device in each orientation; but a script whose first command sets
    /// its device (`device ID [ORIENTATION]`, `new ID`) runs on that
    /// device only (in the orientations asked for unless its line names
    /// one), which the note says.
    public func runs(of script: String, file: String) -> (runs: [DeviceSetting], note: String?) {
        var lines = ScriptLines(StringLineReader(script))
        guard let first = lines.next(), let parsed = try? CommandParser.parse(first.text),
              let own = Self.ownDevice(parsed) else {
            let orientations = self.orientations
            return (devices.flatMap { id in orientations.map { DeviceSetting(id: id, orientation: $0) } }, nil)
        }
        let ownOrientations = own.orientation.map { [$0] } ?? self.orientations
        let runs = ownOrientations.map { DeviceSetting(id: own.id, orientation: $0) }
        var overridden: [String] = []
        if devicesAsked && devices != [own.id] {
            overridden.append(devices.count == 1 ? "the device asked for (\(devices[0]))" : "the \(devices.count) devices asked for")
        }
        if orientationsAsked, let o = own.orientation, self.orientations != [o] {
            overridden.append(self.orientations.count == 1 ? "the orientation asked for (\(self.orientations[0].rawValue))"
                                                           : "the orientations asked for")
        }
        guard !overridden.isEmpty else { return (runs, nil) }
        let on = own.orientation.map { "\(own.id) \($0.rawValue)" } ?? own.id
        return (runs, "\(file):\(first.number) sets its own device ('\(first.text)'), which wins: it runs on \(on) only, not on \(overridden.joined(separator: " or "))")
    }

    /// The device (and orientation, when it names one) a script's first
    /// command sets, or nil when it sets none.
    static func ownDevice(_ parsed: ParsedCommand) -> (id: String, orientation: Orientation?)? {
        (parsed.spec.command as? any SetsDevice.Type)?.device(in: parsed)
    }

    /// A value of `--devices` or `--orientations` that names nothing kbplay has.
    public struct OptionError: Error, Sendable, Equatable, CustomStringConvertible {
        public var description: String
        init(_ description: String) { self.description = description }
    }

    private static func items(_ text: String) -> [String] {
        text.split(separator: ",").map { String($0.filter { !$0.isWhitespace }) }.filter { !$0.isEmpty }
    }

    private static func unique<T: Hashable>(_ items: [T]) -> [T] {
        var seen = Set<T>()
        return items.filter { seen.insert($0).inserted }
    }
}

/// A command that sets the session's device (`device`, `new ID`): what a
/// script's first such command asks for wins over a run's `--devices`.
protocol SetsDevice {
    /// The device (and orientation, when the command names one) `parsed`
    /// sets, or nil when it sets none.
    static func device(in parsed: ParsedCommand) -> (id: String, orientation: Orientation?)?
}
