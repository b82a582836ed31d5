// Design note: the prismatic joint (UIKit's slidingAttachment). Three rows solved in turn:
// translation limits along the axis (one-sided, speculative when apart), the perpendicular
// offset held at 0, and the relative angle held at the reference angle. The axis is fixed
// in body A and turns with A's rotation delta during the step.

extension World {
    private struct PrismaticAxes {
        var axis: Vec2, perp: Vec2, a1: Double, a2: Double, s1: Double, s2: Double, d: Vec2, rA: Vec2, rB: Vec2
    }

    private func prismaticAxes(_ j: Joint, _ sA: BodyState, _ sB: BodyState) -> PrismaticAxes {
        let rA = sA.dq.apply(j.rA0), rB = sB.dq.apply(j.rB0)
        let d = j.deltaCenter + (sB.dp - sA.dp) + (rB - rA)
        let axis = sA.dq.apply(j.axisA0)
        let perp = axis.leftPerp
        return PrismaticAxes(axis: axis, perp: perp, a1: cross(d + rA, axis), a2: cross(rB, axis),
                             s1: cross(d + rA, perp), s2: cross(rB, perp), d: d, rA: rA, rB: rB)
    }

    func warmStartPrismatic(_ j: inout Joint, _ sA: inout BodyState, _ sB: inout BodyState, _ rA: Vec2, _ rB: Vec2) {
        let x = prismaticAxes(j, sA, sB)
        let axial = j.lowerImpulse - j.upperImpulse
        let P = axial * x.axis + j.linearImpulse.x * x.perp
        let LA = axial * x.a1 + j.linearImpulse.x * x.s1 + j.angularImpulse
        let LB = axial * x.a2 + j.linearImpulse.x * x.s2 + j.angularImpulse
        sA.v -= j.mA * P; sA.w -= j.iA * LA
        sB.v += j.mB * P; sB.w += j.iB * LB
    }

    func solvePrismatic(_ j: inout Joint, _ sA: inout BodyState, _ sB: inout BodyState, h: Double, useBias: Bool) {
        // Limits.
        if j.enableLimit {
            for lowerSide in [true, false] {
                let x = prismaticAxes(j, sA, sB)
                let translation = dot(x.axis, x.d)
                let k = j.mA + j.mB + j.iA * x.a1 * x.a1 + j.iB * x.a2 * x.a2
                let mass = k > 0 ? 1 / k : 0
                let sign = lowerSide ? 1.0 : -1.0
                let C = lowerSide ? translation - j.lower : j.upper - translation
                var bias = 0.0, massScale = 1.0, impulseScale = 0.0
                if C > 0 { bias = C / h } else if useBias {
                    bias = j.softness.biasRate * C; massScale = j.softness.massScale; impulseScale = j.softness.impulseScale
                }
                let cdot = sign * (dot(x.axis, sB.v - sA.v) + x.a2 * sB.w - x.a1 * sA.w)
                var acc = lowerSide ? j.lowerImpulse : j.upperImpulse
                let impulse = -mass * massScale * (cdot + bias) - impulseScale * acc
                let newImpulse = max(acc + impulse, 0)
                let applied = sign * (newImpulse - acc)
                acc = newImpulse
                if lowerSide { j.lowerImpulse = acc } else { j.upperImpulse = acc }
                let P = applied * x.axis
                sA.v -= j.mA * P; sA.w -= j.iA * applied * x.a1
                sB.v += j.mB * P; sB.w += j.iB * applied * x.a2
            }
        }
        // Perpendicular row.
        do {
            let x = prismaticAxes(j, sA, sB)
            let k = j.mA + j.mB + j.iA * x.s1 * x.s1 + j.iB * x.s2 * x.s2
            if k > 0 {
                var bias = 0.0, massScale = 1.0, impulseScale = 0.0
                if useBias {
                    bias = j.softness.biasRate * dot(x.perp, x.d)
                    massScale = j.softness.massScale; impulseScale = j.softness.impulseScale
                }
                let cdot = dot(x.perp, sB.v - sA.v) + x.s2 * sB.w - x.s1 * sA.w
                let impulse = -massScale * (cdot + bias) / k - impulseScale * j.linearImpulse.x
                j.linearImpulse.x += impulse
                let P = impulse * x.perp
                sA.v -= j.mA * P; sA.w -= j.iA * impulse * x.s1
                sB.v += j.mB * P; sB.w += j.iB * impulse * x.s2
            }
        }
        // Angular row.
        if j.iA + j.iB > 0 {
            var bias = 0.0, massScale = 1.0, impulseScale = 0.0
            if useBias {
                bias = j.softness.biasRate * jointAngle(j, sA, sB)
                massScale = j.softness.massScale; impulseScale = j.softness.impulseScale
            }
            let cdot = sB.w - sA.w
            let impulse = -massScale * (cdot + bias) / (j.iA + j.iB) - impulseScale * j.angularImpulse
            j.angularImpulse += impulse
            sA.w -= j.iA * impulse; sB.w += j.iB * impulse
        }
    }
}
