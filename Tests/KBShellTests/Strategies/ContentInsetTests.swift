import Testing
import KBModel
import KBShell

/// `content-inset SCROLLVIEW`: on willChangeFrame contentInset.bottom =
/// endFrame.height − view.safeAreaInsets.bottom, on willHide zero;
/// indicator insets follow; then the focused field, or a text view's caret
/// (the last line of its content), is scrolled to visible.
@Suite struct ContentInsetTests {
    @Test func withoutHandlingTheCaretHidesBehindTheKeyboard() {
        var s = session(notes(device: "iphone-8", safeArea: true, contentHeight: 500))
        // body (0 20; 375 647); the caret's line ends at 20 + 500 = 520
        #expect(s.frame("body") == rect(0, 20, 375, 647))
        s.run("focus body")
        #expect(s.value("body.contentOffset.y") == 0)
        #expect(s.value("body.frame.minY + body.contentSize.height - body.contentOffset.y - kb.frame.minY") == 113)
    }

    @Test func iPhone8InsetAndCaretScrolledToVisible() {
        var s = session(notes(device: "iphone-8", safeArea: true, contentHeight: 500) + ["handle Notes with content-inset body"])
        let show = s.run("focus body")
        #expect(show.notificationNames == showBurst)
        // 260 − 0 (no home indicator)
        #expect(s.value("body.contentInset.bottom") == 260)
        // visible 647 − 260 = 387 of the content: 500 − 387 = 113
        #expect(s.value("body.contentOffset.y") == 113)
        // the caret's bottom 20 + 500 − 113 = 407, the keyboard's top
        #expect(s.value("body.frame.minY + body.contentSize.height - body.contentOffset.y") == 407)
        #expect(show.flawIDs.isEmpty)
        let hide = s.run("resign")
        #expect(s.value("body.contentInset.bottom") == 0)
        #expect(hide.flawIDs.isEmpty)
    }

    @Test func iPhone15SubtractsTheSafeArea() {
        var s = session(notes(device: "iphone-15", safeArea: false, contentHeight: 600) + ["handle Notes with content-inset body"])
        // full screen: the text view starts scrolled to −59 (its top safe area)
        #expect(s.value("body.contentOffset.y") == -59)
        s.run("focus body")
        // 336 − 34 = 302; adjusted 302 + 34 = 336
        #expect(s.value("body.contentInset.bottom") == 302)
        // visible 852 − 336 = 516: 600 − 516 = 84
        #expect(s.value("body.contentOffset.y") == 84)
        #expect(s.value("body.contentSize.height - body.contentOffset.y") == 516)
        s.run("keyboard predictive off")
        // willChangeFrame: 292 − 34 = 258
        #expect(s.value("body.contentInset.bottom") == 258)
    }

    @Test func iPhone15Landscape() {
        var s = session(notes(device: "iphone-15", "landscape", safeArea: false, contentHeight: 300) + ["handle Notes with content-inset body"])
        s.run("focus body")
        // 219 − 21 = 198; visible 393 − 219 = 174 → 300 − 174 = 126
        #expect(s.value("body.contentInset.bottom") == 198)
        #expect(s.value("body.contentOffset.y") == 126)
    }

    @Test func hardwareKeyboardInsetsByTheFullHeight() {
        var s = session(notes(device: "iphone-15", safeArea: false, contentHeight: 600)
                        + ["handle Notes with content-inset body", "keyboard hardware on"])
        let show = s.run("focus body")
        #expect(show.notifications[0].end == [0, 852, 393, 336])
        #expect(s.value("body.contentInset.bottom") == 302)
        #expect(show.flawIDs == ["hardware-keyboard-height"])
    }

    @Test func removedAtViewWillDisappear() {
        var s = session(notes(device: "iphone-8", safeArea: true, contentHeight: 500)
                        + ["controller Other", "handle Notes with content-inset body", "disappear Notes"])
        let show = s.run("keyboard show")
        #expect(s.value("body.contentInset.bottom") == 0)
        #expect(show.flawIDs.isEmpty)
    }
}

func notes(device: String, _ orientation: String, safeArea: Bool, contentHeight: Double) -> [String] {
    var lines = notes(device: device, safeArea: safeArea, contentHeight: contentHeight)
    lines[0] = "device \(device) \(orientation)"
    return lines
}
