import Testing
@testable import KBModel

/// The values a rule, `print` and `expect` read on a stage. The demo on an
/// iPhone 15 (393 × 852, safe area 59 top and 34 bottom): `formBottom` is
/// 20, so the form ends at 852 − 34 − 20 = 798.
@Suite struct StageValueTests {
    func value(_ stage: inout Stage, _ path: String, _ n: KeyboardNotification? = nil,
               last: KeyboardNotification? = nil) throws(ValueError) -> Double {
        try stage.value(of: path, column: 1, notification: n, last: last)
    }

    @Test func pathsReadTheScreen() throws {
        var stage = Stage(screen: Screen.demo())
        #expect(try value(&stage, "formBottom.constant") == 20)
        #expect(try value(&stage, "formBottom.priority") == 1000)
        #expect(try value(&stage, "form.frame.maxY") == 798)
        #expect(try value(&stage, "Login.view.safeAreaInsets.bottom") == 34)
        #expect(try value(&stage, "window.frame.height") == 852)
        #expect(try value(&stage, "email.visible") == 1)
        #expect(try value(&stage, "kb.visible") == 0)
    }

    @Test func keyboardPathsReadTheNotificationPostedElseTheLast() throws {
        var stage = Stage(screen: Screen.demo())
        let up = Rect(x: 0, y: 516, width: 393, height: 336), down = Rect(x: 0, y: 852, width: 393, height: 336)
        let show = KeyboardNotification(name: .willShow, begin: down, end: up, duration: 0.25, curve: 7, isLocal: true)
        let hide = KeyboardNotification(name: .willHide, begin: up, end: down, duration: 0.25, curve: 7, isLocal: true)
        #expect(throws: ValueError("no keyboard notification has been posted yet, so kb.end.minY has no value", column: 1,
                                   suggestion: "kb.frame.* is the keyboard's current frame")) {
            try value(&stage, "kb.end.minY")
        }
        #expect(try value(&stage, "kb.end.minY", last: hide) == 852)
        #expect(try value(&stage, "kb.end.minY", show, last: hide) == 516)
        #expect(try value(&stage, "kb.begin.height", show) == 336)
    }

    @Test func aPathThatReadsNothingSaysWhereAndWhatWouldWork() throws {
        var stage = Stage(screen: Screen.demo())
        // `emial.frame.maxY` at column 5: the name is the path's start, and
        // the screen says what it knows of it.
        #expect(throws: ValueError("unknown view 'emial' — did you mean 'email'?", column: 5, suggestion: "email")) {
            try stage.value(of: "emial.frame.maxY", column: 5, notification: nil, last: nil)
        }
        // `frame.top` is no member: the column is the member's, 1 + "form.frame".count + 1 = 12;
        // no member is near `top`, so every one is listed.
        #expect(throws: ValueError("a rectangle has no member 'top'", column: 12, suggestion: "minX minY maxX maxY midX midY width height")) {
            try value(&stage, "form.frame.top")
        }
        #expect(throws: ValueError.self) { try Stage.checkKeyboardPath("kb.end.top", column: 1) }
    }
}
