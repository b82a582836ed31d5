// Design note: a dynamic AABB tree (Box2D's b2DynamicTree). Leaves hold fat AABBs (the
// shape's box grown by a margin), so a shape that jiggles in place never touches the tree;
// only a shape that leaves its fat box is re-inserted. Insertion picks the sibling by the
// surface-area heuristic and AVL rotations keep the height logarithmic. Nodes live in one
// array with a free list: no allocation per step once the tree has grown, and queries use
// a reusable explicit stack, so traversal order (and thus pair order) is deterministic.

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
    private var stack: [Int] = []

    mutating func createProxy(aabb: AABB, userData: Int) -> Int {
        let id = allocateNode()
        nodes[id].aabb = aabb
        nodes[id].userData = userData
        nodes[id].height = 0
        insertLeaf(id)
        return id
    }

    mutating func destroyProxy(_ id: Int) {
        removeLeaf(id)
        freeNode(id)
    }

    /// Moves a proxy to a new fat AABB.
    mutating func moveProxy(_ id: Int, aabb: AABB) {
        removeLeaf(id)
        nodes[id].aabb = aabb
        insertLeaf(id)
    }

    @inline(__always) func fatAABB(_ id: Int) -> AABB { nodes[id].aabb }

    /// Calls `body` with the user data of each leaf whose AABB overlaps `aabb`.
    mutating func query(_ aabb: AABB, _ body: (Int) -> Void) {
        if root == -1 { return }
        stack.removeAll(keepingCapacity: true)
        stack.append(root)
        nodes.withUnsafeBufferPointer { n in
            while let id = stack.popLast() {
                let node = n[id]
                if !node.aabb.overlaps(aabb) { continue }
                if node.isLeaf {
                    body(node.userData)
                } else {
                    stack.append(node.child1)
                    stack.append(node.child2)
                }
            }
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

    private mutating func freeNode(_ id: Int) {
        nodes[id].parent = freeList
        nodes[id].height = -1
        freeList = id
    }

    private mutating func insertLeaf(_ leaf: Int) {
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
        let newParent = allocateNode()
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

    private mutating func removeLeaf(_ leaf: Int) {
        if leaf == root { root = -1; return }
        let parent = nodes[leaf].parent
        let grandParent = nodes[parent].parent
        let sibling = nodes[parent].child1 == leaf ? nodes[parent].child2 : nodes[parent].child1
        if grandParent != -1 {
            if nodes[grandParent].child1 == parent { nodes[grandParent].child1 = sibling } else { nodes[grandParent].child2 = sibling }
            nodes[sibling].parent = grandParent
            freeNode(parent)
            refit(from: grandParent)
        } else {
            root = sibling
            nodes[sibling].parent = -1
            freeNode(parent)
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
