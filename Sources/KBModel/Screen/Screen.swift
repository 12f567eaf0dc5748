import KBSolver

/// A UIKit screen: device and orientation, view controllers, views and
/// constraints, the keyboard and the focused field.
///
/// `Screen` is a value: copy it to keep a state (undo), compare it, encode
/// it. Mutations validate their input (throwing ``ModelError`` and changing
/// nothing when it is wrong), update the layout incrementally and return a
/// ``MutationResult`` with UIKit-like warnings. ``layout()`` gives a
/// ``LayoutSnapshot``; ``LayoutDiff`` compares two snapshots.
///
/// The solver behind layout is a cache: it is not part of equality or
/// encoding, it is rebuilt from the value when needed (after decoding) and
/// copied on write, so copies never disturb each other.
public struct Screen: Sendable {
    public internal(set) var device: Device
    public internal(set) var orientation: Orientation
    /// Controllers in creation order; the first is the window's root.
    public internal(set) var controllers: [Controller] = []
    /// Views in creation order (``hierarchyOrder`` gives the tree order).
    public var views: Items<View> { Items(storage: viewList) }
    /// User constraints in creation order.
    public var constraints: Items<LayoutConstraint> { Items(storage: constraintList) }
    /// Where ``views`` and ``constraints`` are kept: in segments, so a
    /// screen kept for undo shares nearly all of them with the screen that
    /// goes on, and a command that changes one copies a segment, not all.
    var viewList: SegmentedArray<View> = []
    var constraintList: SegmentedArray<LayoutConstraint> = []
    public internal(set) var keyboard = KeyboardState()
    /// The first responder, a text field or text view.
    public internal(set) var focus: String?
    /// How many unnamed constraints have been named `cN`.
    public internal(set) var unnamedCount = 0
    /// The app's window when it does not fill the screen (an iPad's Split
    /// View, Slide Over, Stage Manager); nil: the whole screen.
    public internal(set) var window: AppWindow?

    enum NameEntry: Hashable, Sendable {
        case controller(Int), view(Int), constraint(Int)
    }

    /// Every name → where it lives; derived, rebuilt after removals and decoding.
    var names: [String: NameEntry] = [:]
    /// Some view has alignment insets (derived as ``names`` is): until one
    /// does, an anchor's expression skips looking its view up for them.
    var hasAlignedViews = false
    /// The layout cache (copy on write; not part of the value).
    var engine: LayoutEngine?
    /// ``stow()`` dropped the name index and the cache.
    private(set) var isStowed = false

    /// An empty screen on `device` (the catalog's default, `iphone-15`).
    public init(device: Device = DeviceCatalog.standard.defaultDevice, orientation: Orientation = .portrait) {
        self.device = device
        self.orientation = orientation
        engine = LayoutEngine()
    }

    /// An empty screen on the device with `id`.
    public init(deviceID: String, orientation: Orientation = .portrait) throws(ModelError) {
        self.init(device: try DeviceCatalog.standard.lookup(deviceID), orientation: orientation)
    }

    /// The screen's size in the current orientation.
    public var screenSize: Size { device.screenSize(orientation) }

    /// The app's window in screen coordinates.
    public var appWindowFrame: Rect { window?.frame ?? Rect(origin: .zero, size: screenSize) }

    /// The app's window's size: what root views fill.
    public var windowSize: Size { window?.frame.size ?? screenSize }

    /// The window's safe-area insets in the current orientation: the part of
    /// the screen's insets the window overlaps.
    public var windowSafeAreaInsets: EdgeInsets {
        let insets = device.safeAreaInsets(orientation)
        guard let w = window?.frame else { return insets }
        let s = screenSize
        return EdgeInsets(top: max(0, insets.top - w.minY), left: max(0, insets.left - w.minX),
                          bottom: max(0, w.maxY - (s.height - insets.bottom)), right: max(0, w.maxX - (s.width - insets.right)))
    }

    /// The keyboard's frame in the window's coordinates (nil: not on screen).
    public var keyboardFrameInWindow: Rect? {
        guard let f = keyboard.frame else { return nil }
        guard let w = window?.frame else { return f }
        return f.offsetBy(dx: -w.minX, dy: -w.minY)
    }

    // MARK: Engine access

    /// The engine, built if missing and made unique before mutation. Every
    /// public mutation calls this first; helpers it calls use
    /// ``currentEngine()`` (a second uniqueness check would see the caller's
    /// own reference and copy needlessly).
    mutating func uniqueEngine() -> LayoutEngine {
        unstow()
        if engine == nil {
            engine = LayoutEngine.build(from: self)
        } else if !isKnownUniquelyReferenced(&engine!) {
            engine = engine!.copy()
        }
        return engine!
    }

    /// The engine as it is (built if missing), for helpers of a mutation
    /// that already made it unique.
    mutating func currentEngine() -> LayoutEngine {
        unstow()
        if engine == nil { engine = LayoutEngine.build(from: self) }
        return engine!
    }

