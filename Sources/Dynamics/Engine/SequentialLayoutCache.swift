// Design note: the sequential step's layout kept from one step to the next. The layout of a
// step (groups, colors, velocity slots, lanes: World+SequentialRegions, SequentialContact-
// Batches) is a function of its constraints' order, their bodies, their point counts, the
// bodies that move and, in regions, which side of the cut each is on. In a resting pile those
// are the same step after step (in the rain of 1,000 items, four steps in five), and the
// layout's passes over the constraints run on one thread while the other waits. So the step
// compares those inputs with the last layout's and, when they match, keeps its results: the
// layout it would have made, so nothing else changes (the rain's resting steps on two
// workers: 3% shorter). The soft step writes the colors too; it drops the cache.
import Foundation

/// The inputs of the last sequential layout, to tell whether this step's would be the same.
struct SequentialLayoutCache {
    private var valid = false
    private var work: [Int32] = []
    private var pairs: [ColoredPair] = []
    private var points: [UInt8] = []
    private var bodies: [Int] = []
    /// Per body of `bodies`, its side of the cut (only when `cut`).
    private var regions: [UInt8] = []
    private var cut = false
    private var bodyCount = 0
    /// The velocity slots of the dummies the layout gave.
    private var dummies: (Int32, Int32) = (0, 0)
    /// Steps that kept the last layout, and steps that made one (a count for tests and
    /// diagnosis).
    private(set) var kept = 0, made = 0

    /// Forgets the last layout (its arrays were written by another step).
    mutating func invalidate() { valid = false }

    /// Whether the world's step has the inputs of the last layout recorded: its constraints
    /// (`sequentialWork`, `candidateBodies`, `sequentialPointCounts`), its moving bodies
    /// (`batchBodies`), the body count and the cut (`cut`, and `bodyRegions` when cut).
    func holds(_ world: World, cut: Bool) -> Bool {
        guard valid, cut == self.cut, world.bodies.count == bodyCount, world.batchBodies == bodies,
              Self.same(world.sequentialWork, work), Self.same(world.candidateBodies, pairs),
              Self.same(world.sequentialPointCounts, points) else { return false }
        guard cut else { return true }
        return world.bodyRegions.withUnsafeBufferPointer { now in
            regions.withUnsafeBufferPointer { then in
                for (j, i) in bodies.enumerated() where now[i] != then[j] { return false }
                return true
            }
        }
    }

    /// Records the inputs of the layout the world just made, and its dummies' slots.
    mutating func record(_ world: World, cut: Bool, dummies: (Int32, Int32)) {
        valid = true
        made += 1
        self.cut = cut
        bodyCount = world.bodies.count
        work = world.sequentialWork
        pairs = world.candidateBodies
        points = world.sequentialPointCounts
        bodies = world.batchBodies
        regions.removeAll(keepingCapacity: true)
        if cut { regions.append(contentsOf: bodies.lazy.map { world.bodyRegions[$0] }) }
        self.dummies = dummies
    }

    /// The dummies' slots of the recorded layout, for a step that keeps it.
    mutating func keep() -> (Int32, Int32) {
        kept += 1
        return dummies
    }

    /// Byte for byte (the elements are plain values without padding).
    private static func same<T>(_ a: [T], _ b: [T]) -> Bool {
        a.count == b.count && a.withUnsafeBytes { x in b.withUnsafeBytes { y in x.count == 0 || memcmp(x.baseAddress!, y.baseAddress!, x.count) == 0 } }
    }
}
