import Testing

@testable import RTMWire

// MARK: - Byte builders
//
// Every helper here is private so it cannot collide with helpers in other test files of the
// same target.

private extension Array where Element == UInt8 {
    mutating func appendBE16(_ value: UInt16) {
        append(UInt8(value >> 8)); append(UInt8(truncatingIfNeeded: value))
    }
    mutating func appendLE16(_ value: UInt16) {
        append(UInt8(truncatingIfNeeded: value)); append(UInt8(value >> 8))
    }
    mutating func appendBE32(_ value: UInt32) {
        appendBE16(UInt16(value >> 16)); appendBE16(UInt16(truncatingIfNeeded: value))
    }
    mutating func appendLE32(_ value: UInt32) {
        appendLE16(UInt16(truncatingIfNeeded: value)); appendLE16(UInt16(value >> 16))
    }
    mutating func appendASCII(_ text: String) { append(contentsOf: text.utf8) }
}

/// The CRC-32 of ISO 3309 / ITU-T V.42 that PNG chunks carry (reflected polynomial 0xEDB88320).
private let crcTable: [UInt32] = (0..<256).map { index in
    var value = UInt32(index)
    for _ in 0..<8 { value = value & 1 == 1 ? 0xEDB8_8320 ^ (value >> 1) : value >> 1 }
    return value
}

private func crc32<Bytes: Sequence<UInt8>>(_ bytes: Bytes) -> UInt32 {
    var crc: UInt32 = 0xFFFF_FFFF
    for byte in bytes { crc = crcTable[Int((crc ^ UInt32(byte)) & 0xFF)] ^ (crc >> 8) }
    return crc ^ 0xFFFF_FFFF
}

private func adler32(_ bytes: [UInt8]) -> UInt32 {
    var a: UInt32 = 1, b: UInt32 = 0
    for byte in bytes { a = (a + UInt32(byte)) % 65521; b = (b + a) % 65521 }
    return b << 16 | a
}

