import Foundation

/// Everything in the embedded `devices.json`: the device presets, the default
/// device, the keyboard notifications' `userInfo`, the curve-7 spring and the
/// notification sequences.
public struct DeviceCatalog: Hashable, Codable, Sendable {
    /// The constant part of keyboard notifications' `userInfo`.
    public struct UserInfo: Hashable, Codable, Sendable {
        public var animationDuration: Double
        public var animationCurve: Int
        public var animationOptionsRaw: Int
        public var isLocal: Bool
        public var rotationDuration: Double
    }

    /// The keyboard's animation curve 7, a critically damped spring.
    public struct Curve7: Hashable, Codable, Sendable {
        public var model: String
        public var omega: Double
        public var progress: String
        public var settles: Double
        public var bezierApproximation: [Double]

        /// The spring's progress (0…1) at `t` seconds:
        /// `p(t) = 1 − (1 + ωt)·e^(−ωt)`.
        public func progress(at t: Double) -> Double {
            guard t > 0 else { return 0 }
            return 1 - (1 + omega * t) * exp(-omega * t)
        }
    }

    public var about: String
    /// The id of the default device.
    public var `default`: String
    public var userInfo: UserInfo
    public var curve7: Curve7
    /// Notification orders by situation (`show`, `hide`, `frameChangeWhileUp`, …).
    public var sequences: [String: [String]]
    public var devices: [Device]

    /// The catalog decoded from the embedded `devices.json`.
    public static let standard: DeviceCatalog = {
        do {
            return try JSONDecoder().decode(DeviceCatalog.self, from: Data(PackageResources.devices_json))
        } catch {
            fatalError("the embedded devices.json does not decode: \(error)")
        }
    }()

    /// The device with `id`, or nil.
    public func device(_ id: String) -> Device? {
        devices.first { $0.id == id }
    }

    /// The default device (`iphone-15`).
    public var defaultDevice: Device {
        device(`default`)!
    }

    /// The device `name` names: its id, or one of its marketing names
    /// (``Device/aliases``: `iphone-16`, `iPhone SE 3`, `iphone-se3`),
    /// or nil.
    public func device(named name: String) -> Device? {
        if let d = device(name) { return d }
        let key = Device.key(name)
        guard !key.isEmpty else { return nil }
        return devices.first { Device.key($0.id) == key } ?? devices.first { $0.aliases.contains { Device.key($0) == key } }
    }

    /// The device `name` names (an id or a marketing name), or an error
    /// with the nearest one (``suggestion(for:)``).
    public func lookup(_ name: String) throws(ModelError) -> Device {
        if let d = device(named: name) { return d }
        throw .unknownDevice(name, suggestion: suggestion(for: name))
    }

    /// What to suggest for a name no device has: a screen size (`390x844`,
    /// `390×844`, either orientation) suggests the preset with that screen;
    /// any other name the nearest id or marketing name (an alias suggests
    /// itself: the message says which preset and screen it is).
    public func suggestion(for name: String) -> String? {
        if let size = Self.screenSize(name) {
            return devices.first { $0.screen == size || $0.screenSize(.landscape) == size }?.id
        }
        // The nearest in spelling (as ``nearestName(to:in:)`` measures);
        // of those as near, the one whose model number is nearest
        // (`iphone-17`: `iphone-16`, not `iphone-11`), then the id.
        let candidates = devices.map(\.id) + devices.flatMap { d in d.aliases.filter { $0 != d.id } }
        guard let first = nearestName(to: name, in: candidates) else { return nil }
        let target = Array(name.lowercased())
        let distance = editDistance(target, Array(first.lowercased()))
        let tied = candidates.filter { $0 != name && editDistance(target, Array($0.lowercased())) == distance }
        guard let number = Self.modelNumber(name) else { return first }
        return tied.min { a, b in
            abs((Self.modelNumber(a) ?? .max / 2) - number) < abs((Self.modelNumber(b) ?? .max / 2) - number)
        } ?? first
    }

    /// The first run of digits in a name (`iphone-16-pro`: 16), or nil.
    static func modelNumber(_ name: String) -> Int? {
        let digits = name.drop { !$0.isNumber }.prefix { $0.isNumber }
        return digits.isEmpty ? nil : Int(digits.prefix(9))
    }

    /// `390x844` or `390×844` as a size, or nil.
    static func screenSize(_ text: String) -> Size? {
        let parts = text.lowercased().split(whereSeparator: { $0 == "x" || $0 == "×" })
        guard parts.count == 2, let w = Double(parts[0]), let h = Double(parts[1]) else { return nil }
        return Size(width: w, height: h)
    }
}
