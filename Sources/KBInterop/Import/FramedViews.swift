import KBModel

/// What the importers of printed hierarchies share (a `recursiveDescription`,
/// a UI test's element tree): the device whose screen a window's size is,
/// names numbered by kind, and views pinned to the frames they print.
enum FramedViews {
    /// The preset whose portrait or landscape screen is `size`, the
    /// default device first, then the catalog's order.
    static func preset(forScreen size: Size, in catalog: DeviceCatalog) -> (Device, Orientation)? {
        for d in [catalog.defaultDevice] + catalog.devices {
            for o in [Orientation.portrait, .landscape] where d.screenSize(o) == size { return (d, o) }
        }
        return nil
    }

    /// Names for views made from a printed hierarchy: `textField1`,
    /// `textField2`, …, never one already used.
    struct Names {
        var used: Set<String>
        private var counters: [String: Int] = [:]

        init(reserved: Set<String>) { used = reserved }

        /// The next free `KINDn`, now used.
        mutating func next(for kind: ViewKind) -> String {
            var n = counters[kind.rawValue, default: 0]
            var name: String
            repeat {
                n += 1
                name = "\(kind.rawValue)\(n)"
            } while used.contains(name)
            counters[kind.rawValue] = n
            used.insert(name)
            return name
        }
    }

    /// Pins `view` to `frame` in `parent`'s coordinates by four
    /// constraints, `VIEW_left`, `_top`, `_width` and `_height`.
    static func pin(_ view: String, to frame: Rect, in parent: String, on screen: inout Screen) throws(ModelError) {
        for (attribute, value) in [(Anchor.Attribute.left, frame.x), (.top, frame.y), (.width, frame.width), (.height, frame.height)] {
            let other: Anchor? = attribute.kind == .size ? nil : Anchor(parent, nil, attribute)
            _ = try screen.constrain(Anchor(view, nil, attribute), .equal, other, constant: value, name: "\(view)_\(attribute.rawValue)")
        }
    }
}
