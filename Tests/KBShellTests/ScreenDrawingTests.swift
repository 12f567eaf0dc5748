import Foundation
import KBModel
import Testing
@testable import KBShell

/// The drawing `render svg` writes and the web pages show.
@Suite struct ScreenDrawingTests {
    /// The session's drawing, as `render svg` would write it.
    static func drawing(_ commands: [String]) -> String {
        var session = Session()
        for command in commands {
            let outcome = session.execute(command)
            #expect(outcome.status != .rejected, "\(command): \(outcome.text)")
        }
        return session.page()["svg"]?.stringValue ?? ""
    }

    /// Every view `frames` lists is drawn at that frame, by its name.
    @Test func everyViewCarriesItsNameAndTheFrameFramesPrints() throws {
        var session = Session.demo()
        _ = session.execute("focus email")
        let svg = session.page()["svg"]?.stringValue ?? ""
        guard case let .object(frames)? = session.execute("frames").members["frames"] else {
            Issue.record("no frames")
            return
        }
        #expect(frames.count == 5)
        for (name, frame) in frames {
            guard case let .array(xywh) = frame else { continue }
            let text = xywh.map { formatNumber($0.numberValue ?? .nan) }.joined(separator: " ")
            #expect(svg.contains("<g data-view=\"\(name)\" data-kind="), "\(name)")
            #expect(svg.contains("data-frame=\"\(text)\""), "\(name) at \(text)")
            // The rectangle drawn is that frame: x y width height.
            let f = xywh.compactMap(\.numberValue).map(formatNumber)
            #expect(svg.contains("<rect class=\"frame\" x=\"\(f[0])\" y=\"\(f[1])\" width=\"\(f[2])\" height=\"\(f[3])\""), "\(name)")
        }
    }

    @Test func theDemoShowsPlaceholdersTitlesTheSafeAreaAndTheKeyboardBelow() {
        let svg = Self.drawing(["demo"])
        // No text and no placeholder: nothing in the field; its name is
        // the group's title, which shows on hover.
        #expect(!svg.contains(##"fill="#a1a1a8">email</text>"##))
        #expect(svg.contains("<title>email (16 676; 361 34)</title>"))
        // A placeholder, in grey, where there is no text.
        let placeholder = Self.drawing(["demo", "set email.placeholder = \"you@example.com\""])
        #expect(placeholder.contains(##"<text class="placeholder" x="24" y="698" fill="#a1a1a8">you@example.com</text>"##))
        // The button's title, not its name: centred at 16 + 361 / 2 = 196.5.
        #expect(svg.contains(##"<text class="title" x="196.5" y="788" text-anchor="middle" font-weight="600" fill="#ffffff">Sign in</text>"##))
        // iPhone 15: 59 pt at the top, 34 at the bottom.
        #expect(svg.contains(##"data-insets="59 0 34 0""##))
        #expect(svg.contains("safe area top 59") && svg.contains("safe area bottom 34"))
        #expect(svg.contains(##"class="island""##) && svg.contains(##"class="home-indicator""##))
        // Down, the keyboard waits below the 852-pt screen, its line not drawn.
        #expect(svg.contains(##"<g data-view="keyboard" data-frame="0 852 393 336" data-visible="false" class="keyboard">"##))
        #expect(!svg.contains("keyboard top y"))
        #expect(!svg.contains("focused"))
    }

    @Test func aCoveredFieldIsRedWithThePointsHiddenAndTheKeyboardTopIsMarked() {
        let svg = Self.drawing(["demo", "focus email"])
        #expect(svg.contains(##"<g data-view="email" data-kind="textField" data-frame="16 676 361 34" class="view input focused covered">"##))
        #expect(svg.contains(##"<tspan class="caret""##))
        // 852 − 336 = 516: the keyboard's top; email's bottom 676 + 34 = 710
        // is 194 pt under it, all of its 34 pt hidden from 676 down.
        #expect(svg.contains(##"<g data-view="keyboard" data-frame="0 516 393 336" data-visible="true" class="keyboard">"##))
        #expect(svg.contains("keyboard top y = 516"))
        #expect(svg.contains(##"<g class="verdict covered" data-covered="194">"##))
        #expect(svg.contains(##"<rect x="16" y="676" width="361" height="34" fill="#ff3b30""##))
        #expect(svg.contains("✗ email covered: 194 pt hidden"))
        // Once the form rides the keyboard (observer, padding 8): visible.
        let visible = Self.drawing(["demo", "handle Login with observer formBottom padding 8", "focus email"])
        #expect(visible.contains(##"class="view input focused">"##))
        #expect(visible.contains("✓ email visible, 130 pt above the keyboard"))
        #expect(!visible.contains("covered"))
    }

