import Testing
import KBModel
import KBInterop

/// `import uitest` through the importer API alone (an ``ImportRequest`` in,
/// an ``ImportResult`` out), on trees written by hand.
@Suite("UI test trees")
struct UITestTreeImporterTests {
    static func run(_ text: String, options: [String: String] = [:]) throws(ImportError) -> ImportResult {
        try UITestTreeImporter.run(ImportRequest(file: ImportSource(path: "t.txt", bytes: Array(text.utf8)), options: options))
    }

    /// A window of 393 × 852 (iphone-15's portrait screen) holding a
    /// field at (20, 300) on screen inside a view at (0, 100): in its
    /// superview the field is at (20, 300 − 100) = (20, 200). Its label
    /// holds commas and a quote inside its single quotes.
    @Test func framesBecomePinsInTheSuperviewAndQuotedValuesKeepCommas() throws {
        let result = try Self.run("""
            Element subtree:
             →Application, 0x1, pid: 7, label: 'App'
                Window (Main), 0x2, {{0.0, 0.0}, {393.0, 852.0}}
                  Other, 0x3, {{0.0, 100.0}, {393.0, 600.0}}
                    TextField, 0x4, {{20.0, 300.0}, {353.0, 34.0}}, identifier: 'name', placeholderValue: 'Last, first', Selected
                    StaticText, 0x5, {{20.0, 350.0}, {200.0, 21.0}}, label: 'It's here, really'
            Path to element:
             →Application, 0x1, pid: 7, label: 'App'
            """)
        let screen = result.stage.screen
        #expect(screen.device.id == "iphone-15")
        #expect(result.names.map(\.name) == ["view1", "name", "label1"])
        #expect(result.names.map(\.id) == ["0x3", "0x4", "0x5"])
        #expect(try screen.view(named: "name").placeholder == "Last, first")
        #expect(try screen.view(named: "name").accessibilityIdentifier == "name")
        #expect(try screen.view(named: "label1").accessibilityIdentifier == nil)
        #expect(try screen.view(named: "label1").text == "It's here, really")
        let top = try screen.constraint(named: "name_top")
        #expect(top.constant == 200)
        #expect(try screen.constraint(named: "name_left").constant == 20)
        #expect(result.assumptions.first == "device iphone-15 portrait, from the window's frame (393 × 852)")
    }

    /// The keyboard's subtree is left out and said; a device given wins.
    @Test func theKeyboardIsLeftOutAndSaid() throws {
        let result = try Self.run("""
            Window, 0x2, {{0.0, 0.0}, {390.0, 844.0}}
              Button, 0x3, {{16.0, 700.0}, {358.0, 44.0}}, identifier: 'go', label: 'Go'
            Window, 0x6, {{0.0, 0.0}, {390.0, 844.0}}
              Keyboard, 0x7, {{0.0, 508.0}, {390.0, 336.0}}
                Key, 0x8, {{3.0, 520.0}, {33.0, 42.0}}, label: 'q'
            """, options: ["device": "iphone-se1"])
        #expect(result.stage.screen.device.id == "iphone-se1")
        #expect(result.names.map(\.name) == ["go"])
        #expect(result.log.notes.contains { $0.contains("the tree has the keyboard (line 4)") })
    }

    @Test func aFileWithoutElementsIsRefusedAtTheFile() {
        #expect(throws: ImportError("t.txt has no element lines (TYPE, 0xADDRESS, {{x, y}, {width, height}}, …)",
                                    suggestion: "paste the tree from 'Element subtree:' on, as print(app.debugDescription) writes it", place: .file)) {
            try Self.run("Element trees, written by hand\n")
        }
    }
}
