import RTMWire

/// The properties of the image probe (FuzzImageProbe).
///
/// The probe never traps and its result is stable: the same for a second call, for an
/// `ArraySlice` and for a non-contiguous collection (the copying path). A success reports
/// non-zero dimensions and survives appending bytes (only the header is read); a failure has an
/// image code and an offset inside the input.
public enum ImageProbeCheck {
    /// Checks one fuzzer input; throws ``CheckFailure`` when a property does not hold.
    public static func run(_ bytes: [UInt8]) throws(CheckFailure) {
        let result = probe(bytes)
        try check(probe(bytes) == result, "a second probe differs")
        try check(probe(bytes[...]) == result, "probing an ArraySlice differs")
        try check(
            probe(bytes.lazy.map { $0 }) == result, "probing a non-contiguous collection differs")
        switch result {
        case .success(let info):
            try check(info.width > 0 && info.height > 0, "zero dimension in \(info)")
            let longer = probe(bytes + [0xFF, 0xD9, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00])
            try check(longer == result, "appending bytes changed \(info) to \(longer)")
        case .failure(let error):
            try check(
                KnownCodes.imageProbe.contains(error.code), "unexpected probe error \(error)")
            try check(
                error.offset.map { (0...bytes.count).contains($0) } ?? false,
                "probe error offset outside the input: \(error)")
        }
    }

    static func probe<C: Collection<UInt8>>(_ bytes: C) -> Result<ImageInfo, RTMWireError> {
        outcome { () throws(RTMWireError) in try ImageProbe.probe(bytes) }
    }
}
