// A stand-in for UIKit on Linux: the declarations `kbplay export swift`
// writes code against, with the signatures of Apple's UIKit documentation
// (labels, types, optionality, defaults, `@MainActor`, which classes are
// open and which properties settable). It is only type-checked against:
// the bodies do nothing. `ExportSwiftTypeCheckTests` builds it as the
// module `UIKit` (`swiftc -emit-module -module-name UIKit`) and type-checks
// every lesson's export with it. UIKit re-exports Foundation, as here.
@_exported import Foundation

// MARK: Geometry

public struct UIEdgeInsets: Equatable, Sendable {
    public var top: CGFloat
    public var left: CGFloat
    public var bottom: CGFloat
    public var right: CGFloat
    public init(top: CGFloat, left: CGFloat, bottom: CGFloat, right: CGFloat) {
        self.top = top
        self.left = left
        self.bottom = bottom
        self.right = right
    }
    public static let zero = UIEdgeInsets(top: 0, left: 0, bottom: 0, right: 0)
}

extension NSValue {
    /// UIKit's `NSValue.cgRectValue` (UIGeometry).
    public var cgRectValue: CGRect { .zero }
}

// MARK: Layout priorities, constraints, anchors, guides

public struct UILayoutPriority: Hashable, Equatable, RawRepresentable, Sendable {
    public var rawValue: Float
    public init(rawValue: Float) { self.rawValue = rawValue }
    public init(_ rawValue: Float) { self.rawValue = rawValue }
    public static let required = UILayoutPriority(1000)
    public static let defaultHigh = UILayoutPriority(750)
    public static let defaultLow = UILayoutPriority(250)
    public static let fittingSizeLevel = UILayoutPriority(50)
}

@MainActor open class NSLayoutConstraint: NSObject {
    public enum Attribute: Int, Sendable {
        case left = 1, right, top, bottom, leading, trailing, width, height, centerX, centerY, lastBaseline, firstBaseline
        case leftMargin, rightMargin, topMargin, bottomMargin, leadingMargin, trailingMargin, centerXWithinMargins, centerYWithinMargins
        case notAnAttribute = 0
    }

    public enum Relation: Int, Sendable {
        case lessThanOrEqual = -1, equal = 0, greaterThanOrEqual = 1
    }

    public enum Axis: Int, Sendable {
        case horizontal = 0, vertical = 1
    }

    open var constant: CGFloat = 0
    open var priority: UILayoutPriority = .required
    open var identifier: String?
    open var isActive = false
    open var multiplier: CGFloat { 1 }
    open var firstItem: AnyObject? { nil }
    open var secondItem: AnyObject? { nil }

    public override init() { super.init() }

    public convenience init(item view1: Any, attribute attr1: NSLayoutConstraint.Attribute,
                            relatedBy relation: NSLayoutConstraint.Relation, toItem view2: Any?,
                            attribute attr2: NSLayoutConstraint.Attribute, multiplier: CGFloat, constant c: CGFloat) {
        self.init()
        constant = c
    }

    open class func activate(_ constraints: [NSLayoutConstraint]) {}
    open class func deactivate(_ constraints: [NSLayoutConstraint]) {}
}

@MainActor open class NSLayoutAnchor<AnchorType: AnyObject>: NSObject {
    open func constraint(equalTo anchor: NSLayoutAnchor<AnchorType>) -> NSLayoutConstraint { NSLayoutConstraint() }
    open func constraint(greaterThanOrEqualTo anchor: NSLayoutAnchor<AnchorType>) -> NSLayoutConstraint { NSLayoutConstraint() }
    open func constraint(lessThanOrEqualTo anchor: NSLayoutAnchor<AnchorType>) -> NSLayoutConstraint { NSLayoutConstraint() }
    open func constraint(equalTo anchor: NSLayoutAnchor<AnchorType>, constant c: CGFloat) -> NSLayoutConstraint { NSLayoutConstraint() }
    open func constraint(greaterThanOrEqualTo anchor: NSLayoutAnchor<AnchorType>, constant c: CGFloat) -> NSLayoutConstraint { NSLayoutConstraint() }
    open func constraint(lessThanOrEqualTo anchor: NSLayoutAnchor<AnchorType>, constant c: CGFloat) -> NSLayoutConstraint { NSLayoutConstraint() }
}

