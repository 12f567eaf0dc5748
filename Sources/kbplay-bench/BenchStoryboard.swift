/// The storyboard document the import benchmarks write: one scene, the
/// initial view controller `vc-1` (LongFormViewController) on an iPhone 15,
/// its root view `rv-1` with the safe-area guide `sa-1`, holding
/// `subviews` and `constraints` (the elements' XML).
enum BenchStoryboard {
    static func document(subviews: String, constraints: String) -> String {
        """
        <?xml version="1.0" encoding="UTF-8"?>
        <document type="com.apple.InterfaceBuilder3.CocoaTouch.Storyboard.XIB" version="3.0" toolsVersion="22505" targetRuntime="iOS.CocoaTouch" propertyAccessControl="none" useAutolayout="YES" useTraitCollections="YES" useSafeAreas="YES" colorMatched="YES" initialViewController="vc-1">
            <device id="retina6_12" orientation="portrait" appearance="light"/>
            <scenes>
                <scene sceneID="sc-1">
                    <objects>
                        <viewController id="vc-1" customClass="LongFormViewController" sceneMemberID="viewController">
                            <view key="view" contentMode="scaleToFill" id="rv-1">
                                <rect key="frame" x="0.0" y="0.0" width="393" height="852"/>
                                <subviews>
        \(subviews)
                                </subviews>
                                <viewLayoutGuide key="safeArea" id="sa-1"/>
                                <constraints>
        \(constraints)
                                </constraints>
                            </view>
                        </viewController>
                    </objects>
                </scene>
            </scenes>
        </document>

        """
    }
}
