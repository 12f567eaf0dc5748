import ArgumentParser
import Foundation
import KBShell

/// `import` of a generated storyboard: a scroll view whose content holds
/// rows, each a horizontal stack view of a label and a text field, one
/// under the other (views = 3 + 3 × rows). Timed through
/// `Session.execute`, as the shell runs it: the file read, the XML parsed,
/// the scene converted, laid out and reported.
struct ImportBench: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "import",
        abstract: "Import a generated storyboard of N views (stack views, constraints) through Session.execute."
    )

    @Option(help: "Views in the scene, the root view included (rounded to 3 + 3 × rows).") var views = 300
    @Option(help: "Imports timed (the median and the slowest are printed).") var runs = 30
    @Flag(help: "Print the storyboard instead of timing it.") var printDocument = false

    func run() throws {
        let rows = max(1, (views - 3) / 3)
        let document = Self.storyboard(rows: rows)
        if printDocument {
            print(document, terminator: "")
            return
        }
        let path = NSTemporaryDirectory() + "kbplay-bench-import-\(getpid()).storyboard"
        try document.write(toFile: path, atomically: true, encoding: .utf8)
        defer { try? FileManager.default.removeItem(atPath: path) }
        var made = 0
        let (median, slowest) = try medianAndSlowest(runs: runs, setUp: { Session() }) { session in
            let outcome = session.execute("import \(path)")
            guard outcome.status == .ok else { throw ValidationError("the import failed:\n\(outcome.text)") }
            made = session.screen.views.count
        }
        print("case=import views=\(made) rows=\(rows) bytes=\(document.utf8.count) median_ms=\(milliseconds(median)) max_ms=\(milliseconds(slowest))")
    }

    /// The storyboard: rows of `[label][field]` stacks in a scroll view's content.
    static func storyboard(rows: Int) -> String {
        var subviews = "", constraints = ""
        for i in 0..<rows {
            subviews += """
                <stackView opaque="NO" contentMode="scaleToFill" spacing="8" translatesAutoresizingMaskIntoConstraints="NO" id="st-\(i)">
                    <rect key="frame" x="16" y="\(16 + i * 42)" width="361" height="34"/>
                    <subviews>
                        <label opaque="NO" horizontalHuggingPriority="251" text="Field \(i)" id="lb-\(i)">
                            <rect key="frame" x="0.0" y="0.0" width="80" height="34"/>
                        </label>
                        <textField opaque="NO" borderStyle="roundedRect" placeholder="Value \(i)" id="tf-\(i)">
                            <rect key="frame" x="88" y="0.0" width="273" height="34"/>
                        </textField>
                    </subviews>
                </stackView>

                """
            let above = i == 0 ? #"secondItem="cv-1" secondAttribute="top" constant="16""# : #"secondItem="st-\#(i - 1)" secondAttribute="bottom" constant="8""#
            constraints += """
                <constraint firstItem="st-\(i)" firstAttribute="top" \(above) id="cn-t\(i)"/>
                <constraint firstItem="st-\(i)" firstAttribute="leading" secondItem="cv-1" secondAttribute="leading" constant="16" id="cn-l\(i)"/>
                <constraint firstAttribute="trailing" secondItem="st-\(i)" secondAttribute="trailing" constant="16" id="cn-r\(i)"/>

                """
        }
        constraints += #"<constraint firstAttribute="bottom" secondItem="st-\#(rows - 1)" secondAttribute="bottom" constant="16" id="cn-end"/>"#
        let scroll = """
            <scrollView clipsSubviews="YES" contentMode="scaleToFill" translatesAutoresizingMaskIntoConstraints="NO" id="sv-1">
                                            <rect key="frame" x="0.0" y="59" width="393" height="759"/>
                                            <subviews>
                                                <view contentMode="scaleToFill" translatesAutoresizingMaskIntoConstraints="NO" id="cv-1">
                                                    <rect key="frame" x="0.0" y="0.0" width="393" height="\(16 + rows * 42 + 8)"/>
                                                    <subviews>
            \(subviews)
                                                    </subviews>
                                                    <constraints>
            \(constraints)
                                                    </constraints>
                                                </view>
                                            </subviews>
                                            <constraints>
                                                <constraint firstItem="cv-1" firstAttribute="top" secondItem="cg-1" secondAttribute="top" id="cn-c1"/>
                                                <constraint firstItem="cv-1" firstAttribute="leading" secondItem="cg-1" secondAttribute="leading" id="cn-c2"/>
                                                <constraint firstItem="cv-1" firstAttribute="trailing" secondItem="cg-1" secondAttribute="trailing" id="cn-c3"/>
                                                <constraint firstItem="cv-1" firstAttribute="bottom" secondItem="cg-1" secondAttribute="bottom" id="cn-c4"/>
                                                <constraint firstItem="cv-1" firstAttribute="width" secondItem="fg-1" secondAttribute="width" id="cn-c5"/>
                                            </constraints>
                                            <viewLayoutGuide key="contentLayoutGuide" id="cg-1"/>
                                            <viewLayoutGuide key="frameLayoutGuide" id="fg-1"/>
                                        </scrollView>
            """
        let rootConstraints = """
                                        <constraint firstItem="sv-1" firstAttribute="top" secondItem="sa-1" secondAttribute="top" id="cn-s1"/>
                                        <constraint firstItem="sv-1" firstAttribute="leading" secondItem="rv-1" secondAttribute="leading" id="cn-s2"/>
                                        <constraint firstAttribute="trailing" secondItem="sv-1" secondAttribute="trailing" id="cn-s3"/>
                                        <constraint firstItem="sa-1" firstAttribute="bottom" secondItem="sv-1" secondAttribute="bottom" id="cn-s4"/>
            """
        return BenchStoryboard.document(subviews: scroll, constraints: rootConstraints)
    }
}
