extension ImageProbe {
    /// Offset of the DIB header, right after the 14-byte BITMAPFILEHEADER.
    static let bmpDIBOffset = 14

    /// The DIB header size tells the layouts apart: 12 is the OS/2 BITMAPCOREHEADER with
    /// unsigned 16-bit sizes; 40 and up (INFO, V2-V5, OS/2 2.x) share signed 32-bit sizes.
    static func probeBMP(_ reader: Reader) throws(RTMWireError) -> ImageInfo {
        guard let dibSize = reader.uint32LE(at: bmpDIBOffset) else {
            throw truncated("BMP header", need: bmpDIBOffset + 4, in: reader)
        }
        let sizeOffset = bmpDIBOffset + 4
        if dibSize == 12 {
            guard let width = reader.uint16LE(at: sizeOffset),
                let height = reader.uint16LE(at: sizeOffset + 2)
            else {
                throw truncated("BMP core header", need: sizeOffset + 4, in: reader)
            }
            guard width > 0 else { throw malformed(at: sizeOffset, "BMP width is 0") }
            guard height > 0 else { throw malformed(at: sizeOffset + 2, "BMP height is 0") }
            return ImageInfo(format: .bmp, width: UInt32(width), height: UInt32(height))
        }
        guard dibSize >= 40 else {
            throw malformed(
                at: bmpDIBOffset, "BMP DIB header size \(dibSize) is not 12 or at least 40")
        }
        guard let rawWidth = reader.uint32LE(at: sizeOffset),
            let rawHeight = reader.uint32LE(at: sizeOffset + 4)
        else {
            throw truncated("BMP info header", need: sizeOffset + 8, in: reader)
        }
        let width = Int32(bitPattern: rawWidth)
        let height = Int32(bitPattern: rawHeight)
        guard width > 0 else {
            throw malformed(at: sizeOffset, "BMP width \(width) is not positive")
        }
        // A negative height marks a top-down bitmap; Int32.min has no positive counterpart.
        guard height != Int32.min else {
            throw malformed(at: sizeOffset + 4, "BMP height \(height) has no magnitude in Int32")
        }
        guard height != 0 else { throw malformed(at: sizeOffset + 4, "BMP height is 0") }
        return ImageInfo(format: .bmp, width: UInt32(width), height: height.magnitude)
    }
}
