// Design note: what a frame shows and what the trace says. Items are drawn in scene order
// (later on top), visible ones only, with their visual color, alpha and scale; the physics
// state supplies center and rotation. Trace lines are JSON written by hand with a fixed key
// order and Swift's shortest round-trip number formatting, so equal states give equal bytes.
import Dynamics
import Foundation
import Rendering

extension SceneColor {
    var rgba: RGBA { RGBA(red: red, green: green, blue: blue, alpha: alpha) }
}

extension SceneRunner {
    /// The frame state of the current frame.
    public func frameState() -> FrameState {
        var drawItems: [DrawItem] = []
        drawItems.reserveCapacity(items.count)
        for item in items where item.visible && !item.removed {
            let shape: DrawShape
            switch item.spec.shape {
            case .rectangle: shape = .rectangle(cornerRadius: item.cornerRadius)
            case .ellipse: shape = .ellipse
            case .path(let pts): shape = .polygon(pts.map { DrawPoint($0.x, $0.y) })
            }
            let c = item.view.center
            drawItems.append(DrawItem(shape: shape, width: item.spec.size.width, height: item.spec.size.height,
                                      center: DrawPoint(Double(c.x), Double(c.y)), angle: Double(item.view.rotation),
                                      fill: item.color.rgba,
                                      stroke: item.spec.stroke.map { DrawStroke(color: $0.color.rgba, width: $0.width) },
                                      alpha: item.alpha, scale: item.scale))
        }
        return FrameState(width: scene.canvas.width, height: scene.canvas.height, scale: scene.canvas.scale,
                          background: scene.canvas.background.rgba, items: drawItems)
    }

    /// One `trace.jsonl` line for the current frame (no trailing newline).
    public func traceLine() -> String {
        var s = "{\"frame\":\(frameIndex),\"time\":\(num(time)),\"running\":\(animator.isRunning),\"items\":["
        for (k, item) in items.enumerated() {
            if k > 0 { s += "," }
            let c = item.view.center
            let v = animator.linearVelocity(of: item.view)
            s += "{\"id\":\(json(item.spec.id)),\"center\":[\(num(Double(c.x))),\(num(Double(c.y)))],\"angle\":\(num(Double(item.view.rotation))),"
            s += "\"velocity\":[\(num(Double(v.dx))),\(num(Double(v.dy)))],\"angularVelocity\":\(num(Double(animator.angularVelocity(of: item.view)))),"
            s += "\"alpha\":\(num(item.alpha)),\"scale\":\(num(item.scale)),\"color\":\"\(hex(item.color))\",\"visible\":\(item.visible && !item.removed)}"
        }
        s += "],\"events\":["
        for (k, e) in frameEvents.enumerated() {
            if k > 0 { s += "," }
            s += "{\"type\":\"\(e.type)\",\"behavior\":\(json(e.behavior)),\"item\":\(json(e.item)),"
            if let w = e.with { s += "\"with\":\(json(w)),"}
            if let b = e.boundary { s += "\"boundary\":\(json(b)),"}
            s += "\"point\":[\(num(e.point.x)),\(num(e.point.y))],\"time\":\(num(e.time))}"
        }
        s += "]}"
        return s
    }

    /// Frames whose interval saw a contact begin (for contact sheets).
    public var framesWithContacts: [Int] { contactFrames }

    func num(_ x: Double) -> String {
        if !x.isFinite { return "null" }
        if x == x.rounded() && abs(x) < 1e15 { return String(Int64(x)) }
        return "\(x)"
    }

    /// A JSON string literal (the scene writer's escaping).
    func json(_ s: String) -> String { JSON5Value.quoted(s) }

    func hex(_ c: SceneColor) -> String {
        func byte(_ v: Double) -> String { String(format: "%02X", Int((min(max(v, 0), 1) * 255).rounded())) }
        return "#" + byte(c.red) + byte(c.green) + byte(c.blue) + byte(c.alpha)
    }
}
