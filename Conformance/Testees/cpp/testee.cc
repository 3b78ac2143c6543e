// The C++ testee of the RTMWire conformance protocol (Conformance/PROTOCOL.md): libprotobuf 3.21
// with its generated code for Schemas/ (generated/, from Scripts/generate-runtimes) and its JSON
// utilities (google::protobuf::util). RTMWire's semantic rules are not implemented: validate
// requests are skipped. Build: Scripts/build-testee cpp.
#include <cstdint>
#include <cstdio>
#include <iostream>
#include <memory>
#include <string>

#include <google/protobuf/descriptor.h>
#include <google/protobuf/message.h>
#include <google/protobuf/stubs/logging.h>
#include <google/protobuf/util/json_util.h>

namespace {

enum Format : uint8_t { kBinary = 1, kJson = 2 };
enum Status : uint8_t { kOk = 0, kParseError = 1, kSerializeError = 2, kSkipped = 3, kRuntimeError = 4 };
constexpr uint8_t kValidate = 1;
constexpr uint32_t kMaxBody = 64u << 20;

bool ReadExact(std::string* buffer, size_t n) {
  buffer->resize(n);
  return n == 0 || std::fread(&(*buffer)[0], 1, n, stdin) == n;
}

void Respond(Status status, const std::string& payload) {
  uint32_t length = static_cast<uint32_t>(payload.size()) + 1;
  unsigned char header[5] = {static_cast<unsigned char>(length), static_cast<unsigned char>(length >> 8),
                             static_cast<unsigned char>(length >> 16),
                             static_cast<unsigned char>(length >> 24), status};
  std::fwrite(header, 1, sizeof header, stdout);
  std::fwrite(payload.data(), 1, payload.size(), stdout);
  std::fflush(stdout);
}

void Answer(const std::string& body) {
  using google::protobuf::util::JsonStringToMessage;
  using google::protobuf::util::MessageToJsonString;
  if (body.size() < 4 || body[3] == 0 || body.size() < 4u + static_cast<uint8_t>(body[3])) {
    return Respond(kRuntimeError, "malformed request");
  }
  const uint8_t input = body[0], output = body[1], flags = body[2], name_length = body[3];
  if ((input != kBinary && input != kJson) || (output != kBinary && output != kJson) ||
      (flags & ~kValidate) != 0) {
    return Respond(kRuntimeError, "unknown format or flag");
  }
  const std::string name = body.substr(4, name_length);
  const std::string payload = body.substr(4 + name_length);
  const google::protobuf::Descriptor* descriptor =
      google::protobuf::DescriptorPool::generated_pool()->FindMessageTypeByName(name);
  if (descriptor == nullptr) return Respond(kRuntimeError, "unknown message type");
  if (flags & kValidate) return Respond(kSkipped, "RTMWire's semantic rules are not implemented");

  std::unique_ptr<google::protobuf::Message> message(
      google::protobuf::MessageFactory::generated_factory()->GetPrototype(descriptor)->New());
  if (input == kBinary) {
    if (!message->ParseFromString(payload)) return Respond(kParseError, "ParseFromString failed");
  } else {
    auto status = JsonStringToMessage(payload, message.get());
    if (!status.ok()) return Respond(kParseError, status.ToString());
  }
  std::string out;
  if (output == kBinary) {
    if (!message->SerializeToString(&out)) return Respond(kSerializeError, "SerializeToString failed");
  } else {
    auto status = MessageToJsonString(*message, &out);
    if (!status.ok()) return Respond(kSerializeError, status.ToString());
  }
  Respond(kOk, out);
}

}  // namespace

int main() {
  // libprotobuf logs rejected input (e.g. invalid UTF-8) to stderr; the parse error says enough.
  google::protobuf::SetLogHandler(nullptr);
  std::string header, body;
  for (;;) {
    header.resize(4);
    size_t got = std::fread(&header[0], 1, 4, stdin);
    if (got == 0 && std::feof(stdin)) return 0;
    if (got != 4) return 2;
    const uint32_t length = static_cast<uint8_t>(header[0]) | static_cast<uint8_t>(header[1]) << 8 |
                            static_cast<uint8_t>(header[2]) << 16 |
                            static_cast<uint32_t>(static_cast<uint8_t>(header[3])) << 24;
    if (length > kMaxBody || !ReadExact(&body, length)) return 2;
    Answer(body);
  }
}
