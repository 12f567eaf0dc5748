extension Commands {
    /// The keyboard group's commands, in the order `help` lists them: a
    /// new command of the group is its file in this folder and its line here.
    static let keyboard: [any Command.Type] = [
        Focus.self, Resign.self, Return.self, TapOutside.self,
        KeyboardShow.self, KeyboardHide.self, KeyboardHeight.self, KeyboardPredictive.self, KeyboardType.self,
        KeyboardHardware.self, KeyboardUndock.self, KeyboardSplit.self, KeyboardFloat.self, KeyboardDock.self,
        KeyboardDrag.self, KeyboardRelease.self, Accessory.self, InputView.self, Scroll.self,
    ]
}
