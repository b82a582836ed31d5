// Design note: the world owns every body, shape, contact and joint in flat arrays addressed by
// index handles (Box2D v3's layout without its generations: a destroyed slot stays dead and
// its handle is never reused, so a stale handle is caught by `alive` checks). Nothing is
// iterated through a dictionary: creation order drives every loop, which is what makes the
// simulation bit-for-bit deterministic. The step itself lives in World+Step.swift.
import CKernels

/// Contact began between two shapes, with a world point (metres).
struct ContactBeginEvent: Sendable {
    var shapeA: ShapeID
    var shapeB: ShapeID
    var point: Vec2
    /// Where the contact sat in `World.contacts` when the event was made (-1: unknown); the
    /// step looks there first for the point of its largest impulse.
    var contact = -1
}

/// Two shapes stopped touching (or one was destroyed while touching).
struct ContactEndEvent: Sendable {
    var shapeA: ShapeID
    var shapeB: ShapeID
}

/// How a world steps: the two solvers of the engine share bodies, shapes, the broad phase,
/// the narrow phase, islands and continuous collision, and differ in the solve.
enum StepMode: Sendable {
    /// Box2D v3's soft step: `step(1/60)` runs `subStepCount` sub-steps with soft contacts,
    /// relax and restitution passes (the engine's benchmark configuration).
    case softStep
    /// Box2D 2.2's sequential impulses, the solver of UIKit's PhysicsKit: one `step(h)` is one
    /// island solve (8 velocity iterations, 3 position iterations, Baumgarte position
    /// correction); contacts exist only within the shapes' skins. The UIKit animator drives it
    /// at (float)1/120 s from an accumulator.
    case sequentialImpulse
}

/// How the layer above wants a pair of shapes handled when their boxes first overlap.
enum ContactResponse: Sendable {
    /// The contact is solved (the shapes push each other).
    case solid
    /// The contact is tracked and reports began/ended events, but nothing pushes (UIKit's
    /// items that pass through a boundary yet still report touching it).
    case sensor
    /// No contact at all.
    case none
}

/// A Box2D-grade rigid-body world in metres, kilograms and seconds, y down.
final class World {
    /// Which solver steps this world; fixed at creation.
    let stepMode: StepMode
    /// Acceleration applied to every dynamic body (times its gravity scale).
    var gravity: Vec2
    /// Island sleeping; off keeps every body awake (benchmarks).
    var enableSleep = true {
        didSet { if !enableSleep { for i in bodies.indices where bodies[i].alive { wake(BodyID(index: i)) } } }
    }
    /// Continuous collision of fast bodies against static geometry.
    var enableContinuous = true
    /// How far a pair may move relative to the pose its manifold was computed at before the
    /// soft step computes it again (contact recycling, as Box2D v3 does); 0 recomputes every
    /// manifold every step. The sequential step (UIKit's) always recomputes, as Box2D 2.2 does.
    var contactRecycleDistance = EngineConstants.contactRecycleDistance
    /// Sub-steps per step (Box2D v3 default 4).
    var subStepCount = 4
    /// Contact stiffness (Hz) and damping ratio.
    var contactHertz = 30.0
    var contactDampingRatio = 10.0
    var jointHertz = 60.0
    var jointDampingRatio = 2.0
    /// Optional pair filter of the layer above, asked once when a pair first overlaps.
    var contactFilter: ((ShapeID, ShapeID) -> ContactResponse)?

    /// Events of the last step in deterministic (contact creation) order, plus ended events
    /// of contacts destroyed since by removals and re-filtering; `step` clears them first, so
    /// a layer that changes filters between steps drains before stepping.
    var contactBeginEvents: [ContactBeginEvent] = []
    var contactEndEvents: [ContactEndEvent] = []

