#!/usr/bin/env python3
"""Drives Web/chat in headless Chromium against a running `rtmwire serve`, for the browser test
(Tests/RTMWireCLITests/BrowserChatTests.swift runs it beside a Swift client on the binary
subprotocol).

    browser-chat.py URL EXPECTED.jsonl SENT.jsonl SCREENSHOT.png SCENE.json

URL ends with `#token=<jwt>`: the page signs in with that token (user "web", its `sub`) and joins
channel "general" over rtmwire.v1.json; the server acknowledges the join. It waits for every envelope in
EXPECTED.jsonl (what the Swift client sent, as proto3 JSON) and checks each field for field
against what the page received, and what the page shows of each; then it sends text, a raised
hand, an image and typing, writes them to SENT.jsonl (the Swift client checks them byte for
byte), waits for the Swift client's read receipt to show, sends a message the server refuses and
checks that the page shows the server's close code and reason, and keeps a screenshot.
SCENE.json says what the Swift client did around that: `history` (a text it posted before the
page joined, which the page must show from history), `topics` (the channel topic it set before
the page joined, then after the page's text arrived, with its read receipt, a 👍 and `edited`,
its edit of the history text), and `pageTopic`, the topic the page sets itself.
Needs chromium, chromium-driver and the selenium package (Scripts/install-deps).
"""
import json
import sys
import time

from selenium import webdriver
from selenium.webdriver.chrome.service import Service

TIMEOUT = 60


def wait_for(driver, script, what):
    """Polls `script` (JavaScript returning a value, or a function) until it is truthy."""
    deadline = time.monotonic() + TIMEOUT
    while time.monotonic() < deadline:
        value = script() if callable(script) else driver.execute_script(script)
        if value:
            return value
        time.sleep(0.05)
    raise AssertionError(f"timed out waiting for {what}")


def check_equal(expected, actual, path="envelope"):
    """Field-for-field comparison of two proto3 JSON values, naming the first difference."""
    if isinstance(expected, dict) and isinstance(actual, dict):
        for key in sorted(set(expected) | set(actual)):
            if key not in actual:
                raise AssertionError(f"{path}.{key}: missing on the page")
            if key not in expected:
                raise AssertionError(f"{path}.{key}: unexpected on the page: {actual[key]!r}")
            check_equal(expected[key], actual[key], f"{path}.{key}")
    elif expected != actual:
        raise AssertionError(f"{path}: expected {expected!r}, the page got {actual!r}")


def main():
    url, expected_path, sent_path, screenshot, scene_path = sys.argv[1:6]
    with open(expected_path, encoding="utf-8") as file:
        expected = [json.loads(line) for line in file if line.strip()]
    with open(scene_path, encoding="utf-8") as file:
        scene = json.load(file)
    options = webdriver.ChromeOptions()
    options.binary_location = "/usr/bin/chromium"
    for argument in ("--headless=new", "--no-sandbox", "--disable-dev-shm-usage",
                     "--disable-gpu", "--window-size=1100,900", "--lang=ko-KR"):
        options.add_argument(argument)
    driver = webdriver.Chrome(service=Service("/usr/bin/chromedriver"), options=options)
    try:
        run(driver, url, expected, sent_path, scene)
        print("browser-chat: every check passed")
    finally:
        driver.save_screenshot(screenshot)
        print(f"browser-chat: screenshot {screenshot}")
        driver.quit()


def line_script(message_id, selector, value="textContent"):
    """JavaScript for the `value` of `selector` (or of the line itself, when empty) in the line
    of message `message_id`, or null."""
    return ("const line = [...document.querySelectorAll('#messages li')]"
            ".find(li => li.dataset.id === %s);"
            "const node = line && (%s ? line.querySelector(%s) : line);"
            "return node ? node.%s ?? null : null;"
            % (json.dumps(message_id), json.dumps(selector), json.dumps(selector), value))


