import Testing

@testable import RTMWire

/// A labelled pixel grid, turned and mirrored independently of the probe's orientation algebra.
private struct Grid: Equatable {
    var rows: [[Int]]

    init(width: Int, height: Int) {
        rows = (0..<height).map { y in (0..<width).map { x in y * width + x } }
    }

    var width: Int { rows.first?.count ?? 0 }
    var height: Int { rows.count }

    func turnedClockwise() -> Grid {
        var grid = self
        grid.rows = (0..<width).map { x in (0..<height).reversed().map { y in rows[y][x] } }
        return grid
    }

    func mirroredLeftRight() -> Grid {
        var grid = self
        grid.rows = rows.map { $0.reversed() }
        return grid
    }

    func mirroredTopBottom() -> Grid {
        var grid = self
        grid.rows = rows.reversed()
        return grid
    }

    func turnedClockwise(_ times: Int) -> Grid {
        (0..<times).reduce(self) { grid, _ in grid.turnedClockwise() }
    }

    /// The Exif/TIFF definition of each orientation value, as display operations.
    func displayed(_ orientation: ImageOrientation) -> Grid {
        switch orientation.rawValue {
        case 2: mirroredLeftRight()
        case 3: turnedClockwise(2)
        case 4: mirroredTopBottom()
        case 5: mirroredLeftRight().turnedClockwise(3)
        case 6: turnedClockwise(1)
        case 7: mirroredLeftRight().turnedClockwise(1)
        case 8: turnedClockwise(3)
        default: self
        }
    }
}

/// One HEIF transformative property and what it does to pixels (irot turns counter-clockwise;
/// imir axis 0 mirrors top to bottom, 1 left to right, as libheif and libavif define it).
private enum Transform: CustomStringConvertible {
    case irot(UInt8), imir(UInt8)

    var box: [UInt8] {
        switch self {
        case .irot(let angle): BMFF.irot(angle)
        case .imir(let axis): BMFF.imir(axis)
        }
    }

    func apply(_ grid: Grid) -> Grid {
        switch self {
        case .irot(let angle): grid.turnedClockwise((4 - Int(angle)) % 4)
        case .imir(let axis): axis == 0 ? grid.mirroredTopBottom() : grid.mirroredLeftRight()
        }
    }

    var description: String {
        switch self {
        case .irot(let angle): "irot \(angle)"
        case .imir(let axis): "imir \(axis)"
        }
    }

    static let all: [Transform] = [.irot(1), .irot(2), .irot(3), .imir(0), .imir(1)]
}

@Suite("ImageProbe: HEIF and AVIF")
struct ImageProbeHEIFTests {
    @Test func sizeComesFromThePrimaryItemsSpatialExtent() throws {
        let bytes = BMFF.heif(properties: [BMFF.box("hvcC", [1, 2, 3]), BMFF.ispe(4032, 3024)])
        #expect(try ImageProbe.probe(bytes) == ImageInfo(format: .heic, width: 4032, height: 3024))
        // Another item's ispe is not the primary item's.
        let other =
            BMFF.ftyp("heic")
            + BMFF.fullBox(
                "meta",
                BMFF.pitm(2)
                    + BMFF.box(
                        "iprp",
                        BMFF.box("ipco", BMFF.ispe(64, 64) + BMFF.ispe(13, 7))
                            + BMFF.ipma([(1, [1]), (2, [2])])))
        #expect(try ImageProbe.probe(other) == ImageInfo(format: .heic, width: 13, height: 7))
    }

