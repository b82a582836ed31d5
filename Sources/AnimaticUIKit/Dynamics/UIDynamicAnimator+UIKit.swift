// Design note: an animator made for a reference view is registered with the display it is
// made on, which steps it at the recording's frame rate, as UIKit's display link steps a
// running animator. `debugEnabled` (private in UIKit, set by the cookbook's recipes through a
// bridging header) draws the debug overlay of ScenePlayer on every frame. What an animator
// needs beyond the Dynamics module's (its reference view, the debug flag) is kept in a side
// table, since extensions add no storage.
import Dynamics
import Foundation
import ScenePlayer

extension DynamicAnimator {
    /// An animator for `view`'s coordinate system (UIKit's `init(referenceView:)`): its
    /// reference bounds are the view's bounds, and a recording steps it on its display clock.
    public convenience init(referenceView view: UIView) {
        self.init(referenceBounds: view.bounds)
        AnimatorNotes.note(for: self).referenceView = view
        Display.current.register(self)
    }

    /// The view given to `init(referenceView:)`.
    public var referenceView: UIView? { AnimatorNotes.existingNote(for: self)?.referenceView }

    /// Whether frames show the debug overlay of this animator (UIKit's private `debugEnabled`):
    /// fields as arrows with their regions, collision shapes, boundaries and joints (the layers
    /// of `debugEnabledLayers`).
    public var debugEnabled: Bool {
        get { AnimatorNotes.existingNote(for: self)?.debugEnabled ?? false }
        set { AnimatorNotes.note(for: self).debugEnabled = newValue }
    }

    /// The overlay layers `debugEnabled` draws.
    public static let debugEnabledLayers: DebugLayers = [.fields, .shapes, .boundaries, .joints]
}

/// What the UIKit layer knows of an animator beyond the Dynamics module.
final class AnimatorNote {
    weak var animator: DynamicAnimator?
    weak var referenceView: UIView?
    var debugEnabled = false
    init(_ animator: DynamicAnimator) { self.animator = animator }
}

/// The side table of animator notes, by identity (entries of freed animators are dropped).
enum AnimatorNotes {
    nonisolated(unsafe) private static var notes: [ObjectIdentifier: AnimatorNote] = [:]

    static func existingNote(for animator: DynamicAnimator) -> AnimatorNote? {
        guard let note = notes[ObjectIdentifier(animator)], note.animator === animator else { return nil }
        return note
    }

    static func note(for animator: DynamicAnimator) -> AnimatorNote {
        if let note = existingNote(for: animator) { return note }
        notes = notes.filter { $0.value.animator != nil }
        let note = AnimatorNote(animator)
        notes[ObjectIdentifier(animator)] = note
        return note
    }
}
