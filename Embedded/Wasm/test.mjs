// The JavaScript wrapper (rtmwire.mjs) against the module, under Node: what a web page does
// with it, minus the fetch. Run by Scripts/build-embedded --check.
//
//   node Embedded/Wasm/test.mjs .build/embedded/wasm/rtmwire.wasm [CORPUS.tsv]
//
// CORPUS.tsv (optional): lines "NAME<TAB>HEX" of envelopes to decode once each, printing the
// module's peak heap for each decode (the size table's "peak heap decoding A-H").

import { readFileSync } from "node:fs";
import assert from "node:assert/strict";
import { RTMWire, RTMWireError, Status } from "./rtmwire.mjs";

const [wasmPath, corpusPath] = process.argv.slice(2);
const rtm = await RTMWire.load(readFileSync(wasmPath));
const ENVELOPE = "rtmwire.v1.Envelope";

// JSON -> binary -> JSON gives the message back; the bytes are the canonical encoding.
const envelope = {
  messageId: "m-1",
  sender: { userId: "alice", displayName: "Alice" },
  sendTimeMs: "1700000000000",
  conversation: { type: "CONVERSATION_TYPE_CHANNEL", id: "general" },
  text: { text: "héllo 👋" },
};
const bytes = rtm.encode(ENVELOPE, envelope, { validate: true });
assert.equal(bytes[0], 0x0a, "field 1 (message_id) first");
assert.deepEqual(JSON.parse(rtm.decode(ENVELOPE, bytes, { validate: true })), envelope);
rtm.validate(ENVELOPE, bytes);

// The header, read with the view.
assert.deepEqual(rtm.viewHeader(bytes), {
  messageId: "m-1",
  sendTimeMs: "1700000000000",
  body: "text",
  sender: { userId: "alice", displayName: "Alice" },
  conversation: { type: "CONVERSATION_TYPE_CHANNEL", id: "general" },
});

// Bad input is a typed error, never a trap: truncated bytes, invalid UTF-8, a broken rule,
// JSON that is not JSON, an unknown type.
function rejects(call, status, code) {
  assert.throws(call, (error) => {
    assert.ok(error instanceof RTMWireError, String(error));
    assert.equal(error.status, status, error.message);
    if (code) assert.equal(error.code, code, error.message);
    return true;
  });
}
rejects(() => rtm.decode(ENVELOPE, bytes.subarray(0, bytes.length - 1)), Status.parseError, "lengthPastEnd");
rejects(() => rtm.decode(ENVELOPE, Uint8Array.of(0x0a, 0x01, 0xff)), Status.parseError, "invalidUTF8");
rejects(() => rtm.validate(ENVELOPE, rtm.encode(ENVELOPE, { messageId: "m-2" })), Status.parseError);
rejects(() => rtm.encode(ENVELOPE, "{"), Status.parseError, "invalidJSON");
rejects(() => rtm.decode("rtmwire.v1.Nope", bytes), Status.runtimeError);
rejects(() => rtm.viewHeader(Uint8Array.of(0x0a, 0x05)), Status.parseError);

// Many calls: memory is freed (the heap in use comes back to where it was; the module keeps
// only the last result, so the count is taken after a first round trip).
rtm.decode(ENVELOPE, rtm.encode(ENVELOPE, envelope));
const before = rtm.exports.rtmwire_heap_in_use();
for (let i = 0; i < 2000; i++) rtm.decode(ENVELOPE, rtm.encode(ENVELOPE, envelope));
assert.equal(rtm.exports.rtmwire_heap_in_use(), before, "no memory held after 2,000 round trips");
console.log("rtmwire.mjs: encode, decode, validate, viewHeader and typed errors as expected");

if (corpusPath) {
  for (const line of readFileSync(corpusPath, "utf8").split("\n").filter(Boolean)) {
    const [name, hex] = line.split("\t");
    const input = Uint8Array.from(hex.match(/../g) ?? [], (pair) => parseInt(pair, 16));
    // The input's copy is allocated before the reset: the peak counts the decode alone.
    const pointer = rtm.exports.rtmwire_alloc(input.length);
    new Uint8Array(rtm.exports.memory.buffer, pointer, input.length).set(input);
    const type = new TextEncoder().encode(ENVELOPE);
    const typePointer = rtm.exports.rtmwire_alloc(type.length);
    new Uint8Array(rtm.exports.memory.buffer, typePointer, type.length).set(type);
    rtm.exports.rtmwire_heap_reset_peak();
    const base = rtm.exports.rtmwire_heap_in_use();
    // rtmwire_validate: the decode with the default options (limits and rules), nothing written.
    const status = rtm.exports.rtmwire_validate(typePointer, type.length, pointer, input.length);
    assert.equal(status, Status.ok);
    const peak = rtm.exports.rtmwire_heap_peak() - base;
    rtm.exports.rtmwire_free(pointer);
    rtm.exports.rtmwire_free(typePointer);
    console.log(`${name}\t${input.length} bytes\tpeak heap ${peak} bytes`);
  }
}