    var bodies: [Body] = []
    var states: [BodyState] = []
    var shapes: [Shape] = []
    /// Cold per-shape geometry as given (public read-back), and the polygon pools.
    var shapeGeometry: [ShapeGeometry] = []
    var vertexPool: [Vec2] = []
    var normalPool: [Vec2] = []
    /// Per-body shape and joint lists, kept out of `Body` so bodies stay plain values.
    var bodyShapes: [[Int]] = []
    var bodyJoints: [[Int]] = []
    /// Per body, its shape when it has exactly one (an item of the UIKit layer), else -1
    /// (`noteSoleShape`). The box pass after every step reads this flat array instead of the
    /// body's own shape list, a heap block of its own per body, whose first line was a cache
    /// miss for every awake body every step: 69% of the body store's time in a rain of 4,000
    /// items, 5% of the whole step.
    var bodySoleShape: [Int32] = []
    var contacts: [Contact] = []
    /// Per contact, index for index (kept beside `contacts` wherever a contact is added,
    /// removed or moved): whether the sequential continuous collision looks at the pair at
    /// all, a solid one of a dynamic body and a static or kinematic one. Fixed for the
    /// contact's life (a body's type change destroys its contacts). Its per-step scan reads
    /// a byte per contact here: a flag inside each 392-byte contact cost a line per contact,
    /// nine tenths of that phase's own time in a rain of 1,000 items, on the caller's thread.
    var impactFlags: [Bool] = []
    var pairs = PairSet()
    var joints: [Joint] = []
    var dynamicTree = DynamicTree()
    var staticTree = DynamicTree()
    var moveBuffer: [Int] = []
    var sleepingIslands: [[Int]] = []
    var stepIndex = 0
    /// The last step's length, for predicting where bodies go next (1/60 until the first step).
    var lastStepDt = 1.0 / 60
    var groundIndex: Int?
    /// Whether every awake body's sleep clock is zero since a step with sleeping off (bodies
    /// join and wake with a zero clock), so `updateSleep` has none to reset.
    var sleepClocksAtZero = false
    /// Bodies whose state went non-finite and were frozen (reported to the layer above).
    var nonFiniteBodies: [Int] = []
    /// Per body, what the soft step's write-back found for the passes after it
    /// (`FinalizeFlag`); valid for the awake bodies of the last step.
    var finalizeFlags: [UInt8] = []

    // Solver scratch, reused between steps.
    /// The live non-static awake bodies, in body order (`listAwakeBodies`).
    var awakeBodies: [Int] = []
    /// The live bodies not in `awakeBodies` (static or asleep), in body order.
    var idleBodies: [Int] = []
    /// Whether `awakeBodies` and `idleBodies` still hold what the bodies' `alive`, `type` and
    /// `isAwake` say: cleared wherever one of those changes (a body made, destroyed, retyped,
    /// woken or put to sleep), so a step lists the bodies only after such a change.
    var awakeListsCurrent = false
    /// The sequential step's awake bodies, those of last step's region 0 first (see
    /// `orderAwakeBodiesByRegion`).
    var regionOrderedBodies: [Int] = []
    var batches: [ContactBatch] = []
    /// The first batch of each graph color and, last, the end of the overflow batches (soft
    /// step and sequential step).
    var batchColorStarts: [Int] = []
    var sequentialBatchColorStarts: [Int] = []
    /// The stage plan of a staged pool job (`runStagePlan`), kept for its capacity.
    var poolStages: [PoolStage] = []
    /// Threads a step may use, this one included; the result is the same for any count.
    var workerCount = 1 {
        didSet {
            ownPool = workerCount > 1 ? WorkerPool(threads: workerCount) : nil
            workerPool = ownPool
        }
    }
    /// The pool the world owns; `workerPool` is it during the steps that use it (see
    /// `WorkerTuner`) and nil during the others.
    private(set) var ownPool: WorkerPool?
    var workerPool: WorkerPool?
    /// Whether to measure which steps are faster without the pool (tests turn it off to
    /// make sure the pool does the work).
    var tunesWorkers = true
    var workerTuner = WorkerTuner()
    /// Per shape, a box that escaped its fat box this step (filled in parallel, cleared as read).
    var proxyBoxes: [AABB?] = []
    /// Per body, whether one of its shapes has a box in `proxyBoxes` (set in parallel, cleared as read).
    var proxyMoved: [Bool] = []
    /// Per contact, what this step's narrow phase found (reset as it is read).
    var narrowPhaseOutcome: [NarrowPhaseOutcome] = []
    var candidates: [Int32] = []
    /// Per contact, whether the soft step's solver takes it (filled in parallel).
    var candidateScan: [CandidateScan] = []
    /// `candidateScan` was filled by this step's narrow phase, which had every contact in
    /// cache, and nothing it reads (contacts, awake states, body types) has changed since:
    /// the contact preparation need not walk the contacts again. Anything that changes them
    /// clears it.
    var candidateScanFresh = false
    /// At most this many contacts (pairs of shapes whose fat boxes overlap): 10,000 items
    /// piled at one point make 50 million pairs, tens of gigabytes, and the allocation
    /// aborted the process. Pairs beyond it are not made and `contactLimitReached` is set.
    static let defaultMaximumContacts = 1_000_000
    /// `defaultMaximumContacts`; lower in tests.
    var maximumContacts = World.defaultMaximumContacts
    /// Set for good once the broad phase found more pairs than `maximumContacts`: items that
    /// should touch may pass through each other from then on.
    var contactLimitReached = false
    /// Per body, the travel bound and the pose it was last measured from (World+ApartPairs).
    var apartTravel: [Double] = []
    var apartPoses: [Transform] = []
    /// Per body, the sum of |dq|_1 over the same moves (World+SeparatingFaces).
    var apartTurn: [Double] = []
    /// Per shape, the body travel up to which its fat box surely holds it (World+ApartPairs;
    /// -infinity: unknown).
    var fatLimits: [Double] = []
    /// Whether the sequential narrow phase skips pairs that cannot have closed in (tests
    /// turn it off to compare).
    var skipsApartPairs = true
    /// Per contact, whether the sequential step solves it: touching, solid, and with an awake
    /// body (filled in parallel by the narrow phase).
    var sequentialTakes: [Bool] = []
    /// Whether the narrow phase does the candidate scan and fills `sequentialTakes` (tests
    /// turn it off to compare).
    var narrowPhaseScansCandidates = true
    /// Per candidate of the sequential step, its bodies as `colorConstraints` reads them (the
    /// soft step colors straight from `candidateScan`).
    var candidateBodies: [ColoredPair] = []
    /// Per body, what the soft step's contact preparation reads of it this step.
    var preparedBodies: [PreparedBody] = []
    /// Per batch lane, the index into `candidates` it holds (-1 empty).
    var laneCandidates: [Int32] = []
    /// Per candidate, the batch lane it takes (batch * 4 + lane): `laneCandidates` inverted.
    var candidateLanes: [Int32] = []
    /// The candidates each thread of the pool prepares (`prepareContacts`), kept while the
    /// choice of constraints is.
    var preparationShares = PreparationShares()
    var integrationDelta: [Vec2] = []
    var activeJoints: [Int] = []
    var constrained: [Bool] = []
    var integration: [VelocityIntegration] = []
    /// Per body, the graph colors it sits in (low 32 bits) and the coloring that set them
    /// (high 32 bits): a mask left by an earlier coloring reads as empty, so no pass clears them.
    var bodyColors: [UInt64] = []
    /// Counts the colorings, for `bodyColors`.
    var coloringStamp: UInt32 = 0
    var colorOf: [Int32] = []

