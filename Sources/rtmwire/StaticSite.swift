import Foundation
import RTMWireNIO

/// The files of one folder, served by `rtmwire serve --web DIR` beside the WebSocket endpoint:
/// GET (and HEAD) of a path inside the folder, `index.html` for a folder; nothing outside it.
struct StaticSite: Sendable {
    let root: URL

    /// The site of `folder`; throws when it is not a folder.
    init(folder: String) throws {
        var isFolder: ObjCBool = false
        guard FileManager.default.fileExists(atPath: folder, isDirectory: &isFolder),
            isFolder.boolValue
        else {
            throw CLIError(kind: "io", detail: "--web \(folder) is not a folder", status: .usage)
        }
        root = URL(fileURLWithPath: folder, isDirectory: true).standardizedFileURL
    }

    /// The answer to a request, or nil (the server answers 426) for a method other than GET and
    /// HEAD.
    func response(method: String, target: String) -> WebSocketHTTPResponse? {
        guard method == "GET" || method == "HEAD" else { return nil }
        let path = target.split(separator: "?", maxSplits: 1).first.map(String.init) ?? "/"
        guard let decoded = path.removingPercentEncoding,
            !decoded.split(separator: "/").contains("..")
        else {
            return Self.text(400, "bad path\n")
        }
        var file = root.appendingPathComponent(String(decoded.drop { $0 == "/" }))
        if decoded.hasSuffix("/") || decoded.isEmpty { file.appendPathComponent("index.html") }
        file = file.standardizedFileURL
        guard file.path.hasPrefix(root.path),
            let data = FileManager.default.contents(atPath: file.path)
        else {
            return Self.text(404, "not found: \(decoded)\n")
        }
        return WebSocketHTTPResponse(
            status: 200,
            headers: [
                ("Content-Type", Self.contentType(file.pathExtension)),
                ("Cache-Control", "no-store"),
            ],
            body: method == "HEAD" ? [] : [UInt8](data))
    }

    static func text(_ status: Int, _ text: String) -> WebSocketHTTPResponse {
        WebSocketHTTPResponse(
            status: status, headers: [("Content-Type", "text/plain; charset=utf-8")],
            body: Array(text.utf8))
    }

    static func contentType(_ pathExtension: String) -> String {
        switch pathExtension.lowercased() {
        case "html", "htm": "text/html; charset=utf-8"
        case "js", "mjs": "text/javascript; charset=utf-8"
        case "css": "text/css; charset=utf-8"
        case "json": "application/json"
        case "wasm": "application/wasm"
        case "png": "image/png"
        case "jpg", "jpeg": "image/jpeg"
        case "svg": "image/svg+xml"
        case "ico": "image/x-icon"
        default: "application/octet-stream"
        }
    }
}