private enum Build {
    static let pngSignature: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]

    static func pngChunk(_ type: String, _ data: [UInt8]) -> [UInt8] {
        var chunk: [UInt8] = []
        chunk.appendBE32(UInt32(data.count))
        let typeAndData = Array(type.utf8) + data
        chunk += typeAndData
        chunk.appendBE32(crc32(typeAndData))
        return chunk
    }

    static func ihdr(width: UInt32, height: UInt32, bitDepth: UInt8 = 1) -> [UInt8] {
        var data: [UInt8] = []
        data.appendBE32(width)
        data.appendBE32(height)
        data += [bitDepth, 0, 0, 0, 0]  // greyscale, deflate, adaptive filtering, no interlace
        return pngChunk("IHDR", data)
    }

    /// A complete, decodable 1-bit greyscale PNG: IHDR, one IDAT holding a zlib stream of stored
    /// deflate blocks (all-black rows), IEND.
    static func png(width: UInt32, height: UInt32) -> [UInt8] {
        let rowBytes = (Int(width) + 7) / 8
        let raw = [UInt8](repeating: 0, count: Int(height) * (1 + rowBytes))  // filter 0 + pixels
        var zlib: [UInt8] = [0x78, 0x01]
        var start = 0
        repeat {
            let end = min(start + 65535, raw.count)
            zlib.append(end == raw.count ? 1 : 0)  // BFINAL, BTYPE 00 (stored)
            zlib.appendLE16(UInt16(end - start))
            zlib.appendLE16(~UInt16(end - start))
            zlib += raw[start..<end]
            start = end
        } while start < raw.count
        zlib.appendBE32(adler32(raw))
        return pngSignature + ihdr(width: width, height: height) + pngChunk("IDAT", zlib)
            + pngChunk("IEND", [])
    }

    static let jfifAPP0: [UInt8] = [
        0xFF, 0xE0, 0x00, 0x10, 0x4A, 0x46, 0x49, 0x46, 0x00, 0x01, 0x01, 0x00, 0x00, 0x01, 0x00,
        0x01, 0x00, 0x00,
    ]

    static func sof(_ marker: UInt8 = 0xC0, width: UInt16, height: UInt16) -> [UInt8] {
        var segment: [UInt8] = [0xFF, marker, 0x00, 0x0B, 0x08]  // length 11, 8-bit samples
        segment.appendBE16(height)
        segment.appendBE16(width)
        segment += [0x01, 0x01, 0x11, 0x00]  // one component: id 1, 1x1 sampling, table 0
        return segment
    }

    /// A decodable baseline greyscale JPEG. The Huffman tables hold a single 1-bit code for
    /// symbol 0, which means "DC difference 0" and "end of block": every 8x8 block is two 0 bits.
    /// `beforeSOF` is spliced in after DQT to test the marker walk.
    static func jpeg(
        width: UInt16, height: UInt16, sofMarker: UInt8 = 0xC0, beforeSOF: [UInt8] = []
    ) -> [UInt8] {
        var bytes: [UInt8] = [0xFF, 0xD8] + jfifAPP0
        bytes += [0xFF, 0xDB, 0x00, 0x43, 0x00] + [UInt8](repeating: 1, count: 64)
        bytes += beforeSOF
        bytes += sof(sofMarker, width: width, height: height)
        let oneCode: [UInt8] = [1] + [UInt8](repeating: 0, count: 15) + [0x00]
        bytes += [0xFF, 0xC4, 0x00, 0x26, 0x00] + oneCode + [0x10] + oneCode
        bytes += [0xFF, 0xDA, 0x00, 0x08, 0x01, 0x01, 0x00, 0x00, 0x3F, 0x00]
        let blocks = ((Int(width) + 7) / 8) * ((Int(height) + 7) / 8)
        let bits = 2 * blocks
        bytes += [UInt8](repeating: 0, count: bits / 8)
        if bits % 8 != 0 { bytes.append(0xFF >> UInt8(bits % 8)) }  // pad the last byte with 1s
        bytes += [0xFF, 0xD9]
        return bytes
    }

    /// A 24-bit BMP with a DIB header of `dibSize` >= 40 bytes (extra V4/V5 fields left zero).
    static func bmp(width: Int32, height: Int32, dibSize: UInt32 = 40, withPixels: Bool = true)
        -> [UInt8]
    {
        let rowSize = (24 * Int(width.magnitude) + 31) / 32 * 4
        let pixelBytes = withPixels ? rowSize * Int(height.magnitude) : 0
        var bytes: [UInt8] = []
        bytes.appendASCII("BM")
        bytes.appendLE32(UInt32(14 + Int(dibSize) + pixelBytes))
        bytes.appendLE32(0)
        bytes.appendLE32(14 + dibSize)
        bytes.appendLE32(dibSize)
        bytes.appendLE32(UInt32(bitPattern: width))
        bytes.appendLE32(UInt32(bitPattern: height))
        bytes.appendLE16(1)  // planes
        bytes.appendLE16(24)  // bits per pixel
        bytes.appendLE32(0)  // BI_RGB
        bytes.appendLE32(UInt32(pixelBytes))
        bytes.appendLE32(2835)
        bytes.appendLE32(2835)
        bytes.appendLE32(0)
        bytes.appendLE32(0)
        bytes += [UInt8](repeating: 0, count: Int(dibSize) - 40)
        bytes += [UInt8](repeating: 0x7F, count: pixelBytes)
        return bytes
    }

    /// A 24-bit OS/2 BMP with the 12-byte BITMAPCOREHEADER.
    static func bmpCore(width: UInt16, height: UInt16) -> [UInt8] {
        let pixelBytes = (24 * Int(width) + 31) / 32 * 4 * Int(height)
        var bytes: [UInt8] = []
        bytes.appendASCII("BM")
        bytes.appendLE32(UInt32(26 + pixelBytes))
        bytes.appendLE32(0)
        bytes.appendLE32(26)
        bytes.appendLE32(12)
        bytes.appendLE16(width)
        bytes.appendLE16(height)
        bytes.appendLE16(1)
        bytes.appendLE16(24)
        bytes += [UInt8](repeating: 0x7F, count: pixelBytes)
        return bytes
    }

    /// A GIF whose logical screen is `width` x `height`, holding one 1x1 frame at the origin
    /// (frames may be smaller than the screen, which keeps large screens cheap).
    static func gif(width: UInt16, height: UInt16, version: String = "89a") -> [UInt8] {
        var bytes: [UInt8] = []
        bytes.appendASCII("GIF" + version)
        bytes.appendLE16(width)
        bytes.appendLE16(height)
        bytes += [0x80, 0x00, 0x00]  // 2-entry global colour table, background 0, no aspect
        bytes += [0x00, 0x00, 0x00, 0xFF, 0xFF, 0xFF]
        bytes += [0x2C, 0, 0, 0, 0, 1, 0, 1, 0, 0x00]  // image descriptor: 1x1 at (0, 0)
        bytes += [0x02, 0x02, 0x44, 0x01, 0x00]  // LZW min size 2: clear, index 0, end
        bytes.append(0x3B)
        return bytes
    }
}

