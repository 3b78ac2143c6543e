/// How an image's stored pixels are turned for display: the eight values of the Exif/TIFF
/// `Orientation` tag (0x0112), which HEIF's `irot`/`imir` properties also map onto.
///
/// The names follow `CGImagePropertyOrientation`: the case says where the stored image's top row
/// ends up once displayed. ``right`` (6) is a portrait phone photo stored landscape: displayed,
/// its width and height are swapped.
public struct ImageOrientation: RawRepresentable, Hashable, Sendable, CustomStringConvertible {
    /// The Exif `Orientation` value, 1 ... 8.
    public let rawValue: UInt8

    /// The orientation with Exif value `rawValue`, or nil outside 1 ... 8.
    public init?(rawValue: UInt8) {
        guard (1...8).contains(rawValue) else { return nil }
        self.rawValue = rawValue
    }

    private init(exif value: UInt8) { rawValue = value }

    /// 1: displayed as stored.
    public static let up = ImageOrientation(exif: 1)
    /// 2: mirrored left to right.
    public static let upMirrored = ImageOrientation(exif: 2)
    /// 3: turned 180°.
    public static let down = ImageOrientation(exif: 3)
    /// 4: mirrored top to bottom.
    public static let downMirrored = ImageOrientation(exif: 4)
    /// 5: mirrored left to right, then turned 90° counter-clockwise (transpose).
    public static let leftMirrored = ImageOrientation(exif: 5)
    /// 6: turned 90° clockwise.
    public static let right = ImageOrientation(exif: 6)
    /// 7: mirrored left to right, then turned 90° clockwise (transverse).
    public static let rightMirrored = ImageOrientation(exif: 7)
    /// 8: turned 90° counter-clockwise.
    public static let left = ImageOrientation(exif: 8)

    /// Whether the displayed image is the stored one turned a quarter: width and height swap.
    public var swapsWidthAndHeight: Bool { rawValue >= 5 }

    /// The Exif name, for example `right (6)`.
    public var description: String {
        let names = [
            "up", "upMirrored", "down", "downMirrored", "leftMirrored", "right", "rightMirrored",
            "left",
        ]
        return "\(names[Int(rawValue) - 1]) (\(rawValue))"
    }
}

extension ImageOrientation {
    /// The orientation as a mirror (left to right, applied first) followed by `clockwiseTurns`
    /// quarter turns: the form in which HEIF's transformations compose.
    var turnsAndMirror: (clockwiseTurns: Int, mirrored: Bool) {
        switch rawValue {
        case 2: (0, true)
        case 3: (2, false)
        case 4: (2, true)
        case 5: (3, true)
        case 6: (1, false)
        case 7: (1, true)
        case 8: (3, false)
        default: (0, false)
        }
    }

    init(clockwiseTurns: Int, mirrored: Bool) {
        let turns = ((clockwiseTurns % 4) + 4) % 4
        let table: [UInt8] = mirrored ? [2, 7, 4, 5] : [1, 6, 3, 8]
        self.init(exif: table[turns])
    }

    /// This orientation followed by `turns` more clockwise quarter turns.
    func turned(clockwise turns: Int) -> ImageOrientation {
        let (current, mirrored) = turnsAndMirror
        return ImageOrientation(clockwiseTurns: current + turns, mirrored: mirrored)
    }

    /// This orientation followed by a mirror: left to right (`horizontally`) or top to bottom.
    /// A mirror after `r` turns equals `-r` turns after a mirror; top to bottom is left to
    /// right plus a half turn.
    func mirrored(horizontally: Bool) -> ImageOrientation {
        let (current, mirrored) = turnsAndMirror
        return ImageOrientation(
            clockwiseTurns: (horizontally ? 0 : 2) - current, mirrored: !mirrored)
    }
}
