// Design note: each shape's proxy in the broad phase's tree holds a fat box (the shape's box
// joined with where the body's velocity takes it in a step, grown by a margin), so a body
// that moves a little moves no proxy. After the write-back a box pass on the workers boxes
// every moved body's shapes into their own slots; the tree moves and the move buffer (the
// proxies whose new pairs `updatePairs` looks for) follow on one thread in body order, so
// the tree is the same for any worker count.
import CPUHints

extension World {
    func createProxy(_ s: Int) {
        let b = shapes[s].body
        let isStatic = bodies[b].type == .staticBody
        let fat = isStatic ? computeAABB(s, bodies[b].transform) : predictedAABB(s).expanded(by: fatMargin(s))
        shapes[s].fatAABB = fat
        forgetFatLimit(s)
        shapes[s].proxyIsStatic = isStatic
        if isStatic {
            shapes[s].proxy = staticTree.createProxy(aabb: fat, userData: s)
            // Static shapes do not query; the dynamic shapes around them must.
            var hits: [Int] = []
            dynamicTree.query(fat) { hits.append($0) }
            for h in hits.sorted() where shapes[h].alive { moveBuffer.append(h) }
        } else {
            shapes[s].proxy = dynamicTree.createProxy(aabb: fat, userData: s)
            moveBuffer.append(s)
        }
    }

    /// Box2D's 10 cm margin, but at most half the shape's radius: small shapes in a dense
    /// pile would otherwise pair with every neighbour within 10 cm and pay for the SAT test.
    @inline(__always) func fatMargin(_ s: Int) -> Double {
        Self.fatMargin(boundRadius: shapes[s].boundRadius)
    }

    @inline(__always) static func fatMargin(boundRadius: Double) -> Double {
        min(EngineConstants.aabbMargin, max(0.5 * boundRadius, 4 * EngineConstants.linearSlop))
    }

    func destroyProxy(_ s: Int) {
        guard shapes[s].proxy != -1 else { return }
        destroyContacts(ofShape: s)
        if shapes[s].proxyIsStatic { staticTree.destroyProxy(shapes[s].proxy) } else { dynamicTree.destroyProxy(shapes[s].proxy) }
        shapes[s].proxy = -1
    }

    /// The shape's box now joined with where it will be after the next step at its current
    /// velocity. A fat box that only follows the body lags behind it: a 60 pt item falling at
    /// 300 pt/s found the floor's pair one step late and sank 4 pt before it was pushed out.
    @inline(__always) func predictedAABB(_ s: Int) -> AABB {
        let b = shapes[s].body
        return predictedAABB(box: computeAABB(s, bodies[b].transform), velocity: bodies[b].linearVelocity)
    }

    @inline(__always) func predictedAABB(box: AABB, velocity: Vec2) -> AABB {
        let d = lastStepDt * velocity
        let ahead = AABB(lower: box.lower + d, upper: box.upper + d)
        return box.union(ahead)
    }

    /// Refreshes a shape's fat AABB after its body moved; queues it for new pairs.
    @inline(__always) func updateProxy(_ s: Int, force: Bool = false) {
        if shapes[s].proxyIsStatic {
            if force { destroyProxy(s); createProxy(s) }
            return
        }
        let box = predictedAABB(s)
        if force || !shapes[s].fatAABB.contains(box) {
            let fat = box.expanded(by: fatMargin(s))
            shapes[s].fatAABB = fat
            forgetFatLimit(s)
            dynamicTree.moveProxy(shapes[s].proxy, aabb: fat)
            moveBuffer.append(s)
        }
    }

    /// A fat box made outside the sequential step's write-back: the travel it was made at is
    /// not known, so the box must be computed again next time.
    @inline(__always) func forgetFatLimit(_ s: Int) {
        if s < fatLimits.count { fatLimits[s] = -.infinity }
    }

    /// `updateProxy` for every shape of the awake bodies, in body order, after the box pass
    /// (`refreshProxyBoxes`, which both steps make body by body as they write the bodies back,
    /// each shape's box into its own slot, on the worker pool): the tree moves and the move
    /// buffer, which other shapes share, follow here on this thread in the same order as one
    /// `updateProxy` after another, so the tree is the same for any worker count. In the
    /// sequential step a shape whose body has travelled too little since its box was last
    /// found inside its fat box is not boxed at all (`fatBoxSurelyHolds`: the same answer).
    func refreshAwakeProxies() {
        // Only the bodies the box pass marked: walking every awake body's shape list here (a retain of
        // each list, last touched by another core) cost more than the moves in a resting pile.
        // Through pointers: a falling rain moves most of its proxies every step.
        let sequential = stepMode == .sequentialImpulse
        let skipping = proxyBoxPassSkips
        shapes.withUnsafeMutableBufferPointer { sp in
        bodies.withUnsafeBufferPointer { bp in
        proxyBoxes.withUnsafeMutableBufferPointer { boxes in
        proxyMoved.withUnsafeMutableBufferPointer { moved in
        fatLimits.withUnsafeMutableBufferPointer { fatLimit in
        apartTravel.withUnsafeBufferPointer { travel in
        awakeBodies.withUnsafeBufferPointer { awake in
        bodyShapes.withUnsafeBufferPointer { bodyShapes in
        bodySoleShape.withUnsafeBufferPointer { sole in
            for i in awake where moved[i] {
                moved[i] = false
                @inline(__always) func move(_ sh: Int) {
                    guard let box = boxes[sh] else { return }
                    boxes[sh] = nil
                    let margin = Self.fatMargin(boundRadius: sp[sh].boundRadius)
                    var fat = box.expanded(by: margin)
                    if sequential {
                        // Box2D 2.2 (UIKit's engine) also grows a moved proxy's box along the
                        // body's motion by twice its travel in the step (b2_aabbMultiplier): a
                        // falling item then leaves its box every third step or so instead of
                        // every step (the tree's moves were most of a falling rain's step).
                        let d = (2 * lastStepDt) * bp[i].linearVelocity
                        if d.x < 0 { fat.lower.x += d.x } else { fat.upper.x += d.x }
                        if d.y < 0 { fat.lower.y += d.y } else { fat.upper.y += d.y }
                    }
                    sp[sh].fatAABB = fat
                    // The box was made at the transform the travel was just brought up to, and
                    // holds the shape's box grown by the margin (else it must be computed again
                    // next time: `forgetFatLimit`).
                    if skipping { fatLimit[sh] = travel[i] + margin } else if sh < fatLimit.count { fatLimit[sh] = -.infinity }
                    dynamicTree.moveProxy(sp[sh].proxy, aabb: fat)
                    moveBuffer.append(sh)
                }
                Self.forEachLiveShape(sole: sole[i], list: bodyShapes[i], alive: { sp[$0].alive }, move)
            }
        }
        }
        }
        }
        }
        }
        }
        }
        }
    }

