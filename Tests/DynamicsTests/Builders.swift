// The reference workloads shared by the engine tests and the benchmark live in
// Dynamics/Engine/Workloads.swift; these helpers only shorten the tests.
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
