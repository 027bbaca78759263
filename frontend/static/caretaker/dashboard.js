"use strict";
(function () {
  const table = document.getElementById("ward");
  const alertsBox = document.getElementById("alerts");
  const questionsBox = document.getElementById("questions");
  const rows = new Map();
  const seenAlerts = new Set();
  const UNITS = [["temperature", "Temp"], ["heartRate", "HR"], ["respiratoryRate", "RR"],
                 ["oxygenSaturation", "SpO2"]];

  function news2Cell(news2) {
    return el("td", { "data-type": "news2" }, news2Score(news2, true));
  }

  function renderRow(row) {
    rows.set(row.id, row);
    const c = (row.state && row.state.current) || {};
    const problems = (row.state && row.state.problems) || [];
    const tr = el("tr", { "data-patient": row.id },
      el("td", {}, row.bed), el("td", {}, el("a", { href: "/patients/" + row.id + "/" }, row.name)),
      news2Cell(row.state && row.state.news2),
      UNITS.map(([key]) => el("td", { "data-type": key }, c[key] ?? "–")),
      el("td", { "data-type": "bp" }, c.systolicBP ? c.systolicBP + "/" + (c.diastolicBP ?? "–") : "–"),
      el("td", { "data-type": "painLevel" }, c.painLevel ?? "–"),
      el("td", { class: "problems" }, problems.map((p) => el("span", { class: "tag sev-" + p.severity, title: p.meaning || p.description, "data-problem": p.name }, p.label || p.name))),
      el("td", {}, el("a", { href: "/patients/" + row.id + "/bedside/" }, "Bedside"),
        " ", el("a", { href: "/patients/" + row.id + "/handover/" }, "Handover")));
    const old = table.querySelector('tr[data-patient="' + row.id + '"]');
    if (old) old.replaceWith(tr); else table.tBodies[0].append(tr);
    renderAlerts();
    renderQuestions();
  }

  // Questions about doubtful spoken values wait here too: any nurse on the ward may
  // answer; the answer updates every dashboard and the bedside through the sockets.
  function renderQuestions() {
    questionsBox.replaceChildren(...[...rows.values()].flatMap((row) =>
      (row.questions || []).map((q) => questionItem(q, showError, row.bed + " " + row.name + ":"))));
  }
  function showError({ ok, body }) {
    if (!ok) questionsBox.prepend(el("p", { class: "error" }, body.error || "Could not answer."));
  }

  function renderAlerts() {
    alertsBox.replaceChildren();
    let fresh = false;
    for (const row of rows.values()) {
      for (const alert of row.alerts || []) {
        if (!seenAlerts.has(alert.id)) { seenAlerts.add(alert.id); fresh = true; }
        alertsBox.append(el("div", { class: "alert sev-" + alert.severity, "data-alert": alert.id, "data-problem": alert.problem },
          el("strong", {}, row.bed + " " + row.name + ":"), " ",
          alert.escalated ? el("span", { class: "tag escalated" }, "escalated") : null, " ", alert.text,
          el("button", { class: "ack", onclick: () => socket.send({ type: "alert.acknowledge", alert: alert.id }) }, "Acknowledge")));
      }
    }
    if (fresh) chime();
  }

  const socket = liveSocket("/ws/wards/" + table.dataset.ward + "/", (event) => {
    if (event.type === "ward.snapshot") event.patients.forEach(renderRow);
    if (event.type === "patient.update") renderRow(event.patient);
    // Nobody acknowledged: a reminder, an escalation, or (for leads) the lead's call.
    if (["alert.renotify", "alert.escalate", "alert.lead"].includes(event.type)) {
      const row = rows.get(event.alert.patient);
      if (row) {
        row.alerts = (row.alerts || []).map((a) => a.id === event.alert.id ? event.alert : a);
        renderRow(row);
      }
      chime();
    }
  });
  JSON.parse(document.getElementById("initial-rows").textContent).forEach((row) => {
    (row.alerts || []).forEach((a) => seenAlerts.add(a.id));
    renderRow(row);
  });
})();
