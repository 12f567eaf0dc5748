/// A layout anchor: an attribute of a view or of one of its layout guides,
/// written `VIEW.ATTRIBUTE` or `VIEW.GUIDE.ATTRIBUTE`
/// (`email.top`, `Login.view.safeArea.bottom`).
public struct Anchor: Hashable, Codable, Sendable, CustomStringConvertible {
    /// A view's layout guides.
    public enum Guide: String, Codable, Sendable, CaseIterable {
        /// `safeAreaLayoutGuide`: the part of the window's safe area the view overlaps.
        case safeArea
        /// `layoutMarginsGuide`: the safe area inset by the layout margins.
        case margins
        /// `keyboardLayoutGuide`: from the docked keyboard's top (or the
        /// safe-area bottom) to the view's bottom.
        case keyboard
        /// A scroll view's `contentLayoutGuide` (its size is the content size).
        case content
        /// A scroll view's `frameLayoutGuide`.
        case frameGuide
    }

    /// `NSLayoutConstraint.Attribute`, the ones anchors expose.
    public enum Attribute: String, Codable, Sendable, CaseIterable {
        case left, right, top, bottom, leading, trailing, width, height, centerX, centerY

        /// What the attribute measures; only anchors of the same kind relate
        /// (width and height are both sizes).
        public enum Kind: Sendable { case xPosition, yPosition, size }

        public var kind: Kind {
            switch self {
            case .left, .right, .leading, .trailing, .centerX: .xPosition
            case .top, .bottom, .centerY: .yPosition
            case .width, .height: .size
            }
        }

        /// The axis the attribute lies on.
        public var axis: Axis {
            switch self {
            case .left, .right, .leading, .trailing, .centerX, .width: .horizontal
            case .top, .bottom, .centerY, .height: .vertical
            }
        }
    }

    public var view: String
    public var guide: Guide?
    public var attribute: Attribute

    public init(_ view: String, _ guide: Guide? = nil, _ attribute: Attribute) {
        self.view = view
        self.guide = guide
        self.attribute = attribute
    }

    /// The anchor's owner: the view, or `VIEW.GUIDE`.
    public var owner: AnchorOwner { AnchorOwner(view: view, guide: guide) }

    public var description: String { "\(owner).\(attribute.rawValue)" }
}

/// What anchors belong to: a view or one of its guides (`form`,
/// `Login.view.safeArea`). `pin` pins a view to an owner's edges.
public struct AnchorOwner: Hashable, Codable, Sendable, CustomStringConvertible {
    public var view: String
    public var guide: Anchor.Guide?

    public init(view: String, guide: Anchor.Guide? = nil) {
        self.view = view
        self.guide = guide
    }

    /// The owner's anchor for `attribute`.
    public func anchor(_ attribute: Anchor.Attribute) -> Anchor {
        Anchor(view, guide, attribute)
    }

    public var description: String { guide.map { "\(view).\($0.rawValue)" } ?? view }
}
