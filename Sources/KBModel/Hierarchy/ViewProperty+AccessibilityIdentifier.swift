extension ViewProperty {
    /// `accessibilityIdentifier`: the name a UI test finds the view by
    /// (`app.textFields["email"]`). No effect on layout; `export swift`
    /// writes it, so the screen it writes is one a UI test can drive, and
    /// `import uitest` reads it back as the view's name.
    static let accessibilityIdentifier = ViewProperty(
        name: "accessibilityIdentifier", kind: .text(example: "= \"emailField\""), offeredForEveryView: true,
        write: { screen, view, value throws(ModelError) in
            let i = try screen.viewIndex(view)
            screen.viewList[i].accessibilityIdentifier = value.text.flatMap { $0.isEmpty ? nil : $0 }
            return .ok
        },
        said: { screen, view, w in
            (try? screen.view(named: view)).map { v in
                v.accessibilityIdentifier.map { "a UI test finds \(view) as \(w.string($0))" } ?? "\(view) has no accessibilityIdentifier"
            }
        },
        scalar: nil, swiftScalar: nil,
        script: { v, w in v.accessibilityIdentifier.map { "accessibilityIdentifier = \(w.string($0))" } },
        scriptPlace: .withTheView,
        swift: { v, ref, w in v.accessibilityIdentifier.map { "\(ref).accessibilityIdentifier = \(w.string($0))" } },
        help: "V.accessibilityIdentifier (the name a UI test finds it by)")
}