    /// Sequential-impulse scratch (Box2D 2.2 step), reused between steps.
    var sequentialBodies: [SequentialBody] = []
    /// The contacts the sequential solver takes this step, in contact order, and their
    /// position constraints, each in the slot of its batch lane (batch * 4 + lane).
    var sequentialWork: [Int32] = []
    var sequentialPositions: [SequentialPositionConstraint] = []
    /// Per graph color of the sequential step and, last, the overflow: its constraints (per
    /// group, one after another, when they are grouped).
    var sequentialColorCounts: [Int] = []
    /// The sequential step's groups of constraints (World+SequentialRegions): 1, or 3 (two
    /// regions and the seam), and each constraint's group when there are 3.
    var sequentialGroupCount = 1
    var sequentialGroupOf: [UInt8] = []
    /// The inputs of the last sequential layout (its results stay in the arrays it wrote).
    var sequentialLayoutCache = SequentialLayoutCache()
    /// The soft step's last choice of constraints, kept while its candidates stay the same.
    var constraintChoiceCache = ConstraintChoiceCache()
    /// The seam's constraints, in order (coloring scratch).
    var sequentialSeam: [Int] = []
    /// Each moving body's side of the regions' cut (valid while `sequentialGroupCount` is
    /// 3), and the scratch of the cut.
    var bodyRegions: [UInt8] = []
    var regionCentres: [Vec2] = []
    /// Per body, its slot in `states` during the sequential step's velocity passes (valid for
    /// `batchBodies`; World+SequentialRegions).
    var velocitySlots: [Int32] = []
    /// Per constraint of the sequential step, its batch lane (batch * 4 + lane).
    var sequentialLanes: [Int32] = []
    /// The velocity slots of the sequential step's two dummy bodies (empty lanes and bodies
    /// that do not move point at them; World+SequentialRegions).
    var sequentialDummies: (Int32, Int32) = (0, 0)
    /// Whether the velocity iterations solve two batches of a color at once, eight lanes with
    /// AVX2 (CKernels): on a processor that has it, unless turned off (tests compare both
    /// ways). Each lane computes the same either way.
    var pairsSequentialBatches = ckernels_has_avx2() != 0
    /// Whether the soft step's biased and relax passes solve two batches of a color at once,
    /// eight lanes with AVX2 (CKernels): on a processor that has it, unless turned off (tests
    /// compare both ways). Each lane computes the same either way.
    var pairsSoftBatches = ckernels_has_avx2() != 0
    /// Whether the position passes correct four constraints of a color at once with AVX2
    /// (CKernels): on a processor that has it, unless turned off (tests compare both ways).
    /// Each constraint is corrected the same either way.
    var correctsPositionsInFours = ckernels_has_avx2() != 0
    /// Whether a sequential step without joints finishes the velocity passes (impulses
    /// stored, bodies integrated) and runs the first position pass as the last stages of
    /// their pool job rather than in jobs of their own (tests compare both ways; the result
    /// is the same).
    var finishesInSolveJob = true
    /// Per constraint of the sequential step, its manifold's point count (the lanes of a color
    /// are laid out one-point constraints first).
    var sequentialPointCounts: [UInt8] = []
    /// The sequential step's continuous collision: its candidate contacts and their state
    /// (World+SequentialTimeOfImpact).
    var toiCandidates: [ImpactCandidate] = []
    var sequentialBatches: [SequentialBatch] = []
    /// Bodies the batches hold this step (their velocities live in `states` meanwhile).
    var batchBodies: [Int] = []
    /// Whether the last sequential step's position iterations converged (Box2D 2.2 lets an
    /// island sleep only then).
    var positionsSolved = true

