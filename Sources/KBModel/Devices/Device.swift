/// A device preset from the embedded `devices.json`: screen, safe area,
/// docked keyboard heights and predictive bar, per orientation.
///
/// Numbers are never retyped; every one comes from `devices.json`
/// (``DeviceCatalog/standard``).
public struct Device: Hashable, Codable, Sendable {
    /// Values per orientation.
    public struct PerOrientation<Value: Hashable & Codable & Sendable>: Hashable, Codable, Sendable {
        public var portrait: Value
        public var landscape: Value

        public subscript(_ orientation: Orientation) -> Value {
            orientation == .portrait ? portrait : landscape
        }
    }

    /// Docked keyboard frame heights (including the bottom safe area on Face ID devices).
    public struct KeyboardHeights: Hashable, Codable, Sendable {
        public var portrait: Double
        public var portraitNoPredictive: Double
        public var landscape: Double
        public var landscapeNoPredictive: Double

        /// The height in `orientation`, with or without the predictive bar.
        public func height(_ orientation: Orientation, predictive: Bool) -> Double {
            switch (orientation, predictive) {
            case (.portrait, true): portrait
            case (.portrait, false): portraitNoPredictive
            case (.landscape, true): landscape
            case (.landscape, false): landscapeNoPredictive
            }
        }
    }

    public var id: String
    public var name: String
    public var idiom: Idiom
    /// The screen in portrait.
    public var screen: Size
    public var safeArea: PerOrientation<EdgeInsets>
    public var keyboard: KeyboardHeights
    public var predictiveBar: PerOrientation<Double>
    /// Which keyboard values were derived rather than measured.
    public var derived: [String]
    public var source: String
    /// The root view's side margins when a canvas sets them (a regular
    /// width canvas: 20 pt), instead of the idiom's.
    public var rootSideMarginOverride: Double?

    /// The screen size in `orientation` (landscape swaps width and height).
    public func screenSize(_ orientation: Orientation) -> Size {
        orientation == .portrait ? screen : Size(width: screen.height, height: screen.width)
    }

    /// The window's safe-area insets in `orientation`.
    public func safeAreaInsets(_ orientation: Orientation) -> EdgeInsets {
        safeArea[orientation]
    }

    /// The docked keyboard's frame height in `orientation`.
    public func keyboardHeight(_ orientation: Orientation, predictive: Bool = true) -> Double {
        keyboard.height(orientation, predictive: predictive)
    }

    /// The side layout margins of a view controller's root view (UIKit's
    /// system minimum): 16 pt on phones, 20 pt on pads.
    public var rootSideMargin: Double { rootSideMarginOverride ?? (idiom == .pad ? 20 : 16) }

    /// The docked keyboard's frame in screen coordinates when fully shown.
    public func dockedKeyboardFrame(_ orientation: Orientation, predictive: Bool = true) -> Rect {
        let s = screenSize(orientation)
        let h = keyboardHeight(orientation, predictive: predictive)
        return Rect(x: 0, y: s.height - h, width: s.width, height: h)
    }
}
