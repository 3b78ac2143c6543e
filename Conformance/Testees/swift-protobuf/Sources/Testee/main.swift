import SwiftProtobuf

// The swift-protobuf testee of the RTMWire conformance protocol (Conformance/PROTOCOL.md):
// apple/swift-protobuf 1.39.0 with protoc-gen-swift's code for Schemas/ (Sources/Generated: the
// benchmarks' code, Scripts/generate-swift-protobuf, copied by Scripts/generate-runtimes with a
// registry of full names), binary and proto3 JSON. RTMWire's semantic rules are not
// implemented: validate requests are skipped. Build: Scripts/build-testee swift-protobuf.
#if canImport(Glibc)
    import Glibc
#endif

let binaryFormat: UInt8 = 1, jsonFormat: UInt8 = 2, validateFlag: UInt8 = 1
let maxBody = 64 << 20
enum Status: UInt8 { case ok, parseError, serializeError, skipped, runtimeError }

func text(_ string: String) -> [UInt8] { Array(string.utf8) }

func answer(_ body: [UInt8]) -> (Status, [UInt8]) {
    guard body.count >= 4, body[3] != 0, body.count >= 4 + Int(body[3]) else {
        return (.runtimeError, text("malformed request"))
    }
    let (source, target, flags, nameLength) = (body[0], body[1], body[2], Int(body[3]))
    let formats: [UInt8] = [binaryFormat, jsonFormat]
    guard formats.contains(source), formats.contains(target), flags & ~validateFlag == 0 else {
        return (.runtimeError, text("unknown format or flag"))
    }
    guard let type = messageType(named: String(decoding: body[4..<4 + nameLength], as: UTF8.self))
    else {
        return (.runtimeError, text("unknown message type"))
    }
    if flags & validateFlag != 0 {
        return (.skipped, text("RTMWire's semantic rules are not implemented"))
    }
    let payload = Array(body[(4 + nameLength)...])
    let message: any SwiftProtobuf.Message
    do {
        message =
            source == binaryFormat
            ? try type.init(serializedBytes: payload) : try type.init(jsonUTF8Bytes: payload)
    } catch {
        return (.parseError, text("\(error)"))
    }
    do {
        return (
            .ok,
            target == binaryFormat ? try message.serializedBytes() : try message.jsonUTF8Bytes()
        )
    } catch {
        return (.serializeError, text("\(error)"))
    }
}

func readExactly(_ count: Int) -> [UInt8]? {
    var buffer = [UInt8](repeating: 0, count: count)
    var filled = 0
    while filled < count {
        let got = buffer.withUnsafeMutableBytes {
            read(0, $0.baseAddress! + filled, count - filled)
        }
        if got <= 0 { return nil }
        filled += got
    }
    return buffer
}

func writeAll(_ bytes: [UInt8]) {
    var written = 0
    while written < bytes.count {
        let put = bytes.withUnsafeBytes {
            write(1, $0.baseAddress! + written, bytes.count - written)
        }
        if put <= 0 { exit(2) }
        written += put
    }
}

while true {
    guard let header = readExactly(4) else { exit(0) }  // end of file where a request starts
    let length = Int(header[0]) | Int(header[1]) << 8 | Int(header[2]) << 16 | Int(header[3]) << 24
    guard length <= maxBody, let body = readExactly(length) else { exit(2) }
    let (status, output) = answer(body)
    let size = UInt32(output.count + 1)
    writeAll(
        [
            UInt8(size & 0xff), UInt8(size >> 8 & 0xff), UInt8(size >> 16 & 0xff),
            UInt8(size >> 24), status.rawValue,
        ] + output)
}
