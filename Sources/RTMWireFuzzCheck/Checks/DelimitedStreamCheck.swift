import RTMWire

/// The properties of the incremental frame reader (FuzzDelimitedStream).
///
/// Input layout: a header byte `h`, then `h & 7` piece-size bytes, then the stream.
/// - `h & 0x08`: wire-only decoding (otherwise semantic checks too);
/// - `h & 0x10`: a frame cap of 64 bytes (otherwise the default 1 MiB), to reach the
///   length-prefix limit often;
/// - piece sizes: each size byte `s` means a piece of `s + 1` bytes; the sizes repeat until the
///   stream is used up. No size bytes: the stream is fed one byte at a time.
///
/// Fed in those pieces (calling `next()` until nil after each), the reader must return the same
/// messages, the same error and the same end state (`finish()`, buffered bytes) as when it is
/// fed the whole stream at once. An error is sticky, and every message returned travels again
/// through a fresh reader after re-encoding.
public enum DelimitedStreamCheck {
    /// A decoded input: options, piece sizes and the stream.
    public struct Input {
        /// The reader's options (bit 3 of the first byte: wire-only; bit 4: a 64-byte frame cap).
        public var options: CodecOptions
        /// Sizes of the pieces the stream is cut into, repeated (the next 0–7 bytes, plus one).
        public var pieceSizes: [Int]
        /// The bytes after the header: the delimited stream.
        public var stream: [UInt8]

        /// Decodes a fuzzer's input: a header byte, piece sizes, then the stream.
        public init(_ bytes: [UInt8]) {
            guard let header = bytes.first else {
                self.init(options: .default, pieceSizes: [1], stream: [])
                return
            }
            let sizeCount = min(Int(header & 0x07), bytes.count - 1)
            var options = header & 0x08 != 0 ? CodecOptions.wireOnly : .default
            if header & 0x10 != 0 { options.limits.maxMessageBytes = 64 }
            let sizes = bytes[1..<(1 + sizeCount)].map { Int($0) + 1 }
            self.init(
                options: options, pieceSizes: sizes.isEmpty ? [1] : sizes,
                stream: Array(bytes[(1 + sizeCount)...]))
        }

        init(options: CodecOptions, pieceSizes: [Int], stream: [UInt8]) {
            self.options = options
            self.pieceSizes = pieceSizes
            self.stream = stream
        }

        /// The stream cut into pieces of the given sizes, repeated.
        public var pieces: [ArraySlice<UInt8>] {
            var pieces: [ArraySlice<UInt8>] = []
            var start = 0
            var index = 0
            while start < stream.count {
                let end = min(stream.count, start + pieceSizes[index % pieceSizes.count])
                pieces.append(stream[start..<end])
                start = end
                index += 1
            }
            return pieces
        }
    }

    /// What a reader made of a stream.
    public struct Outcome: Equatable {
        /// The messages returned before any error.
        public var messages: [Envelope] = []
        /// The error `next()` threw, if any (feeding stops there).
        public var error: RTMWireError?
        /// What `finish()` threw at the end, if anything.
        public var finishError: RTMWireError?
        /// Bytes the reader held at the end that were not a whole frame.
        public var bufferedByteCount = 0
    }

    /// Checks one fuzzer input; throws ``CheckFailure`` when a property does not hold.
    public static func run(_ bytes: [UInt8]) throws(CheckFailure) {
        let input = Input(bytes)
        let whole = try feed([input.stream[...]], options: input.options)
        let split = try feed(input.pieces, options: input.options)
        try check(whole == split, "fed in pieces \(input.pieceSizes): \(split); at once: \(whole)")
        for error in [whole.error, whole.finishError].compactMap({ $0 }) {
            try check(KnownCodes.framing.contains(error.code), "unexpected framing error \(error)")
        }
        if whole.error == nil, whole.finishError == nil {
            try check(
                whole.bufferedByteCount == 0,
                "finish() accepted \(whole.bufferedByteCount) buffered bytes")
        }

        // Re-encode what was read and read it again.
        var frames: [UInt8] = []
        var expected: [Envelope] = []
        for message in whole.messages {
            switch outcome({ () throws(RTMWireError) in
                try message.delimitedBytes(options: input.options)
            }) {
            case .success(let frame):
                frames += frame
                expected.append(message)
            case .failure(let error):
                try check(
                    BinaryDecodingCheck.isMessageSizeLimit(error, message, input.options),
                    "a message read from the stream does not re-encode: \(error)")
            }
        }
        let reread = try feed([frames[...]], options: input.options)
        try check(
            reread == Outcome(messages: expected),
            "re-encoded frames read back as \(reread), expected \(expected.count) messages")
    }

    /// Feeds `pieces` to a fresh reader, draining it after each piece, then finishes.
    public static func feed(_ pieces: [ArraySlice<UInt8>], options: CodecOptions)
        throws(CheckFailure) -> Outcome
    {
        var reader = FrameReader<Envelope>(options: options)
        var result = Outcome()
        pieces: for piece in pieces {
            reader.append(piece)
            while true {
                switch outcome({ () throws(RTMWireError) in try reader.next() }) {
                case .success(let message?):
                    result.messages.append(message)
                case .success(nil):
                    continue pieces
                case .failure(let error):
                    result.error = error
                    break pieces
                }
            }
        }
        if let error = result.error {
            // After an error the reader stays failed.
            let again = outcome { () throws(RTMWireError) in try reader.next() }
            try check(again == .failure(error), "the error is not sticky: then \(again)")
            let finish = outcome { () throws(RTMWireError) in try reader.finish() }
            try check(finish.map { true } == .failure(error), "finish() after an error: \(finish)")
        } else if case .failure(let error) = outcome({ () throws(RTMWireError) in
            try reader.finish()
        }) {
            result.finishError = error
        }
        // After an error, how much was buffered depends on how the bytes arrived.
        result.bufferedByteCount = result.error == nil ? reader.bufferedByteCount : 0
        return result
    }
}
