// The reference workloads shared by the engine tests and the benchmark live in
// Dynamics/Engine/Workloads.swift; these helpers only shorten the tests.
import Foundation
import XCTest
@testable import Dynamics

/// 100 pt = 1 m.
let pt = 0.01

func makeGround(_ world: World, y: Double = 0, halfWidth: Double = 50, friction: Double = 0.6, restitution: Double = 0) -> BodyID {
    var def = BodyDef(); def.type = .staticBody
    let g = world.createBody(def)
    var sd = ShapeDef(); sd.friction = friction; sd.restitution = restitution
    world.createShape(g, .polygon(Polygon(segmentFrom: Vec2(-halfWidth, y), to: Vec2(halfWidth, y))), sd)
    return g
}

func makeBox(_ world: World, center: Vec2, half: Double, angle: Double = 0, friction: Double = 0.6,
             restitution: Double = 0, fixedRotation: Bool = false) -> BodyID {
    var def = BodyDef(); def.position = center; def.angle = angle; def.fixedRotation = fixedRotation
    let b = world.createBody(def)
    var sd = ShapeDef(); sd.friction = friction; sd.restitution = restitution
    world.createShape(b, .polygon(.box(halfWidth: half, halfHeight: half)), sd)
    return b
}

/// The UIKit configuration's rain in the tests: `count` boxes and pentagons of 12 cm falling
/// into a 6.4 m wide open box, sleeping off; on `workers` threads with every step on the pool.
func makeSequentialRain(count: Int, workers: Int = 1) -> World {
    let world = World(gravity: Vec2(0, 10), stepMode: .sequentialImpulse)
    world.enableSleep = false
    if workers > 1 {
        world.workerCount = workers
        world.tunesWorkers = false // every step on the pool
    }
    var gd = BodyDef(); gd.type = .staticBody
    let ground = world.createBody(gd)
    var sd = ShapeDef(); sd.friction = 0.5; sd.restitution = 0.3
    world.createChain(ground, points: [Vec2(0, 0), Vec2(0, 3.6), Vec2(6.4, 3.6), Vec2(6.4, 0)], closed: false, sd)
    let pentagon = try! Polygon(points: (0..<5).map { Vec2(0.06 * cos(2 * .pi * Double($0) / 5), 0.06 * sin(2 * .pi * Double($0) / 5)) })
    for i in 0..<count {
        var bd = BodyDef(); bd.position = Vec2(0.2 + Double(i % 30) * 0.2, 3.2 - Double(i / 30) * 0.19)
        let b = world.createBody(bd)
        world.createShape(b, .polygon(i % 2 == 0 ? .box(halfWidth: 0.06, halfHeight: 0.06) : pentagon), sd)
    }
    return world
}

/// A kinematic paddle sweeping through a `makeSequentialRain` pile: it takes no graph color,
/// so one color may hold several of its constraints.
@discardableResult func addSweepingPaddle(_ world: World) -> BodyID {
    var kd = BodyDef(); kd.type = .kinematic; kd.position = Vec2(3.2, 3.3)
    let paddle = world.createBody(kd)
    world.createShape(paddle, .polygon(.box(halfWidth: 0.8, halfHeight: 0.05)), ShapeDef())
    world.setLinearVelocity(paddle, Vec2(0.5, 0))
    return paddle
}

/// A landing rain of 600 items with a sweeping paddle, set up by `configure`, after 300
/// steps: the bodies' states and the impulses the next step warm-starts from (a signed zero
/// shows), bit for bit. What the kernels' on-and-off checks compare.
func sequentialRainBits(workers: Int, _ configure: (World) -> Void) -> [UInt64] {
    let world = makeSequentialRain(count: 600, workers: workers)
    configure(world)
    addSweepingPaddle(world)
    for _ in 0..<300 { world.step(Double(Float(1.0 / 120))) }
    return world.bodies.flatMap { [$0.center.x.bitPattern, $0.center.y.bitPattern, $0.angle.bitPattern,
                                  $0.linearVelocity.x.bitPattern, $0.linearVelocity.y.bitPattern, $0.angularVelocity.bitPattern] }
        + world.contacts.flatMap { [$0.manifold.p0.normalImpulse.bitPattern, $0.manifold.p0.tangentImpulse.bitPattern,
                                    $0.manifold.p1.normalImpulse.bitPattern, $0.manifold.p1.tangentImpulse.bitPattern] }
}

/// A kernel's switch (`toggle(world, on)`) changes no bit of `sequentialRainBits`: on at one
/// and at two workers against off at one.
func assertKernelKeepsRainBits(_ toggle: @escaping (World, Bool) -> Void, file: StaticString = #filePath, line: UInt = #line) {
    let reference = sequentialRainBits(workers: 1) { toggle($0, false) }
    XCTAssertEqual(sequentialRainBits(workers: 1) { toggle($0, true) }, reference, "one worker", file: file, line: line)
    XCTAssertEqual(sequentialRainBits(workers: 2) { toggle($0, true) }, reference, "two workers", file: file, line: line)
}