    /// Drops everything derived from the value, the layout cache and the
    /// name index, for a copy kept aside (undo, rollback): the screen going
    /// on then holds the only references and updates them in place instead
    /// of copying them. A stowed screen compares and encodes as before but
    /// must be ``unstow()``ed before anything else. (Outside this module,
    /// a ``Checkpoint`` is such a copy.)
    mutating func stow() {
        engine = nil
        names = [:]
        isStowed = true
    }

    /// Rebuilds what ``stow()`` dropped (nothing for a screen in use).
    mutating func unstow() {
        guard isStowed else { return }
        isStowed = false
        rebuildNames()
    }

    mutating func rebuildNames() {
        names = [:]
        for (i, c) in controllers.enumerated() { names[c.name] = .controller(i) }
        for (i, v) in viewList.enumerated() { names[v.name] = .view(i) }
        for (i, c) in constraintList.enumerated() { names[c.name] = .constraint(i) }
        hasAlignedViews = viewList.contains { $0.alignmentInsets != nil }
    }
}

extension Screen {
    /// A screen's views or constraints, in creation order: a random-access
    /// collection (how they are kept is the screen's own business).
    public struct Items<Element>: RandomAccessCollection {
        @usableFromInline let storage: SegmentedArray<Element>

        @inlinable init(storage: SegmentedArray<Element>) { self.storage = storage }

        @inlinable public var startIndex: Int { 0 }
        @inlinable public var endIndex: Int { storage.count }
        @inlinable public subscript(position: Int) -> Element {
            _read { yield storage[position] }
        }
    }

    /// A screen kept aside to go back to (undo and redo, a refused
    /// command's rollback). It holds the value without the layout cache and
    /// the name index, so the screen that goes on holds the only references
    /// to them and updates them in place instead of copying them; going
    /// back rebuilds them when they are next needed.
    public struct Checkpoint: Sendable, Equatable {
        fileprivate var screen: Screen
    }

    /// This screen's value, kept aside.
    public func checkpoint() -> Checkpoint {
        var copy = self
        copy.stow()
        return Checkpoint(screen: copy)
    }

    /// The screen a checkpoint kept.
    public init(_ checkpoint: Checkpoint) {
        self = checkpoint.screen
        unstow()
    }

    /// Whether this screen is the value `checkpoint` kept.
    public func isSame(as checkpoint: Checkpoint) -> Bool { self == checkpoint.screen }
}

extension Screen: Equatable {
    public static func == (a: Screen, b: Screen) -> Bool {
        a.device == b.device && a.orientation == b.orientation && a.controllers == b.controllers
            && a.viewList == b.viewList && a.constraintList == b.constraintList && a.keyboard == b.keyboard
            && a.focus == b.focus && a.unnamedCount == b.unnamedCount && a.window == b.window
    }
}

extension Screen: Codable {
    enum CodingKeys: String, CodingKey {
        case device, orientation, controllers, views, constraints, keyboard, focus, unnamedCount, window, canvas
    }

    /// What an imported document's canvas changed in a preset (its screen
    /// size, safe area and root margins), saved beside the preset's id.
    struct Canvas: Codable {
        var screen: Size
        var safeArea: Device.PerOrientation<EdgeInsets>
        var rootSideMargin: Double?
    }

    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        let id = try c.decode(String.self, forKey: .device)
        do { device = try DeviceCatalog.standard.lookup(id) } catch {
            throw DecodingError.dataCorruptedError(forKey: .device, in: c, debugDescription: error.description)
        }
        if let canvas = try c.decodeIfPresent(Canvas.self, forKey: .canvas) {
            device.screen = canvas.screen
            device.safeArea = canvas.safeArea
            device.rootSideMarginOverride = canvas.rootSideMargin
        }
        orientation = try c.decode(Orientation.self, forKey: .orientation)
        controllers = try c.decode([Controller].self, forKey: .controllers)
        viewList = SegmentedArray(try c.decode([View].self, forKey: .views))
        constraintList = SegmentedArray(try c.decode([LayoutConstraint].self, forKey: .constraints))
        keyboard = try c.decode(KeyboardState.self, forKey: .keyboard)
        focus = try c.decodeIfPresent(String.self, forKey: .focus)
        unnamedCount = try c.decode(Int.self, forKey: .unnamedCount)
        window = try c.decodeIfPresent(AppWindow.self, forKey: .window)
        rebuildNames()
        engine = nil
    }

    public func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encode(device.id, forKey: .device)
        if let preset = try? DeviceCatalog.standard.lookup(device.id), preset != device {
            try c.encode(Canvas(screen: device.screen, safeArea: device.safeArea, rootSideMargin: device.rootSideMarginOverride), forKey: .canvas)
        }
        try c.encode(orientation, forKey: .orientation)
        try c.encode(controllers, forKey: .controllers)
        try c.encode(viewList, forKey: .views)
        try c.encode(constraintList, forKey: .constraints)
        try c.encode(keyboard, forKey: .keyboard)
        try c.encodeIfPresent(focus, forKey: .focus)
        try c.encode(unnamedCount, forKey: .unnamedCount)
        try c.encodeIfPresent(window, forKey: .window)
    }
}
