/// The format and displayed pixel dimensions read from an image header by ``ImageProbe``.
public struct ImageInfo: Hashable, Sendable {
    /// The detected file format.
    public var format: ImageFormat
    /// The width in pixels as displayed, after ``orientation`` (and, for HEIF/AVIF, the clean
    /// aperture crop); the probe never reports 0.
    public var width: UInt32
    /// The height in pixels as displayed; the probe never reports 0.
    public var height: UInt32
    /// How the stored pixels are turned for display (Exif orientation of a JPEG, `irot`/`imir`
    /// of a HEIF/AVIF image); ``ImageOrientation/up`` when the file says nothing.
    public var orientation: ImageOrientation

    /// Creates an image description; `width` and `height` are the displayed ones.
    public init(
        format: ImageFormat, width: UInt32, height: UInt32, orientation: ImageOrientation = .up
    ) {
        self.format = format
        self.width = width
        self.height = height
        self.orientation = orientation
    }

    /// Describes an image stored `storedWidth` × `storedHeight` and shown with `orientation`.
    init(
        format: ImageFormat, stored storedWidth: UInt32, _ storedHeight: UInt32,
        orientation: ImageOrientation
    ) {
        let swap = orientation.swapsWidthAndHeight
        self.init(
            format: format, width: swap ? storedHeight : storedWidth,
            height: swap ? storedWidth : storedHeight, orientation: orientation)
    }
}
