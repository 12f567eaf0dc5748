// Reading anchors and anchor owners from text.

extension Anchor {
    /// Parses `VIEW.ATTRIBUTE` or `VIEW.GUIDE.ATTRIBUTE`. Names are not
    /// checked against a screen here (``Screen/resolve(_:)`` does that); an
    /// unknown attribute or guide gets the nearest one as a suggestion.
    public init(parsing text: String) throws(ModelError) {
        var parts = text.split(separator: ".", omittingEmptySubsequences: false).map(String.init)
        guard parts.count >= 2, !parts.contains(where: \.isEmpty) else { throw .malformedAnchor(text) }
        let last = parts.removeLast()
        guard let attribute = Attribute(rawValue: last) else {
            throw .unknownName(last, kind: .anchor, suggestion: nearestName(to: last, in: Attribute.allCases.map(\.rawValue)))
        }
        let owner = try AnchorOwner(parts: parts, text: text)
        self.init(owner.view, owner.guide, attribute)
    }
}

extension AnchorOwner {
    /// Parses `VIEW` or `VIEW.GUIDE` (`form`, `Login.view`, `Login.view.safeArea`).
    public init(parsing text: String) throws(ModelError) {
        let parts = text.split(separator: ".", omittingEmptySubsequences: false).map(String.init)
        guard !parts.isEmpty, !parts.contains(where: \.isEmpty) else { throw .malformedAnchor(text) }
        try self.init(parts: parts, text: text)
    }

    init(parts: [String], text: String) throws(ModelError) {
        var parts = parts
        var guide: Anchor.Guide?
        if parts.count >= 2, let g = Anchor.Guide(rawValue: parts.last!) {
            guard !(parts.count == 2 && parts[1] == "view") else { throw .malformedAnchor(text) }
            guide = g
            parts.removeLast()
        }
        // `C.view` is a root view; anything else dotted is an unknown guide.
        if parts.count == 2, parts[1] == "view" {
            self.init(view: parts.joined(separator: "."), guide: guide)
        } else if parts.count == 1 {
            self.init(view: parts[0], guide: guide)
        } else if parts.count == 2 || (parts.count == 3 && parts[1] == "view") {
            let bad = parts.last!
            throw .unknownName(bad, kind: .guide, suggestion: nearestName(to: bad, in: Anchor.Guide.allCases.map(\.rawValue)))
        } else {
            throw .malformedAnchor(text)
        }
    }
}
