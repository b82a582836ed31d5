// "Did you mean" uses the optimal string alignment distance (Levenshtein plus adjacent
// transpositions, so "geren" -> "green" costs 1), compared case-insensitively with a case
// difference costing a little, so "lightgray" finds "lightGray" first.

/// The candidate closest to `word`, when it is close enough to be a plausible typo.
public func closestMatch(to word: String, among candidates: [String]) -> String? {
    let lowered = word.lowercased()
    var best: (candidate: String, score: Double)?
    for candidate in candidates where candidate != word {
        let distance = Double(editDistance(lowered, candidate.lowercased()))
        let score = distance + (candidate.lowercased() == lowered ? 0.1 : 0)
        let length = max(word.count, candidate.count)
        let allowed = length <= 3 ? 1.0 : length <= 6 ? 2.0 : 3.0
        guard distance <= allowed, distance < Double(length) else { continue }
        if best == nil || score < best!.score { best = (candidate, score) }
    }
    return best?.candidate
}

/// "did you mean 'green'?", or nil.
public func didYouMean(_ word: String, among candidates: [String]) -> String? {
    closestMatch(to: word, among: candidates).map { "did you mean '\($0)'?" }
}

/// Optimal string alignment distance between two strings (by Character).
func editDistance(_ a: String, _ b: String) -> Int {
    let a = Array(a), b = Array(b)
    if a.isEmpty { return b.count }
    if b.isEmpty { return a.count }
    var d = Array(repeating: Array(repeating: 0, count: b.count + 1), count: a.count + 1)
    for i in 0...a.count { d[i][0] = i }
    for j in 0...b.count { d[0][j] = j }
    for i in 1...a.count {
        for j in 1...b.count {
            let cost = a[i - 1] == b[j - 1] ? 0 : 1
            d[i][j] = min(d[i - 1][j] + 1, d[i][j - 1] + 1, d[i - 1][j - 1] + cost)
            if i > 1 && j > 1 && a[i - 1] == b[j - 2] && a[i - 2] == b[j - 1] {
                d[i][j] = min(d[i][j], d[i - 2][j - 2] + 1)
            }
        }
    }
    return d[a.count][b.count]
}

/// "'a', 'b' or 'c'".
func listAlternatives(_ words: [String]) -> String {
    let quoted = words.map { "'\($0)'" }
    if quoted.count <= 1 { return quoted.joined() }
    return quoted.dropLast().joined(separator: ", ") + " or " + quoted.last!
}

/// A name that is not one of a known list (a debug layer, a benchmark, a command): says which
/// names exist and suggests the closest one.
public struct UnknownNameError: Error, Equatable, CustomStringConvertible {
    /// What kind of name it is ("debug layer", "benchmark").
    public var kind: String
    public var name: String
    public var known: [String]

    public init(kind: String, name: String, known: [String]) {
        self.kind = kind; self.name = name; self.known = known
    }

    public var description: String {
        let suggestion = didYouMean(name, among: known).map { "; " + $0 } ?? ""
        return "unknown \(kind) '\(name)'\(suggestion) (one of: \(known.joined(separator: ", ")))"
    }
}
