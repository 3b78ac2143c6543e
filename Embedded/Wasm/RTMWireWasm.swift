// The WebAssembly module's export surface: C-style functions over pointer + length, built by
// Scripts/build-embedded with Embedded Swift against the core (Sources/RTMWire, the same files
// as the full build). The JavaScript wrapper (rtmwire.mjs) and the conformance testee
// (testee.c) call these and nothing else.
//
// Memory: the host copies its input into a buffer from `rtmwire_alloc` (rtmwire_shim.c), calls
// one function, reads the result at `rtmwire_result_ptr()` / `rtmwire_result_len()` (valid until
// the next call), and frees its buffer with `rtmwire_free`. Every function returns a status,
// the conformance protocol's (Conformance/PROTOCOL.md): 0 ok (the result is the output),
// 1 parse error, 2 serialize error, 4 runtime error (an unknown message type or flag); on an
// error the result is the error's text.

import RTMWire
import RTMWireJSON
import RTMWireViews

/// Status codes, the conformance protocol's response statuses.
enum Status: Int32 {
    case ok = 0
    case parseError = 1
    case serializeError = 2
    case runtimeError = 4
}

/// The result of the last call, owned by the module (a buffer of its own rather than an
/// array's, so that the address handed to the host is one the module owns until the next call).
nonisolated(unsafe) var lastResult = UnsafeMutableBufferPointer<UInt8>(start: nil, count: 0)

/// Keeps a copy of `bytes` as the last result, frees the one before, and returns `status`'s code.
func finish(_ status: Status, _ bytes: [UInt8]) -> Int32 {
    lastResult.deallocate()
    lastResult = UnsafeMutableBufferPointer<UInt8>.allocate(capacity: bytes.count)
    _ = lastResult.initialize(from: bytes)
    return status.rawValue
}

/// The buffer a host passed (empty when `length` is 0, whatever the pointer).
func buffer(_ pointer: UnsafePointer<UInt8>?, _ length: Int32) -> UnsafeBufferPointer<UInt8> {
    guard let pointer, length > 0 else { return UnsafeBufferPointer(start: nil, count: 0) }
    return UnsafeBufferPointer(start: pointer, count: Int(length))
}

/// The bits of `flags` (a `convert` argument).
enum Flag {
    /// The input is proto3 JSON (UTF-8); otherwise protobuf binary.
    static let jsonInput: Int32 = 1
    /// The output is proto3 JSON; otherwise protobuf binary.
    static let jsonOutput: Int32 = 2
    /// Decode with the semantic rules and the default limits (`CodecOptions.default`);
    /// otherwise with the wire rules only (`CodecOptions.wireOnly`).
    static let validate: Int32 = 4
    static let all: Int32 = jsonInput | jsonOutput | validate
}

/// Parses `input` as one message type and writes it back out: RTMWire's own conformance testee
/// (SwiftTestee in RTMWireConformance) step for step, so the module answers every vector as the
/// native build does.
struct Convert: RTMJSONMessageTypeVisitor {
    let input: UnsafeBufferPointer<UInt8>
    let flags: Int32
    /// False to decode only (`rtmwire_validate`): the result is empty.
    var writesOutput = true

    mutating func visit<Message: RTMJSONMessage>(_ type: Message.Type) -> (Status, [UInt8]) {
        let options: CodecOptions = flags & Flag.validate != 0 ? .default : .wireOnly
        let message: Message
        do throws(RTMWireError) {
            if flags & Flag.jsonInput != 0 {
                message = try Message(jsonValue: try JSONValue(parsing: input), options: options)
            } else {
                message = try Message(serializedBytes: input, options: options)
            }
        } catch {
            return (.parseError, Array(error.description.utf8))
        }
        if !writesOutput { return (.ok, []) }
        if flags & Flag.jsonOutput != 0 { return (.ok, Array(message.jsonString().utf8)) }
        do throws(RTMWireError) {
            return (.ok, try message.serializedBytes(options: .wireOnly))
        } catch {
            return (.serializeError, Array(error.description.utf8))
        }
    }
}

/// Parses the message named `type` (e.g. `rtmwire.v1.Envelope`) from `input` and writes it in
/// the format `flags` asks for (see `Flag`).
@_expose(wasm, "rtmwire_convert")
@_cdecl("rtmwire_convert")
public func convert(
    _ type: UnsafePointer<UInt8>?, _ typeLength: Int32,
    _ input: UnsafePointer<UInt8>?, _ inputLength: Int32, _ flags: Int32
) -> Int32 {
    run(type, typeLength, input, inputLength, flags, writesOutput: true)
}

