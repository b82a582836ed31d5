// Design note: a view controller has UIKit's life cycle as the recorder plays it: `view` is
// made on first use by `loadView()` (a white view the size of the screen, as a storyboard
// scene gives) followed by `viewDidLoad()`; the recorder then puts it on the screen and calls
// `viewWillAppear(_:)` and `viewDidAppear(_:)` before the first frame. The screen does not
// rotate, so `viewWillTransition(to:with:)` is never called; it exists so that recipes that
// override it compile unchanged.
import Foundation

/// Manages a view hierarchy (UIViewController).
open class UIViewController {
    private var loadedView: UIView?
    /// The title (not drawn).
    open var title: String?

    /// A view controller whose view is made on first use.
    public init() {}

    /// A view controller from a nib: there are no nibs here, so this is `init()`.
    public init(nibName: String?, bundle: Bundle?) {}

    /// A view controller from an archive: there are no storyboards here, so this is `init()`.
    public required init?(coder: NSCoder) {}

    /// The root view, made by `loadView()` and followed by `viewDidLoad()` on first use.
    public var view: UIView! {
        get {
            if loadedView == nil {
                loadView()
                if loadedView == nil { loadedView = Self.makeScreenView() }
                viewDidLoad()
            }
            return loadedView
        }
        set { loadedView = newValue }
    }

    /// Whether `view` has been made.
    public var isViewLoaded: Bool { loadedView != nil }

    /// Makes `view` (and calls `viewDidLoad()`) if it has not been made yet.
    public func loadViewIfNeeded() { _ = view }

    /// Makes the root view: a white view filling the screen. Override it to build the view
    /// hierarchy in code (call super or assign `view`).
    open func loadView() { loadedView = Self.makeScreenView() }

    static func makeScreenView() -> UIView {
        let view = UIView(frame: Display.current.bounds)
        view.backgroundColor = .white
        return view
    }

    /// Called once after the view was made.
    open func viewDidLoad() {}
    /// Called before the view goes on the screen.
    open func viewWillAppear(_ animated: Bool) {}
    /// Called after the view went on the screen, before the first frame.
    open func viewDidAppear(_ animated: Bool) {}
    /// Called before the view leaves the screen (never, in a recording).
    open func viewWillDisappear(_ animated: Bool) {}
    /// Called after the view left the screen (never, in a recording).
    open func viewDidDisappear(_ animated: Bool) {}
    /// Called when the screen changes size (never: a recording's screen does not rotate).
    open func viewWillTransition(to size: CGSize, with coordinator: UIViewControllerTransitionCoordinator) {}
}

/// The coordinator of a size transition (UIViewControllerTransitionCoordinator).
public protocol UIViewControllerTransitionCoordinator: AnyObject {}