@MainActor open class NSLayoutXAxisAnchor: NSLayoutAnchor<NSLayoutXAxisAnchor> {}

@MainActor open class NSLayoutYAxisAnchor: NSLayoutAnchor<NSLayoutYAxisAnchor> {}

@MainActor open class NSLayoutDimension: NSLayoutAnchor<NSLayoutDimension> {
    open func constraint(equalToConstant c: CGFloat) -> NSLayoutConstraint { NSLayoutConstraint() }
    open func constraint(greaterThanOrEqualToConstant c: CGFloat) -> NSLayoutConstraint { NSLayoutConstraint() }
    open func constraint(lessThanOrEqualToConstant c: CGFloat) -> NSLayoutConstraint { NSLayoutConstraint() }
    open func constraint(equalTo anchor: NSLayoutDimension, multiplier m: CGFloat) -> NSLayoutConstraint { NSLayoutConstraint() }
    open func constraint(greaterThanOrEqualTo anchor: NSLayoutDimension, multiplier m: CGFloat) -> NSLayoutConstraint { NSLayoutConstraint() }
    open func constraint(lessThanOrEqualTo anchor: NSLayoutDimension, multiplier m: CGFloat) -> NSLayoutConstraint { NSLayoutConstraint() }
    open func constraint(equalTo anchor: NSLayoutDimension, multiplier m: CGFloat, constant c: CGFloat) -> NSLayoutConstraint { NSLayoutConstraint() }
    open func constraint(greaterThanOrEqualTo anchor: NSLayoutDimension, multiplier m: CGFloat, constant c: CGFloat) -> NSLayoutConstraint { NSLayoutConstraint() }
    open func constraint(lessThanOrEqualTo anchor: NSLayoutDimension, multiplier m: CGFloat, constant c: CGFloat) -> NSLayoutConstraint { NSLayoutConstraint() }
}

@MainActor open class UILayoutGuide: NSObject {
    open var identifier: String = ""
    open var layoutFrame: CGRect { .zero }
    open weak var owningView: UIView?
    open var leadingAnchor: NSLayoutXAxisAnchor { NSLayoutXAxisAnchor() }
    open var trailingAnchor: NSLayoutXAxisAnchor { NSLayoutXAxisAnchor() }
    open var leftAnchor: NSLayoutXAxisAnchor { NSLayoutXAxisAnchor() }
    open var rightAnchor: NSLayoutXAxisAnchor { NSLayoutXAxisAnchor() }
    open var topAnchor: NSLayoutYAxisAnchor { NSLayoutYAxisAnchor() }
    open var bottomAnchor: NSLayoutYAxisAnchor { NSLayoutYAxisAnchor() }
    open var widthAnchor: NSLayoutDimension { NSLayoutDimension() }
    open var heightAnchor: NSLayoutDimension { NSLayoutDimension() }
    open var centerXAnchor: NSLayoutXAxisAnchor { NSLayoutXAxisAnchor() }
    open var centerYAnchor: NSLayoutYAxisAnchor { NSLayoutYAxisAnchor() }
}

@MainActor open class UITrackingLayoutGuide: UILayoutGuide {}

@MainActor open class UIKeyboardLayoutGuide: UITrackingLayoutGuide {
    open var followsUndockedKeyboard = false
}

// MARK: Coordinate spaces, screens and scenes

/// A coordinate space: a view, or a screen's (`UIScreen.coordinateSpace`).
@MainActor public protocol UICoordinateSpace: NSObjectProtocol {
    var bounds: CGRect { get }
    func convert(_ point: CGPoint, to coordinateSpace: any UICoordinateSpace) -> CGPoint
    func convert(_ point: CGPoint, from coordinateSpace: any UICoordinateSpace) -> CGPoint
    func convert(_ rect: CGRect, to coordinateSpace: any UICoordinateSpace) -> CGRect
    func convert(_ rect: CGRect, from coordinateSpace: any UICoordinateSpace) -> CGRect
}

