// Design note: the snap joint (UIKit's SnapBehavior): body B's anchor is pulled to a world
// target by a soft 2D spring and its rotation to 0 by a soft angular spring, both at the
// joint's hertz and damping ratio. Springs are implicit (Box2D soft constraints), so they
// stay stable at any stiffness and settle without the explicit-spring overshoot.

extension World {
    func solveSnap(_ j: inout Joint, _ sB: inout BodyState, h: Double) {
        guard j.mB > 0 else { return }
        let s = j.springSoftness
        let rB = sB.dq.apply(j.rB0)
        let position = j.deltaCenter + sB.dp + rB
        let C = position - j.target
        let cdot = sB.v + cross(sB.w, rB)
        // Treat the point as driven through the center (rB is the item center: 0 in practice).
        let mass = 1 / j.mB
        let impulse = Vec2(-s.massScale * mass * (cdot.x + s.biasRate * C.x) - s.impulseScale * j.linearImpulse.x,
                           -s.massScale * mass * (cdot.y + s.biasRate * C.y) - s.impulseScale * j.linearImpulse.y)
        j.linearImpulse += impulse
        sB.v += j.mB * impulse
        if j.iB > 0 {
            let a = j.angularSoftness
            let angle = sB.dq.compose(j.qB0).angle
            let impulseW = -a.massScale * j.axialMass * (sB.w + a.biasRate * angle) - a.impulseScale * j.angularImpulse
            j.angularImpulse += impulseW
            sB.w += j.iB * impulseW
        }
    }
}
