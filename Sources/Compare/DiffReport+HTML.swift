import Foundation

// Design note: the markup of the report, as one string built from small pieces. No framework
// and no external file: a short inline stylesheet (side-by-side figures, a wipe overlay whose
// split is a CSS variable, pixelated scaling so that small frames and single-pixel
// differences stay visible) and a short inline script (the sliders, and a check after the
// page's load event that every image decoded; the result is kept on <body> as
// data-images-loaded / data-images-broken and shown as a warning when an image is missing,
// which also lets a headless browser test prove the page is self-contained).

extension DiffReport {
    func html(for diff: FolderDiff, shownFrames: [FrameDiff]) -> String {
        let differing = diff.differentFrames
        var page = """
        <!DOCTYPE html>
        <html lang="en">
        <head>
        <meta charset="utf-8">
        <meta name="viewport" content="width=device-width, initial-scale=1">
        <title>\(escape(title))</title>
        <style>\(Self.styleSheet)</style>
        </head>
        <body data-frames="\(diff.frames.count)" data-different-frames="\(differing.count)" data-shown-frames="\(shownFrames.count)">
        <h1>\(escape(title))</h1>
        <p id="image-status" class="warning" hidden></p>
        <table class="totals">
        <tr><th>Expected</th><td><code>\(escape(diff.expectedFolder))</code></td></tr>
        <tr><th>Actual</th><td>\(actualLabel.map { escape($0) } ?? "<code>\(escape(diff.actualFolder))</code>")</td></tr>
        <tr><th>Frames</th><td>\(diff.frames.count) compared, \(differing.count) with differences</td></tr>
        <tr><th>First different frame</th><td>\(diff.firstDifferentFrame.map { "\($0)" } ?? "none")</td></tr>
        <tr><th>Different pixels</th><td>\(diff.differentPixels) of \(diff.totalPixels) (\(percent(diff.ratio)))\
        , \(diff.antiAliasedPixels) anti-aliased not counted</td></tr>
        <tr><th>Options</th><td>threshold \(diff.options.threshold), \
        anti-aliased pixels \(diff.options.includeAA ? "counted" : "ignored")</td></tr>
        </table>

        """
        if differing.isEmpty {
            page += "<p class=\"clean\">All \(diff.frames.count) frames match.</p>\n"
        } else {
            page += frameTable(differing, shown: Set(shownFrames.map(\.frame)))
            if shownFrames.count < differing.count {
                page += "<p class=\"warning\">Images are shown for the first \(shownFrames.count) of "
                    + "\(differing.count) differing frames.</p>\n"
            }
        }
        for frame in shownFrames {
            page += section(for: frame)
        }
        page += "<script>\(Self.script)</script>\n</body>\n</html>\n"
        return page
    }

    private func frameTable(_ frames: [FrameDiff], shown: Set<Int>) -> String {
        var table = "<table class=\"frames\">\n<tr><th>Frame</th><th>File</th><th>Different pixels</th>"
            + "<th>Ratio</th><th>Anti-aliased</th><th>Bounding box</th></tr>\n"
        for frame in frames {
            let label = shown.contains(frame.frame) ? "<a href=\"#frame-\(frame.frame)\">\(frame.frame)</a>" : "\(frame.frame)"
            table += "<tr><td>\(label)</td><td>\(escape(frame.fileName))</td><td>\(frame.diff.differentPixels)</td>"
                + "<td>\(percent(frame.diff.ratio))</td><td>\(frame.diff.antiAliasedPixels)</td>"
                + "<td>\(frame.diff.boundingBox.map { escape($0.description) } ?? "")</td></tr>\n"
        }
        return table + "</table>\n"
    }

