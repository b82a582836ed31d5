import AnimaticUIKit
import SceneFormat
import XCTest

/// UIView.animate on the display clock: the model changes at once, the frame eases from the old
/// values to the new, the completion runs when the time is up.
final class ViewAnimationTests: XCTestCase {
    final class Controller: UIViewController {
        let square = UIView(frame: CGRect(x: 0, y: 0, width: 50, height: 50))
        var completions: [(Bool, Int)] = []
        var recorder: () -> Recorder? = { nil }
        override func viewDidLoad() {
            square.backgroundColor = .green
            square.center = CGPoint(x: 100, y: 100)
            view.addSubview(square)
        }
    }

    func testAnAnimationEasesInAndOutOverItsDurationThenCompletes() throws {
        let controller = Controller()
        var recorder: Recorder!
        recorder = try Recorder(id: "animate", size: CGSize(width: 200, height: 200), scale: 1, fps: 60, duration: 2, gestures: [
            .run(at: 0.5) {
                UIView.animate(withDuration: 1.0, animations: {
                    controller.square.alpha = 0
                    controller.square.backgroundColor = .red
                    controller.square.transform = CGAffineTransform(scaleX: 2, y: 2)
                    controller.square.center = CGPoint(x: 150, y: 100)
                }, completion: { finished in controller.completions.append((finished, recorder.stepCount)) })
                XCTAssertEqual(controller.square.alpha, 0, "the model takes the new value at once")
            },
        ]) { controller }
        func look() -> (alpha: Double, red: Double, green: Double, scale: Double, x: Double) {
            let item = recorder.frameState().items[0]
            return (item.alpha, item.fill.red, item.fill.green, item.scale, item.center.x)
        }
        // Frame k shows the end of step k; the animation starts at the start of step 30 (0.5 s).
        for _ in 0..<30 { try recorder.advanceFrame() }
        XCTAssertEqual(look().alpha, 1, "not started before 0.5 s")
        // End of step 45: 0.25 of the time; UIKit's ease in-out (the cubic Bezier (0.42, 0)
        // (0.58, 1)) is then 0.1292 of the way, found here by bisection on its Bernstein form.
        func bernstein(_ s: Double, _ p1: Double, _ p2: Double) -> Double {
            3 * (1 - s) * (1 - s) * s * p1 + 3 * (1 - s) * s * s * p2 + s * s * s
        }
        var low = 0.0, high = 1.0
        for _ in 0..<200 {
            let mid = (low + high) / 2
            if bernstein(mid, 0.42, 0.58) < 0.25 { low = mid } else { high = mid }
        }
        let e = bernstein((low + high) / 2, 0, 1)
        XCTAssertEqual(e, 0.1292, accuracy: 1e-4)
        for _ in 0..<15 { try recorder.advanceFrame() }
        var l = look()
        XCTAssertEqual(l.alpha, 1 - e, accuracy: 1e-9)
        XCTAssertEqual(l.red, e, accuracy: 1e-9)
        XCTAssertEqual(l.green, 1 - e, accuracy: 1e-9)
        XCTAssertEqual(l.scale, 1 + e, accuracy: 1e-9)
        XCTAssertEqual(l.x, 100 + 50 * e, accuracy: 1e-9)
        // Halfway (end of step 60): half the way.
        for _ in 0..<15 { try recorder.advanceFrame() }
        l = look()
        XCTAssertEqual(l.alpha, 0.5, accuracy: 1e-9)
        XCTAssertEqual(l.scale, 1.5, accuracy: 1e-9)
        XCTAssertTrue(controller.completions.isEmpty)
        // Done at the end of step 90 (1.5 s): completion(true) after that step.
        for _ in 0..<30 { try recorder.advanceFrame() }
        l = look()
        XCTAssertEqual(l.alpha, 0, accuracy: 1e-12)
        XCTAssertEqual(l.scale, 2, accuracy: 1e-12)
        XCTAssertEqual(l.x, 150, accuracy: 1e-12)
        XCTAssertEqual(controller.completions.count, 1)
        XCTAssertEqual(controller.completions.first?.0, true)
        XCTAssertEqual(controller.completions.first?.1, 90)
    }

    func testDelayOptionsAndNoAnimation() throws {
        let controller = Controller()
        var recorder: Recorder!
        recorder = try Recorder(id: "delay", size: CGSize(width: 200, height: 200), scale: 1, duration: 2, gestures: [
            .run(at: 0) {
                UIView.animate(withDuration: 0.5, delay: 0.5, options: [.curveLinear], animations: { controller.square.alpha = 0 })
                UIView.performWithoutAnimation { controller.square.backgroundColor = .blue }
            },
        ]) { controller }
        try recorder.advanceFrame()
        XCTAssertEqual(recorder.frameState().items[0].fill, .blue, "shown at once")
        for _ in 1..<45 { try recorder.advanceFrame() }
        // Linear: 0.25 s into the 0.5 s after the 0.5 s delay.
        XCTAssertEqual(recorder.frameState().items[0].alpha, 0.5, accuracy: 1e-9)
        XCTAssertEqual(UIView.AnimationOptions.curveEaseIn.rawValue, 1 << 16)
    }
}
