import Testing
@testable import KBModel

/// Accessory views, table views, windows and sheets in the screen model,
/// every number worked out by hand.
@Suite struct KeyboardPartsTests {
    // MARK: Accessories

    @Test func anAccessoryRidesOnTheKeyboardOrWaitsBelowTheScreen() throws {
        var s = try screen()
        try s.addView(.textField, "f", to: "C.view")
        try s.addAccessory("toolbar", of: "f", height: 44)
        // Not on the keyboard: its height just below the screen (852).
        #expect(s.layout().frame("toolbar") == rect(0, 852, 393, 44))
        #expect(s.layout().view("toolbar")?.safeAreaInsets == .zero)
        // On the keyboard's top (472 = 852 − 336 − 44).
        s.setKeyboardFrame(rect(0, 472, 393, 380), accessory: ("toolbar", 44))
        #expect(s.layout().frame("toolbar") == rect(0, 472, 393, 44))
        try s.addView(.button, "done", to: "toolbar", options: ViewOptions(text: "Done"))
        try s.constrain("done.trailing", .equal, "toolbar.trailing", constant: -16)
        try s.constrain("done.centerY", .equal, "toolbar.centerY")
        // 32 × 30 ("Done": 4 × 8), centred on 494: 479; x 393 − 16 − 32 = 345.
        #expect(s.layout().frame("done") == rect(345, 479, 32, 30))
    }

    @Test func accessoriesAreForTextInputsAndControllersOnceEach() throws {
        var s = try screen()
        try s.addView(.label, "l", to: "C.view")
        try s.addView(.textField, "f", to: "C.view")
        #expect(throws: ModelError.accessoryNeedsResponder("l")) { try s.addAccessory("a", of: "l", height: 44) }
        #expect(throws: ModelError.invalidHeight(0, max: 852)) { try s.addAccessory("a", of: "f", height: 0) }
        try s.addAccessory("a", of: "f", height: 44)
        #expect(throws: ModelError.accessoryExists(owner: "f", accessory: "a")) { try s.addAccessory("b", of: "f", height: 44) }
        try s.addAccessory("bar", of: "C", height: 50)
        #expect(throws: ModelError.accessoryExists(owner: "C", accessory: "bar")) { try s.addAccessory("b", of: "C", height: 44) }
        // Removing the field takes its accessory (and the accessory's subviews) with it.
        try s.addView(.button, "done", to: "a")
        try s.remove("f")
        #expect(s.views.map(\.name) == ["C.view", "l", "bar"])
    }

    @Test func theFirstRespondersInputViews() throws {
        var s = try screen()
        try s.addView(.textField, "f", to: "C.view")
        try s.addView(.textField, "g", to: "C.view")
        try s.addAccessory("toolbar", of: "f", height: 44)
        try s.addAccessory("bar", of: "C", height: 50)
        try s.addView(.textView, "message", to: "bar")
        try s.setInputView(height: 216, of: "g")
        // Nothing editing: the controller's bar rests.
        #expect(s.keyboardInputs().inputs == Keyboard.Inputs(resting: 50))
        try s.setFocus("f")
        #expect(s.keyboardInputs().inputs == Keyboard.Inputs(accessory: 44))
        try s.setFocus("g")
        #expect(s.keyboardInputs().inputs == Keyboard.Inputs(inputView: 216))
        // The bar's own text view keeps the bar on the keyboard.
        try s.setFocus("message")
        #expect(s.keyboardInputs().inputs == Keyboard.Inputs(accessory: 50, resting: 50))
        #expect(s.keyboardInputs().accessory == "bar")
        try s.setControllerResigned(true, "C")
        try s.setFocus(nil)
        #expect(s.keyboardInputs().inputs == Keyboard.Inputs())
    }

    // MARK: Tables

