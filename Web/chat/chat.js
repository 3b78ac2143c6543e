// RTMWire web chat: one channel over WebSocket with the rtmwire.v1.json subprotocol, every
// envelope in proto3 JSON (lowerCamelCase names, enums by name, 64-bit integers and bytes as
// strings). No build step: the page is what the browser runs. Its one dependency is RTMWire
// itself, as WebAssembly (rtmwire.mjs and rtmwire.wasm, built by `Scripts/build-embedded wasm`):
// history holds envelopes as the bytes they came as, and the module decodes them to the same
// proto3 JSON the live ones arrive in.
//
// Signing in: the page presents a token (a JWT from your backend, or `rtmwire token`) as the
// subprotocol entry `rtmwire.bearer.<token>`, since a browser cannot set headers on a
// WebSocket. The token comes from the Token field, which the URL fragment fills
// (`http://host:port/#token=eyJ...`: a fragment is never sent to the server in a request). The
// user is the token's `sub`. Conformance/SERVER.md describes the protocol.
//
// On joining, the page asks for the latest page of history and subscribes to the channel's
// metadata, whose item "topic" is the topic line. One's own messages tick "sent", ✓ (the server
// stored it: its acknowledgement) and ✓✓ (read); they can be edited and recalled; any text can
// get a 👍, counted from the server's reaction_summary.
import { RTMWire } from "./rtmwire.mjs";