@MainActor open class UIScreen: NSObject {
    @available(iOS, introduced: 2.0, deprecated: 16.0, message: "Use a UIScreen instance found through context instead")
    open class var main: UIScreen { UIScreen() }
    open var bounds: CGRect { .zero }
    open var scale: CGFloat { 1 }
    open var coordinateSpace: any UICoordinateSpace { UIView() }
    open var fixedCoordinateSpace: any UICoordinateSpace { UIView() }
}

@MainActor open class UIScene: UIResponder {}

@MainActor open class UIWindowScene: UIScene {
    open var screen: UIScreen { UIScreen() }
    open var windows: [UIWindow] { [] }
}

// MARK: Responders and views

@MainActor open class UIResponder: NSObject {
    open var next: UIResponder? { nil }
    open var canBecomeFirstResponder: Bool { false }
    open var isFirstResponder: Bool { false }
    @discardableResult open func becomeFirstResponder() -> Bool { false }
    @discardableResult open func resignFirstResponder() -> Bool { false }
    open var inputView: UIView? { nil }
    open var inputAccessoryView: UIView? { nil }

    nonisolated public class var keyboardWillShowNotification: NSNotification.Name { NSNotification.Name("UIKeyboardWillShowNotification") }
    nonisolated public class var keyboardDidShowNotification: NSNotification.Name { NSNotification.Name("UIKeyboardDidShowNotification") }
    nonisolated public class var keyboardWillHideNotification: NSNotification.Name { NSNotification.Name("UIKeyboardWillHideNotification") }
    nonisolated public class var keyboardDidHideNotification: NSNotification.Name { NSNotification.Name("UIKeyboardDidHideNotification") }
    nonisolated public class var keyboardWillChangeFrameNotification: NSNotification.Name { NSNotification.Name("UIKeyboardWillChangeFrameNotification") }
    nonisolated public class var keyboardDidChangeFrameNotification: NSNotification.Name { NSNotification.Name("UIKeyboardDidChangeFrameNotification") }
    nonisolated public class var keyboardFrameBeginUserInfoKey: String { "UIKeyboardFrameBeginUserInfoKey" }
    nonisolated public class var keyboardFrameEndUserInfoKey: String { "UIKeyboardFrameEndUserInfoKey" }
    nonisolated public class var keyboardAnimationDurationUserInfoKey: String { "UIKeyboardAnimationDurationUserInfoKey" }
    nonisolated public class var keyboardAnimationCurveUserInfoKey: String { "UIKeyboardAnimationCurveUserInfoKey" }
    nonisolated public class var keyboardIsLocalUserInfoKey: String { "UIKeyboardIsLocalUserInfoKey" }
}

@MainActor open class UIView: UIResponder {
    public struct AnimationOptions: OptionSet, Sendable {
        public let rawValue: UInt
        public init(rawValue: UInt) { self.rawValue = rawValue }
        public static let layoutSubviews = AnimationOptions(rawValue: 1 << 0)
        public static let allowUserInteraction = AnimationOptions(rawValue: 1 << 1)
        public static let beginFromCurrentState = AnimationOptions(rawValue: 1 << 2)
        public static let curveEaseInOut = AnimationOptions(rawValue: 0 << 16)
        public static let curveEaseIn = AnimationOptions(rawValue: 1 << 16)
        public static let curveEaseOut = AnimationOptions(rawValue: 2 << 16)
        public static let curveLinear = AnimationOptions(rawValue: 3 << 16)
    }

    public struct AutoresizingMask: OptionSet, Sendable {
        public let rawValue: UInt
        public init(rawValue: UInt) { self.rawValue = rawValue }
        public static let flexibleWidth = AutoresizingMask(rawValue: 1 << 1)
        public static let flexibleHeight = AutoresizingMask(rawValue: 1 << 4)
    }

    public init(frame: CGRect) { self.frame = frame }
    public override convenience init() { self.init(frame: .zero) }

