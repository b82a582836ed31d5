import XCTest
@testable import Dynamics

/// The broad phase's tree: a query finds exactly the leaves whose fat boxes overlap, in the
/// depth-first order (a node's second child before its first) that new pairs, and so the
/// contacts' order, follow; the tree stays a consistent AVL hierarchy through creations,
/// moves and removals, and moves never grow its node array.
final class DynamicTreeTests: XCTestCase {
    /// A small deterministic generator (no system randomness in tests).
    struct LCG {
        var state: UInt64
        mutating func next() -> Double {
            state = state &* 6364136223846793005 &+ 1442695040888963407
            return Double(state >> 11) / Double(1 << 53)
        }
        mutating func box(in size: Double) -> AABB {
            let x = next() * size, y = next() * size
            let w = 0.05 + next() * 0.4, h = 0.05 + next() * 0.4
            return AABB(lower: Vec2(x, y), upper: Vec2(x + w, y + h))
        }
    }

    /// The traversal written out: pop a node, test it, push its first child then its second.
    func referenceQuery(_ tree: DynamicTree, _ box: AABB) -> [Int] {
        guard tree.root != -1 else { return [] }
        var out: [Int] = [], stack = [tree.root]
        while let id = stack.popLast() {
            let node = tree.nodes[id]
            guard node.aabb.overlaps(box) else { continue }
            if node.child1 == -1 { out.append(node.userData) } else { stack.append(node.child1); stack.append(node.child2) }
        }
        return out
    }

    func query(_ tree: DynamicTree, _ box: AABB) -> [Int] {
        var found: [Int] = []
        tree.query(box) { found.append($0) }
        return found
    }

    /// Every live node: a leaf has height 0; an inner node holds the union of its children's
    /// boxes, a height one above the taller child, children that point back at it and differ
    /// in height by at most one. Returns the number of leaves reached from the root.
    func checkInvariants(_ tree: DynamicTree, file: StaticString = #filePath, line: UInt = #line) -> Int {
        guard tree.root != -1 else { return 0 }
        XCTAssertEqual(tree.nodes[tree.root].parent, -1, file: file, line: line)
        var leaves = 0, stack = [tree.root]
        while let id = stack.popLast() {
            let n = tree.nodes[id]
            if n.child1 == -1 {
                XCTAssertEqual(n.height, 0, file: file, line: line)
                leaves += 1
                continue
            }
            let a = tree.nodes[n.child1], b = tree.nodes[n.child2]
            XCTAssertEqual(a.parent, id, file: file, line: line)
            XCTAssertEqual(b.parent, id, file: file, line: line)
            XCTAssertEqual(n.height, 1 + max(a.height, b.height), file: file, line: line)
            XCTAssertLessThanOrEqual(abs(a.height - b.height), 1, "AVL balance", file: file, line: line)
            XCTAssertEqual(n.aabb, a.aabb.union(b.aabb), file: file, line: line)
            stack.append(n.child1); stack.append(n.child2)
        }
        return leaves
    }

    func testQueriesFindExactlyTheOverlappingLeavesInDepthFirstOrderThroughMovesAndRemovals() {
        var rng = LCG(state: 42)
        var tree = DynamicTree()
        var boxes: [Int: AABB] = [:] // proxy -> box
        var proxyOf: [Int: Int] = [:] // user data -> proxy
        for k in 0..<400 {
            let box = rng.box(in: 10)
            let proxy = tree.createProxy(aabb: box, userData: k)
            boxes[proxy] = box
            proxyOf[k] = proxy
        }
        XCTAssertEqual(checkInvariants(tree), 400)
        var grown = tree.nodes.count
        var userData = 400
        for round in 0..<40 {
            // Moves, as a falling pile makes them: most proxies a little, a few far.
            for k in proxyOf.keys.sorted() where rng.next() < 0.6 {
                let proxy = proxyOf[k]!
                let old = boxes[proxy]!
                let d = rng.next() < 0.9 ? Vec2(0, 0.1 + 0.2 * rng.next()) : Vec2(rng.next() * 4 - 2, rng.next() * 4 - 2)
                let box = AABB(lower: old.lower + d, upper: old.upper + d)
                tree.moveProxy(proxy, aabb: box)
                boxes[proxy] = box
            }
            XCTAssertEqual(tree.nodes.count, grown, "moves reuse the nodes they free")
            if round % 10 == 9 {
                // Some removals and creations.
                for k in proxyOf.keys.sorted().prefix(20) {
                    tree.destroyProxy(proxyOf[k]!)
                    boxes[proxyOf[k]!] = nil
                    proxyOf[k] = nil
                }
                for _ in 0..<25 {
                    let box = rng.box(in: 14)
                    let proxy = tree.createProxy(aabb: box, userData: userData)
                    boxes[proxy] = box
                    proxyOf[userData] = proxy
                    userData += 1
                }
                grown = tree.nodes.count
            }
            XCTAssertEqual(checkInvariants(tree), proxyOf.count)
            for _ in 0..<30 {
                let probe = rng.box(in: 16)
                let found = query(tree, probe)
                XCTAssertEqual(found, referenceQuery(tree, probe), "depth first, second child first")
                let expected = proxyOf.filter { boxes[$0.value]!.overlaps(probe) }.map(\.key).sorted()
                XCTAssertEqual(found.sorted(), expected, "exactly the overlapping leaves")
            }
        }
    }

    func testAQueryOfAnEmptyTreeOrAMissFindsNothing() {
        var tree = DynamicTree()
        XCTAssertEqual(query(tree, AABB(lower: .zero, upper: Vec2(1, 1))), [])
        let p = tree.createProxy(aabb: AABB(lower: .zero, upper: Vec2(1, 1)), userData: 7)
        XCTAssertEqual(query(tree, AABB(lower: Vec2(2, 2), upper: Vec2(3, 3))), [])
        XCTAssertEqual(query(tree, AABB(lower: Vec2(0.5, 0.5), upper: Vec2(3, 3))), [7])
        tree.moveProxy(p, aabb: AABB(lower: Vec2(5, 5), upper: Vec2(6, 6)))
        XCTAssertEqual(query(tree, AABB(lower: Vec2(0.5, 0.5), upper: Vec2(3, 3))), [])
        XCTAssertEqual(query(tree, AABB(lower: Vec2(5.5, 5.5), upper: Vec2(7, 7))), [7])
        tree.destroyProxy(p)
        XCTAssertEqual(tree.root, -1)
        XCTAssertEqual(query(tree, AABB(lower: Vec2(-10, -10), upper: Vec2(10, 10))), [])
    }
}