/// `convert`, or only its decode when not `writesOutput`.
func run(
    _ type: UnsafePointer<UInt8>?, _ typeLength: Int32,
    _ input: UnsafePointer<UInt8>?, _ inputLength: Int32, _ flags: Int32, writesOutput: Bool
) -> Int32 {
    let name = String(decoding: buffer(type, typeLength), as: UTF8.self)
    if flags & ~Flag.all != 0 { return finish(.runtimeError, Array("unknown flag bits".utf8)) }
    var visitor = Convert(
        input: buffer(input, inputLength), flags: flags, writesOutput: writesOutput)
    guard let (status, output) = RTMMessageTypes.visitJSON(named: name, &visitor) else {
        return finish(.runtimeError, Array("unknown message type \(name)".utf8))
    }
    return finish(status, output)
}

/// Encodes proto3 JSON as protobuf binary, with the semantic rules and default limits when
/// `validate` is non-zero.
@_expose(wasm, "rtmwire_encode")
@_cdecl("rtmwire_encode")
public func encode(
    _ type: UnsafePointer<UInt8>?, _ typeLength: Int32,
    _ json: UnsafePointer<UInt8>?, _ jsonLength: Int32, _ validate: Int32
) -> Int32 {
    convert(
        type, typeLength, json, jsonLength, Flag.jsonInput | (validate != 0 ? Flag.validate : 0))
}

/// Decodes protobuf binary to proto3 JSON, with the semantic rules and default limits when
/// `validate` is non-zero.
@_expose(wasm, "rtmwire_decode")
@_cdecl("rtmwire_decode")
public func decode(
    _ type: UnsafePointer<UInt8>?, _ typeLength: Int32,
    _ bytes: UnsafePointer<UInt8>?, _ length: Int32, _ validate: Int32
) -> Int32 {
    convert(type, typeLength, bytes, length, Flag.jsonOutput | (validate != 0 ? Flag.validate : 0))
}

/// Decodes protobuf binary with the wire rules, the semantic rules and the default limits, and
/// writes nothing: status 0 with an empty result when it is valid, 1 with the error's text when
/// not.
@_expose(wasm, "rtmwire_validate")
@_cdecl("rtmwire_validate")
public func validate(
    _ type: UnsafePointer<UInt8>?, _ typeLength: Int32,
    _ bytes: UnsafePointer<UInt8>?, _ length: Int32
) -> Int32 {
    run(type, typeLength, bytes, length, Flag.validate, writesOutput: false)
}

/// Reads an envelope's header with the view (no decode of the body): a JSON object with the
/// message id, sender, send time, conversation, reply and the body's kind (`"none"` when
/// absent), or a parse error. `validate` non-zero checks with the default options (limits and
/// U+0000), otherwise the wire rules only.
@_expose(wasm, "rtmwire_view_header")
@_cdecl("rtmwire_view_header")
public func viewHeader(_ bytes: UnsafePointer<UInt8>?, _ length: Int32, _ validate: Int32) -> Int32
{
    let options: CodecOptions = validate != 0 ? .default : .wireOnly
    do throws(RTMWireError) {
        let view = try Envelope.view(of: buffer(bytes, length), options: options)
        var members: [JSONMember] = [
            JSONMember("messageId", .string(try view.messageID.string)),
            JSONMember("sendTimeMs", .string(String(view.sendTimeMs))),
            JSONMember("body", .string(view.body?.jsonName ?? "none")),
        ]
        if let sender = view.sender {
            members.append(JSONMember("sender", try sender.materialized().jsonValue()))
        }
        if let conversation = view.conversation {
            members.append(JSONMember("conversation", try conversation.materialized().jsonValue()))
        }
        if let replyTo = view.replyTo {
            members.append(JSONMember("replyTo", try replyTo.materialized().jsonValue()))
        }
        return finish(.ok, Array(JSONValue.object(members).serialized().utf8))
    } catch {
        return finish(.parseError, Array(error.description.utf8))
    }
}

/// The address of the last call's result (null when it is empty).
@_expose(wasm, "rtmwire_result_ptr")
@_cdecl("rtmwire_result_ptr")
public func resultPointer() -> UnsafePointer<UInt8>? {
    UnsafePointer(lastResult.baseAddress)
}

/// The length in bytes of the last call's result.
@_expose(wasm, "rtmwire_result_len")
@_cdecl("rtmwire_result_len")
public func resultLength() -> Int32 {
    Int32(lastResult.count)
}
