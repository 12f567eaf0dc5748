/// The iOS keyboard: its settings, where it is, and the notifications each
/// event makes iOS post.
///
/// Heights come from `devices.json` per device and orientation. What iOS
/// does that the data does not say, kbplay models as follows:
/// - the emoji keyboard shows a category bar where the predictive bar sits,
///   so it is as tall as the keyboard with the predictive bar; the number
///   pad has no bar;
/// - with a hardware keyboard the software keyboard is not shown, but iOS
///   still posts the show burst with the keyboard's full height in the end
///   frame, placed so that only what is visible is on screen: nothing on a
///   phone, the 55 pt input-assistant bar on an iPad;
/// - an undocked or split iPad keyboard keeps its size and sits centred
///   vertically; a floating one is 320 × 250, centred, 20 pt above the
///   bottom. iOS reports undocking, splitting and floating as a hide, with
///   the keyboard's new frame (still on screen) as the end frame.
public struct Keyboard: Hashable, Codable, Sendable {
    public enum Mode: String, Hashable, Codable, Sendable, CaseIterable {
        case docked, undocked, split, floating
    }

    public enum KeyboardType: String, Hashable, Codable, Sendable, CaseIterable {
        case `default`, number, emoji
    }

    /// The keyboard is up: a field is editing (with a hardware keyboard only
    /// the assistant bar, if any, is on screen).
    public var isUp = false
    public var predictive = true
    public var type: KeyboardType = .default
    public var hardware = false
    public var mode: Mode = .docked
    /// A height set with `keyboard height H` or `keyboard show height H`.
    public var heightOverride: Double?
    /// The keyboard's top while an interactive dismissal drags it.
    public var dragTop: Double?

    /// The input-assistant bar an iPad shows above a hardware keyboard.
    public static let assistantBarHeight = 55.0
    public static let floatingSize = Size(width: 320, height: 250)
    public static let floatingBottomMargin = 20.0

    public init() {}

    /// The keyboard's full frame height now (whether or not it is up).
    public func height(on device: Device, _ orientation: Orientation) -> Double {
        if let heightOverride { return heightOverride }
        switch type {
        case .number: return device.keyboardHeight(orientation, predictive: false)
        case .emoji: return device.keyboardHeight(orientation, predictive: true)
        case .default: return device.keyboardHeight(orientation, predictive: predictive)
        }
    }

    /// Where the keyboard is put away: its height kept, just below the screen.
    public func hiddenFrame(on device: Device, _ orientation: Orientation) -> Rect {
        let s = device.screenSize(orientation)
        return Rect(x: 0, y: s.height, width: s.width, height: height(on: device, orientation))
    }

    /// The keyboard's frame in screen coordinates, as notifications report it.
    public func frame(on device: Device, _ orientation: Orientation) -> Rect {
        let s = device.screenSize(orientation)
        let h = height(on: device, orientation)
        guard isUp else { return hiddenFrame(on: device, orientation) }
        if hardware {
            let visible = device.idiom == .pad ? Keyboard.assistantBarHeight : 0
            return Rect(x: 0, y: s.height - visible, width: s.width, height: h)
        }
        switch mode {
        case .docked:
            let top = max(dragTop ?? (s.height - h), s.height - h)
            return Rect(x: 0, y: top, width: s.width, height: h)
        case .undocked, .split:
            return Rect(x: 0, y: ((s.height - h) / 2).rounded(), width: s.width, height: h)
        case .floating:
            let f = Keyboard.floatingSize
            return Rect(x: ((s.width - f.width) / 2).rounded(), y: s.height - f.height - Keyboard.floatingBottomMargin,
                        width: f.width, height: f.height)
        }
    }

    /// What layout sees: the frame while any of it is on screen, and whether
    /// it is docked (an undocked keyboard does not move the layout guide).
    public func layoutState(on device: Device, _ orientation: Orientation) -> KeyboardState {
        let f = frame(on: device, orientation)
        let screenHeight = device.screenSize(orientation).height
        guard isUp, f.minY < screenHeight else { return KeyboardState(frame: nil, isDocked: mode == .docked) }
        return KeyboardState(frame: f, isDocked: mode == .docked || hardware)
    }

    /// How many points of the screen's bottom the keyboard covers (0 when
    /// hidden, undocked or floating).
    public func overlap(on device: Device, _ orientation: Orientation) -> Double {
        guard isUp, mode == .docked || hardware else { return 0 }
        let s = device.screenSize(orientation)
        return max(0, s.height - frame(on: device, orientation).minY)
    }
}
