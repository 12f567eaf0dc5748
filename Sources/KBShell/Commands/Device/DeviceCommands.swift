extension Commands {
    /// The device group's commands, in the order `help` lists them: a
    /// new command of the group is its file in this folder and its line here.
    static let device: [any Command.Type] = [
        Device.self, Devices.self, Rotate.self, Window.self,
    ]
}
