// Design note: scripted touches reach gesture recognizers as a finger's would. A touch is
// hit-tested on the screen (the frontmost view under it that takes touches); the recognizers
// of that view and then of its ancestors are asked in turn, and the first enabled one of the
// gesture's kind gets it. A tap is recognized at once (its actions run with `.ended`). A pan
// goes `.began` where the finger goes down, `.changed` at every step while it moves (the
// first at the same step, where it went down), and `.ended` when its time is up or the next
// pan starts; the finger's point is the scene player's (FingerPath), so a pan played here and
// in a scene file is at the same place at every step.
import Foundation
import SceneFormat
import ScenePlayer

extension Recorder {
    func deliverInput(upTo t: Double) {
        while let next = inputQueue.first, next.time <= t + 1e-9 {
            inputQueue.removeFirst()
            switch next.action {
            case .tap(let p):
                if let recognizer: UITapGestureRecognizer = recognizer(at: p) {
                    recognizer.deliver(.ended, at: p)
                    recognizer.state = .possible
                }
            case .pan(let path, let duration):
                beginPan(next, path: path, duration: duration)
            case .run:
                break
            }
        }
    }

    /// The first enabled recognizer of type `R` of the view under `point` or its ancestors.
    func recognizer<R: UIGestureRecognizer>(at point: CGPoint) -> R? {
        let root = viewController.view!
        var view = root.hitTest(root.pointFromSuperview(point), with: nil)
        while let v = view {
            if let r = v.gestureRecognizers?.first(where: { $0 is R && $0.isEnabled }) as? R { return r }
            view = v.superview
        }
        return nil
    }

    func beginPan(_ gesture: Gesture, path: [CGPoint], duration: TimeInterval) {
        if let pan = activePan { endPan(pan) }
        guard let start = path.first else { return }
        let recognizer: UIPanGestureRecognizer? = self.recognizer(at: start)
        let scenePath = path.map { ScenePoint(x: Double($0.x), y: Double($0.y)) }
        activePan = ActivePan(gesture: gesture, path: scenePath, duration: duration, recognizer: recognizer,
                              finger: FingerMotion(at: scenePath[0], time: gesture.time))
        if let recognizer {
            recognizer.startLocation = start
            recognizer.windowVelocity = .zero
            recognizer.deliver(.began, at: start)
        }
    }

    func updatePan(at t: Double) {
        guard var pan = activePan else { return }
        let p = FingerPath.point(on: pan.path, atFraction: FingerPath.fraction(at: t, start: pan.gesture.time, duration: pan.duration))
        // (Measured as the scene player's drag measures it.)
        pan.finger.move(to: p, at: t, panEnd: pan.gesture.end, stepInterval: Display.stepInterval)
        activePan = pan
        if let recognizer = pan.recognizer {
            recognizer.windowVelocity = CGVector(dx: pan.finger.velocity.dx, dy: pan.finger.velocity.dy)
            recognizer.deliver(.changed, at: CGPoint(x: p.x, y: p.y))
        }
        if t >= pan.gesture.end - 1e-9 { endPan(pan) }
    }

    func endPan(_ pan: ActivePan) {
        activePan = nil
        guard let recognizer = pan.recognizer else { return }
        recognizer.deliver(.ended, at: CGPoint(x: pan.finger.point.x, y: pan.finger.point.y))
        recognizer.state = .possible
    }
}
