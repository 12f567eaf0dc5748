/// A keyboard notification as UIKit posts it, with its `userInfo`.
public struct KeyboardNotification: Hashable, Codable, Sendable {
    public enum Name: String, Hashable, Codable, Sendable, CaseIterable {
        case willChangeFrame = "keyboardWillChangeFrame"
        case willShow = "keyboardWillShow"
        case didChangeFrame = "keyboardDidChangeFrame"
        case didShow = "keyboardDidShow"
        case willHide = "keyboardWillHide"
        case didHide = "keyboardDidHide"

        /// The name in `devices.json`'s `sequences` (`willShow`).
        public init?(sequenceName: String) {
            // The names as devices.json writes them, without building a
            // string per notification; any other spelling the long way.
            switch sequenceName {
            case "willChangeFrame": self = .willChangeFrame
            case "willShow": self = .willShow
            case "didChangeFrame": self = .didChangeFrame
            case "didShow": self = .didShow
            case "willHide": self = .willHide
            case "didHide": self = .didHide
            default:
                self.init(rawValue: "keyboard" + sequenceName.prefix(1).uppercased() + sequenceName.dropFirst())
            }
        }

        /// UIKit's constant (`UIResponder.keyboardWillShowNotification`).
        public var uiKitName: String { "UIResponder.\(rawValue)Notification" }

        public var isWill: Bool { self == .willChangeFrame || self == .willShow || self == .willHide }
    }

    public var name: Name
    /// `UIKeyboardFrameBeginUserInfoKey`, in screen coordinates.
    public var begin: Rect
    /// `UIKeyboardFrameEndUserInfoKey`, in screen coordinates.
    public var end: Rect
    /// `UIKeyboardAnimationDurationUserInfoKey`.
    public var duration: Double
    /// `UIKeyboardAnimationCurveUserInfoKey` (7: the private keyboard spring).
    public var curve: Int
    /// `UIKeyboardIsLocalUserInfoKey`: the keyboard belongs to this app.
    public var isLocal: Bool

    public init(name: Name, begin: Rect, end: Rect, duration: Double, curve: Int, isLocal: Bool) {
        self.name = name
        self.begin = begin
        self.end = end
        self.duration = duration
        self.curve = curve
        self.isLocal = isLocal
    }

    /// The `userInfo` entries in the order UIKit's dictionary prints them
    /// (its keys sorted), values as text.
    public var userInfo: [(key: String, value: String)] {
        [
            ("UIKeyboardAnimationCurveUserInfoKey", "\(curve)"),
            ("UIKeyboardAnimationDurationUserInfoKey", formatPoints(duration)),
            ("UIKeyboardBoundsUserInfoKey", Rect(x: 0, y: 0, width: end.width, height: end.height).description),
            ("UIKeyboardCenterBeginUserInfoKey", "(\(formatPoints(begin.midX)) \(formatPoints(begin.midY)))"),
            ("UIKeyboardCenterEndUserInfoKey", "(\(formatPoints(end.midX)) \(formatPoints(end.midY)))"),
            ("UIKeyboardFrameBeginUserInfoKey", begin.description),
            ("UIKeyboardFrameEndUserInfoKey", end.description),
            ("UIKeyboardIsLocalUserInfoKey", isLocal ? "1" : "0"),
        ]
    }
}
