import CRTMWirePeer

/// The C peer of RTMWire: protobuf-c (libprotobuf-c 1.4) driven by the message descriptors that
/// protoc-c generated from `Schemas/`.
///
/// Tests and benchmarks use it as an independent implementation of the same schemas: bytes that
/// RTMWire writes must unpack here, and bytes that protobuf-c writes must decode in RTMWire.
/// Messages are named by their full protobuf name, e.g. `"rtmwire.v1.Envelope"`.
///
/// protobuf-c is not a reference implementation: it deviates from the protobuf specification
/// in places (a `bool` field accepts any wire type, a string is cut at its first NUL byte when
/// packed, repeated occurrences of a oneof sub-message replace instead of merging, ...). The
/// tests of this target pin those behaviours.
public enum ProtobufCPeer {
    /// The full names of every message the schemas define (e.g. `"rtmwire.v1.Envelope"`),
    /// sorted in byte order.
    public static var messageNames: [String] {
        (0..<rtmwire_peer_message_count()).map { index in
            guard let name = rtmwire_peer_message_name(index) else {
                preconditionFailure("rtmwire_peer_message_name(\(index)) is NULL")
            }
            return String(cString: name)
        }
    }

    /// Unpacks `bytes` as the message `fullName` with protobuf-c, then packs the message again.
    ///
    /// - Parameters:
    ///   - bytes: Encoded message.
    ///   - fullName: Full protobuf name of the message type, e.g. `"rtmwire.v1.Envelope"`.
    /// - Returns: The bytes protobuf-c packs for the message it unpacked, or why it failed.
    public static func repack(
        _ bytes: [UInt8], as fullName: String
    ) -> Result<[UInt8], ProtobufCPeerError> {
        guard isPlainName(fullName) else {
            return .failure(.unknownType(fullName))
        }
        var output: UnsafeMutablePointer<UInt8>?
        var outputCount = 0
        let status = bytes.withUnsafeBufferPointer { input in
            fullName.withCString { name in
                rtmwire_peer_repack(name, input.baseAddress, input.count, &output, &outputCount)
            }
        }
        defer { rtmwire_peer_free_buffer(output) }
        if let error = ProtobufCPeerError(status: status, fullName: fullName) {
            return .failure(error)
        }
        guard let output else {
            preconditionFailure("rtmwire_peer_repack succeeded without a buffer")
        }
        return .success(Array(UnsafeBufferPointer(start: output, count: outputCount)))
    }

    /// The descriptor of the message `fullName`, or `nil` when the schemas define no such message.
    fileprivate static func descriptor(
        _ fullName: String
    ) -> UnsafePointer<ProtobufCMessageDescriptor>? {
        guard isPlainName(fullName) else { return nil }
        return fullName.withCString { rtmwire_peer_descriptor($0) }
    }

    /// A name with a NUL byte would be cut short by C; no message name contains one.
    private static func isPlainName(_ fullName: String) -> Bool {
        !fullName.utf8.contains(0)
    }
}

/// Why ``ProtobufCPeer`` could not unpack or repack a message.
public enum ProtobufCPeerError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The schemas define no message with this full name.
    case unknownType(String)
    /// protobuf-c rejected the bytes: truncated or malformed input, a known field with a wire
    /// type protobuf-c does not accept for it, a group, an over-long varint, ...
    case rejected
    /// An allocation failed while unpacking or packing.
    case outOfMemory

    /// A short English description of the error.
    public var description: String {
        switch self {
        case .unknownType(let name): "no message named \"\(name)\" in the schemas"
        case .rejected: "protobuf-c rejected the input"
        case .outOfMemory: "out of memory"
        }
    }

    /// The error of a shim status code, or `nil` for `RTMWIRE_PEER_OK`.
    init?(status: CInt, fullName: String) {
        switch status {
        case RTMWIRE_PEER_OK: return nil
        case RTMWIRE_PEER_UNKNOWN_TYPE: self = .unknownType(fullName)
        case RTMWIRE_PEER_OUT_OF_MEMORY: self = .outOfMemory
        default: self = .rejected
        }
    }
}

extension ProtobufCPeer {
    /// A message unpacked by protobuf-c, kept unpacked so that packing it can be measured on its
    /// own. Owns the C message and frees it on deinit.
    ///
    /// Not `Sendable`: the C message is not synchronised.
    public final class Message {
        /// The unpacked C message; owned by this object.
        private let pointer: UnsafeMutablePointer<ProtobufCMessage>

        /// Unpacks `bytes` as the message `fullName`.
        ///
        /// - Returns: `nil` when the schemas define no message `fullName` or protobuf-c rejects
        ///   the bytes; ``unpack(_:as:)`` tells which.
        public convenience init?(unpacking bytes: [UInt8], as fullName: String) {
            guard case .success(let pointer) = Self.unpackPointer(bytes, as: fullName) else {
                return nil
            }
            self.init(owning: pointer)
        }

        /// Unpacks `bytes` as the message `fullName`, or tells why it could not.
        public static func unpack(
            _ bytes: [UInt8], as fullName: String
        ) -> Result<Message, ProtobufCPeerError> {
            unpackPointer(bytes, as: fullName).map(Message.init(owning:))
        }

        private init(owning pointer: UnsafeMutablePointer<ProtobufCMessage>) {
            self.pointer = pointer
        }

        deinit {
            rtmwire_peer_free(pointer)
        }

        /// The full protobuf name of the message's type, e.g. `"rtmwire.v1.Envelope"`.
        public var fullName: String {
            String(cString: pointer.pointee.descriptor.pointee.name)
        }

        /// The number of bytes ``pack(into:)`` writes.
        public var packedSize: Int {
            rtmwire_peer_packed_size(pointer)
        }

        /// Packs the message into the start of `buffer`.
        ///
        /// - Precondition: `buffer.count >= packedSize`.
        /// - Returns: The number of bytes written (``packedSize``).
        public func pack(into buffer: UnsafeMutableRawBufferPointer) -> Int {
            let size = packedSize
            precondition(buffer.count >= size, "buffer of \(buffer.count) bytes, need \(size)")
            guard size > 0, let start = buffer.baseAddress else { return 0 }
            let written = rtmwire_peer_pack(pointer, start.assumingMemoryBound(to: UInt8.self))
            precondition(written == size, "protobuf-c packed \(written) bytes, announced \(size)")
            return written
        }

        /// The packed message as a new array.
        public func packed() -> [UInt8] {
            [UInt8](unsafeUninitializedCapacity: packedSize) { buffer, initializedCount in
                initializedCount = pack(into: UnsafeMutableRawBufferPointer(buffer))
            }
        }

        private static func unpackPointer(
            _ bytes: [UInt8], as fullName: String
        ) -> Result<UnsafeMutablePointer<ProtobufCMessage>, ProtobufCPeerError> {
            guard let descriptor = ProtobufCPeer.descriptor(fullName) else {
                return .failure(.unknownType(fullName))
            }
            var message: UnsafeMutablePointer<ProtobufCMessage>?
            let status = bytes.withUnsafeBufferPointer { input in
                rtmwire_peer_unpack(descriptor, input.baseAddress, input.count, &message)
            }
            if let error = ProtobufCPeerError(status: status, fullName: fullName) {
                return .failure(error)
            }
            guard let message else {
                preconditionFailure("rtmwire_peer_unpack succeeded without a message")
            }
            return .success(message)
        }
    }
}