    @Test func aFieldOffScreenIsRedWithTheReason() {
        // A hardware keyboard: nothing on a phone's screen. The form's bottom
        // 150 pt below the safe area's (818 + 150 = 968), its top 968 − 122 =
        // 846, so email (846 to 880) is 880 − 852 = 28 pt below the screen.
        let svg = Self.drawing(["demo", "keyboard hardware on", "set formBottom.constant = -150", "focus email"])
        #expect(svg.contains(##"data-frame="16 846 361 34" class="view input focused obscured">"##))
        #expect(svg.contains(##"<g class="verdict obscured" data-obscured-by="offscreen">"##))
        #expect(svg.contains("✗ email off screen (28 pt)"))
        #expect(!svg.contains("covered"))
    }

    @Test func tablesAccessoriesAndAlphaAreDrawn() {
        let svg = Self.drawing(["demo", "add tableView list to Login.view rows 20 rowHeight 44",
                                "pin list to Login.view.safeArea insets 8 0 400 0", "accessory email height 44 as bar",
                                "set password.alpha = 0.5", "focus email"])
        // The table: 59 + 8 = 67 down, 852 − 34 − 400 − 67 = 351 tall; a
        // separator under each row, the first at 67 + 44 = 111.
        #expect(svg.contains(##"<g data-view="list" data-kind="tableView" data-frame="0 67 393 351" class="view table">"##))
        #expect(svg.contains(##"<line x1="16" y1="111" x2="393" y2="111"/>"##))
        #expect(svg.contains(##"data-view="password" data-kind="textField" data-frame="16 722 361 34" class="view input" opacity="0.5">"##))
        // The keyboard (336 pt) with the 44-pt accessory on it: 852 − 380 =
        // 472; the accessory is drawn after it, over it, at its top.
        #expect(svg.contains(##"<g data-view="keyboard" data-frame="0 472 393 380" data-visible="true" class="keyboard">"##))
        let keyboard = try! #require(svg.range(of: ##"data-view="keyboard""##))
        let accessory = try! #require(svg.range(of: ##"<g data-view="bar" data-kind="view" data-frame="0 472 393 44""##))
        #expect(keyboard.lowerBound < accessory.lowerBound)
        // Its predictive bar starts under the accessory, at 472 + 44 = 516.
        #expect(svg.contains(##"<rect class="bar" x="0" y="516" width="393" height="44""##))
    }

    @Test func textsAndNamesAreEscaped() {
        let svg = Self.drawing(["demo", #"set email.text = "<script>a & \"b\" 'c'</script>""#,
                                #"add label note to Login.view text "\"><img src=x onerror=alert(1)>""#])
        #expect(svg.contains("&lt;script&gt;a &amp; &quot;b&quot; &#39;c&#39;&lt;/script&gt;"))
        #expect(svg.contains("&quot;&gt;&lt;img src=x onerror=alert(1)&gt;"))
        #expect(!svg.contains("<script") && !svg.contains("<img"))
    }

    @Test func aScrollViewClipsWhatItHolds() {
        let svg = Self.drawing(["demo", "add scrollView list to Login.view", "pin list to Login.view.safeArea insets 8 20 500 20",
                                "add label row to list text \"Row\"", "constrain row.top == list.content.top + 10",
                                "constrain row.leading == list.content.leading + 12"])
        // The scroll view is the sixth view drawn (index 5): its clip is clip-5.
        #expect(svg.contains(##"<clipPath id="clip-5"><rect x="20" y="67""##))
        #expect(svg.contains(##"<g data-view="row" data-kind="label""##) && svg.contains(##"clip-path="url(#clip-5)""##))
        // The scroll view itself is not clipped by its own clip.
        let list = svg.split(separator: "\n").first { $0.contains(##"data-view="list""##) }
        #expect(list?.contains(##"data-frame="20 67 353 251""##) == true)  // top 59 + 8, height 852 − 34 − 500 − 67
        #expect(list?.contains("clip-path") == false)
    }

    @Test func renderSvgWritesTheSameDrawing() throws {
        let folder = NSTemporaryDirectory() + "kbplay-drawing-\(getpid())"
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        var session = Session.demo()
        _ = session.execute("focus email")
        let outcome = session.execute("render svg \(folder)/screen.svg")
        #expect(outcome.text == "wrote \(folder)/screen.svg")
        let written = try String(contentsOfFile: folder + "/screen.svg", encoding: .utf8)
        #expect(written == session.page()["svg"]?.stringValue)
        #expect(written.hasPrefix("<svg xmlns=\"http://www.w3.org/2000/svg\" class=\"kbplay-screen\" width=\"393\" height=\"852\""))
    }
}
