/// Something that happens to the keyboard.
public enum KeyboardEvent: Hashable, Sendable {
    /// A field becomes first responder (`focus`); `alreadyEditing` when
    /// another field was editing.
    case beginEditing(alreadyEditing: Bool)
    /// Editing ends (`resign`, `return`, `tap outside`).
    case endEditing
    /// `keyboard show [height H] [duration D] [curve C]`.
    case show(height: Double?, duration: Double?, curve: Int?)
    case hide
    /// `keyboard height H`: a frame-only change.
    case setHeight(Double)
    case predictive(Bool)
    case type(Keyboard.KeyboardType)
    case hardware(Bool)
    case setMode(Keyboard.Mode)
    /// `keyboard drag Y`: the finger drags the keyboard's top to Y.
    case drag(Double)
    case release
    /// The device rotated to this orientation.
    case rotate(to: Orientation)
    /// The input views changed without the first responder changing (an
    /// accessory added or removed, an input view set, a controller's
    /// resting accessory shown): the frame follows, with the burst iOS posts.
    case inputsChanged
}

/// Why iOS would not do what was asked; nothing changes.
public enum KeyboardError: Error, Hashable, Sendable, CustomStringConvertible {
    case padOnly(String)
    case notUp(String)
    case notDocked(String)
    case invalidHeight(Double)

    public var description: String {
        switch self {
        case let .padOnly(what):
            let word = ["undocked": "undock", "floating": "float", "docked": "dock"][what] ?? what
            return "'keyboard \(word)' needs an iPad: a phone's keyboard is always docked (try: device ipad-pro-11)"
        case let .notUp(what):
            return "'\(what)' needs the keyboard up: focus a text field first (focus NAME, or keyboard show)"
        case let .notDocked(what):
            return "'\(what)' needs a docked keyboard (keyboard dock)"
        case let .invalidHeight(h):
            return "a keyboard height must be between 0 and the screen's height, not \(formatPoints(h))"
        }
    }
}

/// What an event did: the keyboard afterwards and the notifications posted,
/// in order.
public struct KeyboardTransition: Hashable, Sendable {
    public var keyboard: Keyboard
    public var notifications: [KeyboardNotification]
    /// The drag ended with the keyboard dismissed: editing ended too.
    public var endedEditing: Bool
}
