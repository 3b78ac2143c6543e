// Byte builders and checks for the WebP, ISO BMFF (HEIF/AVIF) and Exif probe tests.

import Testing

@testable import RTMWire

/// The probe's error for `bytes`, or nil when it reads them.
func imageProbeError(_ bytes: [UInt8]) -> RTMWireError? {
    do {
        _ = try ImageProbe.probe(bytes)
        return nil
    } catch {
        return error
    }
}

/// Expects `malformedImageHeader` with `detail` in its text and an offset inside the input.
func expectMalformedHeader(
    _ bytes: [UInt8], _ detail: String, sourceLocation: SourceLocation = #_sourceLocation
) {
    let error = imageProbeError(bytes)
    #expect(
        error?.code == .malformedImageHeader, "\(String(describing: error))",
        sourceLocation: sourceLocation)
    #expect(
        error?.detail.contains(detail) == true, "\(String(describing: error))",
        sourceLocation: sourceLocation)
    #expect(
        error?.offset.map { (0...bytes.count).contains($0) } == true,
        sourceLocation: sourceLocation)
}

/// Big- and little-endian appends for building headers.
extension Array where Element == UInt8 {
    mutating func append16(_ value: UInt16, bigEndian: Bool) {
        let bytes = [UInt8(value >> 8), UInt8(truncatingIfNeeded: value)]
        append(contentsOf: bigEndian ? bytes : bytes.reversed())
    }

    mutating func append32(_ value: UInt32, bigEndian: Bool) {
        let bytes = (0..<4).map { UInt8(truncatingIfNeeded: value >> (24 - 8 * $0)) }
        append(contentsOf: bigEndian ? bytes : bytes.reversed())
    }
}

/// ISO BMFF boxes (ISO/IEC 14496-12) and HEIF files built from them.
enum BMFF {
    static func box(_ type: String, _ payload: [UInt8] = []) -> [UInt8] {
        var bytes: [UInt8] = []
        bytes.append32(UInt32(8 + payload.count), bigEndian: true)
        return bytes + Array(type.utf8) + payload
    }

    /// A box with the 64-bit largesize form (size field 1).
    static func largeBox(_ type: String, _ payload: [UInt8]) -> [UInt8] {
        var bytes: [UInt8] = [0, 0, 0, 1] + Array(type.utf8)
        let size = UInt64(16 + payload.count)
        bytes.append32(UInt32(size >> 32), bigEndian: true)
        bytes.append32(UInt32(truncatingIfNeeded: size), bigEndian: true)
        return bytes + payload
    }

    static func fullBox(
        _ type: String, version: UInt8 = 0, flags: UInt8 = 0, _ payload: [UInt8] = []
    ) -> [UInt8] {
        box(type, [version, 0, 0, flags] + payload)
    }

    static func ftyp(_ major: String, _ compatible: [String] = ["mif1"]) -> [UInt8] {
        box("ftyp", Array(major.utf8) + [0, 0, 0, 0] + compatible.flatMap { Array($0.utf8) })
    }

    static func ispe(_ width: UInt32, _ height: UInt32) -> [UInt8] {
        var payload: [UInt8] = []
        payload.append32(width, bigEndian: true)
        payload.append32(height, bigEndian: true)
        return fullBox("ispe", payload)
    }

    static func irot(_ angle: UInt8) -> [UInt8] { box("irot", [angle]) }
    static func imir(_ axis: UInt8) -> [UInt8] { box("imir", [axis]) }

    static func clap(
        width: UInt32, _ widthD: UInt32 = 1, height: UInt32, _ heightD: UInt32 = 1
    ) -> [UInt8] {
        var payload: [UInt8] = []
        for value in [width, widthD, height, heightD, 0, 1, 0, 1] {
            payload.append32(value, bigEndian: true)
        }
        return box("clap", payload)
    }

    static func pitm(_ item: UInt32, version: UInt8 = 0) -> [UInt8] {
        var payload: [UInt8] = []
        if version == 0 {
            payload.append16(UInt16(item), bigEndian: true)
        } else {
            payload.append32(item, bigEndian: true)
        }
        return fullBox("pitm", version: version, payload)
    }

    /// `ipma` with one entry per item: its 1-based property indices (top bit = essential).
    static func ipma(
        _ entries: [(item: UInt32, indices: [UInt16])], version: UInt8 = 0, wide: Bool = false,
        entryCount: UInt32? = nil
    ) -> [UInt8] {
        var payload: [UInt8] = []
        payload.append32(entryCount ?? UInt32(entries.count), bigEndian: true)
        for entry in entries {
            if version == 0 {
                payload.append16(UInt16(entry.item), bigEndian: true)
            } else {
                payload.append32(entry.item, bigEndian: true)
            }
            payload.append(UInt8(entry.indices.count))
            for index in entry.indices {
                if wide {
                    payload.append16(index, bigEndian: true)
                } else {
                    payload.append(UInt8(index))
                }
            }
        }
        return fullBox("ipma", version: version, flags: wide ? 1 : 0, payload)
    }

