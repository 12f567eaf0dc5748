// The built-in demo session.

extension Screen {
    /// The demo: controller `Login`; a vertical stack `form` (spacing 12) of
    /// text fields `email` and `password` and a button `signIn` ("Sign in"),
    /// spanning the root view's margins, its bottom 20 pt above the safe-area
    /// bottom through `formBottom` (`Login.view.safeArea.bottom == form.bottom + 20`).
    public static func demo(device: Device = DeviceCatalog.standard.defaultDevice,
                            orientation: Orientation = .portrait) -> Screen {
        var s = Screen(device: device, orientation: orientation)
        do {
            try s.addController("Login")
            try s.addView(.stackView, "form", to: "Login.view",
                          options: ViewOptions(stack: StackConfiguration(axis: .vertical, spacing: 12)))
            try s.addView(.textField, "email", to: "form")
            try s.addView(.textField, "password", to: "form")
            try s.addView(.button, "signIn", to: "form", options: ViewOptions(text: "Sign in"))
            try s.constrain("form.leading", .equal, "Login.view.margins.leading")
            try s.constrain("form.trailing", .equal, "Login.view.margins.trailing")
            try s.constrain("Login.view.safeArea.bottom", .equal, "form.bottom", constant: 20, name: "formBottom")
        } catch {
            fatalError("the demo session does not build: \(error)")
        }
        return s
    }
}
