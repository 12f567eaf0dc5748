/// The keyboard as a handler sees it when a notification arrives.
public struct KeyboardContext: Sendable {
    public var keyboard: Keyboard
    public var device: Device
    public var orientation: Orientation

    public init(keyboard: Keyboard, device: Device, orientation: Orientation) {
        self.keyboard = keyboard
        self.device = device
        self.orientation = orientation
    }
}

extension Strategy {
    /// Runs the handler for one notification, if the source observes it and
    /// is registered; does what the source's code does, flaws included
    /// (each strategy's own in its ``KeyboardStrategy`` type).
    public mutating func handle<Host: StrategyHost>(_ n: KeyboardNotification, context: KeyboardContext,
                                                    host: inout Host) -> HandlerReport? {
        guard kind.observed.contains(n.name) else { return nil }
        let appeared = host.isAppeared(controller)
        guard isRegistered(controllerAppeared: appeared) else { return nil }
        var handler = Handler(n, context: context, kind: kind, controller: controller, screenHeight: host.screenSize.height)
        if !appeared {
            handler.flaw(.observerAfterDisappear, Flaw.observerAfterDisappearMessage(controller, handler: kind.rawValue, event: n.name,
                                                                                     registration: kind.registration))
        }
        guard kind.type.handle(&self, &handler, host: &host) else { return nil }
        return handler.report
    }

    /// A strategy whose observers saw none of the notifications of an event
    /// that moved the keyboard's overlap with the screen.
    public func missedFrameChange(posted: [KeyboardNotification], overlapBefore: Double, overlapAfter: Double,
                                  controllerAppeared: Bool) -> Flaw? {
        guard kind != .layoutGuide, isRegistered(controllerAppeared: controllerAppeared),
              abs(overlapBefore - overlapAfter) > 0.5,
              !posted.contains(where: { kind.observed.contains($0.name) }) else { return nil }
        return Flaw(.missedFrameChange, kind, controller,
                    Flaw.missedFrameChangeMessage(controller, who: kind.rawValue, observed: kind.observed, posted: posted,
                                                  overlapBefore: overlapBefore, overlapAfter: overlapAfter))
    }
}
