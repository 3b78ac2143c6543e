// Embedded Swift has no `AsyncSequence` (no concurrency runtime on a bare-metal or browser
// target): the streaming decoder is the full build's only; `FrameReader` frames in both.
#if !hasFeature(Embedded)
    /// The messages of a delimited stream (varint byte length, then the message, repeated), decoded
    /// from an `AsyncSequence` of bytes or of byte chunks as they arrive: `URLSession.bytes(for:)`'s
    /// bytes, a socket's or a SwiftNIO channel's buffers, a pipe. (A WebSocket needs no framing:
    /// it carries one envelope per message, read with `init(serializedBytes:)`.)
    ///
    /// ```swift
    /// for try await envelope in socketChunks.delimitedMessages(of: Envelope.self) {
    ///     print(envelope)
    /// }
    /// ```
    ///
    /// Framing is ``FrameReader``'s, with its limits: a length prefix above
    /// ``Limits/maxMessageBytes`` is refused as soon as it is read, before the body is buffered, so
    /// memory stays within one frame plus one chunk of the base sequence. Each message is yielded as
    /// soon as its last byte arrives. A bad frame, or a base sequence that ends inside a frame, throws
    /// its ``RTMWireError`` (``RTMWireError/Code/truncatedFrame`` for the latter) after every message
    /// decoded before it; an error of the base sequence is rethrown as it is. After an error, or the
    /// end, the iterator returns nil.
    ///
    /// Because the base sequence's errors come through unchanged, the iterator's errors are untyped
    /// (`any Error`): cast to read a codec error's code.
    ///
    /// ```swift
    /// do {
    ///     for try await envelope in chunks.delimitedMessages(of: Envelope.self) { … }
    /// } catch let error as RTMWireError {
    ///     if error.code == .truncatedFrame { … }  // the stream ended inside a frame
    /// } catch {
    ///     …  // the base sequence's own error (a closed socket, a cancelled task)
    /// }
    /// ```
    ///
    /// Iterate it from one task (the iterator is a value; the base sequence's iterator is stored in
    /// it). It is `Sendable` when the base sequence is.
    public struct DelimitedMessages<Base: AsyncSequence, Message: RTMMessage> {
        /// The sequence of bytes or chunks being decoded.
        public let base: Base
        /// Rules and limits of every frame (``Limits/maxMessageBytes`` caps a frame).
        public let options: CodecOptions
        let append: @Sendable (inout FrameReader<Message>, Base.Element) -> Void

        init(
            base: Base, options: CodecOptions,
            append: @escaping @Sendable (inout FrameReader<Message>, Base.Element) -> Void
        ) {
            self.base = base
            self.options = options
            self.append = append
        }
    }

    extension DelimitedMessages: AsyncSequence {
        /// Each element is one decoded message.
        public typealias Element = Message

        /// Creates the iterator.
        public func makeAsyncIterator() -> AsyncIterator {
            AsyncIterator(
                base: base.makeAsyncIterator(), reader: FrameReader(options: options),
                append: append)
        }

        /// Pulls from the base sequence until a whole frame is buffered, then decodes it.
        public struct AsyncIterator: AsyncIteratorProtocol {
            var base: Base.AsyncIterator?
            var reader: FrameReader<Message>
            let append: @Sendable (inout FrameReader<Message>, Base.Element) -> Void

            /// The next message; nil at the clean end of the stream.
            public mutating func next() async throws -> Message? {
                while base != nil {
                    if let message = try decoded() { return message }
                    let element: Base.Element?
                    do {
                        element = try await base?.next()
                    } catch {
                        base = nil
                        throw error
                    }
                    try take(element)
                }
                return nil
            }

            /// The next message, reading the base sequence on the caller's actor (no hop away).
            @available(macOS 15.0, iOS 18.0, tvOS 18.0, watchOS 11.0, visionOS 2.0, *)
            public mutating func next(isolation actor: isolated (any Actor)?) async throws
                -> Message?
            {
                while base != nil {
                    if let message = try decoded() { return message }
                    let element: Base.Element?
                    do {
                        element = try await base?.next(isolation: actor)
                    } catch {
                        base = nil
                        throw error
                    }
                    try take(element)
                }
                return nil
            }

            /// The next whole message in the reader, or nil when it needs more bytes. An error ends
            /// the iteration.
            private mutating func decoded() throws(RTMWireError) -> Message? {
                do {
                    return try reader.next()
                } catch {
                    base = nil
                    throw error
                }
            }

            /// Adds a chunk; at the end of the base sequence (`nil`) checks that no frame was cut.
            private mutating func take(_ element: Base.Element?) throws(RTMWireError) {
                if let element {
                    append(&reader, element)
                    return
                }
                base = nil
                try reader.finish()
            }
        }
    }

    extension DelimitedMessages: Sendable where Base: Sendable {}

    extension AsyncSequence where Element: Sequence & Sendable, Element.Element == UInt8 {
        /// The messages of the delimited stream these byte chunks carry (`Data`, `[UInt8]`, a
        /// `ByteBufferView`); see ``DelimitedMessages``.
        public func delimitedMessages<Message: RTMMessage>(
            of type: Message.Type, options: CodecOptions = .default
        ) -> DelimitedMessages<Self, Message> {
            DelimitedMessages(base: self, options: options) { reader, chunk in reader.append(chunk)
            }
        }
    }

    extension AsyncSequence where Element == UInt8 {
        /// The messages of the delimited stream these bytes carry (`URLSession.AsyncBytes`,
        /// `FileHandle.AsyncBytes`); see ``DelimitedMessages``.
        public func delimitedMessages<Message: RTMMessage>(
            of type: Message.Type, options: CodecOptions = .default
        ) -> DelimitedMessages<Self, Message> {
            DelimitedMessages(base: self, options: options) { reader, byte in
                reader.append(CollectionOfOne(byte))
            }
        }
    }
#endif
