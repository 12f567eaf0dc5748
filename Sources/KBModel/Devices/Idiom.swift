/// The user-interface idiom, as `UIUserInterfaceIdiom`.
public enum Idiom: String, Codable, Sendable {
    case phone
    case pad
}