// MARK: - Helpers

/// A valid image, what the probe must report, and the shortest prefix that carries the size.
private struct Sample: CustomStringConvertible, Sendable {
    let name: String
    let bytes: [UInt8]
    let info: ImageInfo
    let headerLength: Int
    var description: String { name }
}

private let imageCodes: Set<RTMWireError.Code> = [.unrecognizedImageFormat, .malformedImageHeader]

private func probeError<Bytes: Collection>(_ bytes: Bytes) -> RTMWireError?
where Bytes.Element == UInt8 {
    do {
        _ = try ImageProbe.probe(bytes)
        return nil
    } catch {
        return error
    }
}

/// Offset just past the width field of the first SOF marker (FF Cx LL LL P HH HH WW WW).
private func jpegHeaderLength(_ bytes: [UInt8], sofMarker: UInt8) -> Int {
    var index = 2
    while !(bytes[index] == 0xFF && bytes[index + 1] == sofMarker) { index += 1 }
    return index + 9
}

private func jpegSample(
    _ width: UInt16, _ height: UInt16, sofMarker: UInt8 = 0xC0, beforeSOF: [UInt8] = []
) -> Sample {
    let bytes = Build.jpeg(width: width, height: height, sofMarker: sofMarker, beforeSOF: beforeSOF)
    return Sample(
        name: "jpeg \(width)x\(height) SOF 0x\(String(sofMarker, radix: 16))", bytes: bytes,
        info: ImageInfo(format: .jpeg, width: UInt32(width), height: UInt32(height)),
        headerLength: jpegHeaderLength(bytes, sofMarker: sofMarker))
}

private let builtSamples: [Sample] = {
    var samples: [Sample] = []
    for (width, height) in [(1, 1), (2, 3), (65535, 1), (100_000, 3), (1, 65536)]
        as [(UInt32, UInt32)]
    {
        samples.append(
            Sample(
                name: "png \(width)x\(height)", bytes: Build.png(width: width, height: height),
                info: ImageInfo(format: .png, width: width, height: height), headerLength: 24))
    }
    for (width, height) in [(1, 1), (3, 2), (65535, 1), (1, 65535), (640, 480)]
        as [(UInt16, UInt16)]
    {
        samples.append(jpegSample(width, height))
    }
    samples.append(jpegSample(9, 4, sofMarker: 0xC2))
    for (width, height) in [(1, 1), (4, 3), (65535, 1), (1, -1), (7, -5)] as [(Int32, Int32)] {
        samples.append(
            Sample(
                name: "bmp info \(width)x\(height)", bytes: Build.bmp(width: width, height: height),
                info: ImageInfo(format: .bmp, width: UInt32(width), height: height.magnitude),
                headerLength: 26))
    }
    samples.append(
        Sample(
            name: "bmp v5 3x-2", bytes: Build.bmp(width: 3, height: -2, dibSize: 124),
            info: ImageInfo(format: .bmp, width: 3, height: 2), headerLength: 26))
    for (width, height) in [(1, 1), (4, 3), (65535, 1)] as [(UInt16, UInt16)] {
        samples.append(
            Sample(
                name: "bmp core \(width)x\(height)",
                bytes: Build.bmpCore(width: width, height: height),
                info: ImageInfo(format: .bmp, width: UInt32(width), height: UInt32(height)),
                headerLength: 22))
    }
    for (width, height, version) in [
        (1, 1, "89a"), (2, 9, "89a"), (65535, 1, "89a"), (300, 200, "87a"),
    ]
        as [(UInt16, UInt16, String)]
    {
        samples.append(
            Sample(
                name: "gif\(version) \(width)x\(height)",
                bytes: Build.gif(width: width, height: height, version: version),
                info: ImageInfo(format: .gif, width: UInt32(width), height: UInt32(height)),
                headerLength: 10))
    }
    return samples
}()

