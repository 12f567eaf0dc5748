// The rules the keyboard and its notifications keep, checked by the events
// that could break them and by `validate` for a session read from a file.

extension Keyboard {
    /// A keyboard height `keyboard height` or `keyboard show height` takes:
    /// more than 0 and at most the screen's height.
    public static func checkHeight(_ height: Double, screenHeight: Double) throws(KeyboardError) {
        guard height > 0, height <= screenHeight else { throw .invalidHeight(height) }
    }

    /// A mode other than docked needs an iPad: a phone's keyboard is always docked.
    public static func checkMode(_ mode: Mode, on device: Device) throws(KeyboardError) {
        guard device.idiom == .pad else { throw .padOnly(mode == .docked ? "dock" : mode.rawValue) }
    }

    /// Checks a keyboard read from a file on `device`: what the events
    /// allow. A height set on one device or orientation stays through
    /// rotations and device changes, so it is checked against the tallest
    /// screen in the catalog.
    public func validate(on device: Device) throws(ScreenViolation) {
        if mode != .docked {
            do { try Keyboard.checkMode(mode, on: device) } catch {
                throw ScreenViolation("mode", "\(error.description); on \(device.id) it is \"docked\"")
            }
        }
        if let h = heightOverride {
            let tallest = DeviceCatalog.standard.devices.map { max($0.screenSize(.portrait).height, $0.screenSize(.portrait).width) }.max() ?? 0
            do { try Keyboard.checkHeight(h, screenHeight: tallest) } catch {
                throw ScreenViolation("heightOverride", "a keyboard height is more than 0 and at most \(formatPoints(tallest)) (the tallest screen), not \(formatPoints(h))")
            }
        }
        if let y = dragTop, !y.isFinite {
            throw ScreenViolation("dragTop", ModelError.invalidNumber("drag position", y).description)
        }
    }
}

extension KeyboardNotification {
    /// `UIView.AnimationCurve` values a notification can carry: 0 easeInOut,
    /// 1 easeIn, 2 easeOut, 3 linear, and the keyboard's own 7.
    public static let curves = 0...7

    /// What `keyboard show curve C` says of a curve out of range.
    public static let curveMessage = "a curve is a whole number from 0 to 7 (UIView.AnimationCurve: 0 easeInOut, 1 easeIn, 2 easeOut, 3 linear; the keyboard's own is 7)"

    /// Checks a notification read from a file: a curve of 0…7, a finite
    /// duration and finite frames.
    public func validate() throws(ScreenViolation) {
        guard KeyboardNotification.curves.contains(curve) else { throw ScreenViolation("curve", "\(curve): " + Self.curveMessage) }
        guard duration.isFinite else { throw ScreenViolation("duration", ModelError.invalidNumber("duration", duration).description) }
        for (key, r) in [("begin", begin), ("end", end)] where ![r.x, r.y, r.width, r.height].allSatisfy(\.isFinite) {
            throw ScreenViolation(key, "a keyboard frame is four finite numbers")
        }
    }
}