    @Test func aTableHasRowsButCellsOnlyWhereViewsAre() throws {
        var s = try screen()
        try s.addView(.tableView, "items", to: "C.view", options: ViewOptions(table: TableConfiguration(rows: 10_000)))
        try s.pin("items", to: "C.view")
        // 10,000 × 44 = 440,000 pt of content; no view per row.
        #expect(s.layout().view("items")?.scroll?.contentSize == Size(width: 393, height: 440_000))
        #expect(s.views.count == 2)
        try s.addView(.textField, "qty", toRow: 12, of: "items")
        #expect(s.views.map(\.name) == ["C.view", "items", "itemsRow12", "qty"])
        // Row 12 at 12 × 44 = 528 in the content; offset −59: 587 on the screen.
        #expect(s.layout().frame("itemsRow12") == rect(0, 587, 393, 44))
        // On screen: content −59…793 (offset −59, 852 high); 793 / 44 = 18.02: rows 0…18.
        #expect(s.visibleRows(of: "items", in: s.layout()) == 0..<19)
        #expect(throws: ModelError.rowOutOfRange(table: "items", row: 10_000, rows: 10_000)) {
            try s.addView(.textField, "x", toRow: 10_000, of: "items")
        }
        #expect(s.views.count == 4)
        #expect(throws: ModelError.rowHoldsViews(table: "items", row: 12)) { try s.setTable("items", rows: 12) }
        try s.setTable("items", rowHeight: 60)
        // 12 × 60 = 720: 779 on the screen.
        #expect(s.layout().frame("itemsRow12") == rect(0, 779, 393, 60))
    }

    @Test func aGroupedTableHasASectionHeader() throws {
        var s = try screen()
        try s.addView(.tableView, "t", to: "C.view", options: ViewOptions(table: TableConfiguration(rows: 3, style: .grouped)))
        try s.pin("t", to: "C.view")
        // 35 + 3 × 44 = 167
        #expect(s.layout().view("t")?.scroll?.contentSize.height == 167)
        try s.addView(.label, "l", toRow: 0, of: "t")
        // The first row under the header: 59 + 35 = 94.
        #expect(s.layout().frame("tRow0").minY == 94)
    }

    @Test func aTableViewControllersTableFillsItsView() throws {
        var s = try screen()
        try s.addController("T")
        try s.makeTableController("T", table: "rows", TableConfiguration(rows: 5))
        #expect(s.layout().frame("rows") == rect(0, 0, 393, 852))
        #expect(throws: ModelError.cannotRemoveRootView("rows", controller: "T")) { try s.remove("rows") }
    }

    // MARK: Windows

    @Test func splitViewAndSlideOverWindows() throws {
        var s = try Screen(deviceID: "ipad-pro-11", orientation: .landscape)
        try s.addController("C")
        // 1194 wide: half (1194 − 10) / 2 = 592; third 375 at 1194 − 375 = 819.
        try s.setWindow(.splitHalf)
        #expect(s.appWindowFrame == rect(0, 0, 592, 834))
        #expect(s.layout().frame("C.view") == rect(0, 0, 592, 834))
        #expect(s.windowSafeAreaInsets == EdgeInsets(top: 24, left: 0, bottom: 20, right: 0))
        try s.setWindow(.splitThird)
        #expect(s.appWindowFrame == rect(819, 0, 375, 834))
        try s.setWindow(.slideOver)
        #expect(s.appWindowFrame == rect(874, 0, 320, 834))
        // Portrait, 834 wide: half (834 − 10) / 2 = 412.
        try s.setWindow(.splitHalf)
        s.rotate(to: .portrait)
        #expect(s.appWindowFrame == rect(0, 0, 412, 1194))
        // A 1024-wide screen: half 507, third 320 (1024 = 694 + 10 + 320).
        try s.setDevice("ipad-9.7", orientation: .landscape)
        #expect(s.appWindowFrame == rect(0, 0, 507, 768))
        try s.setWindow(.splitThird)
        #expect(s.appWindowFrame == rect(704, 0, 320, 768))
        try s.setDevice("iphone-15")
        #expect(s.window == nil)
    }

    @Test func aStageManagerWindowSeesPartOfTheKeyboard() throws {
        var s = try Screen(deviceID: "ipad-pro-11", orientation: .landscape)
        try s.addController("C")
        try s.setWindow(.stage, frame: rect(100, 60, 700, 600))
        // Inside the screen's safe area on every side: no insets.
        #expect(s.windowSafeAreaInsets == .zero)
        try s.addView(.view, "bar", to: "C.view")
        try s.constrain("bar.bottom", .equal, "C.view.keyboard.top")
        try s.constrain("bar.height", .equal, constant: 10)
        try s.constrain("bar.leading", .equal, "C.view.leading")
        try s.constrain("bar.width", .equal, constant: 10)
        // Keyboard 438 high: top 834 − 438 = 396 on the screen, 396 − 60 = 336 in the window.
        s.setKeyboardFrame(rect(0, 396, 1194, 438))
        #expect(s.keyboardFrameInWindow == rect(-100, 336, 1194, 438))
        #expect(s.layout().frame("bar").maxY == 336)
        #expect(throws: ModelError.windowOutsideScreen(rect(600, 60, 700, 600), Size(width: 1194, height: 834))) {
            try s.setWindow(.stage, frame: rect(600, 60, 700, 600))
        }
        var phone = try screen()
        #expect(throws: ModelError.windowNeedsPad("split-half")) { try phone.setWindow(.splitHalf) }
    }

    // MARK: Sheets

    @Test func anIPadFormSheetMovesUpForTheKeyboard() throws {
        var s = try Screen(deviceID: "ipad-pro-11")
        try s.addController("Inbox")
        try s.addController("Compose")
        try s.present("Compose", style: .formSheet)
        // (834 − 540) / 2 = 147, (1194 − 620) / 2 = 287
        #expect(s.layout().frame("Compose.view") == rect(147, 287, 540, 620))
        // Keyboard 353: top 841; the sheet's bottom 907 would be under it: 841 − 620 = 221.
        s.setKeyboardFrame(rect(0, 841, 834, 353))
        #expect(s.layout().frame("Compose.view") == rect(147, 221, 540, 620))
        #expect(throws: ModelError.cannotPresent("Compose", "it is already presented (as formSheet from Inbox); dismiss Compose first")) {
            try s.present("Compose", style: .sheet)
        }
        #expect(throws: ModelError.cannotPresent("Inbox", "it is the window's root controller")) { try s.present("Inbox", style: .sheet) }
        try s.dismiss("Compose")
        #expect(throws: ModelError.notPresented("Compose")) { try s.dismiss("Compose") }
        #expect(try s.controller(named: "Compose").isAppeared == false)
    }

    @Test func anIPhoneSheetAndItsMediumDetent() throws {
        var s = try screen()
        try s.addController("Sheet")
        try s.present("Sheet", style: .sheet, detent: .medium)
        // Medium: the bottom half, 852 / 2 = 426.
        #expect(s.layout().frame("Sheet.view") == rect(0, 426, 393, 426))
        // The keyboard expands it to large: 59 + 10 = 69, 852 − 69 = 783 high.
        s.setKeyboardFrame(rect(0, 516, 393, 336))
        #expect(s.layout().frame("Sheet.view") == rect(0, 69, 393, 783))
        // Landscape on a phone: the sheet fills the screen.
        s.setKeyboardFrame(nil)
        s.rotate(to: .landscape)
        #expect(s.layout().frame("Sheet.view") == rect(0, 0, 852, 393))
    }
}
