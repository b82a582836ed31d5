// Design note: what a frame shows and what the trace says. Items are drawn in scene order
// (later on top), visible ones only, with their visual color, alpha and scale; the physics
// state supplies center and rotation. Trace lines are JSON written by hand with a fixed key
// order and Swift's shortest round-trip number formatting, so equal states give equal bytes.
import Dynamics
import Foundation
import SceneFormat
import Rendering

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
                                      fill: item.color,
                                      stroke: item.spec.stroke.map { DrawStroke(color: $0.color, width: $0.width) },
                                      alpha: item.alpha, scale: item.scale))
        }
        return FrameState(width: scene.canvas.width, height: scene.canvas.height, scale: scene.canvas.scale,
                          background: scene.canvas.background, items: drawItems)
    }

    /// One `trace.jsonl` line for the current frame (no trailing newline).
    public func traceLine() -> String {
        func pair(_ x: Double, _ y: Double) -> JSON5Value { .array([.number(x), .number(y)]) }
        let itemValues: [JSON5Value] = items.map { item in
            let c = item.view.center
            let v = animator.linearVelocity(of: item.view)
            return .object([
                ("id", .string(item.spec.id)),
                ("center", pair(Double(c.x), Double(c.y))),
                ("angle", .number(Double(item.view.rotation))),
                ("velocity", pair(Double(v.dx), Double(v.dy))),
                ("angularVelocity", .number(Double(animator.angularVelocity(of: item.view)))),
                ("alpha", .number(item.alpha)),
                ("scale", .number(item.scale)),
                ("color", .string(hex(item.color))),
                ("visible", .bool(item.visible && !item.removed)),
            ])
        }
        let eventValues: [JSON5Value] = frameEvents.map { e in
            .object([
                ("type", .string(e.type)), ("behavior", .string(e.behavior)), ("item", .string(e.item)),
                ("with", e.with.map { .string($0) }), ("boundary", e.boundary.map { .string($0) }),
                ("point", pair(e.point.x, e.point.y)), ("time", .number(e.time)),
            ])
        }
        return JSON5Value.object([
            ("frame", .number(frameIndex)), ("time", .number(time)), ("running", .bool(animator.isRunning)),
            ("items", .array(itemValues)), ("events", .array(eventValues)),
        ]).compactJSON()
    }

    /// Frames whose interval saw a contact begin (for contact sheets).
    public var framesWithContacts: [Int] { contactFrames }

    func hex(_ c: SceneColor) -> String {
        func byte(_ v: Double) -> String { String(format: "%02X", Int((min(max(v, 0), 1) * 255).rounded())) }
        return "#" + byte(c.red) + byte(c.green) + byte(c.blue) + byte(c.alpha)
    }
}
