import KBModel

// IBImporter: shared helpers and the attributes it knows.
extension IBImporter {
    // MARK: Helpers

    /// A priority as kbplay holds it: a whole number from 1 to 1000 (a
    /// number past either end, or not a number, is the nearest end).
    static func priority(_ p: Double) -> Int {
        guard !p.isNaN else { return 1000 }
        return Int(min(1000, max(1, p.rounded())))
    }

    mutating func model(_ body: (inout Screen) throws(ModelError) -> Void) throws(IBReadError) {
        do { try body(&screen) } catch {
            throw IBReadError(message: "\(document.path): \(error)")
        }
    }

    mutating func record(_ id: String?, _ name: String) {
        guard let id else { return }
        made.append((id, name))
    }

    mutating func finding(_ severity: Finding.Severity, _ e: IBElement, _ message: String) {
        findings.append(Finding(severity, message, line: e.line, column: e.column))
    }

    mutating func countAppearance(_ what: String, _ e: IBElement) {
        if let c = appearance[what] {
            appearance[what] = (c.count + 1, c.line, c.column)
        } else {
            appearance[what] = (1, e.line, e.column)
        }
    }

    /// One note for the size classes the document varies: the canvas's,
    /// the variations laid out and those left out.
    mutating func reportSizeClasses() {
        guard let first = variationKeys.values.min(by: { ($0.line, $0.column) < ($1.line, $1.column) }) else { return }
        let applied = variationKeys.filter(\.value.applies).keys.sorted()
        let other = variationKeys.filter { !$0.value.applies }.keys.sorted()
        var message = "size classes: the canvas is \(sizeClass.description) (\(screen.device.id) \(screen.orientation.rawValue)), so "
        message += applied.isEmpty ? "the default constraints are laid out" : "the variations \(applied.joined(separator: ", ")) are laid out over the default"
        if !other.isEmpty { message += "; \(other.joined(separator: ", ")) \(other.count == 1 ? "is" : "are") another canvas's and left out" }
        let views = notInstalled, constraints = excluded.count + uninstalledConstraints
        if views + constraints > 0 {
            message += " (\(constraints) constraint\(constraints == 1 ? "" : "s") inactive or left out\(views > 0 ? ", \(views) view\(views == 1 ? "" : "s") not installed" : ""))"
        }
        findings.append(Finding(.note, message, line: first.line, column: first.column))
    }

    /// One note for the appearance the document sets (colours, fonts,
    /// content modes…), which has no effect on layout.
    mutating func reportAppearance() {
        guard !appearance.isEmpty else { return }
        let first = appearance.values.min { ($0.line, $0.column) < ($1.line, $1.column) }!
        let list = appearance.sorted { $0.key < $1.key }.map { "\($0.key) ×\($0.value.count)" }.joined(separator: ", ")
        findings.append(Finding(.note, "appearance is not modeled (no effect on layout; sizes come from the stored frames): \(list)",
                                  line: first.line, column: first.column))
    }

    /// Attributes the import reads (or that only Xcode's editor uses).
    static let handledAttributes: Set<String> = [
        "id", "key", "text", "placeholder", "hidden", "translatesAutoresizingMaskIntoConstraints", "misplaced", "ambiguous",
        "horizontalHuggingPriority", "verticalHuggingPriority", "horizontalCompressionResistancePriority",
        "verticalCompressionResistancePriority", "axis", "spacing", "distribution", "alignment", "userLabel",
        "customClass", "customModule", "customModuleProvider", "fixedFrame", "clipsSubviews", "alpha",
        "preservesSuperviewLayoutMargins", "insetsLayoutMarginsFromSafeArea", "layoutMarginsFollowReadableWidth",
        "layoutMarginsRelativeArrangement", "baselineRelativeArrangement", "keyboardDismissMode",
        "contentInsetAdjustmentBehavior", "image", "restorationIdentifier", "sceneMemberID", "tableViewCell",
    ]
    /// Attributes that change how a view looks, not where it is.
    static let appearanceAttributes: Set<String> = [
        "contentMode", "opaque", "userInteractionEnabled", "contentHorizontalAlignment", "contentVerticalAlignment",
        "buttonType", "lineBreakMode", "textAlignment", "baselineAdjustment", "adjustsFontSizeToFit", "minimumFontSize",
        "minimumScaleFactor", "borderStyle", "clearButtonMode", "adjustsFontForContentSizeCategory", "numberOfLines",
        "semanticContentAttribute", "showsHorizontalScrollIndicator", "showsVerticalScrollIndicator", "bounces",
        "alwaysBounceVertical", "alwaysBounceHorizontal", "pagingEnabled", "scrollEnabled", "editable", "selectable",
        "highlighted", "enabled", "selected", "tag", "clearsContextBeforeDrawing", "autoresizesSubviews",
        "multipleTouchEnabled", "exclusiveTouch", "contentScaleFactor", "insetsContentViewsToSafeArea",
        "directionalLockEnabled", "delaysContentTouches", "canCancelContentTouches", "bouncesZoom", "minimumZoomScale",
        "maximumZoomScale", "indicatorStyle", "textColor", "highlightedImage", "catalog", "on", "continuous",
        "minValue", "maxValue", "value", "progress", "style", "animating", "hidesWhenStopped",
        "segmentControlStyle", "selectedSegmentIndex", "adjustsImageWhenHighlighted", "adjustsImageWhenDisabled",
        "adjustsImageSizeForAccessibilityContentSizeCategory", "showsTouchWhenHighlighted",
        "reversesTitleShadowWhenHighlighted", "springLoaded", "pointerInteraction", "changesSelectionAsPrimaryAction",
        "role", "dataDetectorTypes", "allowsEditingTextAttributes", "usesAttributedText", "background",
        "disabledBackground", "title", "preferredMaxLayoutWidth", "contentInsetAdjustmentBehavior_", "translucent",
        "barStyle", "estimatedRowHeight", "rowHeight", "sectionHeaderHeight", "sectionFooterHeight",
        "separatorStyle", "dataMode", "prefetchingEnabled", "numberOfPages", "currentPage", "datePickerMode",
        "minuteInterval", "useCurrentDate", "style_", "searchBarStyle", "showsCancelButton",
    ]
    /// Elements below a view that the import reads.
    static let handledChildren: Set<String> = [
        "rect", "autoresizingMask", "subviews", "constraints", "viewLayoutGuide", "connections", "variation",
        "textInputTraits", "accessibility", "state", "buttonConfiguration", "edgeInsets", "directionalEdgeInsets",
        // A XIB view's simulated metrics: read as the bars Xcode simulated over it.
        "simulatedStatusBarMetrics", "simulatedNavigationBarMetrics", "simulatedTabBarMetrics", "simulatedToolbarMetrics",
    ]
    /// Elements below a view that set how it looks.
    static let appearanceChildren: Set<String> = [
        "color", "fontDescription", "nil", "imageReference", "backgroundConfiguration", "attributedString",
        "userDefinedRuntimeAttributes", "inset", "string", "segments", "point", "size", "freeformSimulatedSizeMetrics",
        "simulatedMetricsContainer", "prototypes", "date", "locale", "textAttributes", "navigationBarAppearance",
        "preferredSymbolConfiguration", "imageView", "label", "font",
    ]
}
