/// One notification as the stage posted it, with the handlers that ran.
public struct EventRecord: Sendable, Equatable {
    public var notification: KeyboardNotification
    /// What each handler did for it, printed by `events` as
    /// `Login · observer: formBottom.constant 20 → 344`.
    public var handlers: [Handling]

    public init(notification: KeyboardNotification, handlers: [Handling]) {
        self.notification = notification
        self.handlers = handlers
    }
}

/// A handler's effect: whose handler (a strategy's, or a rule's), and
/// what it did.
public struct Handling: Hashable, Sendable {
    public var controller: String
    /// The strategy that handled the notification; nil for a rule.
    public var strategy: StrategyKind?
    public var effect: HandlerEffect

    public init(controller: String, strategy: StrategyKind?, effect: HandlerEffect) {
        self.controller = controller
        self.strategy = strategy
        self.effect = effect
    }

    /// `Form · keyboard-frame`, `Form · rule`.
    public var handler: String { strategy?.rawValue ?? "rule" }
}
