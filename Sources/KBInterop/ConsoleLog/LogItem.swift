/// One object a console log mentions: a view or a layout guide, written
/// `UILabel:0x7f8e1d40a2e0'Email'`, `UILayoutGuide:0x600…'UIViewSafeAreaLayoutGuide'`
/// or, for an object with a debug name, by that name alone
/// (`Toolbar.lockIcon`, its address given by the description's `names:`).
public struct LogItem: Hashable, Sendable {
    /// The class as printed (`UILabel`, `MyApp.AvatarView`), or the debug name.
    public var className: String
    /// `0x…`, when the log gives one.
    public var address: String?
    /// The quoted text after the address: an accessibility identifier, a
    /// label's text or a guide's identifier, with `\Uxxxx` escapes decoded.
    public var label: String?
    /// Written by a debug name alone (`Toolbar.shareLabel`), not `CLASS:0x…`.
    public var isDebugName = false

    /// What identifies the object across the log: its address, else its name.
    public var key: String { address ?? className }

    /// The layout guide the item is, if it is one.
    public var guide: GuideKind? {
        if label == "UIViewSafeAreaLayoutGuide" { return .safeArea }
        if label == "UIViewLayoutMarginsGuide" { return .margins }
        if label == "UIKeyboardLayoutGuide" || className.hasSuffix("KeyboardLayoutGuide") { return .keyboard }
        if className == "UILayoutGuide" || className == "_UILayoutGuide" { return .other }
        return nil
    }

    public enum GuideKind: Sendable { case safeArea, margins, keyboard, other }

    /// One of the keyboard's own views (its host, input and assistant views),
    /// which kbplay lays out itself.
    public var isKeyboardInternal: Bool {
        let prefixes = ["_UIKB", "UIInputSet", "_UIRemoteKeyboard", "SystemInputAssistantView", "TUISystemInputAssistant",
                        "UIKeyboard", "_UIInputView", "UICompatibilityInputView", "TUIKeyplane", "UIKBInputBackdrop",
                        "UIRemoteKeyboardWindow", "UITextEffectsWindow", "_UIButtonBar", "_UIUCBKB"]
        return guide == nil && prefixes.contains { className.hasPrefix($0) }
    }
}