/// Greedy coloring of `pairs` in order from empty masks (-1: a body that takes no color): each
/// the lowest of `colors` colors neither body has yet, else `colors` (the overflow).
func greedyColoring(_ pairs: [(Int, Int)], colors: Int = 24) -> [Int] {
    var taken: [Int: Set<Int>] = [:]
    return pairs.map { a, b in
        let used = (a >= 0 ? taken[a, default: []] : []).union(b >= 0 ? taken[b, default: []] : [])
        guard let color = (0..<colors).first(where: { !used.contains($0) }) else { return colors }
        if a >= 0 { taken[a, default: []].insert(color) }
        if b >= 0 { taken[b, default: []].insert(color) }
        return color
    }
}

/// `value` with every byte 0xFF: every float in it a NaN (a poisoned solver batch).
func poisonedBytes<T>(_ value: T) -> T {
    var copy = value
    withUnsafeMutableBytes(of: &copy) { raw in
        for i in 0..<raw.count { raw[i] = 0xFF }
    }
    return copy
}

/// A deterministic stream of Float values in [-1, 1) for the kernels' tests.
struct KernelTestStream {
    var state: UInt64
    mutating func next() -> Float {
        state = state &* 6364136223846793005 &+ 1442695040888963407
        return Float(Int64(bitPattern: state >> 11) % 2_000_000) / 1_000_000 - 1
    }
    mutating func vector() -> F4 { F4(next(), next(), next(), next()) }
    /// Magnitudes in [0, 1).
    mutating func positive() -> F4 { F4(abs(next()), abs(next()), abs(next()), abs(next())) }
    /// An integer in 0..<n.
    mutating func choose(_ n: Int) -> Int { Int(abs(next()) * Float(n)) % n }
}

/// Steps `kept` and `fresh` side by side for `steps` steps of `dt`, calling `beforeFreshStep`
/// on `fresh` before each of its steps (to drop a cache, say), and asserts every `every` steps
/// that their states are bit for bit the same.
func assertStepsInLockstep(_ kept: World, _ fresh: World, steps: Int, dt: Double, every: Int, _ label: String,
                           beforeFreshStep: (World) -> Void, file: StaticString = #filePath, line: UInt = #line) {
    for step in 1...steps {
        kept.step(dt)
        beforeFreshStep(fresh)
        fresh.step(dt)
        if step % every == 0 {
            XCTAssertEqual(Workloads.stateHash(kept), Workloads.stateHash(fresh), "\(label), step \(step)", file: file, line: line)
        }
    }
}

/// A cache kept beside a copy that drops it before every step took both ways in `kept` (more
/// than `atLeast` steps kept the last result and more than `atLeast` made one) and never kept
/// one in `fresh`; `counts` reads a world's cache's (kept, made) counts.
func assertCacheTookBothWays(_ kept: World, _ fresh: World, atLeast: Int, _ label: String,
                             counts: (World) -> (kept: Int, made: Int), file: StaticString = #filePath, line: UInt = #line) {
    let (keptCount, madeCount) = counts(kept)
    XCTAssertGreaterThan(keptCount, atLeast, label, file: file, line: line)
    XCTAssertGreaterThan(madeCount, atLeast, label, file: file, line: line)
    XCTAssertEqual(counts(fresh).kept, 0, file: file, line: line)
}

/// The length in points of the 10-segment polyline through the quarter cubic of an ellipse
/// of radii a, b (Core Graphics' control points at kappa 0.55228474983 of the radii): the L
/// of the measured flattening rule, max(Int(L / 10), 1) pieces a cubic. Written out here,
/// not taken from `ItemOutline`.
func ellipseQuarterPolylineLength(_ a: Double, _ b: Double) -> Double {
    let k = 0.55228474983
    let p = [(a, 0.0), (a, k * b), (k * a, b), (0.0, b)]
    var length = 0.0, previous = p[0]
    for i in 1...10 {
        let t = Double(i) / 10, u = 1 - t
        let x = u * u * u * p[0].0 + 3 * u * u * t * p[1].0 + 3 * u * t * t * p[2].0 + t * t * t * p[3].0
        let y = u * u * u * p[0].1 + 3 * u * u * t * p[1].1 + 3 * u * t * t * p[2].1 + t * t * t * p[3].1
        length += hypot(x - previous.0, y - previous.1); previous = (x, y)
    }
    return length
}

/// An item behavior with resistance and angular resistance 0 (the measured rows that exclude
/// damping).
func noDamping(_ items: [DynamicItem]) -> DynamicItemBehavior {
    let b = DynamicItemBehavior(items: items)
    b.resistance = 0
    b.angularResistance = 0
    return b
}
