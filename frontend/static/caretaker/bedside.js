"use strict";
(function () {
  const root = document.getElementById("bedside");
  const feed = document.getElementById("feed");
  const warnings = document.getElementById("warnings");
  const cards = new Map();
  const seen = new Set();

  // Another patient's bedside (a listener here: the CSP refuses inline handlers).
  const pick = document.getElementById("pick");
  pick.addEventListener("change", () => {
    location.href = "/patients/" + encodeURIComponent(pick.patient.value) + "/bedside/";
  });

  function uuid() {
    return crypto.randomUUID ? crypto.randomUUID() :
      "10000000-1000-4000-8000-100000000000".replace(/[018]/g, (c) =>
        (c ^ (crypto.getRandomValues(new Uint8Array(1))[0] & (15 >> (c / 4)))).toString(16));
  }

  // One line as the nurse writes it ("BP 128/76"); its Undo acts on every fact the
  // line stands for. The raw statements are kept for the leads behind "details".
  function readingItem(message, reading) {
    const words = reading.statements.map((statement) => {
      const ev = (message.evidence || []).find((e) => e.statement === statement);
      return ev && ev.end != null ? message.transcript.slice(ev.start, ev.end) : "";
    }).filter((w, i, all) => w && all.indexOf(w) === i).join(" … ");
    return el("li", { class: "fact" }, el("span", { class: "reading" }, reading.text),
      words ? el("span", { class: "evidence" }, " from “" + words + "”") : null,
      el("button", { class: "undo", onclick: () => undo(message.message, reading.fact_ids) }, "Undo"));
  }

  function details(message) {
    return el("details", { class: "statements" }, el("summary", {}, "Details"),
      el("ul", {}, message.facts.map((s) => el("li", {}, el("code", {}, s)))));
  }

  function renderMessage(message) {
    // Updates come by two paths (the HTTP answer and the websocket) and may cross:
    // an update replaces the card only when it is newer.
    const shown = cards.get(message.message);
    if (shown && Number(shown.dataset.revision) >= message.revision) return;
    const processing = !["solved", "failed"].includes(message.status);
    const card = el("article", { class: "card message status-" + message.status, "data-message": message.message, "data-revision": message.revision },
      el("q", {}, message.transcript || message.text || "(recording)"),
      message.confirmation ? el("p", { class: "confirmation" }, message.confirmation) : null,
      processing ? el("p", { class: "processing" }, "Processing… (" + message.status + ")") : null,
      message.status === "failed" ? el("p", { class: "error" }, "Failed: " + (message.reason || "unknown error"),
        el("button", { class: "retry", onclick: () => retry(message.message) }, "Retry")) : null,
      message.readings && message.readings.length ? el("div", { class: "recorded" },
        el("ul", {}, message.readings.map((r) => readingItem(message, r))), details(message)) : null,
      message.status === "solved" && !message.facts.length ? el("p", {}, "Nothing was recorded.") : null,
      message.unclear && message.unclear.length ? el("p", { class: "unclear" }, "Not understood: " + message.unclear.map((u) => "“" + u + "”").join(", ")) : null,
      message.instructions && message.instructions.length ? el("p", { class: "instruction" },
        "Not done (words addressed to the system, flagged): " + message.instructions.map((u) => "“" + u + "”").join(", ")) : null,
      message.questions && message.questions.length ? el("div", { class: "questions" },
        el("p", {}, "Please check before these count:"),
        message.questions.map((q) => questionItem(q, answered))) : null,
      (message.alerts || []).map((a) => el("p", { class: "alert sev-" + a.severity }, "⚠ " + a.text)));
    const old = cards.get(message.message);
    if (old) old.replaceWith(card); else feed.append(card);
    renderNews2(message.state);
    cards.set(message.message, card);
    card.scrollIntoView({ block: "end" });
    if ((message.alerts || []).some((a) => !seen.has(message.message + a.problem))) {
      message.alerts.forEach((a) => seen.add(message.message + a.problem));
      chime();
    }
  }

  // The patient's NEWS2 as the last solve left it (partial: what is missing).
  const news2Line = document.getElementById("news2");
  function renderNews2(state) {
    if (!state || !state.news2) return;
    news2Line.replaceChildren(news2Score(state.news2, false));
  }

  function renderWarnings(row) {
    warnings.replaceChildren(...(row.alerts || []).map((a) =>
      el("div", { class: "alert sev-" + a.severity }, a.text)));
  }

  function submit(data) {
    data.append("client_id", uuid());
    return postForm(root.dataset.post, data).then(answered).catch(() => feed.append(el("p", { class: "error" }, "Could not reach the server; try again.")));
  }
  function answered({ ok, body }) {
    if (ok) renderMessage(body); else feed.append(el("p", { class: "error" }, body.error || "Could not send."));
  }
  function undo(messageId, factIds) {
    const data = new FormData();
    factIds.forEach((id) => data.append("facts", id));
    postForm("/messages/" + messageId + "/undo/", data).then(answered);
  }
  function retry(messageId) { postForm("/messages/" + messageId + "/retry/").then(answered); }

  document.getElementById("compose").addEventListener("submit", (event) => {
    event.preventDefault();
    const input = document.getElementById("text");
    if (!input.value.trim()) return;
    const data = new FormData(); data.append("text", input.value);
    input.value = "";
    submit(data);
  });

  // Push to talk: record while the button is held, with a level meter and a timer.
  const talk = document.getElementById("talk");
  let recorder = null, chunks = [], started = 0, timer = null, stream = null, analyser = null;
  async function startRecording(event) {
    event.preventDefault();
    if (recorder) return;
    try { stream = await navigator.mediaDevices.getUserMedia({ audio: true }); }
    catch (e) { feed.append(el("p", { class: "error" }, "Microphone not available: " + e.message)); return; }
    const ctx = new AudioContext(); analyser = ctx.createAnalyser();
    ctx.createMediaStreamSource(stream).connect(analyser);
    recorder = new MediaRecorder(stream); chunks = [];
    recorder.ondataavailable = (e) => chunks.push(e.data);
    recorder.onstop = () => {
      const blob = new Blob(chunks, { type: recorder.mimeType || "audio/webm" });
      const data = new FormData(); data.append("audio", blob, "recording." + (blob.type.includes("mp4") ? "mp4" : "webm"));
      stream.getTracks().forEach((t) => t.stop()); recorder = null;
      submit(data);
    };
    recorder.start(); started = Date.now(); talk.classList.add("recording");
    const level = document.getElementById("level"), elapsed = document.getElementById("elapsed");
    const samples = new Uint8Array(analyser.fftSize);
    timer = setInterval(() => {
      analyser.getByteTimeDomainData(samples);
      const peak = Math.max(...samples.map((v) => Math.abs(v - 128))) / 128;
      level.style.width = Math.round(peak * 100) + "%";
      elapsed.textContent = ((Date.now() - started) / 1000).toFixed(1) + " s";
    }, 100);
  }
  function stopRecording() {
    if (!recorder) return;
    clearInterval(timer); talk.classList.remove("recording");
    document.getElementById("elapsed").textContent = "";
    recorder.stop();
  }
  talk.addEventListener("pointerdown", startRecording);
  ["pointerup", "pointerleave", "pointercancel"].forEach((n) => talk.addEventListener(n, stopRecording));

  liveSocket("/ws/patients/" + root.dataset.patient + "/", (event) => {
    if (event.type === "bedside.snapshot") {
      event.messages.forEach(renderMessage); renderWarnings(event.patient); renderNews2(event.patient.state);
    }
    if (event.type === "message.update") renderMessage(event.message);
  });
})();
