extension ImageMessage {
    /// Builds an image message for an uploaded image, computing its displayed width and height
    /// from the image's header bytes (JPEG, PNG, BMP, GIF, WebP, HEIC/HEIF, AVIF; see
    /// ``ImageProbe``) as the RTM SDK does for JPEG, PNG and BMP. A phone photo whose Exif or
    /// HEIF orientation turns it a quarter is reported with width and height swapped.
    ///
    /// `size` is the number of bytes in `imageBytes`. An explicit `width` or `height` overrides
    /// the computed value. A format the probe does not read (TIFF, a RAW photo, …) leaves width
    /// and height 0, "unknown", as the RTM SDK does for anything but JPEG, PNG and BMP: any
    /// format may be sent. A header of a format the probe reads that is broken still throws
    /// ``RTMWireError/Code/malformedImageHeader``, since those bytes are no image the receiver
    /// can show. `expireTime` is when the file server discards the upload (ms since the Unix
    /// epoch; 0 = not given). The thumbnail is the application's: the codec never generates one.
    public init(
        mediaID: String,
        imageBytes: some Collection<UInt8>,
        fileName: String = "",
        width: UInt32? = nil,
        height: UInt32? = nil,
        thumbnail: some Collection<UInt8> = [UInt8](),
        thumbnailWidth: UInt32 = 0,
        thumbnailHeight: UInt32 = 0,
        caption: String = "",
        mentions: Mentions? = nil,
        expireTimeMs: Int64 = 0
    ) throws(RTMWireError) {
        var computed: ImageInfo?
        if width == nil || height == nil {
            do {
                computed = try ImageProbe.probe(imageBytes)
            } catch  where error.code == .unrecognizedImageFormat {
                computed = nil
            }
        }
        self.init(
            mediaID: mediaID, fileName: fileName, size: UInt64(imageBytes.count),
            width: width ?? computed?.width ?? 0, height: height ?? computed?.height ?? 0,
            thumbnail: Array(thumbnail), thumbnailWidth: thumbnailWidth,
            thumbnailHeight: thumbnailHeight, caption: caption, mentions: mentions,
            expireTimeMs: expireTimeMs)
    }
}
