/// A view's font as a document gives it (`<fontDescription>`), with the
/// metrics kbplay places baselines and sizes text views by.
///
/// kbplay has no font files: every font is measured as the system font
/// (San Francisco), whose metrics scale with the point size — ascender
/// 0.952, descender 0.241 and line height 1.193 times the size (its
/// 1950 / −494 units per 2,048-unit em, no line gap; at 17 pt an ascender
/// of 16.19, a descender of 4.09 and a line of 20.29, as UIFont reports).
/// A custom font is approximated by these ratios.
struct IBFont: Equatable {
    var pointSize: Double

    static let ascenderRatio = 0.952
    static let descenderRatio = 0.241
    static let lineHeightRatio = 1.193

    var ascender: Double { pointSize * Self.ascenderRatio }
    var descender: Double { pointSize * Self.descenderRatio }
    var lineHeight: Double { pointSize * Self.lineHeightRatio }

    /// The point sizes of the text styles at the default content size.
    static let textStyles: [String: Double] = [
        "UICTFontTextStyleLargeTitle": 34, "UICTFontTextStyleTitle1": 28, "UICTFontTextStyleTitle2": 22,
        "UICTFontTextStyleTitle3": 20, "UICTFontTextStyleHeadline": 17, "UICTFontTextStyleBody": 17,
        "UICTFontTextStyleCallout": 16, "UICTFontTextStyleSubhead": 15, "UICTFontTextStyleFootnote": 13,
        "UICTFontTextStyleCaption1": 12, "UICTFontTextStyleCaption2": 11,
    ]

    /// The element's font: its `<fontDescription>` (a point size or a text
    /// style), else UIKit's default for its kind (a label's 17 pt, a
    /// button's 15, a text field's and a text view's 14).
    static func of(_ e: IBElement) -> IBFont {
        let d = e.child("fontDescription", key: "fontDescription")
            ?? e.child("state")?.child("fontDescription")
            ?? e.child("buttonConfiguration")?.child("fontDescription")
        if let d {
            if let size = d.number("pointSize"), size > 0, size.isFinite { return IBFont(pointSize: size) }
            if let style = d["style"], let size = textStyles[style] { return IBFont(pointSize: size) }
        }
        switch e.name {
        case "label": return IBFont(pointSize: 17)
        case "button": return IBFont(pointSize: 15)
        default: return IBFont(pointSize: 14)
        }
    }

    /// How many lines of this font a text `height` tall holds (at least one).
    func lines(in height: Double) -> Int {
        max(1, Int((height + 0.5) / lineHeight))
    }

    /// The first and last baselines of a view `height` tall that shows its
    /// text in this font, as offsets from its top and from its bottom: a
    /// label, button or text field centres its lines vertically; a text
    /// view starts them 8 pt under its top (its text container inset).
    /// nil for a view without text (its baselines are its bottom).
    static func baselineOffsets(_ element: String, _ font: IBFont, height: Double) -> (first: Double, last: Double)? {
        switch element {
        case "label", "button", "textField":
            let n = element == "label" ? font.lines(in: height) : 1
            let gap = (height - Double(n) * font.lineHeight) / 2
            return (gap + font.ascender, gap + font.descender)
        case "textView":
            return (8 + font.ascender, 8 + font.descender)
        default:
            return nil
        }
    }

    /// A non-scrolling text view's height for `text` when the document
    /// stores none: its lines (one per line break, kbplay does not wrap)
    /// and 8 pt of text container inset above and below.
    func textViewHeight(_ text: String?) -> Double {
        let lines = max(1, (text ?? "").split(separator: "\n", omittingEmptySubsequences: false).count)
        return (Double(lines) * lineHeight + 16).rounded(.up)
    }
}
