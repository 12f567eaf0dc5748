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
///   the keyboard's new frame (still on screen) as the end frame;
/// - the first responder's input accessory view sits on the keyboard and
///   is part of the frame iOS reports (its height is added); a custom input
///   view replaces the keyboard, as tall as the view plus, on a phone, the
///   bottom safe area; a controller's own accessory (`canBecomeFirstResponder`)
///   stays docked at the bottom while the keyboard is down, the bottom safe
///   area added to it, and that frame is what iOS reports then;
/// - with a hardware keyboard only the accessory is on screen (plus the
///   bottom safe area on a phone, the assistant bar on an iPad).
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
    /// The input views around the keyboard now (nil: none).
    public var inputs: Inputs?

    /// What the first responder brings besides the keyboard.
    public struct Inputs: Hashable, Codable, Sendable {
        /// The first responder's `inputAccessoryView` height (0: none).
        public var accessory: Double
        /// A custom `inputView`'s own height, in place of the keyboard.
        public var inputView: Double?
        /// A controller's accessory shown while the keyboard is down (0: none).
        public var resting: Double

        public init(accessory: Double = 0, inputView: Double? = nil, resting: Double = 0) {
            self.accessory = accessory
            self.inputView = inputView
            self.resting = resting
        }

        /// nil when there is nothing besides the keyboard.
        public var orNil: Inputs? { self == Inputs() ? nil : self }
    }

    /// The input-assistant bar an iPad shows above a hardware keyboard.
    public static let assistantBarHeight = 55.0
    public static let floatingSize = Size(width: 320, height: 250)
    public static let floatingBottomMargin = 20.0

    public init() {}

    /// The keyboard's full frame height now (whether or not it is up): the
    /// keyboard or the custom input view, and the accessory on it.
    public func height(on device: Device, _ orientation: Orientation) -> Double {
        keyboardHeight(on: device, orientation) + (inputs?.accessory ?? 0)
    }

    /// The keyboard's own height, or the custom input view's (with the
    /// bottom safe area on a phone), without the accessory.
    public func keyboardHeight(on device: Device, _ orientation: Orientation) -> Double {
        if let view = inputs?.inputView {
            return view + (device.idiom == .phone ? device.safeAreaInsets(orientation).bottom : 0)
        }
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

    /// A controller's accessory docked at the bottom while the keyboard is
    /// down, the bottom safe area added (nil when there is none).
    public func restingFrame(on device: Device, _ orientation: Orientation) -> Rect? {
        guard let rest = inputs?.resting, rest > 0 else { return nil }
        let s = device.screenSize(orientation)
        let h = rest + device.safeAreaInsets(orientation).bottom
        return Rect(x: 0, y: s.height - h, width: s.width, height: h)
    }

    /// Where the keyboard goes when it is dismissed: the resting accessory's
    /// frame if a controller has one, else below the screen.
    public func downFrame(on device: Device, _ orientation: Orientation) -> Rect {
        restingFrame(on: device, orientation) ?? hiddenFrame(on: device, orientation)
    }

    /// The keyboard's frame in screen coordinates, as notifications report it.
    public func frame(on device: Device, _ orientation: Orientation) -> Rect {
        let s = device.screenSize(orientation)
        let h = height(on: device, orientation)
        guard isUp else { return downFrame(on: device, orientation) }
        if hardware {
            let accessory = inputs?.accessory ?? 0
            let visible = device.idiom == .pad ? Keyboard.assistantBarHeight + accessory
                : accessory > 0 ? accessory + device.safeAreaInsets(orientation).bottom : 0
            return Rect(x: 0, y: s.height - visible, width: s.width, height: h)
        }
        switch mode {
        case .docked:
            // A drag stops where a controller's resting accessory is.
            let lowest = restingFrame(on: device, orientation)?.minY ?? .infinity
            let top = max(min(dragTop ?? (s.height - h), lowest), s.height - h)
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
        guard isUp || restingFrame(on: device, orientation) != nil, f.minY < screenHeight else {
            return KeyboardState(frame: nil, isDocked: mode == .docked)
        }
        return KeyboardState(frame: f, isDocked: mode == .docked || hardware || !isUp)
    }

    /// The height of the accessory on screen in ``frame(on:_:)``: the
    /// first responder's while up, the resting one (with the bottom safe
    /// area) while down; 0 when none is on screen.
    public func accessoryHeight(on device: Device, _ orientation: Orientation) -> Double {
        if isUp { return inputs?.accessory ?? 0 }
        return restingFrame(on: device, orientation)?.height ?? 0
    }

    /// How many points of the screen's bottom the keyboard covers (0 when
    /// hidden, undocked or floating).
    public func overlap(on device: Device, _ orientation: Orientation) -> Double {
        guard isUp ? mode == .docked || hardware : restingFrame(on: device, orientation) != nil else { return 0 }
        let s = device.screenSize(orientation)
        return max(0, s.height - frame(on: device, orientation).minY)
    }
}