    open var frame: CGRect
    open var bounds: CGRect { CGRect(origin: .zero, size: frame.size) }
    open var center: CGPoint = .zero
    open var superview: UIView? { nil }
    open var subviews: [UIView] { [] }
    open var window: UIWindow? { nil }
    open var isHidden = false
    open var alpha: CGFloat = 1
    open var clipsToBounds = false
    open var autoresizingMask: AutoresizingMask = []
    open var translatesAutoresizingMaskIntoConstraints = true
    open var safeAreaInsets: UIEdgeInsets { .zero }
    open var layoutMargins: UIEdgeInsets = .zero
    open var safeAreaLayoutGuide: UILayoutGuide { UILayoutGuide() }
    open var layoutMarginsGuide: UILayoutGuide { UILayoutGuide() }
    open var keyboardLayoutGuide: UIKeyboardLayoutGuide { UIKeyboardLayoutGuide() }
    open var constraints: [NSLayoutConstraint] { [] }
    nonisolated public class var noIntrinsicMetric: CGFloat { -1 }
    open var intrinsicContentSize: CGSize { CGSize(width: UIView.noIntrinsicMetric, height: UIView.noIntrinsicMetric) }

    open var leadingAnchor: NSLayoutXAxisAnchor { NSLayoutXAxisAnchor() }
    open var trailingAnchor: NSLayoutXAxisAnchor { NSLayoutXAxisAnchor() }
    open var leftAnchor: NSLayoutXAxisAnchor { NSLayoutXAxisAnchor() }
    open var rightAnchor: NSLayoutXAxisAnchor { NSLayoutXAxisAnchor() }
    open var topAnchor: NSLayoutYAxisAnchor { NSLayoutYAxisAnchor() }
    open var bottomAnchor: NSLayoutYAxisAnchor { NSLayoutYAxisAnchor() }
    open var widthAnchor: NSLayoutDimension { NSLayoutDimension() }
    open var heightAnchor: NSLayoutDimension { NSLayoutDimension() }
    open var centerXAnchor: NSLayoutXAxisAnchor { NSLayoutXAxisAnchor() }
    open var centerYAnchor: NSLayoutYAxisAnchor { NSLayoutYAxisAnchor() }

    open func addSubview(_ view: UIView) {}
    open func removeFromSuperview() {}
    open func addLayoutGuide(_ layoutGuide: UILayoutGuide) {}
    open func didMoveToWindow() {}
    open func didMoveToSuperview() {}
    open func layoutSubviews() {}
    open func layoutIfNeeded() {}
    open func setNeedsLayout() {}
    open func convert(_ point: CGPoint, to view: UIView?) -> CGPoint { point }
    open func convert(_ point: CGPoint, from view: UIView?) -> CGPoint { point }
    open func convert(_ rect: CGRect, to view: UIView?) -> CGRect { rect }
    open func convert(_ rect: CGRect, from view: UIView?) -> CGRect { rect }
    open func convert(_ point: CGPoint, to coordinateSpace: any UICoordinateSpace) -> CGPoint { point }
    open func convert(_ point: CGPoint, from coordinateSpace: any UICoordinateSpace) -> CGPoint { point }
    open func convert(_ rect: CGRect, to coordinateSpace: any UICoordinateSpace) -> CGRect { rect }
    open func convert(_ rect: CGRect, from coordinateSpace: any UICoordinateSpace) -> CGRect { rect }
    open func setContentHuggingPriority(_ priority: UILayoutPriority, for axis: NSLayoutConstraint.Axis) {}
    open func setContentCompressionResistancePriority(_ priority: UILayoutPriority, for axis: NSLayoutConstraint.Axis) {}

    open class func animate(withDuration duration: TimeInterval, delay: TimeInterval,
                            options: UIView.AnimationOptions = [], animations: @escaping () -> Void,
                            completion: ((Bool) -> Void)? = nil) {}
    open class func animate(withDuration duration: TimeInterval, animations: @escaping () -> Void,
                            completion: ((Bool) -> Void)? = nil) {}
}

extension UIView: UICoordinateSpace {}

@MainActor open class UIWindow: UIView {
    open weak var windowScene: UIWindowScene?
    open var isKeyWindow: Bool { false }
}

@MainActor open class UILabel: UIView {
    open var text: String?
    open var numberOfLines = 1
}

