import KBModel

/// The size class of the canvas a scene is laid out on, and which of a
/// view's `<variation>` masks apply to it: the constraints and subviews
/// Xcode installs for that size class.
///
/// A variation's key lists traits joined by `-`
/// (`heightClass=compact-widthClass=regular`); it applies when every trait
/// is the canvas's. `default` is the base (any width, any height). The
/// masks apply from the least specific to the most (the default's first,
/// then those naming one trait, then two), each `<include>` installing and
/// each `<exclude>` uninstalling what it names, so a more specific size
/// class has the last word, as in Xcode's size-class editor.
struct IBSizeClass: Equatable {
    /// `widthClass`, `heightClass` and `userInterfaceIdiom` of the canvas;
    /// empty on the any-width any-height canvas (a document without a device).
    var traits: [String: String]

    /// UIKit's size classes for a screen: a pad is regular both ways; a
    /// phone is compact wide and regular high in portrait, and compact high
    /// in landscape, where one 414 pt wide in portrait or more (the Plus
    /// and Max phones) is regular wide.
    static func of(_ device: Device, _ orientation: Orientation) -> IBSizeClass {
        let idiom = device.idiom == .pad ? "pad" : "phone"
        if device.idiom == .pad {
            return IBSizeClass(traits: ["widthClass": "regular", "heightClass": "regular", "userInterfaceIdiom": idiom])
        }
        if orientation == .portrait {
            return IBSizeClass(traits: ["widthClass": "compact", "heightClass": "regular", "userInterfaceIdiom": idiom])
        }
        let width = device.screen.width >= 414 ? "regular" : "compact"
        return IBSizeClass(traits: ["widthClass": width, "heightClass": "compact", "userInterfaceIdiom": idiom])
    }

    /// The any-width, any-height canvas: only the default variation applies.
    static let any = IBSizeClass(traits: [:])

    /// How the findings name it: `compact width, regular height`.
    var description: String {
        guard let w = traits["widthClass"], let h = traits["heightClass"] else { return "any width, any height" }
        return "\(w) width, \(h) height"
    }

    /// The traits a variation key names, or nil when the key is not one of
    /// `trait=value` parts.
    static func parts(_ key: String) -> [(String, String)]? {
        if key == "default" { return [] }
        var out: [(String, String)] = []
        for part in key.split(separator: "-") {
            let kv = part.split(separator: "=", maxSplits: 1)
            guard kv.count == 2 else { return nil }
            out.append((String(kv[0]), String(kv[1])))
        }
        return out
    }

    /// Whether a variation with `key` applies on this canvas.
    func matches(_ key: String) -> Bool {
        guard let parts = Self.parts(key) else { return false }
        return parts.allSatisfy { traits[$0.0] == $0.1 }
    }

    /// What the variations of one view install and uninstall on this canvas,
    /// by IB id, for a mask key (`constraints` or `subviews`): the ids the
    /// applied masks leave uninstalled. `base` is every id the view holds
    /// under that key (installed unless a mask says otherwise).
    func uninstalled(_ variations: [IBElement], mask: String) -> Set<String> {
        let applied = variations.enumerated()
            .compactMap { i, v -> (Int, Int, IBElement)? in
                guard let key = v["key"], matches(key), let parts = Self.parts(key) else { return nil }
                return (parts.count, i, v)
            }
            .sorted { ($0.0, $0.1) < ($1.0, $1.1) }
        var out: Set<String> = []
        for (_, _, v) in applied {
            for m in v.children("mask") where m["key"] == mask {
                for x in m.children {
                    guard let r = x["reference"] else { continue }
                    if x.name == "exclude" { out.insert(r) } else if x.name == "include" { out.remove(r) }
                }
            }
        }
        return out
    }
}
