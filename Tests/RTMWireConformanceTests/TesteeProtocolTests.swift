import RTMWire
import RTMWireConformance
import Testing

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The wire format of the testee protocol (Conformance/PROTOCOL.md), and the Swift testee.
@Suite("Testee protocol")
struct TesteeProtocolTests {
    /// The example of PROTOCOL.md, byte for byte.
    @Test func documentedExample() {
        let request = TesteeRequest(
            input: .binary, output: .json, typeName: "rtmwire.v1.TextMessage",
            payload: [0x0A, 0x02, 0x68, 0x69])
        #expect(
            Hex.encode(TesteeFrame.frame(request.encoded()))
                == "1e000000010200167274" + "6d776972652e76312e546578744d657373616765" + "0a026869")
        let response = SwiftTestee.answer(request)
        #expect(response == .output(Array(#"{"text":"hi"}"#.utf8)))
        #expect(
            Hex.encode(TesteeFrame.frame(response.encoded()))
                == "0e00000000" + "7b2274657874223a226869227d")
        #expect(TesteeFrame.length(ofPrefix: [0x1E, 0, 0, 0]) == 30)
    }

    @Test func requestsRoundTrip() {
        let request = TesteeRequest(
            input: .json, output: .binary, validate: true, typeName: "rtmwire.v1.Envelope",
            payload: Array("{}".utf8))
        #expect(TesteeRequest(body: request.encoded()) == request)
    }

    @Test func malformedRequestsAreRefused() {
        let name = Array("rtmwire.v1.TextMessage".utf8)
        #expect(TesteeRequest(body: []) == nil)
        #expect(TesteeRequest(body: [1, 1, 0]) == nil)
        #expect(TesteeRequest(body: [1, 1, 0, 0]) == nil)  // empty name
        #expect(TesteeRequest(body: [3, 1, 0, UInt8(name.count)] + name) == nil)  // format 3
        #expect(TesteeRequest(body: [1, 1, 2, UInt8(name.count)] + name) == nil)  // unknown flag
        #expect(TesteeRequest(body: [1, 1, 0, 30] + name) == nil)  // name runs past the end
        #expect(TesteeRequest(body: [1, 1, 0, UInt8(name.count)] + name) != nil)
    }

    @Test func responsesRoundTrip() {
        for response in [
            TesteeResponse.output([1, 2]), .parseError("bad"), .serializeError("no"),
            .skipped("json"), .runtimeError("type"),
        ] {
            #expect(TesteeResponse(body: response.encoded()) == response)
        }
        #expect(TesteeResponse(body: []) == nil)
        #expect(TesteeResponse(body: [9]) == nil)
    }

    @Test func swiftTesteeAnswers() {
        func ask(
            _ input: TesteeRequest.Format, _ output: TesteeRequest.Format, _ hex: String,
            type: String = Envelope.protoFullName, validate: Bool = false
        ) -> TesteeResponse {
            SwiftTestee.answer(
                TesteeRequest(
                    input: input, output: output, validate: validate, typeName: type,
                    payload: Hex.decode(hex)!))
        }
        #expect(
            ask(.binary, .binary, "", type: "no.Such")
                == .runtimeError("unknown message type no.Such"))
        // An envelope with a text body and nothing else: wire-valid, semantically incomplete.
        #expect(ask(.binary, .binary, "8201040a026869") == .output(Hex.decode("8201040a026869")!))
        guard case .parseError(let error) = ask(.binary, .binary, "8201040a026869", validate: true)
        else {
            Issue.record("validate must refuse an envelope without a message id")
            return
        }
        #expect(error.hasPrefix("missingField"))
        guard
            case .parseError(let truncated) = ask(
                .binary, .json, "0a0268", type: TextMessage.protoFullName)
        else {
            Issue.record("a truncated text must be a parse error")
            return
        }
        #expect(truncated.hasPrefix("lengthPastEnd") || truncated.hasPrefix("truncated"))
        #expect(
            ask(
                .json, .binary, Hex.encode(Array(#"{"text":"yo"}"#.utf8)),
                type: TextMessage.protoFullName)
                == .output([0x0A, 0x02, 0x79, 0x6F]))
    }

    /// The server reads frames until the end of input and answers each in order.
    @Test func serverAnswersEveryFrame() throws {
        let requests = [
            TesteeRequest(
                input: .binary, output: .json, typeName: TextMessage.protoFullName,
                payload: [0x0A, 0x01, 0x61]),
            TesteeRequest(input: .binary, output: .binary, typeName: "no.Such", payload: []),
        ]
        var input = requests.flatMap { TesteeFrame.frame($0.encoded()) }
        input += TesteeFrame.prefix(1) + [9]  // a malformed request: answered, not fatal
        let output = try serve(input)
        #expect(
            output
                == TesteeFrame.frame(TesteeResponse.output(Array(#"{"text":"a"}"#.utf8)).encoded())
                + TesteeFrame.frame(
                    TesteeResponse.runtimeError("unknown message type no.Such").encoded())
                + TesteeFrame.frame(TesteeResponse.runtimeError("malformed request").encoded()))
    }

    @Test func serverRefusesACutRequest() throws {
        #expect(throws: TesteeServer.SessionError.self) {
            _ = try serve(TesteeFrame.prefix(10) + [1, 2, 3])
        }
    }

    /// Runs the server with `input` on a pipe and returns what it wrote (small inputs only: both
    /// fit in the pipes' buffers).
    private func serve(_ input: [UInt8]) throws -> [UInt8] {
        var inPipe: [Int32] = [-1, -1]
        var outPipe: [Int32] = [-1, -1]
        #expect(pipe(&inPipe) == 0 && pipe(&outPipe) == 0)
        defer { [inPipe[0], outPipe[0]].forEach { close($0) } }
        _ = input.withUnsafeBytes { write(inPipe[1], $0.baseAddress, $0.count) }
        close(inPipe[1])
        do {
            try TesteeServer.serve(input: inPipe[0], output: outPipe[1], answer: SwiftTestee.answer)
        } catch {
            close(outPipe[1])
            throw error
        }
        close(outPipe[1])  // so that reading ends
        var output: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 4096)
        while true {
            let got = chunk.withUnsafeMutableBytes { read(outPipe[0], $0.baseAddress, $0.count) }
            if got <= 0 { break }
            output += chunk[0..<got]
        }
        return output
    }
}