/// The encoders' files; the fixture script computes how many leading bytes carry the size.
private let fixtureSamples: [Sample] = ImageFixtures.all.map { fixture in
    Sample(
        name: "fixture " + fixture.name, bytes: fixture.bytes, info: fixture.info,
        headerLength: fixture.headerLength)
}

private func expectMalformed(
    _ bytes: [UInt8], offset: Int? = nil, detail: String? = nil,
    sourceLocation: SourceLocation = #_sourceLocation
) {
    let error = probeError(bytes)
    #expect(
        error?.code == .malformedImageHeader, "\(String(describing: error))",
        sourceLocation: sourceLocation)
    if let offset { #expect(error?.offset == offset, sourceLocation: sourceLocation) }
    if let detail { #expect(error?.detail == detail, sourceLocation: sourceLocation) }
}

// MARK: - Tests

@Suite("ImageProbe")
struct ImageProbeTests {
    @Test("built images report their format and size", arguments: builtSamples)
    fileprivate func builtImages(sample: Sample) throws {
        #expect(try ImageProbe.probe(sample.bytes) == sample.info)
    }

    @Test(
        "encoder-made fixtures report their format, displayed size and orientation",
        arguments: ImageFixtures.all)
    func fixtures(fixture: ImageFixtures.Fixture) throws {
        #expect(fixture.bytes.count < 1024)
        #expect(try ImageProbe.probe(fixture.bytes) == fixture.info)
    }

    @Test func fixturesCoverEveryFormatAndTurnedPhotos() {
        let formats = Set(ImageFixtures.all.map(\.format))
        #expect(formats == [.jpeg, .png, .bmp, .gif, .webp, .heic, .avif])
        for format in [ImageFormat.jpeg, .heic, .avif] {
            #expect(
                ImageFixtures.all.contains {
                    $0.format == format && $0.orientation.swapsWidthAndHeight
                }, "no turned \(format) fixture")
        }
    }

    @Test func progressiveFixtureReallyUsesSOF2() throws {
        let bytes = ImageFixtures.jpegProgressive3x2.bytes
        let hasSOF2 = bytes.indices.dropLast().contains {
            bytes[$0] == 0xFF && bytes[$0 + 1] == 0xC2
        }
        let hasSOF0 = bytes.indices.dropLast().contains {
            bytes[$0] == 0xFF && bytes[$0 + 1] == 0xC0
        }
        #expect(hasSOF2 && !hasSOF0)
    }

    @Test func nonContiguousAndSlicedInputs() throws {
        let bytes = Build.png(width: 100_000, height: 3)
        // A lazy map has no contiguous storage, forcing the copying path.
        #expect(
            try ImageProbe.probe(bytes.lazy.map { $0 })
                == ImageInfo(format: .png, width: 100_000, height: 3))
        // A slice whose indices do not start at 0.
        let padded = [0xAA, 0xBB, 0xCC] + Build.gif(width: 5, height: 6)
        #expect(try ImageProbe.probe(padded[3...]) == ImageInfo(format: .gif, width: 5, height: 6))
        #expect(probeError(padded)?.code == .unrecognizedImageFormat)
        let jpeg = Build.jpeg(width: 7, height: 8)
        #expect(
            try ImageProbe.probe(jpeg.lazy.map { $0 })
                == ImageInfo(format: .jpeg, width: 7, height: 8))
        #expect(probeError(jpeg.prefix(90).lazy.map { $0 })?.code == .malformedImageHeader)
    }

    @Test func formatNamesAreStable() {
        #expect(
            [ImageFormat.jpeg, .png, .bmp, .gif, .webp, .heic, .avif, .heif].map(\.description) == [
                "jpeg", "png", "bmp", "gif", "webp", "heic", "avif", "heif",
            ])
        #expect(Set([ImageFormat.jpeg, .png, .bmp, .gif, ImageFormat("jpeg")]).count == 4)
    }

    // MARK: Unrecognized

    @Test(
        "unknown signatures are unrecognized at offset 0",
        arguments: [
            [], [0x00], [0xFF], [0xFF, 0xD9], [0x89, 0x50, 0x4E], Array("hello, world".utf8),
            Array("GIF".utf8.dropLast()),
            Array("B".utf8), Array("RIFF\u{0}\u{0}\u{0}\u{0}WAVE".utf8), Array("RIFF\u{0}".utf8),
            [0x00, 0x00, 0x01, 0x00],
            // An MP4 video: ISO BMFF, but no HEIF or AVIF brand.
            [0, 0, 0, 16] + Array("ftypisom".utf8) + [0, 0, 2, 0],
        ] as [[UInt8]])
    func unrecognized(bytes: [UInt8]) {
        let error = probeError(bytes)
        #expect(error?.code == .unrecognizedImageFormat)
        #expect(error?.offset == 0)
        #expect(error?.detail.isEmpty == false)
    }

    // MARK: PNG

    @Test func pngDimensionLimits() throws {
        let max = UInt32(Int32.max)
        let header = Build.pngSignature + Build.ihdr(width: max, height: 1)
        #expect(try ImageProbe.probe(header) == ImageInfo(format: .png, width: max, height: 1))
        expectMalformed(Build.pngSignature + Build.ihdr(width: max + 1, height: 1), offset: 16)
        expectMalformed(Build.pngSignature + Build.ihdr(width: 1, height: UInt32.max), offset: 20)
        expectMalformed(Build.pngSignature + Build.ihdr(width: 0, height: 5), offset: 16)
        expectMalformed(Build.pngSignature + Build.ihdr(width: 5, height: 0), offset: 20)
    }

    @Test func pngStructure() {
        let valid = Build.png(width: 3, height: 3)
        expectMalformed(
            Array(valid.prefix(17)), offset: 17,
            detail: "PNG header truncated: need 24 bytes, have 17")
        // IHDR must come first.
        expectMalformed(
            Build.pngSignature + Build.pngChunk("tEXt", Array("a\u{0}b".utf8)) + Array(valid[8...]),
            offset: 12)
        // An IHDR with the wrong length.
        var long = valid
        long[11] = 14
        expectMalformed(long, offset: 8, detail: "PNG IHDR chunk length 14 is not 13")
        // CR LF turned into LF by a text-mode transfer.
        var mangled = valid
        mangled.remove(at: 4)
        expectMalformed(mangled, offset: 4)
    }

    // MARK: JPEG

    @Test(
        "every frame-header marker yields the size",
        arguments: [
            0xC0, 0xC1, 0xC2, 0xC3, 0xC5, 0xC6, 0xC7, 0xC9, 0xCA, 0xCB, 0xCD, 0xCE, 0xCF,
        ] as [UInt8])
    func jpegFrameMarkers(marker: UInt8) throws {
        let info = try ImageProbe.probe(Build.jpeg(width: 33, height: 17, sofMarker: marker))
        #expect(info == ImageInfo(format: .jpeg, width: 33, height: 17))
    }

    @Test func jpegSkipsNonFrameMarkersInTheSOFRange() throws {
        // DHT, JPG and DAC sit in 0xC0...0xCF but are not frame headers; their payloads here would
        // read as a 0xFFFF x 0xFFFF frame if mistaken for one.
        for marker: UInt8 in [0xC4, 0xC8, 0xCC] {
            let decoy: [UInt8] = [0xFF, marker, 0x00, 0x08, 0x08, 0xFF, 0xFF, 0xFF, 0xFF, 0x01]
            #expect(
                try ImageProbe.probe(Build.jpeg(width: 2, height: 3, beforeSOF: decoy)).width == 2)
        }
    }

    @Test func jpegWalksFillBytesStandaloneMarkersAndPayloads() throws {
        // Fill bytes, TEM, RST0 and RST7, an extra SOI, and an APP1 whose payload contains what
        // looks like a SOF0 header for 0x0102 x 0x0304.
        let extras: [UInt8] =
            [0xFF, 0xFF, 0xFF, 0x01, 0xFF, 0xD0, 0xFF, 0xD7, 0xFF, 0xD8]
            + [0xFF, 0xE1, 0x00, 0x0B, 0xFF, 0xC0, 0x00, 0x0B, 0x08, 0x03, 0x04, 0x01, 0x02]
            + [0xFF, 0xFF, 0xFF, 0xFF]
        let bytes = Build.jpeg(width: 40, height: 30, beforeSOF: extras)
        #expect(try ImageProbe.probe(bytes) == ImageInfo(format: .jpeg, width: 40, height: 30))
    }

    @Test func jpegSegmentLengthBelowTwo() {
        for length: UInt8 in [0, 1] {
            var bytes: [UInt8] = [
                0xFF, 0xD8, 0xFF, 0xC0, 0x00, length, 0x08, 0x00, 0x10, 0x00, 0x10,
            ]
            expectMalformed(
                bytes, offset: 4, detail: "JPEG segment length \(length) at marker 0xC0 is below 2")
            bytes[3] = 0xE0
            expectMalformed(
                bytes, offset: 4, detail: "JPEG segment length \(length) at marker 0xE0 is below 2")
        }
        // A frame header too short to hold its fields.
        expectMalformed(
            [0xFF, 0xD8, 0xFF, 0xC0, 0x00, 0x07, 0x08, 0x00, 0x10, 0x00, 0x10, 0x01], offset: 4)
    }

    @Test func jpegScanOrEndBeforeFrame() {
        let sos: [UInt8] = [0xFF, 0xDA, 0x00, 0x08, 0x01, 0x01, 0x00, 0x00, 0x3F, 0x00]
        let error = probeError(
            [0xFF, 0xD8] + Build.jfifAPP0 + sos + Build.sof(width: 8, height: 8))
        #expect(error?.code == .malformedImageHeader)
        #expect(error?.offset == 20)
        #expect(error?.detail.contains("SOS") == true)
        expectMalformed([0xFF, 0xD8, 0xFF, 0xD9] + Build.sof(width: 8, height: 8), offset: 2)
        // Stray bytes where a marker should start, and a stuffed 0xFF00 outside a scan.
        expectMalformed([0xFF, 0xD8, 0x12, 0x34] + Build.sof(width: 8, height: 8), offset: 2)
        expectMalformed([0xFF, 0xD8, 0xFF, 0x00] + Build.sof(width: 8, height: 8), offset: 3)
    }

    @Test func jpegZeroDimensions() {
        let error = probeError(Build.jpeg(width: 16, height: 0))
        #expect(error?.code == .malformedImageHeader)
        #expect(error?.detail.contains("height defined by DNL not supported") == true)
        #expect(error?.offset == 2 + Build.jfifAPP0.count + 69 + 5)
        expectMalformed(Build.jpeg(width: 0, height: 16))
    }

    @Test func jpegWithoutFrameHeader() {
        expectMalformed(
            [0xFF, 0xD8], offset: 2,
            detail: "JPEG truncated before a frame header (SOF): have 2 bytes")
        // A segment claiming more bytes than remain.
        expectMalformed([0xFF, 0xD8, 0xFF, 0xE0, 0xFF, 0xFF, 0x00], offset: 7)
        // Fill bytes to the end of the input.
        expectMalformed([0xFF, 0xD8] + [UInt8](repeating: 0xFF, count: 1000), offset: 1002)
    }

    // MARK: BMP

    @Test func bmpHeaderVariants() throws {
        for dibSize: UInt32 in [40, 52, 56, 64, 108, 124] {
            #expect(
                try ImageProbe.probe(Build.bmp(width: 6, height: -9, dibSize: dibSize))
                    == ImageInfo(format: .bmp, width: 6, height: 9))
        }
        let huge = Build.bmp(width: Int32.max, height: Int32.min + 1, withPixels: false)
        #expect(
            try ImageProbe.probe(huge)
                == ImageInfo(format: .bmp, width: UInt32(Int32.max), height: UInt32(Int32.max)))
    }

    @Test("unknown DIB header sizes are malformed", arguments: [0, 1, 11, 13, 16, 39] as [UInt32])
    func bmpUnknownDIBSize(dibSize: UInt32) {
        var bytes = Build.bmp(width: 4, height: 4)
        bytes.replaceSubrange(14..<18, with: withUnsafeBytes(of: dibSize.littleEndian, Array.init))
        expectMalformed(
            bytes, offset: 14, detail: "BMP DIB header size \(dibSize) is not 12 or at least 40")
    }

    @Test func bmpBadDimensions() {
        expectMalformed(Build.bmp(width: 0, height: 4), offset: 18)
        expectMalformed(Build.bmp(width: -4, height: 4), offset: 18)
        expectMalformed(Build.bmp(width: 4, height: 0), offset: 22)
        var minHeight = Build.bmp(width: 4, height: 1)
        minHeight.replaceSubrange(22..<26, with: [0x00, 0x00, 0x00, 0x80])
        expectMalformed(minHeight, offset: 22)
        expectMalformed(Build.bmpCore(width: 0, height: 3), offset: 18)
        expectMalformed(Build.bmpCore(width: 3, height: 0), offset: 20)
    }

    // MARK: GIF

    @Test func gifBadHeaders() {
        expectMalformed(Build.gif(width: 0, height: 3), offset: 6)
        expectMalformed(Build.gif(width: 3, height: 0), offset: 8)
        expectMalformed(Build.gif(width: 3, height: 3, version: "88a"), offset: 3)
        expectMalformed(
            Array("GIF8".utf8), offset: 4, detail: "GIF signature truncated: need 6 bytes, have 4")
    }

    // MARK: Truncation and fuzzing

    @Test(
        "every truncation of a valid image fails cleanly until the size is present",
        arguments: builtSamples + fixtureSamples)
    fileprivate func truncations(sample: Sample) throws {
        var firstSuccess: Int?
        for length in 0...sample.bytes.count {
            let prefix = sample.bytes[..<length]
            if let error = probeError(prefix) {
                #expect(imageCodes.contains(error.code), "prefix \(length): \(error)")
                #expect(
                    error.offset.map { (0...length).contains($0) } == true,
                    "prefix \(length): \(error)")
                #expect(
                    firstSuccess == nil,
                    "prefix \(length) failed after a shorter prefix succeeded: \(error)")
            } else {
                if firstSuccess == nil { firstSuccess = length }
                // Longer prefixes must keep reporting the same thing (checked sparsely: it is O(1)).
                if length == firstSuccess || length == sample.bytes.count || length % 997 == 0 {
                    #expect(try ImageProbe.probe(prefix) == sample.info)
                }
            }
        }
        #expect(firstSuccess == sample.headerLength)
    }

    @Test func randomAndMutatedInputsNeverCrash() {
        var rng = SplitMix64(state: 0x5EED_1A6E_2026)
        let signatures: [[UInt8]] = [
            [0xFF, 0xD8], Build.pngSignature, Array("BM".utf8), Array("GIF89a".utf8),
            Array("GIF87a".utf8), Array("RIFF\u{30}\u{0}\u{0}\u{0}WEBPVP8".utf8),
            [0, 0, 0, 24] + Array("ftypheic\u{0}\u{0}\u{0}\u{0}mif1heic".utf8),
        ]
        let seeds = (builtSamples + fixtureSamples).map { Array($0.bytes.prefix(1024)) }
        var outcomes = (values: 0, errors: 0)

        func check(_ input: [UInt8]) {
            do {
                let info = try ImageProbe.probe(input)
                #expect(info.width > 0 && info.height > 0, "\(input)")
                outcomes.values += 1
            } catch {
                #expect(imageCodes.contains(error.code), "\(input): \(error)")
                #expect(
                    error.offset.map { (0...input.count).contains($0) } == true,
                    "\(input): \(error)")
                outcomes.errors += 1
            }
        }

        for round in 0..<10_000 {
            var input = (0..<Int.random(in: 0...64, using: &rng)).map { _ in
                UInt8.random(in: 0...255, using: &rng)
            }
            // Random bytes alone almost never reach a parser, so give half of them a signature.
            if round % 2 == 1, let signature = signatures.randomElement(using: &rng) {
                input.replaceSubrange(0..<min(signature.count, input.count), with: signature)
            }
            check(input)
        }
        for round in 0..<10_000 {
            var input = seeds[round % seeds.count]
            for _ in 0..<Int.random(in: 1...4, using: &rng) {
                let index = Int.random(in: 0..<input.count, using: &rng)
                switch UInt8.random(in: 0...3, using: &rng) {
                case 0: input[index] = UInt8.random(in: 0...255, using: &rng)
                case 1: input[index] ^= 1 << UInt8.random(in: 0...7, using: &rng)
                case 2:
                    input[index] =
                        [0x00, 0xFF, 0x01, 0x7F, 0x80][Int.random(in: 0...4, using: &rng)]
                default: input.removeSubrange(index...)
                }
                if input.isEmpty { break }
            }
            check(input)
        }
        // Both outcomes must actually occur, or the inputs are not exercising the parsers.
        #expect(outcomes.values > 1000)
        #expect(outcomes.errors > 1000)
    }
}
