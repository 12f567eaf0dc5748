import KBModel

/// `import uitest FILE [device ID]`: the element tree a UI test prints
/// (`print(app.debugDescription)`, or the tree in a failed query's
/// message) as the session's screen.
///
/// XCTest prints each element on a line, indented by its depth:
/// `TextField, 0x600…, {{16.0, 600.0}, {358.0, 34.0}}, identifier: 'email',
/// placeholderValue: 'Email'`, the frame in screen points. The window's
/// size gives the device. Each element below the window is a view pinned
/// to its frame in its superview (`NAME_left`, `_top`, `_width`,
/// `_height`), named by its accessibility identifier, else by its kind
/// (`textField1`), its identifier kept as its `accessibilityIdentifier`. The keyboard's own elements (a `Keyboard` subtree: the
/// keyboard was up when the tree was printed) are left out: kbplay's
/// keyboard starts down, and `focus` brings it up.
public enum UITestTreeImporter: Importer {
    static let device = ImportOption("device", "DEVICE", .device)

    public static let grammar = ImportGrammar(word: "uitest", options: [device],
        summary: "replace the screen with the element tree a UI test printed (app.debugDescription)",
        details: "Reads the `Element subtree:` an XCUIElement's debugDescription prints (or the whole file, when it is the tree alone): each element with a frame becomes a view pinned to that frame in its superview (NAME_left, _top, _width, _height), named by its accessibility identifier, else by its kind. TextField, SecureTextField and SearchField are text fields (placeholderValue is the placeholder, value the text), TextView a text view, Button a button and StaticText a label (their label is the text), ScrollView, Table and CollectionView scroll views, the rest views. The device is the one whose screen is the window's size, unless `device ID` names one. A Keyboard subtree is left out and said: kbplay's keyboard starts down (`focus` brings it up).",
        examples: ["import uitest LoginScreen.txt", "import uitest failure.txt device iphone-15"])

    /// One element line.
    struct Element {
        var type: String
        var depth: Int
        var frame: Rect?
        var attributes: [String: String]
        var line: Int
    }

