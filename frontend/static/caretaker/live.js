// A websocket that reconnects by itself; every (re)connection starts with a snapshot
// from the server, so nothing missed while offline stays missing.
"use strict";
function liveSocket(path, onMessage) {
  const banner = document.getElementById("connection");
  let socket = null, delay = 500;
  function connect() {
    const scheme = location.protocol === "https:" ? "wss://" : "ws://";
    socket = new WebSocket(scheme + location.host + path);
    socket.onopen = () => { delay = 500; if (banner) banner.hidden = true; };
    socket.onmessage = (event) => onMessage(JSON.parse(event.data));
    socket.onclose = (event) => {
      if (event.code === 4403) { if (banner) { banner.textContent = "Not allowed."; banner.hidden = false; } return; }
      if (banner) banner.hidden = false;
      setTimeout(connect, delay);
      delay = Math.min(delay * 2, 10000);
    };
  }
  connect();
  return { send: (data) => socket && socket.readyState === 1 && socket.send(JSON.stringify(data)) };
}

// The token from the page's own form (base.html always renders one when signed in),
// so posts work whatever the cookie is called and even when it is HttpOnly.
function csrfToken() {
  const field = document.querySelector("input[name=csrfmiddlewaretoken]");
  if (field) return field.value;
  const match = document.cookie.match(/(?:^|;\s*)(?:__Host-)?csrftoken=([^;]+)/);
  return match ? match[1] : "";
}

// POST a form (or nothing: an empty multipart body is malformed to Django) and read
// the JSON answer; an answer that is not JSON becomes an error the page can show.
function postForm(url, data) {
  const init = { method: "POST", headers: { "X-CSRFToken": csrfToken() }, credentials: "same-origin" };
  if (data) init.body = data;
  return fetch(url, init).then((r) => r.json()
    .catch(() => ({ error: "The server answered " + r.status + " " + r.statusText + "." }))
    .then((body) => ({ ok: r.ok, body })));
}

function el(tag, attrs, ...children) {
  const node = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs || {})) {
    if (k === "class") node.className = v; else if (k.startsWith("on")) node.addEventListener(k.slice(2), v);
    else node.setAttribute(k, v);
  }
  for (const child of children.flat()) {
    if (child != null) node.append(child instanceof Node ? child : String(child));
  }
  return node;
}

// A short tone for new warnings (visible and audible).
function chime() {
  try {
    const ctx = new (window.AudioContext || window.webkitAudioContext)();
    const osc = ctx.createOscillator(); osc.frequency.value = 880;
    osc.connect(ctx.destination); osc.start(); osc.stop(ctx.currentTime + 0.25);
  } catch (e) { /* audio may be blocked until the page is touched */ }
}

// A spoken value in doubt, asked before it counts: "Pulse 180? [Confirm] [Correct]
// [Dismiss]", why it is asked, and the recording of its words to hear again. Each
// answer is one tap (a correction: one value), posted to /facts/<id>/answer/;
// ``answered`` receives the server's answer (the message, as the HTTP reply).
function questionItem(question, answered, label) {
  function answer(kind, value) {
    const data = new FormData();
    data.append("answer", kind);
    if (value != null) data.append("value", value);
    postForm("/facts/" + question.fact + "/answer/", data).then(answered);
  }
  const correction = question.choices.length
    ? el("select", { class: "correction", "aria-label": "Correct value" },
        question.choices.map((c) => el("option", { value: c.value }, c.text)))
    : el("input", { class: "correction", inputmode: "decimal", size: "6", "aria-label": "Correct value", placeholder: question.value });
  const fix = el("form", { class: "correct", hidden: "" }, correction,
    el("button", { type: "submit", class: "primary" }, "Save"));
  fix.addEventListener("submit", (event) => {
    event.preventDefault();
    if (String(correction.value).trim()) answer("corrected", correction.value);
  });
  const play = question.audio ? el("button", { type: "button", class: "play", onclick: () => {
    const clip = new Audio(question.audio.url + "#t=" + Math.max(0, question.audio.start - 0.3).toFixed(2) + "," + (question.audio.end + 0.3).toFixed(2));
    clip.play().catch(() => {});
  } }, "▶ Hear it") : null;
  return el("div", { class: "question", "data-question": question.fact, "data-type": question.type },
    label ? el("strong", {}, label + " ") : null,
    el("span", { class: "ask" }, question.text), " ",
    el("span", { class: "why" }, "(" + question.reason + ")"), " ", play,
    el("button", { type: "button", class: "confirm primary", onclick: () => answer("confirmed") }, "Confirm"),
    el("button", { type: "button", class: "fix", onclick: () => { fix.hidden = false; correction.focus(); } }, "Correct"),
    el("button", { type: "button", class: "dismiss", onclick: () => answer("dismissed") }, "Dismiss"),
    fix);
}

// A patient's NEWS2 from the state the server pushes. Complete: the score in its band's
// colour. Partial (a parameter not recorded): "NEWS2 ≥ 3, 2 of 7 missing", in grey
// stripes, never a band's colour, the missing parameters named in words and a title.
// ``short`` leaves "NEWS2" to a column heading (the ward dashboard).
function news2Score(news2, short) {
  if (!news2 || (news2.complete && news2.score == null)) return "–";
  if (news2.complete) {
    const badge = el("span", { class: "news2 band-" + news2.band }, short ? String(news2.score) : news2.score + " (" + news2.band + ")");
    return el("span", { class: "news2-score", "data-news2": "complete" }, short ? null : "NEWS2: ", badge);
  }
  const names = news2.missing_labels || news2.missing || [];
  const bound = news2.score_at_least == null ? "–" : "≥ " + news2.score_at_least;
  const count = names.length + " of " + (news2.parameter_count || 7) + " missing";
  return el("span", { class: "news2-score", "data-news2": "partial", title: "NEWS2 " + bound + ", " + count + ": " + names.join(", ") },
    el("span", { class: "news2 partial" }, short ? bound : "NEWS2 " + bound), ", " + count,
    short ? null : el("span", { class: "news2-missing" }, ": " + names.join(", ")));
}
