import CCairo
import Foundation
import SceneFormat
import FrameFiles
import Rendering
import Images

// Design note: the previews draw decoded frames again (scaled into an APNG, into the cells of
// a contact sheet), which the frame renderer, built for FrameState values, does not do. This
// small owner of one Cairo image surface converts straight RGBA (as decoded by CPNG) to
// Cairo's premultiplied native-endian words, draws one surface into another with Cairo's GOOD
// filter (a box-like filter when shrinking) and pad extension (no dark fringe at the image
// edge), and encodes through the same PNGEncoder as the frames. Text goes through CairoText.

/// A Cairo image surface owned by Swift (RGB24 when opaque, else premultiplied ARGB32).
final class CairoImageSurface {
    let surface: OpaquePointer
    let width: Int
    let height: Int
    let isOpaque: Bool

    /// A surface filled with `background`.
    init(width: Int, height: Int, opaque: Bool, background: SceneColor = .clear) throws {
        guard width > 0, height > 0, width <= FrameRenderer.maximumPixelSide, height <= FrameRenderer.maximumPixelSide else {
            throw RenderError.cairoFailure("cannot create a \(width) x \(height) pixel image")
        }
        let created = cairo_image_surface_create(opaque ? CAIRO_FORMAT_RGB24 : CAIRO_FORMAT_ARGB32, Int32(width), Int32(height))!
        let status = cairo_surface_status(created)
        guard status == CAIRO_STATUS_SUCCESS else {
            cairo_surface_destroy(created)
            throw RenderError.cairoFailure("cannot create a \(width) x \(height) pixel image: "
                                           + String(cString: cairo_status_to_string(status)))
        }
        surface = created
        self.width = width
        self.height = height
        isOpaque = opaque
        try draw { cr in
            cairo_set_operator(cr, CAIRO_OPERATOR_SOURCE)
            cairo_set_source_rgba(cr, background.red, background.green, background.blue, background.alpha)
            cairo_paint(cr)
        }
    }

    /// A surface holding `image` (premultiplied; RGB24 when `opaque`, which ignores alpha).
    convenience init(image: RGBAImage, opaque: Bool) throws {
        try self.init(width: image.width, height: image.height, opaque: opaque)
        cairo_surface_flush(surface)
        guard let data = cairo_image_surface_get_data(surface) else { throw RenderError.cairoFailure("no pixel memory") }
        let stride = Int(cairo_image_surface_get_stride(surface))
        image.pixels.withUnsafeBufferPointer { source in
            for y in 0..<height {
                let row = UnsafeMutableRawPointer(data + y * stride).assumingMemoryBound(to: UInt32.self)
                for x in 0..<width {
                    let i = (y * width + x) * 4
                    let a = opaque ? 255 : UInt32(source[i + 3])
                    func premultiplied(_ c: UInt8) -> UInt32 { (UInt32(c) * a + 127) / 255 }
                    row[x] = a << 24 | premultiplied(source[i]) << 16 | premultiplied(source[i + 1]) << 8 | premultiplied(source[i + 2])
                }
            }
        }
        cairo_surface_mark_dirty(surface)
    }

    deinit {
        cairo_surface_destroy(surface)
    }

    /// Runs `body` with a fresh context on the surface and checks Cairo's status afterwards.
    func draw(_ body: (OpaquePointer) throws -> Void) throws {
        let cr = cairo_create(surface)!
        defer { cairo_destroy(cr) }
        try body(cr)
        let status = cairo_status(cr)
        guard status == CAIRO_STATUS_SUCCESS else {
            throw RenderError.cairoFailure(String(cString: cairo_status_to_string(status)))
        }
        cairo_surface_flush(surface)
    }

    /// Paints `image` scaled into the rectangle (`x`, `y`, `width`, `height`) of `cr`.
    static func paint(_ image: CairoImageSurface, into cr: OpaquePointer, x: Double, y: Double, width: Double, height: Double) {
        cairo_save(cr)
        cairo_rectangle(cr, x, y, width, height)
        cairo_clip(cr)
        cairo_translate(cr, x, y)
        cairo_scale(cr, width / Double(image.width), height / Double(image.height))
        cairo_set_source_surface(cr, image.surface, 0, 0)
        let pattern = cairo_get_source(cr)
        cairo_pattern_set_filter(pattern, CAIRO_FILTER_GOOD)
        cairo_pattern_set_extend(pattern, CAIRO_EXTEND_PAD)
        cairo_paint(cr)
        cairo_restore(cr)
    }

    /// The surface as PNG bytes (RGB when opaque, else RGBA).
    func pngData(preset: PNGPreset) throws -> [UInt8] {
        cairo_surface_flush(surface)
        guard let data = cairo_image_surface_get_data(surface) else { throw PNGError.nothingRendered }
        return try PNGEncoder.encode(pixels: UnsafeRawPointer(data), width: width, height: height,
                                     stride: Int(cairo_image_surface_get_stride(surface)),
                                     format: isOpaque ? .rgb24 : .premultipliedARGB32, preset: preset)
    }

    /// The PNG file at `path`, decoded onto a surface.
    static func load(framePath path: String, opaque: Bool) throws -> CairoImageSurface {
        let image: RGBAImage
        do {
            image = try RGBAImage.decodePNG(path: path)
        } catch let error as PNGError {
            throw PreviewError.unreadableFrame(path: path, error)
        }
        return try CairoImageSurface(image: image, opaque: opaque)
    }
}
