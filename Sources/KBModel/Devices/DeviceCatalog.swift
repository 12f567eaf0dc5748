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

    /// The device with `id`, or an error naming the nearest id.
    public func lookup(_ id: String) throws(ModelError) -> Device {
        if let d = device(id) { return d }
        throw .unknownDevice(id, suggestion: nearestName(to: id, in: devices.map(\.id)))
    }
}