    /// The pointers the box pass (`refreshProxyBoxes`) writes through (each body writes
    /// only its own and its shapes' entries), and whether the sequential step's travel lets
    /// it skip shapes (`fatBoxSurelyHolds`).
    struct ProxyBoxPass {
        let skipping: Bool
        let boxes: UnsafeMutablePointer<AABB?>
        let moved: UnsafeMutablePointer<Bool>
        let travel: UnsafeMutablePointer<Double>?
        let turn: UnsafeMutablePointer<Double>?
        let poses: UnsafeMutablePointer<Transform>?
        let fatLimit: UnsafeMutablePointer<Double>?
        /// `bodySoleShape`.
        let soleShapes: UnsafePointer<Int32>
    }

    /// Whether the box pass may skip shapes by their bodies' travel (the sequential step,
    /// with the apart-pair skip and its travel kept for every body).
    var proxyBoxPassSkips: Bool { stepMode == .sequentialImpulse && skipsApartPairs && apartTravel.count == bodies.count }

    /// Sizes the box pass's arrays and calls `body` with their pointers.
    func withProxyBoxPass<Result>(_ body: (ProxyBoxPass) -> Result) -> Result {
        if proxyBoxes.count < shapes.count { proxyBoxes = [AABB?](repeating: nil, count: shapes.count) }
        if proxyMoved.count < bodies.count { proxyMoved.append(contentsOf: repeatElement(false, count: bodies.count - proxyMoved.count)) }
        let skipping = proxyBoxPassSkips
        if skipping && fatLimits.count < shapes.count {
            fatLimits.append(contentsOf: repeatElement(-.infinity, count: shapes.count - fatLimits.count))
        }
        return proxyBoxes.withUnsafeMutableBufferPointer { boxes in
        proxyMoved.withUnsafeMutableBufferPointer { moved in
        apartTravel.withUnsafeMutableBufferPointer { travel in
        apartTurn.withUnsafeMutableBufferPointer { turn in
        apartPoses.withUnsafeMutableBufferPointer { poses in
        fatLimits.withUnsafeMutableBufferPointer { fatLimit in
        bodySoleShape.withUnsafeBufferPointer { sole in
            body(ProxyBoxPass(skipping: skipping, boxes: boxes.baseAddress!, moved: moved.baseAddress!, travel: travel.baseAddress,
                              turn: turn.baseAddress, poses: poses.baseAddress, fatLimit: fatLimit.baseAddress,
                              soleShapes: sole.baseAddress!))
        }
        }
        }
        }
        }
        }
        }
    }

    /// The box pass before `refreshAwakeProxies` for body `i` (at `body`): each shape whose box
    /// may have left its fat box gets its new predicted box in `boxes` and its body is marked
    /// moved; in the sequential step the body's travel is brought up to date first.
    @inline(__always) func refreshProxyBoxes(of i: Int, _ body: UnsafePointer<Body>, _ pass: ProxyBoxPass) {
        let skipping = pass.skipping
        let travelled = skipping ? Self.advanceTravel(i, body.pointee, pass.travel!, pass.turn!, pass.poses!) : 0
        let v = body.pointee.linearVelocity
        @inline(__always) func refresh(_ sh: Int) {
            guard !shapes[sh].proxyIsStatic else { return }
            if skipping && Self.fatBoxSurelyHolds(travel: travelled, velocity: v, dt: lastStepDt, limit: pass.fatLimit![sh]) {
                return
            }
            let now = computeAABB(sh, body.pointee.transform)
            let box = predictedAABB(box: now, velocity: v)
            if !shapes[sh].fatAABB.contains(box) {
                pass.boxes[sh] = box; pass.moved[i] = true
            } else if skipping {
                pass.fatLimit![sh] = travelled + Self.slack(of: now, in: shapes[sh].fatAABB)
            }
        }
        Self.forEachLiveShape(sole: pass.soleShapes[i], list: bodyShapes[i], alive: { shapes[$0].alive }, refresh)
    }

    /// Calls `body` with each live shape of a body: its only shape when it has one (`sole`, its
    /// `bodySoleShape` entry; the list is then not read, see there), else each of `list` (its
    /// `bodyShapes`) that is `alive`.
    @inline(__always) static func forEachLiveShape(sole: Int32, list: @autoclosure () -> [Int], alive: (Int) -> Bool,
                                                   _ body: (Int) -> Void) {
        if sole >= 0 { body(Int(sole)); return }
        for sh in list() where alive(sh) { body(sh) }
    }
}
