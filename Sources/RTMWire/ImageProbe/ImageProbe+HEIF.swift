extension ImageProbe {
    /// Reads a HEIF/AVIF image (ISO/IEC 23008-12): the `ftyp` brands give the format; in the
    /// `meta` box, `pitm` names the primary item and `iprp` holds its properties (`ipco`, indexed
    /// from 1) and their associations (`ipma`). The size is the primary item's `ispe`; then its
    /// transformative properties apply in association order: `clap` crops, `irot` turns
    /// counter-clockwise, `imir` mirrors (axis 0 top to bottom, 1 left to right, as libheif and
    /// libavif read it).
    ///
    /// An `Exif` item's orientation is informational in HEIF and is not applied on top: libheif
    /// and Apple's decoders display the image as the transformative properties say.
    ///
    /// The whole `meta` box must be present, boxes the probe reads must state their size (size 0,
    /// "to the end of the file", is accepted only for boxes it skips) and it descends a fixed
    /// path (meta → iprp → ipco/ipma), so nesting depth cannot grow with the input.
    static func probeISOBMFF(_ reader: Reader) throws(RTMWireError) -> ImageInfo {
        let fileType = try readBox(reader, at: 0, parentEnd: reader.count)
        guard !fileType.extendsToEnd else {
            throw malformed(at: 0, "ISO BMFF 'ftyp' box has size 0 (to the end of the file)")
        }
        let format = try heifFormat(reader, fileType: fileType)
        var meta: ISOBox?
        try forEachBox(reader, from: fileType.end, to: reader.count) { box throws(RTMWireError) in
            if box.type == boxMeta { meta = box }
            return meta == nil && !box.extendsToEnd
        }
        guard let meta else {
            throw malformed(at: reader.count, "HEIF file has no 'meta' box")
        }
        guard !meta.extendsToEnd else {
            throw malformed(at: meta.start, "HEIF 'meta' box has size 0 (to the end of the file)")
        }
        return try probeHEIFMeta(reader, meta: meta, format: format)
    }

    static let boxMeta = fourCC("meta")
    static let boxPrimaryItem = fourCC("pitm")
    static let boxItemProperties = fourCC("iprp")
    static let boxPropertyContainer = fourCC("ipco")
    static let boxPropertyAssociation = fourCC("ipma")
    static let boxSpatialExtent = fourCC("ispe")
    static let boxCleanAperture = fourCC("clap")
    static let boxRotation = fourCC("irot")
    static let boxMirror = fourCC("imir")

    /// One entry of the primary item's `ipma` associations: a 1-based `ipco` index.
    struct PropertyAssociation {
        var index: Int
        var offset: Int
    }

    private static func probeHEIFMeta(
        _ reader: Reader, meta: ISOBox, format: ImageFormat
    ) throws(RTMWireError) -> ImageInfo {
        // meta is a FullBox: version and flags come before its children.
        guard meta.payloadLength >= 4 else {
            throw malformed(at: meta.start, "HEIF 'meta' box too short for its version and flags")
        }
        var primaryBox: ISOBox?
        var propertiesBox: ISOBox?
        try forEachBox(reader, from: meta.payload + 4, to: meta.end) { box throws(RTMWireError) in
            if box.type == boxPrimaryItem, primaryBox == nil { primaryBox = box }
            if box.type == boxItemProperties, propertiesBox == nil { propertiesBox = box }
            return true
        }
        guard let primaryBox else {
            throw malformed(at: meta.start, "HEIF 'meta' box has no primary item ('pitm')")
        }
        let primary = try primaryItemID(reader, primaryBox)
        guard let propertiesBox else {
            throw malformed(at: meta.start, "HEIF 'meta' box has no item properties ('iprp')")
        }
        var container: ISOBox?
        var associations: [PropertyAssociation]?
        try forEachBox(reader, from: propertiesBox.payload, to: propertiesBox.end) {
            box throws(RTMWireError) in
            if box.type == boxPropertyContainer, container == nil { container = box }
            if box.type == boxPropertyAssociation {
                if let found = try associationsOf(primary, in: box, reader) {
                    guard associations == nil else {
                        throw malformed(
                            at: box.start,
                            "HEIF item \(primary) has associations in two 'ipma' boxes")
                    }
                    associations = found
                }
            }
            return true
        }
        guard let container else {
            throw malformed(at: propertiesBox.start, "HEIF 'iprp' box has no 'ipco' box")
        }
        let properties = try propertyBoxes(
            reader, container: container, wanted: associations ?? [])
        return try displayedInfo(
            reader, format: format, primary: primary, associations: associations ?? [],
            properties: properties, metaStart: meta.start)
    }

    /// `pitm`: a FullBox holding a 16-bit item id (version 0) or a 32-bit one.
    private static func primaryItemID(_ reader: Reader, _ box: ISOBox) throws(RTMWireError)
        -> UInt32
    {
        guard let version = reader.byte(at: box.payload) else {
            throw malformed(at: box.start, "HEIF 'pitm' box is empty")
        }
        let width = version == 0 ? 2 : 4
        guard box.payloadLength >= 4 + width else {
            throw malformed(
                at: box.start, "HEIF 'pitm' box of \(box.payloadLength) bytes is too short")
        }
        let field = box.payload + 4
        return version == 0
            ? UInt32(reader.uint16BE(at: field)!) : reader.uint32BE(at: field)!
    }

    /// The associations of `item` in one `ipma` box, or nil when the box does not list it.
    /// Entries are item id (16 bits, 32 in version 1 and up), a count, then `count` indices of
    /// 7 bits (15 when flag bit 0 is set) under an "essential" bit.
    private static func associationsOf(
        _ item: UInt32, in box: ISOBox, _ reader: Reader
    ) throws(RTMWireError) -> [PropertyAssociation]? {
        guard box.payloadLength >= 8, let version = reader.byte(at: box.payload),
            let flags = reader.byte(at: box.payload + 3),
            let entryCount = reader.uint32BE(at: box.payload + 4)
        else {
            throw malformed(at: box.start, "HEIF 'ipma' box too short for its entry count")
        }
        let idWidth = version < 1 ? 2 : 4
        let indexWidth = flags & 1 == 1 ? 2 : 1
        var offset = box.payload + 8
        var found: [PropertyAssociation]?
        // Each entry takes at least 3 bytes and is checked against the box before it is read,
        // so a huge entry count ends in an error, not a long loop. Clamped: on a 32-bit platform
        // (wasm32, watchOS) a count above Int.max would trap.
        for entry in 0..<Int(clamping: entryCount) {
            guard box.end - offset >= idWidth + 1 else {
                throw malformed(
                    at: offset,
                    "HEIF 'ipma' entry \(entry) of \(entryCount) runs past the end of the box")
            }
            let id =
                idWidth == 2 ? UInt32(reader.uint16BE(at: offset)!) : reader.uint32BE(at: offset)!
            let count = Int(reader.byte(at: offset + idWidth)!)
            offset += idWidth + 1
            guard box.end - offset >= count * indexWidth else {
                throw malformed(
                    at: offset,
                    "HEIF 'ipma' entry for item \(id) lists \(count) properties past the end of the box"
                )
            }
            if id == item {
                guard found == nil else {
                    throw malformed(at: offset, "HEIF 'ipma' lists item \(id) twice")
                }
                var list: [PropertyAssociation] = []
                for position in 0..<count {
                    let at = offset + position * indexWidth
                    let index =
                        indexWidth == 1
                        ? Int(reader.byte(at: at)! & 0x7F) : Int(reader.uint16BE(at: at)! & 0x7FFF)
                    list.append(PropertyAssociation(index: index, offset: at))
                }
                found = list
            }
            offset += count * indexWidth
        }
        return found
    }

    /// The `ipco` children the associations name, by 1-based index, found in one walk.
    private static func propertyBoxes(
        _ reader: Reader, container: ISOBox, wanted: [PropertyAssociation]
    ) throws(RTMWireError) -> [Int: ISOBox] {
        let indices = Set(wanted.map { $0.index }.filter { $0 != 0 })
        var boxes: [Int: ISOBox] = [:]
        var index = 0
        try forEachBox(reader, from: container.payload, to: container.end) {
            box throws(RTMWireError) in
            index += 1
            if indices.contains(index) { boxes[index] = box }
            return boxes.count < indices.count
        }
        return boxes
    }

    /// Applies the primary item's `ispe` and then its transformative properties in order.
    private static func displayedInfo(
        _ reader: Reader, format: ImageFormat, primary: UInt32,
        associations: [PropertyAssociation], properties: [Int: ISOBox], metaStart: Int
    ) throws(RTMWireError) -> ImageInfo {
        var boxes: [ISOBox] = []
        for association in associations where association.index != 0 {
            guard let box = properties[association.index] else {
                throw malformed(
                    at: association.offset,
                    "HEIF item \(primary) names property \(association.index), which 'ipco' lacks")
            }
            boxes.append(box)
        }
        guard let extent = boxes.first(where: { $0.type == boxSpatialExtent }) else {
            throw malformed(
                at: metaStart, "HEIF primary item \(primary) has no image size ('ispe')")
        }
        // ispe is a FullBox: version and flags, then width and height.
        guard extent.payloadLength >= 12, let width = reader.uint32BE(at: extent.payload + 4),
            let height = reader.uint32BE(at: extent.payload + 8)
        else {
            throw malformed(at: extent.start, "HEIF 'ispe' box is too short for a width and height")
        }
        guard width > 0, height > 0 else {
            throw malformed(at: extent.payload + 4, "HEIF 'ispe' size \(width) × \(height) has a 0")
        }
        var size = (width: width, height: height)
        var orientation = ImageOrientation.up
        for box in boxes {
            switch box.type {
            case boxCleanAperture:
                size = try cleanAperture(reader, box, of: size)
            case boxRotation:
                guard let angle = reader.byte(at: box.payload), box.payloadLength >= 1 else {
                    throw malformed(at: box.start, "HEIF 'irot' box is empty")
                }
                let quarters = Int(angle & 3)
                orientation = orientation.turned(clockwise: -quarters)
                if quarters % 2 == 1 { size = (size.height, size.width) }
            case boxMirror:
                guard let axis = reader.byte(at: box.payload), box.payloadLength >= 1 else {
                    throw malformed(at: box.start, "HEIF 'imir' box is empty")
                }
                orientation = orientation.mirrored(horizontally: axis & 1 == 1)
            default:
                continue
            }
        }
        return ImageInfo(
            format: format, width: size.width, height: size.height, orientation: orientation)
    }

    /// `clap`: width, height and two offsets, each a numerator/denominator pair. The crop must be
    /// a whole number of pixels (as MIAF requires) and fit the image it crops.
    private static func cleanAperture(
        _ reader: Reader, _ box: ISOBox, of size: (width: UInt32, height: UInt32)
    ) throws(RTMWireError) -> (width: UInt32, height: UInt32) {
        guard box.payloadLength >= 32, let widthN = reader.uint32BE(at: box.payload),
            let widthD = reader.uint32BE(at: box.payload + 4),
            let heightN = reader.uint32BE(at: box.payload + 8),
            let heightD = reader.uint32BE(at: box.payload + 12)
        else {
            throw malformed(at: box.start, "HEIF 'clap' box is too short for its eight fields")
        }
        guard widthD > 0, heightD > 0, widthN % widthD == 0, heightN % heightD == 0 else {
            throw malformed(
                at: box.payload,
                "HEIF 'clap' size \(widthN)/\(widthD) × \(heightN)/\(heightD) is not whole pixels")
        }
        let width = widthN / widthD
        let height = heightN / heightD
        guard (1...size.width).contains(width), (1...size.height).contains(height) else {
            throw malformed(
                at: box.payload,
                "HEIF 'clap' size \(width) × \(height) does not fit the image \(size.width) × \(size.height)"
            )
        }
        return (width, height)
    }
}