    /// Creates a world with a gravity in m/s^2 (y down: (0, 10) is UIKit's gravity 1.0).
    init(gravity: Vec2 = Vec2(0, 10), stepMode: StepMode = .softStep) {
        self.gravity = gravity
        self.stepMode = stepMode
    }

    /// Returns the pending contact events and clears them.
    func drainContactEvents() -> (began: [ContactBeginEvent], ended: [ContactEndEvent]) {
        defer { contactBeginEvents.removeAll(keepingCapacity: true); contactEndEvents.removeAll(keepingCapacity: true) }
        return (contactBeginEvents, contactEndEvents)
    }

    // MARK: - Bodies

    /// Creates a body; it has no mass until shapes are attached (or it is static).
    @discardableResult
    func createBody(_ def: BodyDef) -> BodyID {
        let q = Rot(angle: def.angle)
        var body = Body(type: def.type, isAwake: def.isAwake || def.type != .dynamic, fixedRotation: def.fixedRotation,
                        allowSleep: def.allowSleep, transform: Transform(p: def.position, q: q), center: def.position,
                        linearVelocity: def.linearVelocity, angularVelocity: def.angularVelocity,
                        gravityScale: def.gravityScale, center0: def.position, rotation0: q, angle: def.angle,
                        angle0: def.angle, linearDamping: def.linearDamping, angularDamping: def.angularDamping,
                        userData: def.userData)
        if def.type == .staticBody { body.linearVelocity = .zero; body.angularVelocity = 0 }
        bodies.append(body)
        awakeListsCurrent = false
        // `states` has one slot more than `bodies`: the contact solver's dummy at the end.
        if states.count >= bodies.count { states[bodies.count - 1] = BodyState() } else { states.append(BodyState()) }
        bodyShapes.append([])
        bodySoleShape.append(-1)
        bodyJoints.append([])
        let id = BodyID(index: bodies.count - 1)
        updateMass(id.index)
        return id
    }

    /// Destroys a body with its shapes and joints. Touching bodies wake.
    func destroyBody(_ id: BodyID) {
        guard isValid(id) else { return }
        for j in bodyJoints[id.index] where joints[j].alive { destroyJoint(JointID(index: j)) }
        for s in bodyShapes[id.index] where shapes[s].alive { destroyShapeInternal(s, updateMass: false) }
        bodies[id.index].alive = false
        awakeListsCurrent = false
        bodyShapes[id.index] = []
        noteSoleShape(id.index)
    }