@MainActor open class UIControl: UIView {
    public struct State: OptionSet, Sendable {
        public let rawValue: UInt
        public init(rawValue: UInt) { self.rawValue = rawValue }
        public static let normal = State([])
        public static let highlighted = State(rawValue: 1 << 0)
        public static let disabled = State(rawValue: 1 << 1)
        public static let selected = State(rawValue: 1 << 2)
    }
}

@MainActor open class UIButton: UIControl {
    public enum ButtonType: Int, Sendable {
        case custom = 0, system, detailDisclosure, infoLight, infoDark, contactAdd, close
    }

    public convenience init(type buttonType: UIButton.ButtonType) { self.init(frame: .zero) }
    open func setTitle(_ title: String?, for state: UIControl.State) {}
    open func title(for state: UIControl.State) -> String? { nil }
}

@MainActor open class UITextField: UIControl {
    open var text: String?
    open var placeholder: String?
    private var storedInputView: UIView?
    private var storedAccessory: UIView?
    open override var inputView: UIView? {
        get { storedInputView }
        set { storedInputView = newValue }
    }
    open override var inputAccessoryView: UIView? {
        get { storedAccessory }
        set { storedAccessory = newValue }
    }
}

@MainActor open class UIScrollView: UIView {
    public enum KeyboardDismissMode: Int, Sendable {
        case none = 0, onDrag, interactive, onDragWithAccessory, interactiveWithAccessory
    }

    open var contentInset: UIEdgeInsets = .zero
    open var adjustedContentInset: UIEdgeInsets { contentInset }
    open var verticalScrollIndicatorInsets: UIEdgeInsets = .zero
    open var horizontalScrollIndicatorInsets: UIEdgeInsets = .zero
    open var scrollIndicatorInsets: UIEdgeInsets = .zero
    open var contentOffset: CGPoint = .zero
    open var contentSize: CGSize = .zero
    open var keyboardDismissMode: UIScrollView.KeyboardDismissMode = .none
    open var contentLayoutGuide: UILayoutGuide { UILayoutGuide() }
    open var frameLayoutGuide: UILayoutGuide { UILayoutGuide() }
    open func scrollRectToVisible(_ rect: CGRect, animated: Bool) {}
    open func setContentOffset(_ contentOffset: CGPoint, animated: Bool) {}
}

@MainActor open class UITextView: UIScrollView {
    open var text: String!
    open var selectedRange = NSRange(location: 0, length: 0)
    open func scrollRangeToVisible(_ range: NSRange) {}
    private var storedInputView: UIView?
    private var storedAccessory: UIView?
    open override var inputView: UIView? {
        get { storedInputView }
        set { storedInputView = newValue }
    }
    open override var inputAccessoryView: UIView? {
        get { storedAccessory }
        set { storedAccessory = newValue }
    }
}

@MainActor open class UIStackView: UIView {
    public enum Distribution: Int, Sendable {
        case fill = 0, fillEqually, fillProportionally, equalSpacing, equalCentering
    }

    public enum Alignment: Int, Sendable {
        case fill = 0, leading, firstBaseline, center, trailing, lastBaseline
        public static var top: Alignment { .leading }
        public static var bottom: Alignment { .trailing }
    }

    open var axis: NSLayoutConstraint.Axis = .horizontal
    open var spacing: CGFloat = 0
    open var distribution: UIStackView.Distribution = .fill
    open var alignment: UIStackView.Alignment = .fill
    open var arrangedSubviews: [UIView] { [] }
    open func addArrangedSubview(_ view: UIView) {}
}

@MainActor open class UITableView: UIScrollView {
    public enum Style: Int, Sendable {
        case plain = 0, grouped, insetGrouped
    }

    public init(frame: CGRect, style: UITableView.Style) { super.init(frame: frame) }
    open var rowHeight: CGFloat = 44
    weak open var dataSource: (any UITableViewDataSource)?
    open func reloadData() {}
}

@MainActor public protocol UITableViewDataSource: NSObjectProtocol {
    func tableView(_ tableView: UITableView, numberOfRowsInSection section: Int) -> Int
    func tableView(_ tableView: UITableView, cellForRowAt indexPath: IndexPath) -> UITableViewCell
}

