import KBSwiftImport
import Testing

/// IQKeyboardManager set up in the app's code: each version's spelling,
/// the distance, the last assignment winning, and code that only mentions
/// the manager.
@Suite("import swift: IQKeyboardManager")
struct KeyboardManagerTests {
    static func manager(_ code: String) -> KeyboardCodeReport? {
        SwiftImporter.read([SwiftSource(path: "App.swift", text: code)]).keyboardCode.first { $0.appWide }
    }

    @Test(arguments: [
        ("IQKeyboardManager.shared.enable = true", nil),                                 // 6.x
        ("IQKeyboardManager.shared.isEnabled = true", nil),                              // 7 and later
        ("IQKeyboardManager.sharedManager().enable = true", nil),                        // 5.x
        ("IQKeyboardManager.shared.isEnabled = true\n IQKeyboardManager.shared.keyboardDistance = 24", "distance 24"),
        ("IQKeyboardManager.shared.enable = true\n IQKeyboardManager.shared.keyboardDistanceFromTextField = 10", nil),
        ("IQKeyboardManager.shared.enable = true\n IQKeyboardManager.shared.keyboardDistanceFromTextField = 12.5", "distance 12.5"),
    ] as [(String, String?)])
    func eachVersionsSpellingRunsAutoScroll(_ setUp: String, _ arguments: String?) throws {
        let code = """
        final class AppDelegate: UIResponder, UIApplicationDelegate {
            func application(_ application: UIApplication, didFinishLaunchingWithOptions launchOptions: [UIApplication.LaunchOptionsKey: Any]?) -> Bool {
                \(setUp)
                return true
            }
        }
        """
        let r = try #require(Self.manager(code), "\(setUp)")
        #expect(r.type == "AppDelegate")
        #expect(r.line == 3)
        #expect(r.strategy == .autoScroll && r.runs == .autoScroll)
        #expect(r.runsArguments == arguments)
        #expect(r.removes == "never")
    }

    /// The last assignment is the one the app runs with; reading the
    /// manager's state or a switch off is no set-up.
    @Test func disabledOrOnlyReadIsNoManager() {
        #expect(Self.manager("func f() { IQKeyboardManager.shared.enable = true; IQKeyboardManager.shared.enable = false }") == nil)
        #expect(Self.manager("func f() { if IQKeyboardManager.shared.isEnabled { print(1) } }") == nil)
        #expect(Self.manager("func f() { IQKeyboardManager.shared.enableAutoToolbar = true }") == nil)
        #expect(Self.manager("func f() { let enable = true; other.shared.enable = enable }") == nil)
    }

    /// Inside `#if canImport(IQKeyboardManagerSwift)` (as `export swift`
    /// writes it): the app's code when the package is linked.
    @Test func aConditionOnThePackageIsReadThrough() throws {
        let r = try #require(Self.manager("""
        final class FormViewController: UIViewController {
            override func viewDidLoad() {
                super.viewDidLoad()
                #if canImport(IQKeyboardManagerSwift)
                IQKeyboardManager.shared.isEnabled = true
                IQKeyboardManager.shared.keyboardDistance = 30
                #endif
            }
        }
        """))
        #expect(r.type == "FormViewController")
        #expect(r.runsArguments == "distance 30")
    }
}
