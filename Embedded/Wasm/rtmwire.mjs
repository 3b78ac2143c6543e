// RTMWire in a web page: the WebAssembly module built by Scripts/build-embedded
// (.build/embedded/wasm/rtmwire.wasm), wrapped in a plain ES module with no build step.
//
//   import { RTMWire } from "./rtmwire.mjs";
//   const rtm = await RTMWire.load(new URL("./rtmwire.wasm", import.meta.url));
//   const bytes = rtm.encode("rtmwire.v1.Envelope", '{"messageId":"m1", ...}', { validate: true });
//   const json = rtm.decode("rtmwire.v1.Envelope", bytes);           // proto3 JSON text
//   rtm.validate("rtmwire.v1.Envelope", bytes);                      // throws RTMWireError
//   const header = rtm.viewHeader(bytes);                            // { messageId, body, ... }
//
// Every call copies its input into a buffer the module allocates (rtmwire_alloc), calls one
// export, copies the result out (rtmwire_result_ptr / _len) and frees the buffer. A message
// RTMWire refuses throws an RTMWireError whose message is RTMWire's (`<code>: <detail>`).

const encoder = new TextEncoder();
const decoder = new TextDecoder("utf-8", { fatal: true });

/** The statuses of the module's exports (the conformance protocol's). */
export const Status = Object.freeze({ ok: 0, parseError: 1, serializeError: 2, runtimeError: 4 });

/** An input RTMWire refused (status 1 or 2), or a request it cannot serve (status 4). */
export class RTMWireError extends Error {
  constructor(status, message) {
    super(message);
    this.name = "RTMWireError";
    /** 1 parse error, 2 serialize error, 4 runtime error (unknown type). */
    this.status = status;
    /** RTMWire's error code (`truncated`, `invalidUTF8`, `limitExceeded`, ...) when it has one. */
    this.code = status === Status.runtimeError ? undefined : message.split(":")[0];
  }
}

export class RTMWire {
  /**
   * Loads the module from a URL, a fetch Response, bytes (ArrayBuffer or typed array) or a
   * compiled WebAssembly.Module. The module imports nothing.
   */
  static async load(source) {
    let instance;
    if (source instanceof WebAssembly.Module) {
      instance = await WebAssembly.instantiate(source, {});
    } else if (source instanceof ArrayBuffer || ArrayBuffer.isView(source)) {
      ({ instance } = await WebAssembly.instantiate(source, {}));
    } else {
      const response = source instanceof Response ? source : await fetch(source);
      if (!response.ok) throw new Error(`rtmwire.wasm: HTTP ${response.status}`);
      ({ instance } = await WebAssembly.instantiate(await response.arrayBuffer(), {}));
    }
    return new RTMWire(instance);
  }

  constructor(instance) {
    this.exports = instance.exports;
  }

  /** proto3 JSON (text or a plain object) -> protobuf binary (Uint8Array). */
  encode(typeName, json, { validate = false } = {}) {
    const text = typeof json === "string" ? json : JSON.stringify(json);
    return this.#call("rtmwire_encode", [typeName, encoder.encode(text)], [validate ? 1 : 0]);
  }

  /** protobuf binary -> proto3 JSON text. */
  decode(typeName, bytes, { validate = false } = {}) {
    return decoder.decode(this.#call("rtmwire_decode", [typeName, bytes], [validate ? 1 : 0]));
  }

  /** Throws an RTMWireError unless `bytes` pass the wire and semantic rules and default limits. */
  validate(typeName, bytes) {
    this.#call("rtmwire_validate", [typeName, bytes], []);
  }

  /** An envelope's header read in place: { messageId, sendTimeMs, body, sender?, conversation?, replyTo? }. */
  viewHeader(bytes, { validate = false } = {}) {
    return JSON.parse(decoder.decode(this.#call("rtmwire_view_header", [bytes], [validate ? 1 : 0])));
  }

  /** Protobuf binary <-> JSON with the flags of rtmwire_convert (1 JSON in, 2 JSON out, 4 validate). */
  convert(typeName, input, flags) {
    const bytes = typeof input === "string" ? encoder.encode(input) : input;
    return this.#call("rtmwire_convert", [typeName, bytes], [flags]);
  }

  // Copies each buffer (a string is UTF-8 encoded) into module memory, calls `name` with
  // pointer, length pairs followed by `rest`, and returns a copy of the result or throws.
  #call(name, buffers, rest) {
    const e = this.exports;
    const pointers = [];
    try {
      const args = [];
      for (const buffer of buffers) {
        const bytes = typeof buffer === "string" ? encoder.encode(buffer) : buffer;
        const pointer = e.rtmwire_alloc(Math.max(bytes.length, 1));
        if (pointer === 0) throw new RTMWireError(Status.runtimeError, "out of memory");
        pointers.push(pointer);
        new Uint8Array(e.memory.buffer, pointer, bytes.length).set(bytes);
        args.push(pointer, bytes.length);
      }
      const status = e[name](...args, ...rest);
      // Read after the call: memory.buffer is replaced when the module grows its memory.
      const length = e.rtmwire_result_len();
      const result = new Uint8Array(e.memory.buffer, e.rtmwire_result_ptr(), length).slice();
      if (status !== Status.ok) {
        throw new RTMWireError(status, new TextDecoder().decode(result));
      }
      return result;
    } finally {
      for (const pointer of pointers) e.rtmwire_free(pointer);
    }
  }
}
