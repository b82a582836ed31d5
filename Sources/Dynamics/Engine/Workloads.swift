// Design note: the standard scenes shared by the tests and the `animatic bench physics`
// command, so the numbers in the benchmark and the assertions in the suite come from the same
// builders. All are in engine units (metres) with gravity 10 m/s^2 = UIKit's 1000 pt/s^2.
import Foundation

/// Reference workloads: Box2D's benchmark scenes (y mirrored: this engine's y points down) and
/// the rain of the pymunk peer programs.
enum Workloads {
    /// Box2D's "large pyramid": `base` rows of 1 m boxes (100 pt) on a static ground box whose
    /// top is y = 0; base 100 = 5,050 boxes. Returns the world and the boxes row by row from the
    /// bottom.
    static func pyramid(base: Int = 100, sleeping: Bool = false) -> (World, [BodyID]) {
        let world = World(gravity: Vec2(0, 10))
        world.enableSleep = sleeping
        var gd = BodyDef(); gd.type = .staticBody
        let ground = world.createBody(gd)
        var sd = ShapeDef(); sd.friction = 0.6
        world.createShape(ground, .polygon(Polygon.box(halfWidth: Double(base), halfHeight: 1, center: Vec2(0, 1))), sd)
        let half = 0.5
        let box = Polygon.box(halfWidth: half, halfHeight: half)
        var boxes: [BodyID] = []
        for i in 0..<base {
            let y = -(2 * Double(i) + 1) * half
            for j in i..<base {
                let x = Double(i + 1) * half + 2 * Double(j - i) * half - half * Double(base)
                var bd = BodyDef(); bd.position = Vec2(x, y)
                let b = world.createBody(bd)
                world.createShape(b, .polygon(box), sd)
                boxes.append(b)
            }
        }
        return (world, boxes)
    }

    /// Box2D's "many pyramids": `rows` x `columns` pyramids of `base` rows of 1 m boxes, each row
    /// of pyramids on its own ground segment 11 m above the last (20 x 20 x 55 = 22,000 boxes).
    static func manyPyramids(rows: Int = 20, columns: Int = 20, base: Int = 10) -> (World, [BodyID]) {
        let world = World(gravity: Vec2(0, 10))
        world.enableSleep = false
        var gd = BodyDef(); gd.type = .staticBody
        let ground = world.createBody(gd)
        var sd = ShapeDef(); sd.friction = 0.6
        let spacing = Double(base) + 1
        let halfWidth = Double(columns) * spacing / 2
        for r in 0..<rows {
            let y = -Double(r) * spacing
            world.createShape(ground, .polygon(Polygon(segmentFrom: Vec2(-halfWidth, y), to: Vec2(halfWidth, y))), sd)
        }
        let box = Polygon.box(halfWidth: 0.5, halfHeight: 0.5)
        var boxes: [BodyID] = []
        for r in 0..<rows {
            for j in 0..<columns {
                for i in 0..<base {
                    for k in 0..<(base - i) {
                        let x = -halfWidth + 1 + spacing * Double(j) + 0.5 * Double(i) + Double(k)
                        let y = -(spacing * Double(r) + Double(i) + 0.5)
                        var bd = BodyDef(); bd.position = Vec2(x, y)
                        let b = world.createBody(bd)
                        world.createShape(b, .polygon(box), sd)
                        boxes.append(b)
                    }
                }
            }
        }
        return (world, boxes)
    }

    /// The rain of the pymunk peer program: `count` 12 pt boxes and pentagons falling into an
    /// open box of `width` x `height` points (restitution 0.3, friction 0.5).
    static func rain(count: Int, width: Double = 1280, height: Double = 720, sleeping: Bool = false) -> (World, [BodyID]) {
        let world = World(gravity: Vec2(0, 10))
        world.enableSleep = sleeping
        let w = width / 100, h = height / 100
        var gd = BodyDef(); gd.type = .staticBody
        let ground = world.createBody(gd)
        var sd = ShapeDef(); sd.friction = 0.5; sd.restitution = 0.3
        world.createChain(ground, points: [Vec2(0, 0), Vec2(0, h), Vec2(w, h), Vec2(w, 0)], closed: false, sd)
        let cols = Int((Double(count) * width / height).squareRoot()) + 1
        let size = 0.12
        let square = Polygon.box(halfWidth: size / 2, halfHeight: size / 2)
        let pentagon = try! Polygon(points: (0..<5).map { k in
            Vec2(size / 2 * cos(2 * Double.pi * Double(k) / 5), size / 2 * sin(2 * Double.pi * Double(k) / 5))
        })
        var bodies: [BodyID] = []
        for i in 0..<count {
            let x = 0.2 + Double(i % cols) * (w - 0.4) / Double(cols)
            let y = -Double(i / cols) * size * 1.6 + h * 0.5
            var bd = BodyDef(); bd.position = Vec2(x, y)
            let b = world.createBody(bd)
            world.createShape(b, .polygon(i % 2 == 0 ? square : pentagon), sd)
            bodies.append(b)
        }
        return (world, bodies)
    }

    /// A pile of `count` bodies: the rain scene with a container scaled so the pile has the
    /// same depth as 1,000 bodies in 1280x720, for per-body cost comparisons across sizes.
    static func pile(count: Int) -> (World, [BodyID]) {
        let scale = (Double(count) / 1000).squareRoot()
        return rain(count: count, width: 1280 * scale * scale, height: 720)
    }

    /// An order-sensitive hash (FNV-1a over the bit patterns of every body's position,
    /// angle and velocity): equal hashes mean bit-identical states.
    static func stateHash(_ world: World) -> UInt64 {
        var h: UInt64 = 0xcbf29ce484222325
        func mix(_ d: Double) {
            var bits = d.bitPattern
            for _ in 0..<8 { h = (h ^ (bits & 0xff)) &* 0x100000001b3; bits >>= 8 }
        }
        for i in world.bodies.indices where world.bodies[i].alive {
            let b = world.bodies[i]
            mix(b.transform.p.x); mix(b.transform.p.y); mix(b.transform.q.c); mix(b.transform.q.s)
            mix(b.linearVelocity.x); mix(b.linearVelocity.y); mix(b.angularVelocity)
        }
        return h
    }
}
