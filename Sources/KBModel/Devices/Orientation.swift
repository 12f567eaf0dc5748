/// The interface orientation. Landscape swaps the screen's width and height.
public enum Orientation: String, Codable, Sendable, CaseIterable {
    case portrait
    case landscape
}