    func isValid(_ id: BodyID) -> Bool { id.index >= 0 && id.index < bodies.count && bodies[id.index].alive }
    func isValid(_ id: ShapeID) -> Bool { id.index >= 0 && id.index < shapes.count && shapes[id.index].alive }

    var bodyCount: Int { bodies.lazy.filter(\.alive).count }
    var touchingContactCount: Int { contacts.lazy.filter(\.touching).count }

    func bodyType(_ id: BodyID) -> BodyType { bodies[id.index].type }
    func setBodyType(_ id: BodyID, _ type: BodyType) {
        guard bodies[id.index].type != type else { return }
        wake(id)
        bodies[id.index].type = type
        candidateScanFresh = false
        awakeListsCurrent = false
        states[id.index] = BodyState()
        if type == .staticBody { bodies[id.index].linearVelocity = .zero; bodies[id.index].angularVelocity = 0 }
        updateMass(id.index)
        // Proxies move between the static and dynamic trees; contacts are rebuilt.
        for s in bodyShapes[id.index] where shapes[s].alive { destroyProxy(s); createProxy(s) }
        wake(id)
    }

    /// The body origin.
    func position(_ id: BodyID) -> Vec2 { bodies[id.index].transform.p }
    func localCenter(_ id: BodyID) -> Vec2 { bodies[id.index].localCenter }
    func angle(_ id: BodyID) -> Double { bodies[id.index].transform.q.angle }
    func rotation(_ id: BodyID) -> Rot { bodies[id.index].transform.q }
    func transform(_ id: BodyID) -> Transform { bodies[id.index].transform }
    func mass(_ id: BodyID) -> Double { bodies[id.index].mass }
    func userData(_ id: BodyID) -> Int { bodies[id.index].userData }
    func isAwake(_ id: BodyID) -> Bool { bodies[id.index].isAwake }
    func shapes(of id: BodyID) -> [ShapeID] { bodyShapes[id.index].filter { shapes[$0].alive }.map { ShapeID(index: $0) } }

    /// Moves a body instantly (teleport); velocities are kept.
    func setTransform(_ id: BodyID, position: Vec2, angle: Double) {
        let i = id.index
        let q = Rot(angle: angle)
        bodies[i].transform = Transform(p: position, q: q)
        bodies[i].angle = angle
        bodies[i].angle0 = angle
        bodies[i].center = bodies[i].transform.apply(bodies[i].localCenter)
        bodies[i].center0 = bodies[i].center
        bodies[i].rotation0 = q
        wake(id)
        for s in bodyShapes[i] where shapes[s].alive { updateProxy(s, force: true) }
    }

    func linearVelocity(_ id: BodyID) -> Vec2 { bodies[id.index].linearVelocity }
    func angularVelocity(_ id: BodyID) -> Double { bodies[id.index].angularVelocity }
    func setLinearVelocity(_ id: BodyID, _ v: Vec2) {
        guard bodies[id.index].type != .staticBody else { return }
        if v.lengthSquared > 0 { wake(id) }
        bodies[id.index].linearVelocity = v
    }
    func setAngularVelocity(_ id: BodyID, _ w: Double) {
        guard bodies[id.index].type != .staticBody, !bodies[id.index].fixedRotation else { return }
        if w != 0 { wake(id) }
        bodies[id.index].angularVelocity = w
    }
    /// Velocity of a world point attached to the body.
    func velocity(atWorldPoint p: Vec2, of id: BodyID) -> Vec2 {
        let b = bodies[id.index]
        return b.linearVelocity + cross(b.angularVelocity, p - b.center)
    }

    /// Adds a force (N) at a world point for the next step; off-center forces add torque.
    func applyForce(_ id: BodyID, _ force: Vec2, at point: Vec2) {
        guard bodies[id.index].type == .dynamic else { return }
        wake(id)
        bodies[id.index].force += force
        bodies[id.index].torque += cross(point - bodies[id.index].center, force)
    }
    func applyForceToCenter(_ id: BodyID, _ force: Vec2) {
        guard bodies[id.index].type == .dynamic else { return }
        wake(id)
        bodies[id.index].force += force
    }
    /// Adds an impulse (N s) at a world point: velocities change at once.
    func applyLinearImpulse(_ id: BodyID, _ impulse: Vec2, at point: Vec2) {
        guard bodies[id.index].type == .dynamic else { return }
        wake(id)
        let b = bodies[id.index]
        bodies[id.index].linearVelocity += b.invMass * impulse
        if !b.fixedRotation { bodies[id.index].angularVelocity += b.invI * cross(point - b.center, impulse) }
    }

