// Design note: an event is a trigger plus a list of actions. The trigger decides which item
// the event "concerns" (the item in the contact, the dragged item, the tapped item); actions
// without an explicit `item` act on that one. Validation guarantees that every action that
// needs an item either names one or sits under a trigger that concerns one.

/// `{on: TRIGGER, ...filters, do: [ACTION, ...]}`.
public struct EventSpec: Equatable, Sendable {
    public var trigger: EventTrigger
    /// Run in order when the trigger fires.
    public var actions: [ActionSpec]
    /// Where the event was written (`events[0]`).
    public var location: SceneLocation

    public init(trigger: EventTrigger, actions: [ActionSpec], location: SceneLocation = .none) {
        self.trigger = trigger
        self.actions = actions
        self.location = location
    }
}

/// What fires an event.
public enum EventTrigger: Equatable, Sendable {
    /// `on: "time", at: SECONDS`: once, when the scene clock reaches `at`. Concerns no item.
    case time(at: Double)
    /// `on: "contactBegan"`: once per pair when it starts touching. For a contact between two
    /// items without an `item` filter, it fires once for each of the two items (each in turn
    /// the concerned item, the other one the `with`); for a boundary contact it concerns the item.
    case contactBegan(ContactFilter)
    /// `on: "contactEnded"`: once per pair when it stops touching; same rules as `contactBegan`.
    case contactEnded(ContactFilter)
    /// `on: "tap"`: each tap, optionally only taps on `item`. Concerns the topmost item under
    /// the finger, if any. Its point is available to actions as `"$tap"`.
    case tap(item: String?)
    /// `on: "pan"`: each pan that starts on an item (optionally only on `item`). Concerns the
    /// dragged item.
    case pan(item: String?)
    /// `on: "pause"`: each time the animator pauses (every item at rest). Concerns no item.
    case pause

    /// The file's name: `time`, `contactBegan`, `contactEnded`, `tap`, `pan`, `pause`.
    public var name: String {
        switch self {
        case .time: return "time"
        case .contactBegan: return "contactBegan"
        case .contactEnded: return "contactEnded"
        case .tap: return "tap"
        case .pan: return "pan"
        case .pause: return "pause"
        }
    }

    /// Every trigger name a file may use.
    public static let names = ["time", "contactBegan", "contactEnded", "tap", "pan", "pause"]

    /// Whether actions may leave out `item` (the trigger supplies it). For `tap` the item
    /// may turn out to be absent at run time (a tap on empty canvas): such actions are skipped.
    public var suppliesItem: Bool {
        switch self {
        case .contactBegan, .contactEnded, .tap, .pan: return true
        case .time, .pause: return false
        }
    }
}

/// Filters of a contact trigger; nil matches anything.
public struct ContactFilter: Equatable, Sendable {
    /// Which boundary a filter names.
    public enum Boundary: Equatable, Sendable {
        /// The reference bounds (`"reference"`; UIKit reports a nil identifier).
        case reference
        /// A named boundary.
        case id(String)
    }

    /// Only contacts reported by this collision behavior.
    public var behavior: String?
    /// Only contacts involving this item (it becomes the concerned item).
    public var item: String?
    /// Only item-item contacts with this other item.
    public var with: String?
    /// Only contacts with this boundary (item-boundary contacts).
    public var boundary: Boundary?

    public init(behavior: String? = nil, item: String? = nil, with: String? = nil, boundary: Boundary? = nil) {
        self.behavior = behavior
        self.item = item
        self.with = with
        self.boundary = boundary
    }
}
