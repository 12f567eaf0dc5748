/// Whether the focused field can be seen: above the keyboard, inside the
/// window and every clipping ancestor, clear of the status bar and the home
/// indicator, and not hidden.
public struct FocusReport: Hashable, Codable, Sendable {
    public var field: String
    /// The field's window frame.
    public var fieldFrame: Rect
    /// The keyboard's top in window coordinates (the screen's bottom when
    /// no keyboard is on screen).
    public var keyboardTop: Double
    /// Points of the field hidden under the keyboard: from the keyboard's
    /// top to the field's bottom (0 when visible).
    public var covered: Double
    /// Points between the field's bottom and the keyboard's top when
    /// nothing is hidden (0 when covered).
    public var clearance: Double
    /// Everything that keeps the field from being seen, the reason to give
    /// first (empty when it is visible).
    public var obscuredBy: [Obstruction]
    /// The input accessory view the field is on (it rides on the keyboard).
    public var accessory: String?

    public init(field: String, fieldFrame: Rect, keyboardTop: Double, covered: Double, clearance: Double,
                obscuredBy: [Obstruction] = []) {
        self.field = field
        self.fieldFrame = fieldFrame
        self.keyboardTop = keyboardTop
        self.covered = covered
        self.clearance = clearance
        self.obscuredBy = obscuredBy
    }

    /// Whether nothing keeps the field from being seen.
    public var isVisible: Bool { obscuredBy.isEmpty }
}