    func setLinearDamping(_ id: BodyID, _ c: Double) { bodies[id.index].linearDamping = c }
    func setAngularDamping(_ id: BodyID, _ c: Double) { bodies[id.index].angularDamping = c }
    func linearDamping(_ id: BodyID) -> Double { bodies[id.index].linearDamping }
    func setGravityScale(_ id: BodyID, _ s: Double) { bodies[id.index].gravityScale = s; wake(id) }
    func gravityScale(_ id: BodyID) -> Double { bodies[id.index].gravityScale }
    func setFixedRotation(_ id: BodyID, _ fixed: Bool) {
        guard bodies[id.index].fixedRotation != fixed else { return }
        bodies[id.index].fixedRotation = fixed
        if fixed { bodies[id.index].angularVelocity = 0 }
        updateMass(id.index)
        wake(id)
    }
    /// Replaces the body's linear velocity (m/s) during the next step, in place of gravity
    /// and forces (UIKit's velocity field); damping still applies. Sequential mode only.
    func setVelocityOverride(_ id: BodyID, _ v: Vec2) {
        guard bodies[id.index].type == .dynamic else { return }
        wake(id)
        bodies[id.index].velocityOverride = v
        bodies[id.index].hasVelocityOverride = true
    }
    /// Whether a velocity override is pending for the next step.
    func hasVelocityOverride(_ id: BodyID) -> Bool { bodies[id.index].hasVelocityOverride }

    // MARK: - Shapes

    /// Attaches a shape to a body; mass properties update from the density.
    @discardableResult
    func createShape(_ body: BodyID, _ geometry: ShapeGeometry, _ def: ShapeDef = ShapeDef()) -> ShapeID {
        precondition(isValid(body), "createShape on a destroyed body")
        shapes.append(Shape(body: body.index, geometry: geometry, def: def, vertexStart: vertexPool.count))
        shapeGeometry.append(geometry)
        if case .polygon(let p) = geometry {
            vertexPool.append(contentsOf: p.vertices)
            normalPool.append(contentsOf: p.normals)
        }
        let s = shapes.count - 1
        bodyShapes[body.index].append(s)
        noteSoleShape(body.index)
        createProxy(s)
        updateMass(body.index)
        return ShapeID(index: s)
    }

    /// Attaches a chain of segments (an open polyline, or a closed loop) to a body.
    @discardableResult
    func createChain(_ body: BodyID, points: [Vec2], closed: Bool, _ def: ShapeDef = ShapeDef()) -> [ShapeID] {
        guard points.count >= 2 else { return [] }
        var ids: [ShapeID] = []
        let n = closed ? points.count : points.count - 1
        for i in 0..<n {
            let a = points[i], b = points[(i + 1) % points.count]
            if (a - b).lengthSquared < 1e-12 { continue }
            ids.append(createShape(body, .polygon(Polygon(segmentFrom: a, to: b)), def))
        }
        return ids
    }

    func body(of shape: ShapeID) -> BodyID { BodyID(index: shapes[shape.index].body) }
    func shapeUserData(_ shape: ShapeID) -> Int { shapes[shape.index].userData }
    func geometry(_ shape: ShapeID) -> ShapeGeometry { shapeGeometry[shape.index] }
    func setFriction(_ shape: ShapeID, _ f: Double) {
        shapes[shape.index].friction = f
        for c in contacts.indices where contacts[c].shapeA == shape.index || contacts[c].shapeB == shape.index {
            contacts[c].friction = mixFriction(shapes[contacts[c].shapeA].friction, shapes[contacts[c].shapeB].friction)
        }
    }
    func setRestitution(_ shape: ShapeID, _ r: Double) {
        shapes[shape.index].restitution = r
        for c in contacts.indices where contacts[c].shapeA == shape.index || contacts[c].shapeB == shape.index {
            contacts[c].restitution = mixRestitution(shapes[contacts[c].shapeA].restitution, shapes[contacts[c].shapeB].restitution)
        }
    }
    func setDensity(_ shape: ShapeID, _ d: Double) {
        shapes[shape.index].density = d
        updateMass(shapes[shape.index].body)
    }
    func friction(_ shape: ShapeID) -> Double { shapes[shape.index].friction }
    func restitution(_ shape: ShapeID) -> Double { shapes[shape.index].restitution }
    /// The shape's filter groups (`ShapeDef.filterGroups`). Pairs already made stay until
    /// `refilter` re-asks the filters for them.
    func setFilterGroups(_ shape: ShapeID, _ groups: UInt64) {
        shapes[shape.index].filterGroups = groups
    }
    func filterGroups(_ shape: ShapeID) -> UInt64 { shapes[shape.index].filterGroups }
    /// Re-asks the filters for every pair of this shape (after membership changes above).
    func refilter(_ shape: ShapeID) {
        let s = shape.index
        guard shapes[s].alive else { return }
        destroyContacts(ofShape: s)
        if !shapes[s].proxyIsStatic { moveBuffer.append(s) } else {
            // A static shape is not in the move buffer's tree: re-query from the static side.
            destroyProxy(s); createProxy(s)
        }
        wake(BodyID(index: shapes[s].body))
    }
    /// The world AABB of a shape (its current, not fat, box).
    func aabb(_ shape: ShapeID) -> AABB {
        computeAABB(shape.index, bodies[shapes[shape.index].body].transform)
    }

