@testable import KBModel

/// `(x y; w h)` as a Rect, for readable expectations.
func rect(_ x: Double, _ y: Double, _ w: Double, _ h: Double) -> Rect {
    Rect(x: x, y: y, width: w, height: h)
}

extension LayoutSnapshot {
    /// The window frame of `name`, rounded to 2 decimals (zero if missing).
    func frame(_ name: String) -> Rect {
        (windowFrame(name) ?? Rect(x: .nan, y: .nan, width: .nan, height: .nan)).rounded
    }

    /// The frame in the superview of `name`, rounded.
    func local(_ name: String) -> Rect {
        (view(name)?.frame ?? Rect(x: .nan, y: .nan, width: .nan, height: .nan)).rounded
    }
}

/// A screen with one root controller `C` on `device`.
func screen(_ device: String = "iphone-15", _ orientation: Orientation = .portrait) throws -> Screen {
    var s = try Screen(deviceID: device, orientation: orientation)
    try s.addController("C")
    return s
}
