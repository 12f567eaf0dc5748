import Testing
@testable import KBModel

@Suite struct DeviceCatalogTests {
    let catalog = DeviceCatalog.standard

    @Test func decodesEveryPresetFromTheEmbeddedFile() throws {
        #expect(catalog.devices.count == 15)
        #expect(catalog.default == "iphone-15")
        let d = catalog.defaultDevice
        #expect(d.screen == Size(width: 393, height: 852))
        #expect(d.screenSize(.landscape) == Size(width: 852, height: 393))
        #expect(d.safeAreaInsets(.portrait) == EdgeInsets(top: 59, left: 0, bottom: 34, right: 0))
        #expect(d.safeAreaInsets(.landscape) == EdgeInsets(top: 0, left: 59, bottom: 21, right: 59))
        #expect(d.keyboardHeight(.portrait) == 336)
        #expect(d.keyboardHeight(.portrait, predictive: false) == 292)
        #expect(d.keyboardHeight(.landscape) == 219)
        #expect(d.predictiveBar[.portrait] == 44)
        #expect(d.idiom == .phone)
        #expect(d.dockedKeyboardFrame(.portrait) == rect(0, 516, 393, 336))
        let pad = try catalog.lookup("ipad-pro-11")
        #expect(pad.idiom == .pad)
        #expect(pad.rootSideMargin == 20)
        #expect(try catalog.lookup("iphone-8").safeAreaInsets(.portrait).top == 20)
    }

    @Test func topLevelBlocks() {
        #expect(catalog.userInfo.animationDuration == 0.25)
        #expect(catalog.userInfo.animationCurve == 7)
        #expect(catalog.userInfo.animationOptionsRaw == 7 << 16)
        #expect(catalog.userInfo.isLocal)
        #expect(catalog.sequences["show"] == ["willChangeFrame", "willShow", "didChangeFrame", "didShow"])
        #expect(catalog.sequences["hide"] == ["willChangeFrame", "willHide", "didChangeFrame", "didHide"])
        #expect(catalog.curve7.omega == 18.2574)
        #expect(catalog.curve7.progress(at: 0) == 0)
        // 1 − (1 + 9.1287)·e^−9.1287 ≈ 0.99890
        #expect(abs(catalog.curve7.progress(at: 0.5) - 0.99890) < 1e-4)
    }

    @Test func unknownDeviceSuggestsTheNearestId() {
        #expect(throws: ModelError.unknownDevice("iphone-51", suggestion: "iphone-15")) {
            try catalog.lookup("iphone-51")
        }
        #expect(ModelError.unknownDevice("iphone-51", suggestion: "iphone-15").description
            == "unknown device 'iphone-51' — did you mean 'iphone-15' (393×852)?")
    }

    /// The marketing names in each preset's `name` are names `device`
    /// takes: "iPhone 14 Pro, 15, 15 Pro, 16" is iphone-15's, "iPhone
    /// 6/7/8, SE 2nd/3rd gen" iphone-8's.
    @Test func marketingNamesAreAliases() throws {
        #expect(try catalog.lookup("iphone-15").aliases == ["iphone-14-pro", "iphone-15", "iphone-15-pro", "iphone-16"])
        #expect(try catalog.lookup("iphone-8").aliases == ["iphone-6", "iphone-7", "iphone-8", "iphone-se-2", "iphone-se-3"])
        #expect(try catalog.lookup("iphone-se1").aliases == ["iphone-se-1", "iphone-5s"])
        #expect(try catalog.lookup("iphone-8-plus").aliases == ["iphone-6-plus", "iphone-7-plus", "iphone-8-plus"])
        #expect(try catalog.lookup("iphone-13").aliases == ["iphone-12", "iphone-13", "iphone-14", "iphone-12-pro", "iphone-13-pro"])
        #expect(try catalog.lookup("ipad-pro-11").aliases == ["ipad-pro-11", "ipad-air-4"])
        #expect(try catalog.lookup("ipad-pro-12.9").aliases == ["ipad-pro-12.9"])
        #expect(try catalog.lookup("ipad-9.7").aliases == ["ipad-9.7"])
        // Spelled as people write them.
        for (name, id) in [("iphone-16", "iphone-15"), ("iphone-se3", "iphone-8"), ("iPhone SE 3rd gen", "iphone-8"),
                           ("iphone-se-2", "iphone-8"), ("iphone-xr", "iphone-11"), ("iphone-14-plus", "iphone-13-pro-max"),
                           ("iPhone 16 Plus", "iphone-15-pro-max"), ("ipad-air-4", "ipad-pro-11"), ("iphone-5s", "iphone-se1")] {
            #expect(try catalog.lookup(name).id == id, "\(name)")
        }
        // No alias names another preset, and every preset's id is its own.
        for d in catalog.devices {
            #expect(try catalog.lookup(d.id).id == d.id)
            for alias in d.aliases { #expect(try catalog.lookup(alias).id == d.id, "\(alias)") }
        }
    }

    /// Suggestions go by marketing name and screen, not spelling alone.
    @Test func suggestionsGoByAliasAndScreen() {
        // iphone-11 is one letter from iphone-17, but the 16 is nearer.
        #expect(catalog.suggestion(for: "iphone-17") == "iphone-16")
        #expect(ModelError.unknownDevice("iphone-17", suggestion: "iphone-16").description
            == "unknown device 'iphone-17' — did you mean 'iphone-16' (iphone-15, 393×852)?")
        // A screen size names the preset with that screen, in either orientation.
        #expect(catalog.suggestion(for: "375x667") == "iphone-8")
        #expect(catalog.suggestion(for: "852×393") == "iphone-15")
        #expect(catalog.suggestion(for: "1x1") == nil)
        #expect(catalog.suggestion(for: "iphone-51") == "iphone-15")
    }
}