    /// Shapes whose AABB overlaps the box, in shape order; with `exact` false, shapes whose
    /// broad-phase (fat) box does.
    func queryAABB(_ box: AABB, exact: Bool = true) -> [ShapeID] {
        var found: [Int] = []
        dynamicTree.query(box) { found.append($0) }
        staticTree.query(box) { found.append($0) }
        return found.sorted().filter { !exact || aabb(ShapeID(index: $0)).overlaps(box) }.map { ShapeID(index: $0) }
    }

    // MARK: - Internals

    func destroyShapeInternal(_ s: Int, updateMass update: Bool) {
        destroyContacts(ofShape: s)
        destroyProxy(s)
        shapes[s].alive = false
        let b = shapes[s].body
        bodyShapes[b].removeAll { $0 == s }
        noteSoleShape(b)
        if update { updateMass(b) }
    }

    /// Brings `bodySoleShape` up to date after body `b`'s shape list changed.
    func noteSoleShape(_ b: Int) {
        let live = bodyShapes[b].filter { shapes[$0].alive }
        bodySoleShape[b] = live.count == 1 ? Int32(live[0]) : -1
    }

    func updateMass(_ i: Int) {
        // A recycled manifold's anchors are measured from the old center of mass: its
        // contacts compute anew.
        if stepMode == .softStep {
            for k in contacts.indices where contacts[k].recyclable && (contacts[k].bodyA == i || contacts[k].bodyB == i) {
                contacts[k].recyclable = false
            }
        }
        var b = bodies[i]
        b.mass = 0; b.inertia = 0; b.invMass = 0; b.invI = 0; b.localCenter = .zero
        b.minExtent = 0; b.maxExtent = 0
        if b.type == .dynamic {
            var mass = 0.0, rotI = 0.0, c = Vec2.zero
            for s in bodyShapes[i] where shapes[s].alive {
                let md = shapes[s].massData()
                mass += md.mass
                c += md.mass * md.center
                rotI += md.inertia + md.mass * dot(md.center, md.center)
            }
            if mass > 0 {
                b.mass = mass
                b.invMass = 1 / mass
                c = c / mass
                b.localCenter = c
                let iCenter = rotI - mass * dot(c, c)
                if iCenter > 0 && !b.fixedRotation {
                    b.inertia = iCenter
                    b.invI = 1 / iCenter
                }
            } else {
                b.mass = 1; b.invMass = 1
            }
        }
        var minE = Double.infinity, maxE = 0.0
        for s in bodyShapes[i] where shapes[s].alive {
            let e = extents(s, about: b.localCenter)
            minE = min(minE, e.min); maxE = max(maxE, e.max)
        }
        b.minExtent = minE.isFinite ? minE : 0
        b.maxExtent = maxE
        b.boundLever = bodyShapes[i].filter { shapes[$0].alive }
            .map { abs(shapes[$0].boundCenter.x) + abs(shapes[$0].boundCenter.y) + shapes[$0].boundRadius }.max() ?? 0
        b.center = b.transform.apply(b.localCenter)
        b.center0 = b.center
        if b.fixedRotation { b.angularVelocity = 0 }
        bodies[i] = b
    }
}

@inline(__always) func mixFriction(_ a: Double, _ b: Double) -> Double { (a * b).squareRoot() }
@inline(__always) func mixRestitution(_ a: Double, _ b: Double) -> Double { max(a, b) }
