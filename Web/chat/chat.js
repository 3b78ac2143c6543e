// RTMWire web chat: one channel over WebSocket with the rtmwire.v1.json subprotocol, every
// envelope in proto3 JSON (lowerCamelCase names, enums by name, 64-bit integers and bytes as
// strings). No build step and no dependency: the page is what the browser runs.
//
// Signing in: the page presents a token (a JWT from your backend, or `rtmwire token`) as the
// subprotocol entry `rtmwire.bearer.<token>`, since a browser cannot set headers on a
// WebSocket. The token comes from the Token field, which the URL fragment fills
// (`http://host:port/#token=eyJ...`: a fragment is never sent to the server in a request). The
// user is the token's `sub`. Conformance/SERVER.md describes the protocol.
"use strict";

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
    for (const id of ["text", "send", "hand", "image"]) $(id).disabled = !open;
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
    $("messages").append(item);
    item.scrollIntoView({ block: "end" });
    return item;
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
    addLine(message, "text", text);
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
      const line = document.querySelector(`#messages li[data-id="${CSS.escape(id)}"]`);
      if (!line) continue;
      const receipt = document.createElement("span");
      receipt.className = "receipt";
      receipt.dataset.reader = message.sender.userId;
      receipt.textContent = `✓ ${read ? "read" : "delivered"} by ${message.sender.userId}`;
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
    } else if (message.acknowledgement) {
      chat.acknowledged.set(message.acknowledgement.messageId, message.acknowledgement.position || "0");
    } else if (message.refusal) {
      const refusal = message.refusal;
      showError(`refused ${refusal.messageId || "the connection"}: ${refusal.code} ${refusal.detail || ""}`);
    } else {
      addEvent(`${message.sender ? message.sender.userId : "?"} sent a message this page does not show`);
    }
  }

  // A read receipt for what was shown: the relay sends it back to the message's sender only.
  function acknowledge(message) {
    if (!message.sender || message.sender.userId === chat.user) return;
    send({ receipt: { messageRead: { messageId: message.messageId } } });
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
    sendTyping(false);
    return message;
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
  $("hand").addEventListener("click", () => raiseHand(!chat.handRaised));
  $("image").addEventListener("change", () => {
    const file = $("image").files[0];
    if (file) sendImageFile(file).catch((error) => showError(`image: ${error}`));
    $("image").value = "";
  });

  // For scripts and tests: the same actions as the controls, and what the page saw.
  window.rtmwireChat = {
    connect, sendText, raiseHand, sendImage, sendTyping,
    sendRaw: (text) => chat.socket.send(text),
    get received() { return chat.received; },
    get acknowledged() { return chat.acknowledged; },
    get errors() { return chat.errors; },
    get user() { return chat.user; },
    get isOpen() { return Boolean(chat.socket) && chat.socket.readyState === WebSocket.OPEN; },
  };
})();
