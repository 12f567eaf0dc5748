import Testing
@testable import KBModel

@Suite struct ViewKindTests {
    /// A view of `kind` at the safe area's top-left corner.
    func corner(_ kind: ViewKind, _ options: ViewOptions = ViewOptions()) throws -> Screen {
        var s = try screen()
        try s.addView(kind, "v", to: "C.view", options: options)
        try s.constrain("v.leading", .equal, "C.view.safeArea.leading")
        try s.constrain("v.top", .equal, "C.view.safeArea.top")
        return s
    }

    @Test func intrinsicSizes() throws {
        var label = try corner(.label, ViewOptions(text: "Hello"))
        #expect(label.layout().frame("v") == rect(0, 59, 40, 21))
        var button = try corner(.button, ViewOptions(text: "Go"))
        #expect(button.layout().frame("v") == rect(0, 59, 16, 30))
        var custom = try corner(.view, ViewOptions(intrinsic: Size(width: 100, height: 50)))
        #expect(custom.layout().frame("v") == rect(0, 59, 100, 50))
        var field = try corner(.textField)
        try field.constrain("v.width", .equal, constant: 200)
        #expect(field.layout().frame("v") == rect(0, 59, 200, 34))
        #expect(field.ambiguousViews().isEmpty)
        // A text field has no intrinsic width: without one its frame is ambiguous.
        var loose = try corner(.textField)
        #expect(loose.ambiguousViews() == ["v"])
        // Text changes go through the content-size constraints' constants.
        try label.setText("Hello, world", of: "v")
        #expect(label.layout().frame("v") == rect(0, 59, 96, 21))
        try label.setIntrinsicSize(Size(width: 10, height: 10), of: "v")
        #expect(label.layout().frame("v") == rect(0, 59, 10, 10))
        try label.setIntrinsicSize(nil, of: "v")
        #expect(label.layout().frame("v") == rect(0, 59, 96, 21))
    }

    @Test func huggingDecidesWhoStretches() throws {
        var s = try screen("iphone-8")
        try s.addView(.label, "name", to: "C.view", options: ViewOptions(text: "Hi"))
        try s.addView(.label, "value", to: "C.view", options: ViewOptions(text: "Hello"))
        try s.constrain("name.leading", .equal, "C.view.margins.leading")
        try s.constrain("value.leading", .equal, "name.trailing", constant: 8)
        try s.constrain("value.trailing", .equal, "C.view.margins.trailing")
        try s.constrain("name.top", .equal, "C.view.safeArea.top")
        try s.constrain("value.top", .equal, "C.view.safeArea.top")
        // The label with the lower hugging priority takes the extra width.
        try s.setHugging(250, .horizontal, of: "value")
        var l = s.layout()
        #expect(l.frame("name") == rect(16, 20, 16, 21))
        #expect(l.frame("value") == rect(40, 20, 319, 21))
        try s.setHugging(250, .horizontal, of: "name")
        try s.setHugging(251, .horizontal, of: "value")
        l = s.layout()
        #expect(l.frame("name") == rect(16, 20, 295, 21))
        #expect(l.frame("value") == rect(319, 20, 40, 21))
        #expect(try s.view(named: "name").hugging.horizontal == 250)
    }

    @Test func compressionResistanceDecidesWhoShrinks() throws {
        var s = try screen("iphone-8")
        try s.addView(.label, "a", to: "C.view", options: ViewOptions(text: "aaaaaaaaaaaaaaaaaaaaaaaaa")) // 200
        try s.addView(.label, "b", to: "C.view", options: ViewOptions(text: "bbbbbbbbbbbbbbbbbbbbbbbbb")) // 200
        try s.constrain("a.leading", .equal, "C.view.leading")
        try s.constrain("b.leading", .equal, "a.trailing")
        try s.constrain("b.trailing", .equal, "C.view.trailing")
        try s.constrain("a.top", .equal, "C.view.top")
        try s.constrain("b.top", .equal, "C.view.top")
        try s.setCompressionResistance(751, .horizontal, of: "a")
        let l = s.layout()
        #expect(l.frame("a") == rect(0, 0, 200, 21))
        #expect(l.frame("b") == rect(200, 0, 175, 21))
    }

    @Test func defaultsPerKind() {
        let label = View(name: "l", kind: .label, parent: nil, controller: "C")
        #expect(label.hugging == AxisPair(251))
        #expect(label.compressionResistance == AxisPair(750))
        let view = View(name: "v", kind: .view, parent: nil, controller: "C")
        #expect(view.hugging == AxisPair(250))
        #expect(view.intrinsicSize.width == nil && view.intrinsicSize.height == nil)
        #expect(View(name: "t", kind: .textView, parent: nil, controller: "C").scroll != nil)
        #expect(ViewKind.textView.isScrollView && ViewKind.textView.isTextInput)
    }
}
