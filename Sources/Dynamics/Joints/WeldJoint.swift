// Design note: the weld joint (UIKit's fixedAttachment): an angular row holding the reference
// angle and the shared point, both soft-rigid at the joint stiffness.

extension World {
    func solveWeld(_ j: inout Joint, _ sA: inout BodyState, _ sB: inout BodyState, h: Double, useBias: Bool) {
        if j.axialMass > 0 {
            var bias = 0.0, massScale = 1.0, impulseScale = 0.0
            if useBias {
                bias = j.softness.biasRate * jointAngle(j, sA, sB)
                massScale = j.softness.massScale; impulseScale = j.softness.impulseScale
            }
            let cdot = sB.w - sA.w
            let impulse = -j.axialMass * massScale * (cdot + bias) - impulseScale * j.angularImpulse
            j.angularImpulse += impulse
            sA.w -= j.iA * impulse; sB.w += j.iB * impulse
        }
        solvePoint(&j, &sA, &sB, useBias: useBias, softness: j.softness)
    }
}