    private func section(for frame: FrameDiff) -> String {
        let diff = frame.diff
        let paths = Self.imagePaths(of: frame)
        let size = "width=\"\(diff.width)\" height=\"\(diff.height)\""
        var box = ""
        if let bounds = diff.boundingBox, diff.width > 0, diff.height > 0 {
            func share(_ value: Int, of total: Int) -> String { String(format: "%.4f%%", Double(value) * 100 / Double(total)) }
            box = "<div class=\"box\" title=\"\(escape(bounds.description))\" style=\"left: \(share(bounds.x, of: diff.width)); "
                + "top: \(share(bounds.y, of: diff.height)); width: \(share(bounds.width, of: diff.width)); "
                + "height: \(share(bounds.height, of: diff.height))\"></div>"
        }
        return """
        <section class="frame" id="frame-\(frame.frame)" data-frame="\(frame.frame)" data-different-pixels="\(diff.differentPixels)">
        <h2>Frame \(frame.frame) <small>\(escape(frame.fileName))</small></h2>
        <p>\(diff.differentPixels) different pixels (\(percent(diff.ratio)))\
        \(diff.boundingBox.map { ", within \(escape($0.description))" } ?? ""), \(diff.antiAliasedPixels) anti-aliased</p>
        <div class="side-by-side">
        <figure><img class="expected" src="\(paths.expected)" \(size) alt="expected frame \(frame.frame)"><figcaption>expected</figcaption></figure>
        <figure><img class="actual" src="\(paths.actual)" \(size) alt="actual frame \(frame.frame)"><figcaption>actual</figcaption></figure>
        <figure><div class="layer"><img class="diff" src="\(paths.diff)" \(size) alt="diff of frame \(frame.frame)">\(box)</div><figcaption>diff</figcaption></figure>
        </div>
        <div class="wipe" id="wipe-\(frame.frame)" style="--split: 50%; max-width: \(max(diff.width * 2, 480))px">
        <img class="expected" src="\(paths.expected)" \(size) alt="expected frame \(frame.frame) under the slider">
        <img class="actual" src="\(paths.actual)" \(size) alt="actual frame \(frame.frame) under the slider">
        </div>
        <label class="slider">expected <input type="range" min="0" max="100" value="50" data-wipe="wipe-\(frame.frame)" \
        aria-label="wipe between expected and actual of frame \(frame.frame)"> actual</label>
        </section>

        """
    }

    private func percent(_ ratio: Double) -> String {
        ratio == 0 ? "0%" : String(format: "%.3g%%", ratio * 100)
    }

    /// Text and attribute values safe for HTML.
    func escape(_ text: String) -> String {
        var escaped = ""
        escaped.reserveCapacity(text.count)
        for character in text {
            switch character {
            case "&": escaped += "&amp;"
            case "<": escaped += "&lt;"
            case ">": escaped += "&gt;"
            case "\"": escaped += "&quot;"
            case "'": escaped += "&#39;"
            default: escaped.append(character)
            }
        }
        return escaped
    }

    static let styleSheet = """

    body { font: 14px/1.4 system-ui, sans-serif; margin: 1.5em; color: #222; background: #fafafa; }
    code { font-size: 13px; }
    table { border-collapse: collapse; margin: 0.5em 0 1em; }
    th, td { text-align: left; padding: 2px 10px 2px 0; vertical-align: top; }
    table.frames th, table.frames td { border-bottom: 1px solid #ddd; padding: 2px 8px; }
    .warning { color: #a40; font-weight: bold; }
    .clean { color: #080; font-weight: bold; }
    section.frame { border-top: 2px solid #ccc; margin-top: 1.5em; }
    .side-by-side { display: flex; gap: 12px; align-items: flex-start; }
    .side-by-side figure { flex: 1 1 0; margin: 0; min-width: 0; }
    figcaption { color: #666; text-align: center; }
    img { display: block; width: 100%; height: auto; image-rendering: pixelated; background: #fff;
          background-image: repeating-conic-gradient(#ddd 0% 25%, #fff 0% 50%); background-size: 16px 16px; }
    .layer { position: relative; }
    .box { position: absolute; box-sizing: border-box; outline: 2px solid #f0f; outline-offset: 1px; pointer-events: none; }
    .wipe { position: relative; margin-top: 12px; }
    .wipe img.actual { position: absolute; left: 0; top: 0; clip-path: inset(0 0 0 var(--split)); }
    .wipe::after { content: ""; position: absolute; top: 0; bottom: 0; left: var(--split); border-left: 2px solid #f0f; }
    .slider { display: flex; gap: 8px; align-items: center; max-width: 480px; color: #666; }
    .slider input { flex: 1; }

    """

    static let script = """

    document.querySelectorAll('input[data-wipe]').forEach(function (slider) {
      var wipe = document.getElementById(slider.getAttribute('data-wipe'));
      function update() { wipe.style.setProperty('--split', slider.value + '%'); }
      slider.addEventListener('input', update);
      update();
    });
    window.addEventListener('load', function () {
      var images = Array.prototype.slice.call(document.images);
      var loaded = images.filter(function (image) { return image.complete && image.naturalWidth > 0; }).length;
      document.body.setAttribute('data-images-loaded', loaded);
      document.body.setAttribute('data-images-broken', images.length - loaded);
      if (loaded < images.length) {
        var status = document.getElementById('image-status');
        status.textContent = (images.length - loaded) + ' of ' + images.length +
          ' images failed to load: the report folder is incomplete.';
        status.hidden = false;
      }
    });

    """
}
