// Design note: the sequential step recomputes every touching manifold every step, as Box2D 2.2
// does, and most of a polygon test is the separating-axis search: every face of A against
// every vertex of B, then every face of B against every vertex of A (40 point-face distances
// for two pentagons), to find the face of each that separates most. In a resting pile the
// winner is the same face step after step, by a wide lead (a box lying on a box: its bottom
// face at about 0, the next at minus its height), so a contact remembers, per direction, the
// face that won a full search and how long it must keep winning, and then measures only that
// face: the same arithmetic as the full search on that face, so the same bits.
//
// The bound. Face i's separation is s_i = min_j n_i . (w_j - u_i): n_i and u_i its normal and
// vertex on one body (X), w_j the vertices of the other (Y), all in world axes. Between the
// pose of the search and now, each w_j moved by at most Y's travel increment and u_i by at
// most X's (World+ApartPairs: |dp|_1 + |dq|_1 * lever bounds every shape point's move), and
// n_i turned by at most X's turn increment dQ (sum of |dq|_1, as |R(q') n - R(q) n| = |q' - q|).
// So |ds_i| <= dT + dQ * D, with dT the pair's travel increment and D a bound of |w_j - u_i|
// now: the bounding circles' centre distance plus both radii at the search (D0), plus dT.
// While dT + dQ * L < lead / 2 with L = D0 + lead / 2 (which also keeps dT below lead / 2, so
// D < L), no face can have caught up with the winner: every s_i moved less than half the lead.
// As travel and turn only grow, the test is one comparison per direction against a limit
// fixed at the search: travel + turn * L < limit. A new contact, a tie, a non-finite value or
// a search cut short leave a direction to be searched in full.
import Foundation

/// A contact's memory of its last full separating-axis searches (see the design note above):
/// per direction, the face that won, the travel-and-turn limit below which it still wins, and
/// the lever L its turn is weighed with. Face -1: search.
struct SeparatingFaceCache {
    var faceA: Int32 = -1
    var faceB: Int32 = -1
    var limitA = -Double.infinity
    var limitB = -Double.infinity
    var leverA = 0.0
    var leverB = 0.0

    /// The faces known to win now (-1: search), from the pair's travel sum and each body's
    /// turn (the turn of the body whose faces are searched).
    @inline(__always) func knownFaces(travel: Double, turnA: Double, turnB: Double) -> (a: Int, b: Int) {
        (travel + turnA * leverA < limitA ? Int(faceA) : -1, travel + turnB * leverB < limitB ? Int(faceB) : -1)
    }

    /// Records the directions `faces` searched in full at the current travel and turns;
    /// `reach` bounds the distance between any point of one shape and any of the other now.
    @inline(__always) mutating func learn(_ faces: SeparatingFaces, travel: Double, turnA: Double, turnB: Double, reach: Double) {
        if faces.searchedA {
            (faceA, limitA, leverA) = Self.entry(face: faces.faceA, lead: faces.leadA, travel: travel, turn: turnA, reach: reach)
        }
        if faces.searchedB {
            (faceB, limitB, leverB) = Self.entry(face: faces.faceB, lead: faces.leadB, travel: travel, turn: turnB, reach: reach)
        }
    }

    @inline(__always) private static func entry(face: Int, lead: Double, travel: Double, turn: Double,
                                                reach: Double) -> (Int32, Double, Double) {
        let half = 0.5 * lead
        let lever = reach + half
        let limit = travel + turn * lever + half - World.apartSafety
        // A tie (no lead), one face only (an infinite lead) or anything non-finite: search.
        guard lead > 0, lead.isFinite, limit.isFinite, lever.isFinite else { return (-1, -.infinity, 0) }
        return (Int32(face), limit, lever)
    }
}
