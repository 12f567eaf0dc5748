/// A device and orientation a script runs on.
public struct DeviceSetting: Sendable, Equatable, Hashable {
    public var id: String
    public var orientation: Orientation

    public init(id: String, orientation: Orientation) {
        self.id = id
        self.orientation = orientation
    }

    /// `iphone-se1 landscape`.
    public var description: String { "\(id) \(orientation.rawValue)" }
}
