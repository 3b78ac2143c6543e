/// The format and pixel dimensions read from an image header by ``ImageProbe``.
public struct ImageInfo: Hashable, Sendable {
    /// The detected file format.
    public var format: ImageFormat
    /// The width in pixels; the probe never reports 0.
    public var width: UInt32
    /// The height in pixels; the probe never reports 0.
    public var height: UInt32

    /// Creates an image description.
    public init(format: ImageFormat, width: UInt32, height: UInt32) {
        self.format = format
        self.width = width
        self.height = height
    }
}
