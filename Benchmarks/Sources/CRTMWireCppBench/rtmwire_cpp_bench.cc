// Google's C++ protobuf (libprotobuf 3.21) for the benchmarks: see include/rtmwire_cpp_bench.h.
#include "rtmwire_cpp_bench.h"

#include <algorithm>
#include <cstring>
#include <memory>
#include <new>
#include <string>

#include <google/protobuf/arena.h>

#include "rtmwire/v1/envelope.pb.h"

namespace {

// The arena's first block, owned by the bench: larger than any corpus message needs on the arena
// (G's 1,000 std::string objects and their cleanup entries take about 50 KB), so that a decode
// on the arena never asks the allocator for a block. Strings longer than std::string's inline
// 15 bytes still take their characters from the heap: libprotobuf 3.21 places the string objects
// on the arena, not what they own.
constexpr size_t kArenaBlockSize = 256 * 1024;

google::protobuf::ArenaOptions ArenaOn(char* block) {
  google::protobuf::ArenaOptions options;
  options.initial_block = block;
  options.initial_block_size = kArenaBlockSize;
  return options;
}

}  // namespace

struct RTMWireCppBench {
  explicit RTMWireCppBench(const uint8_t* bytes, size_t count)
      : input(reinterpret_cast<const char*>(bytes), count),
        output(count, '\0'),
        arena_block(new char[kArenaBlockSize]),
        arena(ArenaOn(arena_block.get())) {}

  const std::string input;           // the canonical bytes: what every decode parses
  rtmwire::v1::Envelope message;     // parsed from them once: what every encode serializes
  std::string output;                // the array encode's buffer, ByteSizeLong() bytes
  std::unique_ptr<char[]> arena_block;
  google::protobuf::Arena arena;

  // Each decode, when reencoded is not null, also serializes what it decoded there (the check).
  bool DecodeHeap(std::string* reencoded) const {
    rtmwire::v1::Envelope decoded;
    bool parsed = decoded.ParseFromArray(input.data(), static_cast<int>(input.size()));
    if (parsed && reencoded != nullptr) parsed = decoded.SerializeToString(reencoded);
    return parsed;
  }

  bool DecodeArena(std::string* reencoded) {
    auto* decoded = google::protobuf::Arena::CreateMessage<rtmwire::v1::Envelope>(&arena);
    bool parsed = decoded->ParseFromArray(input.data(), static_cast<int>(input.size()));
    if (parsed && reencoded != nullptr) parsed = decoded->SerializeToString(reencoded);
    arena.Reset();
    return parsed;
  }
};

extern "C" {

RTMWireCppBench* rtmwire_cpp_bench_create(const uint8_t* bytes, size_t count) {
  auto bench = std::make_unique<RTMWireCppBench>(bytes, count);
  if (!bench->message.ParseFromString(bench->input)) return nullptr;
  bench->output.resize(bench->message.ByteSizeLong());
  return bench.release();
}

void rtmwire_cpp_bench_destroy(RTMWireCppBench* bench) { delete bench; }

size_t rtmwire_cpp_bench_run(RTMWireCppBench* bench, RTMWireCppOperation operation) {
  switch (operation) {
    case RTMWIRE_CPP_ENCODE_STRING: {
      std::string encoded;
      return bench->message.SerializeToString(&encoded) ? encoded.size() : 0;
    }
    case RTMWIRE_CPP_ENCODE_ARRAY: {
      // SerializeToArray computes ByteSizeLong() itself and checks it against the room given.
      const int room = static_cast<int>(bench->output.size());
      return bench->message.SerializeToArray(&bench->output[0], room) ? bench->output.size() : 0;
    }
    case RTMWIRE_CPP_DECODE_HEAP:
      return bench->DecodeHeap(nullptr) ? bench->input.size() : 0;
    case RTMWIRE_CPP_DECODE_ARENA:
      return bench->DecodeArena(nullptr) ? bench->input.size() : 0;
  }
  return 0;
}

size_t rtmwire_cpp_bench_output(RTMWireCppBench* bench, RTMWireCppOperation operation,
                                uint8_t* out, size_t capacity) {
  std::string bytes;
  bool ok = false;
  switch (operation) {
    case RTMWIRE_CPP_ENCODE_STRING:
      ok = bench->message.SerializeToString(&bytes);
      break;
    case RTMWIRE_CPP_ENCODE_ARRAY:
      ok = rtmwire_cpp_bench_run(bench, operation) != 0;
      bytes = bench->output;
      break;
    case RTMWIRE_CPP_DECODE_HEAP:
      ok = bench->DecodeHeap(&bytes);
      break;
    case RTMWIRE_CPP_DECODE_ARENA:
      ok = bench->DecodeArena(&bytes);
      break;
  }
  if (!ok) return 0;
  if (capacity > 0) std::memcpy(out, bytes.data(), std::min(capacity, bytes.size()));
  return bytes.size();
}

void* rtmwire_cpp_bench_decode_retained(const RTMWireCppBench* bench) {
  auto decoded = std::make_unique<rtmwire::v1::Envelope>();
  if (!decoded->ParseFromString(bench->input)) return nullptr;
  return decoded.release();
}

void rtmwire_cpp_bench_release(void* decoded) {
  delete static_cast<rtmwire::v1::Envelope*>(decoded);
}

}  // extern "C"