    public static func run(_ request: ImportRequest) throws(ImportError) -> ImportResult {
        let elements = try parse(request.file.text, file: request.file.path)
        guard let window = elements.first(where: { $0.type.hasPrefix("Window") && $0.frame != nil }) ?? elements.first(where: { $0.frame != nil }),
              let windowFrame = window.frame else {
            throw ImportError("\(request.file.path) has no element with a frame", suggestion: "paste the tree from 'Element subtree:' on, as print(app.debugDescription) writes it", place: .file)
        }
        let catalog = DeviceCatalog.standard
        var assumed: [String] = []
        var chosen: (Device, Orientation)?
        if let id = request.value(device) ?? request.startDevice?.id {
            do throws(ModelError) { chosen = (try catalog.lookup(id), request.startDevice?.orientation ?? .portrait) } catch {
                var suggestion: String?
                if case let .unknownDevice(_, s) = error { suggestion = s }
                throw ImportError(error.description, suggestion: suggestion, place: .value(of: device.keyword))
            }
        } else {
            let size = windowFrame.size
            chosen = FramedViews.preset(forScreen: size, in: catalog)
            assumed.append(chosen.map { "device \($0.0.id) \($0.1.rawValue), from the window's frame (\(formatPoints(size.width)) × \(formatPoints(size.height)))" }
                           ?? "device \(catalog.defaultDevice.id) portrait: no preset's screen is \(formatPoints(size.width)) × \(formatPoints(size.height)) (device ID picks one)")
        }
        let (chosenDevice, orientation) = chosen ?? (catalog.defaultDevice, .portrait)
        let controller = "App", root = "App.view"
        var screen = Screen(device: chosenDevice, orientation: orientation)
        do throws(ModelError) { _ = try screen.addController(controller) } catch { throw ImportError(error.description) }

        // Parents by depth: the window's own line is the root view.
        var stack: [(depth: Int, name: String?, origin: Point)] = [(window.depth, root, Point(x: windowFrame.x, y: windowFrame.y))]
        var names: [(id: String, name: String)] = []
        var numbered = FramedViews.Names(reserved: ["window", "screen", "kb", "keyboard", controller])
        var leftOut: [String] = []
        var keyboardDepth: Int?
        var keyboardLine: Int?
        var count = 0
        for e in elements where e.line > window.line {
            if let k = keyboardDepth, e.depth > k { continue }
            keyboardDepth = nil
            if e.type == "Keyboard" {
                keyboardDepth = e.depth
                keyboardLine = keyboardLine ?? e.line
                continue
            }
            while let last = stack.last, last.depth >= e.depth { stack.removeLast() }
            // Past the first window (another window: the keyboard's, an alert's).
            guard let parent = stack.last else { continue }
            // Elements inside a control (a text field's clear button) are the control's own.
            guard let parentName = parent.name, let frame = e.frame, frame.width > 0 || frame.height > 0,
                  (try? screen.view(named: parentName)).map({ ![.textField, .textView, .button, .label].contains($0.kind) }) ?? true else {
                stack.append((e.depth, nil, parent.origin))
                continue
            }
            let kind = self.kind(of: e.type)
            var name = e.attributes["identifier"].map(ConsoleLogImporter.sanitized) ?? ""
            if name.isEmpty || numbered.used.contains(name) || name.contains(".") {
                name = numbered.next(for: kind)
            } else {
                numbered.used.insert(name)
            }
            var options = ViewOptions()
            switch kind {
            case .textField, .textView:
                if let v = e.attributes["value"], !v.isEmpty, v != e.attributes["placeholderValue"] { options.text = v }
                if kind == .textField, let p = e.attributes["placeholderValue"], !p.isEmpty { options.placeholder = p }
            case .label, .button:
                if let l = e.attributes["label"], !l.isEmpty { options.text = l }
            default: break
            }
            let inParent = Rect(x: frame.x - parent.origin.x, y: frame.y - parent.origin.y, width: frame.width, height: frame.height)
            do throws(ModelError) {
                _ = try screen.addView(kind, name, to: parentName, options: options)
                if let id = e.attributes["identifier"], !id.isEmpty, let property = ViewProperty.named("accessibilityIdentifier") {
                    _ = try property.set(.text(id), of: name, on: &screen, writer: ViewProperty.Writer(number: formatNumber, string: { $0 }))
                }
                try FramedViews.pin(name, to: inParent, in: parentName, on: &screen)
            } catch {
                leftOut.append("line \(e.line) \(e.type): \(error.description)")
                stack.append((e.depth, nil, parent.origin))
                continue
            }
            names.append((e.attributes["address"] ?? "line \(e.line)", name))
            stack.append((e.depth, name, Point(x: frame.x, y: frame.y)))
            count += 1
        }
        _ = screen.layout()
        assumed.append("each element pinned to its frame in its superview (NAME_left, _top, _width, _height): a UI test's tree has frames, not constraints")
        var result = ImportResult(stage: Stage(screen: screen), names: names, assumptions: assumed)
        result.log.entries.append(.said("imported \(count) element\(count == 1 ? "" : "s") of a UI test's tree in \(request.file.path) on \(chosenDevice.id) \(orientation.rawValue)"))
        for a in assumed { result.log.entries.append(.said("assumed: \(a)")) }
        result.log.notes += leftOut.map { "not built: \($0)" }
        if let line = keyboardLine {
            result.log.notes.append("note: the tree has the keyboard (line \(line)): it was up when the test printed it; kbplay's keyboard starts down (focus a field to bring it up)")
        }
        result.members["assumed"] = .array(assumed.map { .string($0) })
        return result
    }

    /// The view kind an element type stands for.
    static func kind(of type: String) -> ViewKind {
        switch type {
        case "TextField", "SecureTextField", "SearchField": .textField
        case "TextView": .textView
        case "Button": .button
        case "StaticText": .label
        case "ScrollView", "Table", "CollectionView": .scrollView
        default: .view
        }
    }

