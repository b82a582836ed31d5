// Design note: the revolute joint (UIKit's pinAttachment). Friction torque is a velocity
// motor with target speed 0 whose accumulated impulse is clamped to torque x h; angle limits
// are one-sided rows; the shared point is a 2x2 soft block. Order as in Box2D v3: friction,
// limits, then the point, so the point constraint has the last word.

extension World {
    func solveRevolute(_ j: inout Joint, _ sA: inout BodyState, _ sB: inout BodyState, h: Double, useBias: Bool) {
        if j.maxMotorTorque > 0 && j.axialMass > 0 {
            let cdot = sB.w - sA.w
            let maxImpulse = j.maxMotorTorque * h
            let old = j.motorImpulse
            j.motorImpulse = min(max(old - j.axialMass * cdot, -maxImpulse), maxImpulse)
            let applied = j.motorImpulse - old
            sA.w -= j.iA * applied; sB.w += j.iB * applied
        }
        if j.enableLimit && j.axialMass > 0 {
            let angle = jointAngle(j, sA, sB)
            solveAngularLimit(&j.lowerImpulse, C: angle - j.lower, sign: 1, j, &sA, &sB, h: h, useBias: useBias)
            solveAngularLimit(&j.upperImpulse, C: j.upper - angle, sign: -1, j, &sA, &sB, h: h, useBias: useBias)
        }
        solvePoint(&j, &sA, &sB, useBias: useBias, softness: j.softness)
    }
}
