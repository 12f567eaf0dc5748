extension Stage {
    /// A stage kept aside to go back to: what `undo` and `redo` keep, and
    /// what a refused command rolls back to. Its screen is a
    /// ``Screen/Checkpoint``, so the stage that goes on holds the only
    /// references to the layout cache.
    public struct Checkpoint: Sendable, Equatable {
        var screen: Screen.Checkpoint
        var keyboard: Keyboard
        var strategies: [Strategy]
        var rules: [Rule]

        public init(_ stage: Stage) {
            screen = stage.screen.checkpoint()
            keyboard = stage.keyboard
            strategies = stage.strategies
            rules = stage.rules
        }

        /// The stage kept, live again.
        public var state: Stage { Stage(screen: Screen(screen), keyboard: keyboard, strategies: strategies, rules: rules) }

        /// The stage kept, with `live` as its screen when that is still the
        /// screen kept (it keeps its layout cache: most refused commands
        /// change nothing).
        public func state(keeping live: Screen) -> Stage {
            Stage(screen: live.isSame(as: screen) ? live : Screen(screen), keyboard: keyboard, strategies: strategies,
                  rules: rules)
        }

        /// Whether `stage` is the one kept.
        public func holds(_ stage: Stage) -> Bool {
            stage.screen.isSame(as: screen) && stage.keyboard == keyboard && stage.strategies == strategies
                && stage.rules == rules
        }
    }

    /// Checks a stage read from a file: its screen and its keyboard each
    /// valid, and what follows from the rest as it follows: the keyboard's
    /// input views from the first responder, the screen's keyboard frame
    /// from the keyboard. The violation's path starts at the stage
    /// (`screen.views[3].parent`, `keyboard.inputs`).
    public mutating func validate() throws(ScreenViolation) {
        do { try screen.validate() } catch { throw ScreenViolation("screen." + error.path, error.reason) }
        do { try keyboard.validate(on: screen.device) } catch { throw ScreenViolation("keyboard." + error.path, error.reason) }
        let inputs = screen.keyboardInputs().inputs
        if keyboard.inputs != inputs.orNil {
            throw ScreenViolation("keyboard.inputs", "the keyboard's input views follow the first responder: accessory \(formatPoints(inputs.accessory)), inputView \(inputs.inputView.map(formatPoints) ?? "none"), resting accessory \(formatPoints(inputs.resting))\(inputs.orNil == nil ? " (leave the member out)" : "")")
        }
        let derived = keyboardLayoutState
        if screen.keyboard != derived {
            let frame = derived.frame.map(\.description) ?? "none (null)"
            let accessory = derived.accessory.map { ", with the accessory \($0) (\(formatPoints(derived.accessoryHeight ?? 0)) pt)" } ?? ""
            throw ScreenViolation("screen.keyboard", "the keyboard's frame on the screen follows the keyboard: \(frame), \(derived.isDocked ? "docked" : "not docked")\(accessory)")
        }
    }
}
