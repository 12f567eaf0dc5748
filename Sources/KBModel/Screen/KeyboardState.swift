/// The software keyboard as layout sees it: its frame in screen
/// coordinates (nil when nothing is on screen) and whether it is docked.
public struct KeyboardState: Hashable, Codable, Sendable {
    public var frame: Rect?
    /// Docked at the screen's bottom. An undocked, split or floating keyboard
    /// does not move `keyboardLayoutGuide` (UIKit's default).
    public var isDocked: Bool
    /// The input accessory view on screen at the frame's top, if any.
    public var accessory: String?
    /// How much of the frame's top the accessory takes.
    public var accessoryHeight: Double?

    public init(frame: Rect? = nil, isDocked: Bool = true, accessory: String? = nil, accessoryHeight: Double? = nil) {
        self.frame = frame
        self.isDocked = isDocked
        self.accessory = accessory
        self.accessoryHeight = accessoryHeight
    }

    /// The keyboard's top in window coordinates if it is docked and
    /// overlaps the screen of height `screenHeight`; otherwise nil.
    public func dockedTop(screenHeight: Double) -> Double? {
        guard isDocked, let frame, frame.height > 0, frame.minY < screenHeight else { return nil }
        return frame.minY
    }
}
