// Design note: a dynamic AABB tree (Box2D's b2DynamicTree). Leaves hold fat AABBs (the
// shape's box grown by a margin), so a shape that jiggles in place never touches the tree;
// only a shape that leaves its fat box is re-inserted. Insertion picks the sibling by the
// surface-area heuristic and AVL rotations keep the height logarithmic. Nodes live in one
// array with a free list: no allocation per step once the tree has grown, and queries use
// an explicit stack, so traversal order (and thus pair order) is deterministic.
//
// The tree's work is done on a pointer to the node array (`NodeStore`), taken once per
// operation: written element by element through the array, every store checked the array's
// uniqueness and bounds, and a rain of 1,000 falling items moves most of its proxies every
// step (the moves and the queries after them were a sixth of the run before the items land).

struct TreeNode {
    var aabb = AABB(lower: .zero, upper: .zero)
    var parent = -1
    var child1 = -1
    var child2 = -1
    /// Leaf: 0; free node: -1.
    var height = -1
    var userData = -1
    var isLeaf: Bool { child1 == -1 }
}

/// A bounding-volume hierarchy of fat AABBs keyed by proxy id.
struct DynamicTree {
    private(set) var nodes: [TreeNode] = []
    private var freeList = -1
    private(set) var root = -1

    mutating func createProxy(aabb: AABB, userData: Int) -> Int {
        let id = allocateNode()
        nodes[id].aabb = aabb
        nodes[id].userData = userData
        nodes[id].height = 0
        if root != -1 && freeList == -1 {
            // The insertion's new parent, on the free list for it: the node the insertion
            // would have appended.
            let parent = allocateNode()
            withStore { $0.free(parent) }
        }
        withStore { $0.insertLeaf(id) }
        return id
    }

    mutating func destroyProxy(_ id: Int) {
        withStore { store in
            store.removeLeaf(id)
            store.free(id)
        }
    }

    /// Moves a proxy to a new fat AABB.
    mutating func moveProxy(_ id: Int, aabb: AABB) {
        // The removal frees the leaf's parent and the insertion takes it back (the array
        // never grows here).
        withStore { store in
            store.removeLeaf(id)
            store.nodes[id].aabb = aabb
            store.insertLeaf(id)
        }
    }

    @inline(__always) func fatAABB(_ id: Int) -> AABB { nodes[id].aabb }

    /// Calls `body` with the user data of each leaf whose AABB overlaps `aabb`, depth first,
    /// a node's second child before its first.
    @inline(__always) func query(_ aabb: AABB, _ body: (Int) -> Void) {
        nodes.withUnsafeBufferPointer { Self.query(aabb, nodes: $0, root: root, body) }
    }

    /// `query` on the nodes of a tree read in place (`nodes`, `root`): for a caller that
    /// makes many queries of one tree.
    @inline(__always) static func query(_ aabb: AABB, nodes n: UnsafeBufferPointer<TreeNode>, root: Int, _ body: (Int) -> Void) {
        if root == -1 { return }
        let nodes = n.baseAddress!
        guard nodes[root].aabb.overlaps(aabb) else { return }
        // A child is tested before it is pushed: the overlapping nodes come off the stack in
        // the order they did when each was tested after popping. The stack holds at most one
        // pending sibling per level below the root, plus two.
        let needed = nodes[root].height + 2
        if needed <= fixedStack {
            withUnsafeTemporaryAllocation(of: Int.self, capacity: fixedStack) { walk(aabb, nodes, root, $0, body) }
        } else {
            withUnsafeTemporaryAllocation(of: Int.self, capacity: needed) { walk(aabb, nodes, root, $0, body) }
        }
    }

    /// A stack of a size known when compiling (no run-time check that it fits): enough for
    /// any balanced tree of up to 2^40 leaves.
    private static let fixedStack = 64

    @inline(__always) private static func walk(_ aabb: AABB, _ nodes: UnsafePointer<TreeNode>, _ root: Int,
                                               _ stack: UnsafeMutableBufferPointer<Int>, _ body: (Int) -> Void) {
        var top = 0
        var id = root
        while true {
            let node = nodes[id]
            if node.child1 == -1 {
                body(node.userData)
            } else {
                let c1 = node.child1, c2 = node.child2
                if nodes[c1].aabb.overlaps(aabb) { stack[top] = c1; top += 1 }
                if nodes[c2].aabb.overlaps(aabb) { stack[top] = c2; top += 1 }
            }
            if top == 0 { return }
            top -= 1
            id = stack[top]
        }
    }

    var height: Int { root == -1 ? 0 : nodes[root].height }

    // MARK: - Internals

    private mutating func allocateNode() -> Int {
        if freeList == -1 {
            nodes.append(TreeNode())
            return nodes.count - 1
        }
        let id = freeList
        freeList = nodes[id].parent
        nodes[id] = TreeNode()
        return id
    }

    /// Runs `body` on the nodes in place, with the root and the free list.
    @inline(__always) private mutating func withStore<R>(_ body: (inout NodeStore) -> R) -> R {
        let (root, freeList) = (self.root, self.freeList)
        let (result, store) = nodes.withUnsafeMutableBufferPointer { n in
            var store = NodeStore(nodes: n.baseAddress!, root: root, freeList: freeList)
            let result = body(&store)
            return (result, store)
        }
        self.root = store.root
        self.freeList = store.freeList
        return result
    }
}

