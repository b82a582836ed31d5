// Design note: the distance joint covers three UIKit attachments. Rigid (frequency 0): one
// soft-rigid row holding the length. Spring (frequency > 0): a spring row at the user's hertz
// and damping ratio, solved in both passes since it is physical, not a correction. Rope
// (limitAttachment): only an upper limit, one-sided with a speculative bias so a slack rope
// exerts nothing until it is taut (Box2D v3's b2DistanceJoint).

extension World {
    func prepareDistance(_ j: inout Joint) {
        let d = j.deltaCenter + (j.rB0 - j.rA0)
        let axis = d.normalized
        let crA = cross(j.rA0, axis), crB = cross(j.rB0, axis)
        let k = j.mA + j.mB + j.iA * crA * crA + j.iB * crB * crB
        j.axialMass = k > 0 ? 1 / k : 0
    }

    func solveDistance(_ j: inout Joint, _ sA: inout BodyState, _ sB: inout BodyState, h: Double, useBias: Bool) {
        let rA = sA.dq.apply(j.rA0), rB = sB.dq.apply(j.rB0)
        let d = j.deltaCenter + (sB.dp - sA.dp) + (rB - rA)
        let length = d.length
        let axis = length > 1e-12 ? d / length : Vec2(1, 0)
        func cdot() -> Double { dot((sB.v + cross(sB.w, rB)) - (sA.v + cross(sA.w, rA)), axis) }
        func apply(_ impulse: Double) { applyLinear(&sA, &sB, j, rA, rB, impulse * axis) }

        let isRigid = !j.enableSpring && j.minLength >= j.maxLength - 1e-9 || (!j.enableSpring && j.maxLength >= .greatestFiniteMagnitude && j.minLength == 0)
        if isRigid {
            let C = length - j.length
            var bias = 0.0, massScale = 1.0, impulseScale = 0.0
            if useBias { bias = j.softness.biasRate * C; massScale = j.softness.massScale; impulseScale = j.softness.impulseScale }
            let impulse = -massScale * j.axialMass * (cdot() + bias) - impulseScale * j.impulse
            j.impulse += impulse
            apply(impulse)
            return
        }
        if j.enableSpring && j.hertz > 0 {
            let C = length - j.length
            let s = j.springSoftness
            let impulse = -s.massScale * j.axialMass * (cdot() + s.biasRate * C) - s.impulseScale * j.impulse
            j.impulse += impulse
            apply(impulse)
        }
        if j.minLength > 0 {
            let C = length - j.minLength
            var bias = 0.0, massScale = 1.0, impulseScale = 0.0
            if C > 0 { bias = C / h } else if useBias {
                bias = j.softness.biasRate * C; massScale = j.softness.massScale; impulseScale = j.softness.impulseScale
            }
            let impulse = -massScale * j.axialMass * (cdot() + bias) - impulseScale * j.lowerImpulse
            let newImpulse = max(0, j.lowerImpulse + impulse)
            apply(newImpulse - j.lowerImpulse)
            j.lowerImpulse = newImpulse
        }
        if j.maxLength < .greatestFiniteMagnitude {
            let C = j.maxLength - length
            var bias = 0.0, massScale = 1.0, impulseScale = 0.0
            if C > 0 { bias = C / h } else if useBias {
                bias = j.softness.biasRate * C; massScale = j.softness.massScale; impulseScale = j.softness.impulseScale
            }
            let impulse = -massScale * j.axialMass * (-cdot() + bias) - impulseScale * j.upperImpulse
            let newImpulse = max(0, j.upperImpulse + impulse)
            apply(-(newImpulse - j.upperImpulse))
            j.upperImpulse = newImpulse
        }
    }
}