def wait_for_value(driver, script, wanted, what):
    """Polls `script` until it returns `wanted`, naming the last value seen when it times out."""
    seen = []

    def check():
        seen[:] = [driver.execute_script(script)]
        return seen[0] == wanted
    try:
        wait_for(driver, check, what)
    except AssertionError:
        raise AssertionError(f"timed out waiting for {what}: {wanted!r}, the page shows {seen[0]!r}")


def run(driver, url, expected, sent_path, scene):
    driver.get(url)
    hello = driver.execute_async_script(
        "const done = arguments[arguments.length - 1];"
        "window.rtmwireChat.connect('web', 'general')"
        ".then(hello => done(hello.messageId), e => done(String(e)));")
    wait_for(driver, "return window.rtmwireChat.isOpen", "the WebSocket to open")
    # Signed in: the server took the join (a refused token would have ended the connection).
    wait_for(driver, "return window.rtmwireChat.acknowledged.has(%s)" % json.dumps(hello),
             "the server's acknowledgement of the join")

    # Joining showed the history (the text from before the page came) and the topic snapshot.
    history = scene["history"]
    wait_for_value(driver, line_script(history["id"], ".text"), history["text"], "the history text")
    assert driver.execute_script(line_script(history["id"], "", "dataset.history")) == "true"
    wait_for_value(driver, "return document.getElementById('topic').textContent",
                   scene["topics"][0], "the topic from the channel's metadata")

    # What the Swift client sent, field for field, as the page received it.
    ids = [envelope["messageId"] for envelope in expected]
    received = wait_for(
        driver,
        "const ids = %s; const got = window.rtmwireChat.received;"
        "return ids.every(id => got.some(e => e.messageId === id)) ? got : null;" % json.dumps(ids),
        "the Swift client's envelopes")
    by_id = {envelope["messageId"]: envelope for envelope in received}
    for envelope in expected:
        check_equal(envelope, by_id[envelope["messageId"]])

    # What the page shows of them.
    for envelope in expected:
        if "text" in envelope:
            shown = driver.execute_script(
                "return document.querySelector(`#messages li[data-id=\"${arguments[0]}\"] .text`)"
                "?.textContent", envelope["messageId"])
            assert shown == envelope["text"]["text"], f"text shown as {shown!r}"
        if "image" in envelope:
            size = wait_for(
                driver,
                "const img = document.querySelector(`#messages li[data-id=\"${arguments[0]}\"] img`);"
                "return img && img.complete && img.naturalWidth ? [img.naturalWidth, img.naturalHeight] : null;"
                .replace("arguments[0]", json.dumps(envelope["messageId"])),
                "the image thumbnail to render")
            assert size == [1, 1], f"thumbnail decoded as {size}"
    hand = wait_for(
        driver, "return document.querySelector('#members li[data-user=\"swift\"]')?.dataset.hand",
        "the Swift user in the member list")
    assert hand == "true", f"the Swift user's hand shows as {hand!r}"
    typing = wait_for(driver, "const t = document.getElementById('typing');"
                      "return !t.hidden && t.textContent", "the typing indicator")
    assert "swift" in typing, f"typing shows {typing!r}"

    # The page's own messages; the Swift client checks them byte for byte.
    sent = [
        driver.execute_script("return window.rtmwireChat.sendText(arguments[0])", "네, 반가워요 🎉 웹에서"),
        driver.execute_script("return window.rtmwireChat.raiseHand(true)"),
        driver.execute_script(
            "const canvas = document.createElement('canvas'); canvas.width = 24; canvas.height = 16;"
            "const context = canvas.getContext('2d'); context.fillStyle = '#3b82f6';"
            "context.fillRect(0, 0, 24, 16);"
            "const jpeg = canvas.toDataURL('image/jpeg', 0.8);"
            "return window.rtmwireChat.sendImage({fileName: '사진.jpg', size: 48213, width: 1200,"
            " height: 800, thumbnail: jpeg.slice(jpeg.indexOf(',') + 1), thumbnailWidth: 24,"
            " thumbnailHeight: 16});"),
        driver.execute_script("return window.rtmwireChat.sendTyping(true)"),
    ]
    with open(sent_path, "w", encoding="utf-8") as file:
        for envelope in sent:
            file.write(json.dumps(envelope, ensure_ascii=False) + "\n")

    # The Swift client's read receipt for the page's text, shown on that line only: the tick
    # went from "sent" to ✓ (the server's acknowledgement) to ✓✓ (read).
    text_id = sent[0]["messageId"]
    wait_for(driver, line_script(text_id, '.receipt[data-reader="swift"]', "isConnected"),
             "the Swift client's read receipt")
    wait_for_value(driver, line_script(text_id, ".tick"), "✓✓", "the read tick")
    ticks = driver.execute_script("return window.rtmwireChat.ticks.get(arguments[0])", text_id)
    assert ticks == ["sent", "✓", "✓✓"], f"ticks went {ticks}"

    # The Swift client's 👍, its edit of the history text, and the topic it changed, live.
    wait_for_value(driver, line_script(text_id, ".reactions"), "👍 1", "the Swift client's 👍")
    wait_for_value(driver, line_script(history["id"], ".text"), scene["edited"], "the edit")
    assert driver.execute_script(line_script(history["id"], ".edited")) == "edited"
    wait_for_value(driver, "return document.getElementById('topic').textContent",
                   scene["topics"][1], "the topic's storage event")

    # The page's own: a 👍 (the server's reaction_summary comes back), a recalled message, an
    # edit of its first text, and a topic set through the form (shown when the server's storage event comes back).
    driver.execute_script("window.rtmwireChat.react('swift-text')")
    wait_for_value(driver, line_script("swift-text", ".reactions"), "👍 1", "the page's 👍")
    second = driver.execute_script("return window.rtmwireChat.sendText('지울 메시지')")
    recall = driver.execute_script("return window.rtmwireChat.recall(arguments[0])",
                                   second["messageId"])
    wait_for(driver, "return window.rtmwireChat.acknowledged.has(%s)" % json.dumps(recall["messageId"]),
             "the server's acknowledgement of the recall")
    wait_for_value(driver, line_script(second["messageId"], ".text"), "message recalled",
                   "the recall")
    edit = driver.execute_script("return window.rtmwireChat.editText(arguments[0], arguments[1])",
                                 text_id, "네, 반가워요 🎉 (고침)")
    wait_for(driver, "return window.rtmwireChat.acknowledged.has(%s)" % json.dumps(edit["messageId"]),
             "the server's acknowledgement of the page's edit")
    assert driver.execute_script(line_script(text_id, ".text")) == "네, 반가워요 🎉 (고침)"
    driver.execute_script("document.getElementById('topic-text').value = arguments[0];"
                          "document.getElementById('set-topic').click();", scene["pageTopic"])
    wait_for_value(driver, "return document.getElementById('topic').textContent",
                   scene["pageTopic"], "the page's own topic")
    errors = driver.execute_script("return window.rtmwireChat.errors")
    assert errors == [], f"the page shows errors: {errors}"

    # A message the server refuses: the page shows the close code and the error's name.
    driver.execute_script(
        "window.rtmwireChat.sendRaw(JSON.stringify({messageId: 'bad', bogus: true}))")
    error = wait_for(
        driver, "return window.rtmwireChat.errors.find(e => e.includes('1007'))",
        "the server's decode error")
    assert "unknownJSONField" in error, f"error shows {error!r}"
    shown = driver.execute_script("return document.getElementById('errors').textContent")
    assert "unknownJSONField" in shown, "the error is not on the page"


if __name__ == "__main__":
    try:
        main()
    except AssertionError as failure:
        print(f"browser-chat: FAILED: {failure}", file=sys.stderr)
        sys.exit(1)