    /// A HEIF file: ftyp, then `before` top-level boxes, then meta (hdlr, pitm, iprp with the
    /// properties and item 1's associations to them, in order), then an mdat.
    static func heif(
        major: String = "heic", compatible: [String] = ["mif1", "heic"], item: UInt32 = 1,
        properties: [[UInt8]], associations: [UInt16]? = nil, before: [[UInt8]] = []
    ) -> [UInt8] {
        let order = associations ?? properties.indices.map { UInt16($0 + 1) }
        let meta = fullBox(
            "meta",
            fullBox("hdlr", [0, 0, 0, 0] + Array("pict".utf8) + [UInt8](repeating: 0, count: 13))
                + pitm(item)
                + box("iprp", box("ipco", properties.flatMap { $0 }) + ipma([(item, order)])))
        return ftyp(major, compatible) + before.flatMap { $0 } + meta
            + box("mdat", [0x12, 0x34, 0x56])
    }

    /// The offset just past the meta box: what the probe needs of a file from ``heif``.
    static func metaEnd(_ bytes: [UInt8]) -> Int {
        var offset = 0
        while true {
            var size = bytes[offset..<offset + 4].reduce(0) { $0 << 8 | Int($1) }
            if size == 1 { size = bytes[offset + 8..<offset + 16].reduce(0) { $0 << 8 | Int($1) } }
            if Array(bytes[offset + 4..<offset + 8]) == Array("meta".utf8) { return offset + size }
            offset += size
        }
    }
}

/// WebP files with a single VP8, VP8L or VP8X first chunk.
enum WebP {
    static func riff(_ chunk: String, _ payload: [UInt8]) -> [UInt8] {
        var bytes = Array("RIFF".utf8)
        bytes.append32(UInt32(12 + payload.count), bigEndian: false)
        bytes += Array("WEBP".utf8) + Array(chunk.utf8)
        bytes.append32(UInt32(payload.count), bigEndian: false)
        return bytes + payload
    }

    /// A VP8 key frame header: tag, start code, 14-bit sizes with `scale` in the top 2 bits.
    static func vp8(width: UInt16, height: UInt16, scale: UInt16 = 0, keyFrame: Bool = true)
        -> [UInt8]
    {
        var payload: [UInt8] = [keyFrame ? 0x10 : 0x11, 0x02, 0x00, 0x9D, 0x01, 0x2A]
        payload.append16(width | scale << 14, bigEndian: false)
        payload.append16(height | scale << 14, bigEndian: false)
        return riff("VP8 ", payload + [0, 0])
    }

    static func vp8l(width: UInt32, height: UInt32, version: UInt32 = 0) -> [UInt8] {
        var payload: [UInt8] = [0x2F]
        payload.append32((width - 1) | (height - 1) << 14 | version << 29, bigEndian: false)
        return riff("VP8L", payload + [0])
    }

    static func vp8x(width: UInt32, height: UInt32, flags: UInt8 = 0x10) -> [UInt8] {
        var payload: [UInt8] = [flags, 0, 0, 0]
        for value in [width - 1, height - 1] {
            payload += [
                UInt8(truncatingIfNeeded: value), UInt8(truncatingIfNeeded: value >> 8),
                UInt8(truncatingIfNeeded: value >> 16),
            ]
        }
        return riff("VP8X", payload)
    }
}

/// A JPEG APP1 segment holding Exif: a TIFF header and IFD0 with the given entries.
enum ExifBuild {
    struct Entry {
        var tag: UInt16
        var type: UInt16 = 3
        var count: UInt32 = 1
        var value: UInt16
    }

    static func app1(
        bigEndian: Bool, entries: [Entry], ifdOffset: UInt32 = 8, entryCount: UInt16? = nil
    ) -> [UInt8] {
        var tiff: [UInt8] = Array((bigEndian ? "MM" : "II").utf8)
        tiff.append16(42, bigEndian: bigEndian)
        tiff.append32(ifdOffset, bigEndian: bigEndian)
        tiff.append16(entryCount ?? UInt16(entries.count), bigEndian: bigEndian)
        for entry in entries {
            tiff.append16(entry.tag, bigEndian: bigEndian)
            tiff.append16(entry.type, bigEndian: bigEndian)
            tiff.append32(entry.count, bigEndian: bigEndian)
            tiff.append16(entry.value, bigEndian: bigEndian)
            tiff += [0, 0]
        }
        tiff.append32(0, bigEndian: bigEndian)  // no next IFD
        let payload = Array("Exif".utf8) + [0, 0] + tiff
        var segment: [UInt8] = [0xFF, 0xE1]
        segment.append16(UInt16(payload.count + 2), bigEndian: true)
        return segment + payload
    }

    static func orientation(_ value: UInt16, bigEndian: Bool) -> [UInt8] {
        app1(
            bigEndian: bigEndian,
            entries: [
                Entry(tag: 0x010F, type: 2, count: 4, value: 0x4142),  // Make, before it
                Entry(tag: 0x0112, value: value),
            ])
    }
}