    /// The element lines of the tree: from `Element subtree:` to the next
    /// section (`Path to element:`, `Query chain:`), or every line that
    /// reads as an element when the file has no such header.
    static func parse(_ text: String, file: String) throws(ImportError) -> [Element] {
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
        var start = 0
        if let header = lines.firstIndex(where: { $0.contains("Element subtree:") }) { start = header + 1 }
        var elements: [Element] = []
        for index in start ..< lines.count {
            let line = lines[index]
            let trimmed = line.drop { $0 == " " || $0 == "\t" || $0 == "→" }
            if trimmed.hasPrefix("Path to element:") || trimmed.hasPrefix("Query chain:") { break }
            guard let element = element(String(line), line: index + 1) else { continue }
            elements.append(element)
        }
        guard !elements.isEmpty else {
            throw ImportError("\(file) has no element lines (TYPE, 0xADDRESS, {{x, y}, {width, height}}, …)",
                              suggestion: "paste the tree from 'Element subtree:' on, as print(app.debugDescription) writes it", place: .file)
        }
        return elements
    }

    /// One line `  TYPE, 0x…, {{x, y}, {w, h}}, key: 'value', …`, or nil.
    static func element(_ line: String, line number: Int) -> Element? {
        var depth = 0
        var rest = Substring(line)
        while let c = rest.first, c == " " || c == "→" || c == "\t" {
            depth += 1
            rest = rest.dropFirst()
        }
        guard let comma = rest.firstIndex(of: ","), rest[rest.startIndex] != "{" else { return nil }
        // `Window (Main)`: the type, and a title in parentheses.
        let head = rest[..<comma]
        let type = head.split(separator: " ", maxSplits: 1).first.map(String.init) ?? ""
        let title = head.dropFirst(type.count)
        guard !type.isEmpty, type.allSatisfy({ $0.isLetter }), title.isEmpty || (title.hasPrefix(" (") && title.hasSuffix(")")) else { return nil }
        rest = rest[rest.index(after: comma)...]
        var attributes: [String: String] = [:]
        var frame: Rect?
        // The fields after the type: an address, a frame, then `key: value` pairs
        // (a value in single quotes may hold commas).
        while !rest.isEmpty {
            rest = rest.drop { $0 == " " }
            if rest.hasPrefix("{{") {
                guard let end = rest.range(of: "}}") else { return nil }
                let numbers = rest[rest.index(rest.startIndex, offsetBy: 2) ..< end.lowerBound]
                    .split(whereSeparator: { "{}, ".contains($0) }).compactMap { Double($0) }
                guard numbers.count == 4, numbers.allSatisfy(\.isFinite) else { return nil }
                frame = Rect(x: numbers[0], y: numbers[1], width: numbers[2], height: numbers[3])
                rest = rest[end.upperBound...]
            } else if rest.hasPrefix("0x") {
                let end = rest.firstIndex(of: ",") ?? rest.endIndex
                attributes["address"] = String(rest[..<end])
                rest = rest[end...]
            } else if let colon = rest.firstIndex(of: ":"), !rest[..<colon].contains(",") {
                let key = String(rest[..<colon])
                rest = rest[rest.index(after: colon)...].drop { $0 == " " }
                if rest.first == "'" {
                    rest = rest.dropFirst()
                    // The value runs to the quote that ends the field (followed by `,` or the line's end).
                    var value = ""
                    while let c = rest.first {
                        rest = rest.dropFirst()
                        if c == "'" && (rest.isEmpty || rest.first == ",") { break }
                        value.append(c)
                    }
                    attributes[key] = value
                } else {
                    let end = rest.firstIndex(of: ",") ?? rest.endIndex
                    attributes[key] = String(rest[..<end])
                    rest = rest[end...]
                }
            } else {
                // A flag (`Selected`, `Disabled`) or text kbplay does not read.
                let end = rest.firstIndex(of: ",") ?? rest.endIndex
                rest = rest[end...]
            }
            if rest.first == "," { rest = rest.dropFirst() }
        }
        // An element has its address or its frame.
        guard frame != nil || attributes["address"] != nil else { return nil }
        return Element(type: type, depth: depth, frame: frame, attributes: attributes, line: number)
    }
}