@MainActor open class UITableViewCell: UIView {
    public enum CellStyle: Int, Sendable {
        case `default` = 0, value1, value2, subtitle
    }

    public init(style: UITableViewCell.CellStyle, reuseIdentifier: String?) { super.init(frame: .zero) }
    open var contentView: UIView { UIView() }
}

extension IndexPath {
    /// UIKit's: the row of a table view's index path.
    public var row: Int {
        get { self[1] }
        set { self[1] = newValue }
    }

    public var section: Int {
        get { self[0] }
        set { self[0] = newValue }
    }
}

// MARK: Controllers and presentation

public enum UIModalPresentationStyle: Int, Sendable {
    case fullScreen = 0, pageSheet, formSheet, currentContext, custom, overFullScreen, overCurrentContext, popover
    case none = -1
    case automatic = -2
}

@MainActor open class UIPresentationController: NSObject {}

@MainActor open class UISheetPresentationController: UIPresentationController {
    @MainActor open class Detent: NSObject {
        public struct Identifier: Hashable, RawRepresentable, Sendable {
            public var rawValue: String
            public init(rawValue: String) { self.rawValue = rawValue }
            public init(_ rawValue: String) { self.rawValue = rawValue }
            public static let medium = Identifier("com.apple.UIKit.medium")
            public static let large = Identifier("com.apple.UIKit.large")
        }

        open class func medium() -> Self { self.init() }
        open class func large() -> Self { self.init() }
        public required override init() { super.init() }
    }

    open var detents: [UISheetPresentationController.Detent] = []
    open var selectedDetentIdentifier: UISheetPresentationController.Detent.Identifier?
    open var prefersGrabberVisible = false
}

@MainActor open class UIViewController: UIResponder {
    public init(nibName nibNameOrNil: String?, bundle nibBundleOrNil: Bundle?) { super.init() }
    public override convenience init() { self.init(nibName: nil, bundle: nil) }

    open var view: UIView!
    open var viewIfLoaded: UIView? { nil }
    open var isViewLoaded: Bool { false }
    open var title: String?
    open var parent: UIViewController? { nil }
    open var children: [UIViewController] { [] }
    open var modalPresentationStyle: UIModalPresentationStyle = .automatic
    open var sheetPresentationController: UISheetPresentationController? { nil }
    open var presentedViewController: UIViewController? { nil }
    open var presentingViewController: UIViewController? { nil }
    open var additionalSafeAreaInsets: UIEdgeInsets = .zero

    open func loadView() {}
    open func viewDidLoad() {}
    open func viewWillAppear(_ animated: Bool) {}
    open func viewDidAppear(_ animated: Bool) {}
    open func viewWillDisappear(_ animated: Bool) {}
    open func viewDidDisappear(_ animated: Bool) {}
    open func viewWillLayoutSubviews() {}
    open func viewDidLayoutSubviews() {}
    open func addChild(_ childController: UIViewController) {}
    open func removeFromParent() {}
    open func willMove(toParent parent: UIViewController?) {}
    open func didMove(toParent parent: UIViewController?) {}
    open func present(_ viewControllerToPresent: UIViewController, animated flag: Bool, completion: (() -> Void)? = nil) {}
    open func dismiss(animated flag: Bool, completion: (() -> Void)? = nil) {}
}

@MainActor open class UITableViewController: UIViewController {
    public init(style: UITableView.Style) { super.init(nibName: nil, bundle: nil) }
    public override init(nibName nibNameOrNil: String?, bundle nibBundleOrNil: Bundle?) {
        super.init(nibName: nibNameOrNil, bundle: nibBundleOrNil)
    }

    open var tableView: UITableView!
    open var clearsSelectionOnViewWillAppear = true
    open func tableView(_ tableView: UITableView, numberOfRowsInSection section: Int) -> Int { 0 }
    open func tableView(_ tableView: UITableView, cellForRowAt indexPath: IndexPath) -> UITableViewCell {
        UITableViewCell(style: .default, reuseIdentifier: nil)
    }
}

extension UITableViewController: UITableViewDataSource {}
