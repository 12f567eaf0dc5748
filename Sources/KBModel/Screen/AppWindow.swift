/// The app's window when it does not fill the screen: an iPad's Split View,
/// Slide Over or a Stage Manager window. Views are laid out in the window's
/// coordinates; the keyboard stays in the screen's (its notifications
/// report screen coordinates, and it spans the screen's width).
///
/// kbplay's geometry (docs/keyboard.md, "The keyboard parts of real apps"): Split View's divider is
/// 10 pt; half the screen is (width − 10) / 2 (507 pt on a 1024-pt-wide
/// iPad, as Apple's 50/50 split); the narrow third is 320 pt on screens up
/// to 1024 pt wide (1024 = 694 + 10 + 320, Apple's 2/3 split) and 375 pt on
/// wider ones; Slide Over is 320 pt wide at the screen's right edge, full
/// height. Stage Manager windows are where the user puts them.
public struct AppWindow: Hashable, Codable, Sendable {
    public enum Kind: String, Hashable, Codable, Sendable, CaseIterable {
        case full
        case splitHalf = "split-half"
        case splitThird = "split-third"
        case slideOver = "slide-over"
        case stage
    }

    public var kind: Kind
    /// In screen coordinates.
    public var frame: Rect

    public init(kind: Kind, frame: Rect) {
        self.kind = kind
        self.frame = frame
    }

    public static let splitDivider = 10.0
    public static let slideOverWidth = 320.0
    /// The smallest Stage Manager window kbplay takes.
    public static let minimumStageSize = Size(width: 320, height: 320)

    /// The narrow app's width in a Split View on a screen `width` wide.
    public static func thirdWidth(screenWidth width: Double) -> Double { width <= 1024 ? 320 : 375 }

    /// The window of `kind` on a screen of `size` (Stage Manager windows
    /// need their frame).
    public static func frame(of kind: Kind, screen size: Size) -> Rect? {
        switch kind {
        case .full: return Rect(origin: .zero, size: size)
        case .splitHalf:
            return Rect(x: 0, y: 0, width: ((size.width - splitDivider) / 2).rounded(.down), height: size.height)
        case .splitThird:
            let w = thirdWidth(screenWidth: size.width)
            return Rect(x: size.width - w, y: 0, width: w, height: size.height)
        case .slideOver:
            return Rect(x: size.width - slideOverWidth, y: 0, width: slideOverWidth, height: size.height)
        case .stage: return nil
        }
    }
}

/// How a presented controller is shown (`present C as …`).
public struct Presentation: Hashable, Codable, Sendable {
    public enum Style: String, Hashable, Codable, Sendable, CaseIterable {
        case formSheet, pageSheet, sheet
    }

    public enum Detent: String, Hashable, Codable, Sendable, CaseIterable {
        case medium, large
    }

    public var style: Style
    public var detent: Detent
    /// The controller it was presented from.
    public var presenter: String

    public init(style: Style, detent: Detent = .large, presenter: String) {
        self.style = style
        self.detent = detent
        self.presenter = presenter
    }

    /// UIKit's form sheet size on an iPad (`preferredContentSize` unset).
    public static let formSheetSize = Size(width: 540, height: 620)
    /// A card sheet's top on an iPhone: this far below the top safe-area inset.
    public static let sheetTopGap = 10.0

    /// The presented root view's frame in a window of `window` size with
    /// `safe` insets on `idiom`, given the keyboard's top in the window (nil:
    /// none docked over it):
    /// - iPad (regular width, 540 pt or more): every style is a centred
    ///   540 × 620 sheet; with the keyboard up iOS moves it up so its bottom
    ///   meets the keyboard's top, but not above the top safe-area inset;
    /// - otherwise (an iPhone, a narrow window): a card from `sheetTopGap`
    ///   below the top safe-area inset to the bottom (the large detent), or
    ///   the bottom half (the medium detent), which iOS expands to the large
    ///   detent while the keyboard is up; in a window shorter than it is
    ///   wide (an iPhone in landscape) the sheet fills it.
    public func frame(window: Size, safe: EdgeInsets, idiom: Idiom, keyboardTop: Double?) -> Rect {
        let regular = idiom == .pad && window.width >= Presentation.formSheetSize.width + 40
        if regular {
            let size = Size(width: min(Presentation.formSheetSize.width, window.width),
                            height: min(Presentation.formSheetSize.height, window.height - safe.top))
            var y = ((window.height - size.height) / 2).rounded()
            if let top = keyboardTop, y + size.height > top { y = max(safe.top, top - size.height) }
            return Rect(x: ((window.width - size.width) / 2).rounded(), y: y, width: size.width, height: size.height)
        }
        if window.height < window.width { return Rect(origin: .zero, size: window) }
        let largeTop = safe.top + Presentation.sheetTopGap
        let top = detent == .medium && keyboardTop == nil ? (window.height / 2).rounded() : largeTop
        return Rect(x: 0, y: top, width: window.width, height: window.height - top)
    }
}
