import SwiftSyntax

extension LayoutCodeReader {
    /// A constraint wrapped in a call that names it, as `export swift`
    /// writes it: `a.topAnchor.constraint(equalTo: b.topAnchor).named("c1",
    /// priority: .defaultHigh)` (a `fileprivate` extension that sets the
    /// identifier and the priority). The constraint's call, the name (the
    /// string literal, which is kbplay's own name even where the property
    /// had to be renamed) and the priority; the call itself when it is not
    /// wrapped.
    static func identified(_ call: FunctionCallExprSyntax) -> (call: FunctionCallExprSyntax, name: String?, priority: Double?) {
        guard let m = call.calledExpression.as(MemberAccessExprSyntax.self), m.declName.baseName.text == "named",
              let inner = m.base?.as(FunctionCallExprSyntax.self),
              let literal = call.arguments.first?.expression.as(StringLiteralExprSyntax.self),
              literal.segments.count == 1, let segment = literal.segments.first?.as(StringSegmentSyntax.self) else {
            return (call, nil, nil)
        }
        let priority = call.arguments.first { $0.label?.text == "priority" }.flatMap { Self.priority($0.expression.trimmedDescription) }
        return (inner, segment.content.text, priority)
    }
}

extension LayoutCodeReader {
    /// UIKit's view controller classes a controller of the app subclasses.
    static func isControllerClass(_ name: String) -> Bool {
        ["UIViewController", "UITableViewController", "UICollectionViewController"].contains(name)
    }

    /// A controller class that makes no view and has no property (no
    /// outlet a storyboard fills): its controller is made, with an empty
    /// root view, as `export swift` writes a controller with no views.
    static func isEmptyController(_ t: TypeInfo) -> Bool {
        t.kind == "class" && t.inherits.first.map(isControllerClass) == true && t.properties.isEmpty
    }
}
