/// An image file format recognised by ``ImageProbe``.
///
/// A struct rather than an enum so that later releases can recognise more formats without
/// breaking callers' exhaustive switches: compare with `==` or match in a `switch`, and always
/// keep a `default:` branch.
public struct ImageFormat: Hashable, Sendable, CustomStringConvertible {
    /// The stable, lowercase name (for example `jpeg`).
    public let name: String

    /// Creates a format with a stable name.
    public init(_ name: String) { self.name = name }

    /// The stable name.
    public var description: String { name }

    /// JPEG (JFIF/Exif), any SOF frame type: baseline, extended, progressive or lossless.
    public static let jpeg = ImageFormat("jpeg")
    /// PNG.
    public static let png = ImageFormat("png")
    /// Windows/OS/2 bitmap.
    public static let bmp = ImageFormat("bmp")
    /// GIF87a or GIF89a.
    public static let gif = ImageFormat("gif")
    /// WebP: lossy (`VP8 `), lossless (`VP8L`) or extended (`VP8X`: alpha, animation, metadata).
    public static let webp = ImageFormat("webp")
    /// HEIF with HEVC-coded images (brands `heic`, `heix`, `heim`, `heis`, `hevc`, `hevx`): the
    /// iPhone camera's default.
    public static let heic = ImageFormat("heic")
    /// AVIF: HEIF with AV1-coded images (brands `avif`, `avis`).
    public static let avif = ImageFormat("avif")
    /// Any other HEIF image (brands `mif1`, `msf1`, `mif2` only).
    public static let heif = ImageFormat("heif")
}
