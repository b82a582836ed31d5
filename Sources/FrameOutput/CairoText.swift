import CCairo
import Foundation
import SceneFormat
import FrameFiles
import Rendering
import Images

// Design note: labels on contact sheets use Cairo's toy text API (cairo_show_text), enough
// for a line of digits. It goes through FreeType and fontconfig, which are not thread-safe,
// while Cairo itself is safe with one context per thread: so every text drawing of this module
// holds one process-wide lock, and shapes keep drawing in parallel.

/// Cairo's toy text API goes through FreeType and fontconfig, which are not thread-safe:
/// every text drawing in this module holds this lock.
enum CairoText {
    static let lock = NSLock()

    /// Draws `text` with its baseline starting at (`x`, `y`).
    static func show(_ text: String, in cr: OpaquePointer, x: Double, y: Double, size: Double, color: SceneColor, bold: Bool = false) {
        lock.withLock {
            cairo_save(cr)
            cairo_select_font_face(cr, "sans-serif", CAIRO_FONT_SLANT_NORMAL, bold ? CAIRO_FONT_WEIGHT_BOLD : CAIRO_FONT_WEIGHT_NORMAL)
            cairo_set_font_size(cr, size)
            cairo_set_source_rgba(cr, color.red, color.green, color.blue, color.alpha)
            cairo_move_to(cr, x, y)
            cairo_show_text(cr, text)
            cairo_restore(cr)
        }
    }
}
