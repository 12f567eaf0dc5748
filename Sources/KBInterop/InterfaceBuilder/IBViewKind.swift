import KBModel

/// How an Interface Builder view element becomes a kbplay view.
struct IBViewKind {
    /// The kind kbplay makes.
    var kind: ViewKind
    /// Whether UIKit gives it an intrinsic content size, taken from the
    /// document's stored frame (IB stores the size its font, image or
    /// control metrics give).
    var intrinsicFromFrame: Bool
    /// When the element is not a kind kbplay models: what it did instead.
    var approximation: String?
    /// UIKit's `alignmentRectInsets` for the control: Auto Layout places
    /// the rect inside the frame Xcode stores. A switch's is 2 pt narrower
    /// on its trailing side: a 51 × 31 frame is 49 wide to its constraints
    /// and in a stack view (63 × 28 and 61 in iOS 26's metrics).
    var alignmentInsets: EdgeInsets? {
        switch element {
        case "switch": EdgeInsets(right: 2)
        // A slider's thumb reaches 2 pt past its track on both sides: a frame
        // Xcode stores 484 wide is 480 to its constraints.
        case "slider": EdgeInsets(left: 2, right: 2)
        default: nil
        }
    }
    /// The element's name.
    var element = ""

    /// The elements that are views in a document's `<subviews>`.
    static func isView(_ element: String) -> Bool { views[element] != nil || plainWithSize.contains(element) || plain.contains(element) || scrolling.contains(element) }

    private static let views: [String: ViewKind] = [
        "view": .view, "label": .label, "button": .button, "textField": .textField, "textView": .textView,
        "scrollView": .scrollView, "stackView": .stackView, "containerView": .view, "tableView": .tableView,
    ]
    /// UIKit controls with an intrinsic size kbplay has no kind for.
    private static let plainWithSize: Set<String> = [
        "switch", "segmentedControl", "activityIndicatorView", "slider", "progressView", "pageControl", "stepper",
        "datePicker", "pickerView", "searchBar", "navigationBar", "toolbar", "tabBar",
    ]
    /// UIKit views without an intrinsic size kbplay has no kind for.
    private static let plain: Set<String> = [
        "mapView", "wkWebView", "webView", "visualEffectView", "arscnView", "arskView", "sceneKitView",
        "skView", "glkView", "mtkView", "imageView",
    ]
    /// Scroll views kbplay draws as plain scroll views.
    private static let scrolling: Set<String> = ["collectionView"]

    /// The kind for `element`, or nil if it is no view.
    static func of(_ element: IBElement) -> IBViewKind? {
        let name = element.name
        if let k = views[name] {
            let intrinsic = k == .label || k == .button || k == .textField
            return IBViewKind(kind: k, intrinsicFromFrame: intrinsic,
                              approximation: k == .tableView ? "a table view is imported without rows: its prototype cells are not rows (add them with `add KIND NAME to TABLE row K`, `set` its rows with a `controller … table` or `add tableView … rows N`)" : nil)
        }
        if plainWithSize.contains(name) {
            return IBViewKind(kind: .view, intrinsicFromFrame: true,
                              approximation: name == "switch"
                                  ? "switch is not a kind kbplay models: imported as a plain view whose alignment rect (its stored frame less 2 pt on the trailing side) has its intrinsic size"
                                  : name == "slider"
                                  ? "slider is not a kind kbplay models: imported as a plain view whose alignment rect (its stored frame less 2 pt on each side) has its intrinsic size"
                                  : "\(name) is not a kind kbplay models: imported as a plain view with its stored size as its intrinsic size",
                              element: name)
        }
        if name == "imageView" {
            let hasImage = element["image"] != nil
            return IBViewKind(kind: .view, intrinsicFromFrame: hasImage,
                              approximation: hasImage ? "an image view: imported as a plain view with its stored size as the image's intrinsic size"
                                  : "an image view without an image: imported as a plain view (no intrinsic size)")
        }
        if plain.contains(name) {
            return IBViewKind(kind: .view, intrinsicFromFrame: false,
                              approximation: "\(name) is not a kind kbplay models: imported as a plain view (no intrinsic size)")
        }
        if scrolling.contains(name) {
            return IBViewKind(kind: .scrollView, intrinsicFromFrame: false,
                              approximation: "\(name) is imported as a plain scroll view: its cells and rows are not modeled")
        }
        return nil
    }
}