/// The tree's nodes in place, and the operations that rearrange them without allocating
/// (a node freed by a removal is what the next insertion takes).
private struct NodeStore {
    let nodes: UnsafeMutablePointer<TreeNode>
    var root: Int
    var freeList: Int

    /// Takes a node off the free list (which must not be empty).
    mutating func takeFree() -> Int {
        let id = freeList
        freeList = nodes[id].parent
        nodes[id] = TreeNode()
        return id
    }

    mutating func free(_ id: Int) {
        nodes[id].parent = freeList
        nodes[id].height = -1
        freeList = id
    }

    mutating func insertLeaf(_ leaf: Int) {
        if root == -1 {
            root = leaf
            nodes[leaf].parent = -1
            return
        }
        // Find the best sibling by the surface-area heuristic.
        let leafAABB = nodes[leaf].aabb
        var index = root
        while !nodes[index].isLeaf {
            let c1 = nodes[index].child1, c2 = nodes[index].child2
            let area = nodes[index].aabb.perimeter
            let combinedArea = nodes[index].aabb.union(leafAABB).perimeter
            let cost = 2 * combinedArea
            let inheritance = 2 * (combinedArea - area)
            func childCost(_ c: Int) -> Double {
                let u = leafAABB.union(nodes[c].aabb)
                return nodes[c].isLeaf ? u.perimeter + inheritance : (u.perimeter - nodes[c].aabb.perimeter) + inheritance
            }
            let cost1 = childCost(c1), cost2 = childCost(c2)
            if cost < cost1 && cost < cost2 { break }
            index = cost1 < cost2 ? c1 : c2
        }
        let sibling = index
        let oldParent = nodes[sibling].parent
        let newParent = takeFree()
        nodes[newParent].parent = oldParent
        nodes[newParent].aabb = leafAABB.union(nodes[sibling].aabb)
        nodes[newParent].height = nodes[sibling].height + 1
        nodes[newParent].child1 = sibling
        nodes[newParent].child2 = leaf
        nodes[sibling].parent = newParent
        nodes[leaf].parent = newParent
        if oldParent != -1 {
            if nodes[oldParent].child1 == sibling { nodes[oldParent].child1 = newParent } else { nodes[oldParent].child2 = newParent }
        } else {
            root = newParent
        }
        refit(from: nodes[leaf].parent)
    }

    mutating func removeLeaf(_ leaf: Int) {
        if leaf == root { root = -1; return }
        let parent = nodes[leaf].parent
        let grandParent = nodes[parent].parent
        let sibling = nodes[parent].child1 == leaf ? nodes[parent].child2 : nodes[parent].child1
        if grandParent != -1 {
            if nodes[grandParent].child1 == parent { nodes[grandParent].child1 = sibling } else { nodes[grandParent].child2 = sibling }
            nodes[sibling].parent = grandParent
            free(parent)
            refit(from: grandParent)
        } else {
            root = sibling
            nodes[sibling].parent = -1
            free(parent)
        }
    }

    private mutating func refit(from start: Int) {
        var index = start
        while index != -1 {
            index = balance(index)
            let c1 = nodes[index].child1, c2 = nodes[index].child2
            nodes[index].height = 1 + max(nodes[c1].height, nodes[c2].height)
            nodes[index].aabb = nodes[c1].aabb.union(nodes[c2].aabb)
            index = nodes[index].parent
        }
    }

    /// AVL rotation at `a` if its children's heights differ by more than one; returns the
    /// new root of the subtree.
    private mutating func balance(_ a: Int) -> Int {
        if nodes[a].isLeaf || nodes[a].height < 2 { return a }
        let b = nodes[a].child1, c = nodes[a].child2
        let diff = nodes[c].height - nodes[b].height
        if diff > 1 { return rotate(a, up: c, other: b, isChild2: true) }
        if diff < -1 { return rotate(a, up: b, other: c, isChild2: false) }
        return a
    }

    /// Lifts child `up` of `a` above it.
    private mutating func rotate(_ a: Int, up c: Int, other b: Int, isChild2: Bool) -> Int {
        let f = nodes[c].child1, g = nodes[c].child2
        nodes[c].child1 = a
        nodes[c].parent = nodes[a].parent
        nodes[a].parent = c
        let cp = nodes[c].parent
        if cp != -1 {
            if nodes[cp].child1 == a { nodes[cp].child1 = c } else { nodes[cp].child2 = c }
        } else {
            root = c
        }
        // Keep the taller grandchild with c, give the other to a.
        let (keep, give) = nodes[f].height > nodes[g].height ? (f, g) : (g, f)
        nodes[c].child2 = keep
        if isChild2 { nodes[a].child2 = give } else { nodes[a].child1 = give }
        nodes[give].parent = a
        nodes[a].aabb = nodes[b].aabb.union(nodes[give].aabb)
        nodes[c].aabb = nodes[a].aabb.union(nodes[keep].aabb)
        nodes[a].height = 1 + max(nodes[b].height, nodes[give].height)
        nodes[c].height = 1 + max(nodes[a].height, nodes[keep].height)
        return c
    }
}
