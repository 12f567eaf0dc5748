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
            == "unknown device 'iphone-51' — did you mean 'iphone-15'?")
    }
}