    @Test(
        "every sequence of up to three turns and mirrors matches its Exif orientation",
        arguments: [[]] + Transform.all.map { [$0] }
            + Transform.all.flatMap { a in Transform.all.map { [a, $0] } }
            + Transform.all.flatMap { a in
                Transform.all.flatMap { b in Transform.all.map { [a, b, $0] } }
            })
    fileprivate func transformsCompose(transforms: [Transform]) throws {
        let bytes = BMFF.heif(properties: [BMFF.ispe(3, 2)] + transforms.map(\.box))
        let info = try ImageProbe.probe(bytes)
        let stored = Grid(width: 3, height: 2)
        let expected = transforms.reduce(stored) { $1.apply($0) }
        #expect(
            stored.displayed(info.orientation) == expected, "\(transforms) → \(info.orientation)")
        #expect(info.width == UInt32(expected.width) && info.height == UInt32(expected.height))
    }

    @Test func cleanApertureCropsInAssociationOrder() throws {
        // clap then irot: crop 10 × 4 of 13 × 7, then turn: 4 × 10.
        let cropThenTurn = BMFF.heif(
            properties: [BMFF.ispe(13, 7), BMFF.clap(width: 10, height: 4), BMFF.irot(1)])
        #expect(
            try ImageProbe.probe(cropThenTurn)
                == ImageInfo(format: .heic, width: 4, height: 10, orientation: .left))
        // irot then clap: the crop is measured on the turned image (7 × 13).
        let turnThenCrop = BMFF.heif(
            properties: [BMFF.ispe(13, 7), BMFF.irot(1), BMFF.clap(width: 6, height: 12)])
        #expect(
            try ImageProbe.probe(turnThenCrop)
                == ImageInfo(format: .heic, width: 6, height: 12, orientation: .left))
        // Whole pixels as numerator/denominator pairs.
        let fraction = BMFF.heif(properties: [
            BMFF.ispe(13, 7), BMFF.clap(width: 20, 2, height: 21, 3),
        ])
        #expect(try ImageProbe.probe(fraction) == ImageInfo(format: .heic, width: 10, height: 7))
    }

    @Test func badCleanApertures() {
        expectMalformedHeader(
            BMFF.heif(properties: [BMFF.ispe(13, 7), BMFF.clap(width: 21, 2, height: 4)]),
            "is not whole pixels")
        expectMalformedHeader(
            BMFF.heif(properties: [BMFF.ispe(13, 7), BMFF.clap(width: 4, 0, height: 4)]),
            "is not whole pixels")
        expectMalformedHeader(
            BMFF.heif(properties: [BMFF.ispe(13, 7), BMFF.clap(width: 14, height: 4)]),
            "does not fit the image 13 × 7")
        expectMalformedHeader(
            BMFF.heif(properties: [BMFF.ispe(13, 7), BMFF.clap(width: 0, height: 4)]),
            "does not fit")
        expectMalformedHeader(
            BMFF.heif(properties: [BMFF.ispe(13, 7), BMFF.box("clap", [0, 0, 0, 1])]),
            "too short for its eight fields")
    }

    @Test(
        "brands decide the format",
        arguments: [
            ("heic", ["mif1", "heic"], ImageFormat.heic), ("heix", [], .heic),
            ("avif", ["avif", "mif1", "miaf"], .avif), ("avis", ["msf1"], .avif),
            ("mif1", ["miaf", "avif"], .avif), ("mif1", ["heic"], .heic), ("mif1", [], .heif),
            ("msf1", ["iso8"], .heif), ("miaf", ["mif2"], .heif),
        ] as [(String, [String], ImageFormat)])
    func brands(major: String, compatible: [String], format: ImageFormat) throws {
        let bytes = BMFF.heif(major: major, compatible: compatible, properties: [BMFF.ispe(2, 3)])
        #expect(try ImageProbe.probe(bytes).format == format)
    }

    @Test func otherISOFilesAreUnrecognized() {
        for (major, compatible) in [("isom", ["iso2", "mp41"]), ("qt  ", []), ("jp2 ", ["jp2 "])] {
            let error = imageProbeError(BMFF.ftyp(major, compatible) + BMFF.box("mdat"))
            #expect(error?.code == .unrecognizedImageFormat)
            #expect(error?.offset == 0)
            #expect(error?.detail.contains("'\(major)'") == true)
        }
    }

    @Test func wideIdentifiersAndIndices() throws {
        // pitm version 1 (32-bit id), ipma version 1 (32-bit ids) with 15-bit indices (flag 1).
        let filler = (0..<200).map { _ in BMFF.box("free") }.flatMap { $0 }
        let bytes =
            BMFF.ftyp("heic")
            + BMFF.fullBox(
                "meta",
                BMFF.pitm(70_000, version: 1)
                    + BMFF.box(
                        "iprp",
                        BMFF.box("ipco", filler + BMFF.ispe(5, 9) + BMFF.irot(3))
                            + BMFF.ipma(
                                [(70_000, [0x8000 | 201, 202, 0])], version: 1, wide: true)))
        #expect(
            try ImageProbe.probe(bytes)
                == ImageInfo(format: .heic, width: 9, height: 5, orientation: .right))
    }

    @Test func largesizeBoxesAreRead() throws {
        let meta = BMFF.fullBox(
            "meta",
            BMFF.pitm(1)
                + BMFF.box("iprp", BMFF.box("ipco", BMFF.ispe(8, 6)) + BMFF.ipma([(1, [1])])))
        // A skipped box and the meta box itself in the 64-bit form.
        let bytes =
            BMFF.ftyp("heic") + BMFF.largeBox("free", [1, 2, 3])
            + BMFF.largeBox("meta", Array(meta.dropFirst(8)))
        #expect(try ImageProbe.probe(bytes) == ImageInfo(format: .heic, width: 8, height: 6))
    }

    @Test func hostileBoxSizes() {
        let good = BMFF.heif(properties: [BMFF.ispe(8, 6)])
        let metaStart = BMFF.ftyp("heic", ["mif1", "heic"]).count
        func setSize(_ bytes: [UInt8], at offset: Int, _ size: UInt32) -> [UInt8] {
            var copy = bytes
            var field: [UInt8] = []
            field.append32(size, bigEndian: true)
            copy.replaceSubrange(offset..<offset + 4, with: field)
            return copy
        }
        // Size 0 ("to the end of the file") for a box the probe reads, or one before meta.
        expectMalformedHeader(setSize(good, at: 0, 0), "'ftyp' box has size 0")
        expectMalformedHeader(setSize(good, at: metaStart, 0), "'meta' box has size 0")
        expectMalformedHeader(
            BMFF.ftyp("heic") + [0, 0, 0, 0] + Array("mdat".utf8) + Array(good[metaStart...]),
            "no 'meta' box")
        // Sizes below the 8-byte header, and a largesize below 16.
        for size: UInt32 in [2, 4, 7] {
            expectMalformedHeader(setSize(good, at: metaStart, size), "below its 8-byte header")
        }
        expectMalformedHeader(
            BMFF.ftyp("heic") + [0, 0, 0, 1] + Array("free".utf8) + [0, 0, 0, 0, 0, 0, 0, 8],
            "largesize 8 is below its header")
        // Past the end of the input (cut short) and past the end of the parent box.
        expectMalformedHeader(setSize(good, at: metaStart, UInt32(good.count)), "input truncated")
        let ipcoStart = Array(good).firstRange(of: Array("ipco".utf8))!.lowerBound - 4
        expectMalformedHeader(setSize(good, at: ipcoStart, 4096), "past the end of its parent box")
        // A largesize of 2^64 - 1.
        expectMalformedHeader(
            BMFF.ftyp("heic") + [0, 0, 0, 1] + Array("free".utf8)
                + [UInt8](repeating: 0xFF, count: 8),
            "input truncated")
    }

    @Test func deepNestingIsSkippedNotFollowed() throws {
        // 20,000 boxes nested in one another inside ipco: the probe never descends into them.
        var nested = BMFF.box("dinf")
        for _ in 0..<20_000 { nested = BMFF.box("dinf", nested) }
        let bytes = BMFF.heif(properties: [nested, BMFF.ispe(3, 4)])
        #expect(try ImageProbe.probe(bytes) == ImageInfo(format: .heic, width: 3, height: 4))
        // 50,000 top-level boxes before meta are walked in a loop.
        let many = BMFF.heif(
            properties: [BMFF.ispe(3, 4)], before: Array(repeating: BMFF.box("free"), count: 50_000)
        )
        #expect(try ImageProbe.probe(many).width == 3)
    }

    @Test func missingPieces() {
        let ipco = BMFF.box("ipco", BMFF.ispe(8, 6))
        func file(_ metaChildren: [UInt8]) -> [UInt8] {
            BMFF.ftyp("heic") + BMFF.fullBox("meta", metaChildren)
        }
        expectMalformedHeader(BMFF.ftyp("heic") + BMFF.box("mdat", [1]), "no 'meta' box")
        expectMalformedHeader(
            BMFF.ftyp("heic") + BMFF.box("meta", [0, 0]), "too short for its version")
        expectMalformedHeader(
            file(BMFF.box("iprp", ipco + BMFF.ipma([(1, [1])]))), "no primary item")
        expectMalformedHeader(file(BMFF.pitm(1)), "no item properties")
        expectMalformedHeader(
            file(BMFF.pitm(1) + BMFF.box("iprp", BMFF.ipma([(1, [1])]))), "no 'ipco'")
        expectMalformedHeader(file(BMFF.pitm(1) + BMFF.box("iprp", ipco)), "has no image size")
        expectMalformedHeader(
            file(BMFF.pitm(1) + BMFF.box("iprp", ipco + BMFF.ipma([(2, [1])]))),
            "has no image size")
        expectMalformedHeader(
            file(BMFF.pitm(1) + BMFF.box("iprp", ipco + BMFF.ipma([(1, [2])]))),
            "names property 2, which 'ipco' lacks")
        expectMalformedHeader(file(BMFF.fullBox("pitm", [0])), "'pitm' box of 5 bytes is too short")
        expectMalformedHeader(BMFF.heif(properties: [BMFF.ispe(0, 6)]), "has a 0")
        expectMalformedHeader(
            BMFF.heif(properties: [BMFF.fullBox("ispe", [0, 0, 0, 8])]), "too short")
        expectMalformedHeader(
            BMFF.heif(properties: [BMFF.ispe(8, 6), BMFF.box("irot")]), "'irot' box is empty")
        expectMalformedHeader(
            BMFF.heif(properties: [BMFF.ispe(8, 6), BMFF.box("imir")]), "'imir' box is empty")
        expectMalformedHeader(BMFF.ftyp("heic", []).prefix(12) + [], "input truncated")
        expectMalformedHeader(BMFF.box("ftyp", Array("heic".utf8)) + [], "has no brands")
    }

    @Test func hostileAssociationTables() {
        let ipco = BMFF.box("ipco", BMFF.ispe(8, 6))
        func file(_ iprpChildren: [UInt8]) -> [UInt8] {
            BMFF.ftyp("heic")
                + BMFF.fullBox("meta", BMFF.pitm(1) + BMFF.box("iprp", ipco + iprpChildren))
        }
        // An entry count of 2^32 - 1 with one real entry: rejected at the end of the box.
        expectMalformedHeader(
            file(BMFF.ipma([(1, [1])], entryCount: .max)), "runs past the end of the box")
        // An association count past the end of the box.
        var short = BMFF.ipma([(1, [1])])
        short[short.count - 2] = 200
        expectMalformedHeader(file(short), "lists 200 properties past the end")
        expectMalformedHeader(file(BMFF.ipma([(1, [1]), (1, [1])])), "lists item 1 twice")
        expectMalformedHeader(
            file(BMFF.ipma([(1, [1])]) + BMFF.ipma([(1, [1])], version: 1)),
            "associations in two 'ipma' boxes")
        expectMalformedHeader(file(BMFF.fullBox("ipma", [0, 0])), "too short for its entry count")
    }

    @Test func everyPrefixOfABuiltFileFailsUntilTheMetaBoxEnds() throws {
        let bytes = BMFF.heif(
            properties: [BMFF.ispe(13, 7), BMFF.clap(width: 10, height: 4), BMFF.irot(3)],
            before: [BMFF.box("free", [1, 2, 3]), BMFF.largeBox("skip", [4])])
        let end = BMFF.metaEnd(bytes)
        for length in 0..<end {
            let error = imageProbeError(Array(bytes.prefix(length)))
            #expect(
                error?.code == .malformedImageHeader || error?.code == .unrecognizedImageFormat,
                "prefix \(length)")
        }
        for length in [end, end + 1, bytes.count] {
            #expect(
                try ImageProbe.probe(bytes.prefix(length))
                    == ImageInfo(format: .heic, width: 4, height: 10, orientation: .right))
        }
    }
}
