import Foundation

/// Placeholder until the model lands.
public enum KBModelInfo {
    public static let devicesJSON = PackageResources.devices_json
}