(() => {
  const SUBPROTOCOL = "rtmwire.v1.json";
  const BEARER = "rtmwire.bearer.";
  const $ = (id) => document.getElementById(id);

  // What the page has seen, for people (the DOM) and for tests (window.rtmwireChat).
  const chat = {
    socket: null,
    user: "",
    channel: "",
    received: [],   // every envelope received, as parsed JSON
    acknowledged: new Map(), // message id -> position the server stored it at ("0": not kept)
    errors: [],     // every error shown, as text
    members: new Map(), // user id -> { online, hand }
    handRaised: false,
    sequence: 0,
    ticks: new Map(),   // own message id -> every tick state it went through, for tests
    topic: null,        // the channel's metadata item "topic", once the snapshot came
  };

  function conversation() {
    return { type: "CONVERSATION_TYPE_CHANNEL", id: chat.channel };
  }

  // An envelope from this page, with `body` as its one body member ({text: {...}}).
  function envelope(body, options) {
    chat.sequence += 1;
    const now = Date.now();
    return Object.assign({
      messageId: `${chat.user}-${now}-${chat.sequence}`,
      sender: { userId: chat.user, displayName: chat.user },
      sendTimeMs: String(now),
      conversation: conversation(),
    }, options || {}, body);
  }

  function send(body, options) {
    const message = envelope(body, options);
    chat.socket.send(JSON.stringify(message));
    return message;
  }

  function showError(text) {
    chat.errors.push(text);
    const item = document.createElement("li");
    item.textContent = text;
    $("errors").append(item);
  }

  function setConnected(open, text) {
    $("status").dataset.state = open ? "open" : "closed";
    $("status").textContent = text;
    for (const id of ["text", "send", "hand", "image", "topic-text", "set-topic"]) $(id).disabled = !open;
  }

  // Messages -----------------------------------------------------------------------------

  function addLine(message, kind, content) {
    const item = document.createElement("li");
    item.dataset.id = message.messageId || "";
    item.dataset.kind = kind;
    item.dataset.sender = (message.sender && message.sender.userId) || "";
    if (item.dataset.sender === chat.user) item.classList.add("mine");
    const who = document.createElement("span");
    who.className = "who";
    who.textContent = item.dataset.sender;
    item.append(who, content);
    if (kind === "text") item.append(actions(item));
    if (item.dataset.sender === chat.user) {
      const tick = document.createElement("span");
      tick.className = "tick";
      item.append(tick);
    }
    $("messages").append(item);
    item.scrollIntoView({ block: "end" });
    return item;
  }

  function lineOf(id) {
    return document.querySelector(`#messages li[data-id="${CSS.escape(id)}"]`);
  }

  // Ticks of one's own messages: "sent", ✓ once the server stored it (its acknowledgement),
  // ✓✓ once someone read it. Acknowledgements and receipts may cross: a tick never goes back.
  const TICKS = ["sent", "✓", "✓✓"];
  function setTick(id, state) {
    const seen = chat.ticks.get(id) || [];
    if (seen.length && TICKS.indexOf(state) <= TICKS.indexOf(seen[seen.length - 1])) return;
    chat.ticks.set(id, [...seen, state]);
    const tick = lineOf(id)?.querySelector(".tick");
    if (tick) {
      tick.textContent = state;
      tick.dataset.state = state;
    }
  }

  // Edit and recall for one's own text, 👍 for anyone's.
  function actions(item) {
    const box = document.createElement("span");
    box.className = "actions";
    const button = (label, action) => {
      const b = document.createElement("button");
      b.type = "button";
      b.textContent = label;
      b.addEventListener("click", action);
      box.append(b);
    };
    const id = item.dataset.id;
    if (item.dataset.sender === chat.user) {
      button("Edit", () => {
        const text = prompt("Edit message", item.querySelector(".text").textContent);
        if (text) editText(id, text);
      });
      button("Recall", () => recall(id));
    }
    button("👍", () => react(id));
    return box;
  }

  function addEvent(text) {
    const item = document.createElement("li");
    item.className = "event";
    item.textContent = text;
    $("messages").append(item);
  }

  function showText(message) {
    const text = document.createElement("span");
    text.className = "text";
    text.textContent = message.text.text;
    return addLine(message, "text", text);
  }

  function showEdit(edit) {
    const line = lineOf(edit.targetMessageId);
    if (!line || !edit.text || line.dataset.recalled) return;
    line.querySelector(".text").textContent = edit.text.text;
    if (!line.querySelector(".edited")) {
      const mark = document.createElement("span");
      mark.className = "edited";
      mark.textContent = "edited";
      line.querySelector(".text").after(mark);
    }
  }

  function showRecall(recall) {
    const line = lineOf(recall.targetMessageId);
    if (!line) return;
    line.dataset.recalled = "true";
    line.querySelector(".text, .meta").textContent = "message recalled";
    for (const extra of line.querySelectorAll(".edited, .actions, .reactions, img")) extra.remove();
  }

  // Counts per reaction key, e.g. [{key: "👍", count: 2}] (a reaction_summary's, or counted
  // from history).
  function showReactions(id, counts) {
    const line = lineOf(id);
    if (!line || line.dataset.recalled) return;
    let box = line.querySelector(".reactions");
    if (!box) {
      box = document.createElement("span");
      box.className = "reactions";
      line.append(box);
    }
    box.textContent = counts.filter((c) => c.count > 0).map((c) => `${c.key} ${c.count}`).join(" ");
  }

  function showImage(message) {
    const image = message.image;
    const box = document.createElement("span");
    const caption = document.createElement("span");
    caption.className = "meta";
    caption.textContent =
      `${image.fileName || "image"} · ${image.width || "?"}×${image.height || "?"} · ${image.size} bytes`;
    box.append(caption);
    if (image.thumbnail) {
      const thumbnail = document.createElement("img");
      thumbnail.alt = image.fileName || "thumbnail";
      thumbnail.src = `data:image/jpeg;base64,${image.thumbnail}`;
      if (image.thumbnailWidth) thumbnail.width = image.thumbnailWidth;
      if (image.thumbnailHeight) thumbnail.height = image.thumbnailHeight;
      box.append(thumbnail);
    }
    addLine(message, "image", box);
  }

  function showStatus(message) {
    const user = message.sender.userId;
    const online = message.status.presence !== "PRESENCE_OFFLINE";
    const hand = Boolean(message.status.handRaised);
    const before = chat.members.get(user);
    chat.members.set(user, { online, hand });
    if (!before || before.online !== online) {
      addEvent(`${user} is ${online ? "online" : "offline"}`);
      // A newcomer knows nobody who came before: say who is here, once per arrival.
      if (online && user !== chat.user) {
        send({ status: { presence: "PRESENCE_ONLINE", handRaised: chat.handRaised } });
      }
    } else if (before.hand !== hand) {
      addEvent(`${user} ${hand ? "raised" : "lowered"} a hand ✋`);
    }
    renderMembers();
  }

  function renderMembers() {
    const list = $("members");
    list.replaceChildren();
    for (const [user, state] of [...chat.members].sort()) {
      if (!state.online) continue;
      const item = document.createElement("li");
      item.dataset.user = user;
      item.dataset.hand = String(state.hand);
      item.textContent = user;
      list.append(item);
    }
  }

  function showReceipt(message) {
    const read = message.receipt.messageRead;
    const delivered = message.receipt.delivery;
    const ids = read ? [read.messageId] : delivered ? delivered.messageIds || [] : [];
    for (const id of ids) {
      const line = lineOf(id);
      if (!line) continue;
      if (read && line.dataset.sender === chat.user) setTick(id, "✓✓");
      const receipt = document.createElement("span");
      receipt.className = "receipt";
      receipt.dataset.reader = message.sender.userId;
      receipt.textContent = `${read ? "read" : "delivered"} by ${message.sender.userId}`;
      line.append(receipt);
    }
  }

  const typingUntil = new Map();
  function showTyping(message) {
    const user = message.sender.userId;
    if (message.typing.state === "TYPING_STATE_STARTED") {
      typingUntil.set(user, Date.now() + (message.typing.expiresAfterMs || 5000));
    } else {
      typingUntil.delete(user);
    }
    renderTyping();
  }

  function renderTyping() {
    const now = Date.now();
    const users = [...typingUntil].filter(([, until]) => until > now).map(([user]) => user);
    $("typing").hidden = users.length === 0;
    $("typing").textContent = users.length ? `${users.join(", ")} typing…` : "";
  }
  setInterval(renderTyping, 1000);

  function receive(event) {
    let message;
    try {
      message = JSON.parse(event.data);
    } catch (error) {
      showError(`unreadable message from the server: ${error}`);
      return;
    }
    chat.received.push(message);
    show(message);
  }

  function show(message) {
    if (message.text) {
      showText(message);
      acknowledge(message);
    } else if (message.image) {
      showImage(message);
      acknowledge(message);
    } else if (message.status) {
      showStatus(message);
    } else if (message.receipt) {
      showReceipt(message);
    } else if (message.typing) {
      showTyping(message);
    } else if (message.edit) {
      showEdit(message.edit);
    } else if (message.recall) {
      showRecall(message.recall);
    } else if (message.reactionSummary) {
      showReactions(message.reactionSummary.targetMessageId, message.reactionSummary.reactions || []);
    } else if (message.historyPage) {
      showHistory(message.historyPage);
    } else if (message.metadata) {
      showMetadata(message.metadata);
    } else if (message.acknowledgement) {
      const id = message.acknowledgement.messageId;
      chat.acknowledged.set(id, message.acknowledgement.position || "0");
      if (chat.ticks.has(id)) setTick(id, "✓");
    } else if (message.refusal) {
      const refusal = message.refusal;
      showError(`refused ${refusal.messageId || "the connection"}: ${refusal.code} ${refusal.detail || ""}`);
    } else {
      addEvent(`${message.sender ? message.sender.userId : "?"} sent a message this page does not show`);
    }
  }

  // A read receipt for what was shown: the relay sends it back to the message's sender only.
  // History holds the receipts this user sent before, so nothing is read twice.
  const readByMe = new Set();
  function acknowledge(message) {
    if (!message.sender || message.sender.userId === chat.user) return;
    if (readByMe.has(message.messageId)) return;
    readByMe.add(message.messageId);
    send({ receipt: { messageRead: { messageId: message.messageId } } });
  }

  // History ------------------------------------------------------------------------------

  // A history entry's envelope is protobuf bytes (base64 in proto3 JSON): RTMWire's WebAssembly
  // module decodes it, checked as the server checked it, into the shape live envelopes have.
  // The module loads once, while the page signs in.
  const codec = RTMWire.load(new URL("./rtmwire.wasm", import.meta.url));
  codec.catch(() => {}); // reported when history needs it

  function decodeEnvelope(rtm, base64Bytes) {
    const bytes = Uint8Array.from(atob(base64Bytes), (c) => c.charCodeAt(0));
    return JSON.parse(rtm.decode("rtmwire.v1.Envelope", bytes, { validate: true }));
  }

  function requestHistory() {
    return send({ historyRequest: { limit: 50 } });
  }

  // The latest page, shown above whatever arrived live while it was on its way. Reactions are
  // stored one by one, so the page counts them itself here (live ones come as summaries).
  async function showHistory(page) {
    let rtm;
    try {
      rtm = await codec;
    } catch (error) {
      showError(`history needs RTMWire's WebAssembly module (rtmwire.wasm; Scripts/build-embedded wasm builds it): ${error.message}`);
      return;
    }
    const list = $("messages");
    const live = [...list.children];
    const reactions = new Map(); // message id -> key -> users
    for (const entry of page.entries || []) {
      let message;
      try {
        message = decodeEnvelope(rtm, entry.envelope);
      } catch (error) {
        showError(`history entry at ${entry.position}: ${error.message}`);
        continue;
      }
      if (lineOf(message.messageId)) continue; // also came live
      if (message.receipt && message.sender.userId === chat.user) {
        readByMe.add(message.receipt.messageRead.messageId);
      } else if (message.reaction) {
        const { targetMessageId: id, key, action } = message.reaction;
        const remove = action === "REACTION_ACTION_REMOVE";
        if (!reactions.has(id)) reactions.set(id, new Map());
        const users = reactions.get(id).get(key) || new Set();
        if (remove) users.delete(message.sender.userId);
        else users.add(message.sender.userId);
        reactions.get(id).set(key, users);
      } else if (message.text) {
        showText(message).dataset.history = "true";
        if (message.sender.userId === chat.user) setTick(message.messageId, "✓");
      } else if (message.edit || message.recall || message.receipt) {
        show(message);
      } // Other kinds (images, streams, ...) are not decoded here: the page skips them.
    }
    for (const [id, keys] of reactions) {
      showReactions(id, [...keys].map(([key, users]) => ({ key, count: users.size })));
    }
    list.append(...live);
    for (const line of list.querySelectorAll("li[data-history]")) {
      const message = { messageId: line.dataset.id, sender: { userId: line.dataset.sender } };
      acknowledge(message);
    }
  }

  // The channel topic: item "topic" of the channel's metadata ------------------------------

  function channelTarget() {
    return { channel: { channelName: chat.channel, channelType: "CHANNEL_TYPE_MESSAGE" } };
  }

  function metadataRequest(operation, items) {
    chat.sequence += 1;
    const request = { requestId: `${chat.user}-metadata-${chat.sequence}`, operation, target: channelTarget() };
    if (items) request.metadata = { items };
    return send({ metadata: { request } });
  }

  function setTopic(topic) {
    return metadataRequest("METADATA_OPERATION_SET", [{ key: "topic", value: topic }]);
  }

  function showTopic(topic) {
    chat.topic = topic;
    $("topic").textContent = topic || "(no topic)";
  }

  function showMetadata(metadata) {
    if (metadata.response) {
      const response = metadata.response;
      if (response.status && response.status !== "METADATA_STATUS_OK") {
        showError(`metadata ${response.operation}: ${response.status} ${response.errorMessage || ""}`);
      }
      return;
    }
    const event = metadata.event;
    const channel = event && event.target && event.target.channel;
    if (!channel || channel.channelName !== chat.channel) return;
    const items = (event.metadata && event.metadata.items) || [];
    const topic = items.find((item) => item.key === "topic");
    if (event.eventType === "STORAGE_EVENT_TYPE_SNAPSHOT") showTopic(topic ? topic.value : "");
    else if (event.eventType === "STORAGE_EVENT_TYPE_REMOVE") {
      if (topic || items.length === 0) showTopic("");
    } else if (topic) showTopic(topic.value);
  }

  // Connecting ---------------------------------------------------------------------------

  // The `sub` claim of a JWT (its payload is base64url JSON), or "" when it has none.
  function tokenSubject(token) {
    try {
      const payload = token.split(".")[1].replace(/-/g, "+").replace(/_/g, "/");
      const text = new TextDecoder().decode(Uint8Array.from(atob(payload), (c) => c.charCodeAt(0)));
      return String(JSON.parse(text).sub || "");
    } catch (error) {
      return "";
    }
  }

  // With a token the user is its subject (the server refuses any other sender); without one
  // the server refuses the page unless it runs with --no-authentication.
  function connect(user, channel) {
    if (chat.socket) chat.socket.close(1000);
    const token = $("token").value.trim();
    chat.user = (token && tokenSubject(token)) || user;
    $("user").value = chat.user;
    chat.channel = channel;
    const scheme = location.protocol === "https:" ? "wss" : "ws";
    const protocols = token ? [SUBPROTOCOL, BEARER + token] : [SUBPROTOCOL];
    const socket = new WebSocket(`${scheme}://${location.host}/`, protocols);
    chat.socket = socket;
    setConnected(false, "connecting…");
    return new Promise((resolve, reject) => {
      socket.onopen = () => {
        setConnected(true, `${chat.user} in #${channel}`);
        // Joining is saying hello: a status with presence online.
        const hello = send({ status: { presence: "PRESENCE_ONLINE", handRaised: false } });
        chat.members.set(chat.user, { online: true, hand: false });
        renderMembers();
        requestHistory();
        metadataRequest("METADATA_OPERATION_SUBSCRIBE");
        resolve(hello);
      };
      socket.onmessage = receive;
      socket.onerror = () => reject(new Error("the WebSocket could not connect"));
      socket.onclose = (event) => {
        setConnected(false, `closed (${event.code})`);
        // The server names the RTMWireError code of a message it refused in the reason.
        if (event.code !== 1000 && event.code !== 1001) {
          showError(`connection closed: ${event.code} ${event.reason || "(no reason)"}`);
        }
      };
    });
  }

  function sendText(text) {
    const message = send({ text: { text } }, { deliveryOptions: { readReceipt: true } });
    showText(message);
    setTick(message.messageId, "sent");
    sendTyping(false);
    return message;
  }

  function editText(id, text) {
    const edit = { targetMessageId: id, editTimeMs: String(Date.now()), text: { text } };
    showEdit(edit);
    return send({ edit });
  }

  function recall(id) {
    const recall = { targetMessageId: id, recalledByUserId: chat.user };
    showRecall(recall);
    return send({ recall });
  }

  // The server answers with this user's reaction_summary of the message, shown when it comes.
  function react(id, key) {
    return send({ reaction: { targetMessageId: id, key: key || "👍", action: "REACTION_ACTION_ADD" } });
  }

  function raiseHand(raised) {
    chat.handRaised = raised;
    $("hand").setAttribute("aria-pressed", String(raised));
    chat.members.set(chat.user, { online: true, hand: raised });
    renderMembers();
    return send({ status: { presence: "PRESENCE_ONLINE", handRaised: raised } });
  }

  let lastTyping = 0;
  function sendTyping(started) {
    const now = Date.now();
    if (started && now - lastTyping < 2000) return null;
    lastTyping = started ? now : 0;
    return send({
      typing: started
        ? { state: "TYPING_STATE_STARTED", expiresAfterMs: 5000 }
        : { state: "TYPING_STATE_STOPPED" },
    });
  }

  function base64(bytes) {
    let binary = "";
    for (let i = 0; i < bytes.length; i += 0x8000) {
      binary += String.fromCharCode.apply(null, bytes.subarray(i, i + 0x8000));
    }
    return btoa(binary);
  }

  // An image message: its metadata and a small JPEG thumbnail (the bytes stay with the
  // sender: there is no upload server here, so the media id is a local one).
  function sendImage(image) {
    const message = send(
      {
        image: {
          mediaId: image.mediaId || `local-${Date.now()}`,
          fileName: image.fileName,
          size: String(image.size),
          width: image.width,
          height: image.height,
          thumbnail: image.thumbnail,
          thumbnailWidth: image.thumbnailWidth,
          thumbnailHeight: image.thumbnailHeight,
        },
      },
      { deliveryOptions: { readReceipt: true } });
    showImage(message);
    return message;
  }

  async function sendImageFile(file) {
    const bitmap = await createImageBitmap(file);
    const scale = Math.min(1, 96 / Math.max(bitmap.width, bitmap.height));
    const canvas = document.createElement("canvas");
    canvas.width = Math.max(1, Math.round(bitmap.width * scale));
    canvas.height = Math.max(1, Math.round(bitmap.height * scale));
    canvas.getContext("2d").drawImage(bitmap, 0, 0, canvas.width, canvas.height);
    const jpeg = canvas.toDataURL("image/jpeg", 0.7);
    return sendImage({
      fileName: file.name,
      size: file.size,
      width: bitmap.width,
      height: bitmap.height,
      thumbnail: jpeg.slice(jpeg.indexOf(",") + 1),
      thumbnailWidth: canvas.width,
      thumbnailHeight: canvas.height,
    });
  }

  // The page's controls ------------------------------------------------------------------

  const fragment = new URLSearchParams(location.hash.slice(1));
  if (fragment.get("token")) {
    $("token").value = fragment.get("token");
    $("user").value = tokenSubject(fragment.get("token")) || $("user").value;
  }

  $("join").addEventListener("submit", (event) => {
    event.preventDefault();
    connect($("user").value.trim(), $("channel").value.trim()).catch((error) => showError(String(error)));
  });
  $("compose").addEventListener("submit", (event) => {
    event.preventDefault();
    const text = $("text").value;
    if (text) sendText(text);
    $("text").value = "";
  });
  $("text").addEventListener("input", () => sendTyping(true));
  $("topic-form").addEventListener("submit", (event) => {
    event.preventDefault();
    if ($("topic-text").value.trim()) setTopic($("topic-text").value.trim());
    $("topic-text").value = "";
  });
  $("hand").addEventListener("click", () => raiseHand(!chat.handRaised));
  $("image").addEventListener("change", () => {
    const file = $("image").files[0];
    if (file) sendImageFile(file).catch((error) => showError(`image: ${error}`));
    $("image").value = "";
  });

  // For scripts and tests: the same actions as the controls, and what the page saw.
  window.rtmwireChat = {
    connect, sendText, raiseHand, sendImage, sendTyping, setTopic, editText, recall, react,
    sendRaw: (text) => chat.socket.send(text),
    get received() { return chat.received; },
    get acknowledged() { return chat.acknowledged; },
    get ticks() { return chat.ticks; },
    get topic() { return chat.topic; },
    get errors() { return chat.errors; },
    get user() { return chat.user; },
    get isOpen() { return Boolean(chat.socket) && chat.socket.readyState === WebSocket.OPEN; },
  };
})();
