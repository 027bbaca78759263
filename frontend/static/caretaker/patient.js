"use strict";
(function () {
  const box = document.getElementById("charts");
  const CHARTS = [
    ["temperature", "Temperature (°C)"], ["heartRate", "Heart rate (/min)"],
    ["respiratoryRate", "Respiratory rate (/min)"], ["oxygenSaturation", "SpO2 (%)"],
    ["bloodPressure", "Blood pressure (mmHg)"], ["painLevel", "Pain (0-10)"],
    ["bloodGlucose", "Blood glucose (mmol/L)"], ["news2", "NEWS2"],
  ];
  const points = (rows) => (rows || []).map(([t, v]) => ({ x: Date.parse(t), y: v }));
  const label = (v) => new Date(v).toLocaleString([], { day: "2-digit", month: "short", hour: "2-digit", minute: "2-digit" });

  fetch(box.dataset.series, { credentials: "same-origin" }).then((r) => r.json()).then((data) => {
    const s = data.series;
    // One time range for every chart (with an hour either side), so that charts line
    // up and a single reading does not get an axis of its own.
    const times = [...Object.values(s), data.news2].flat().map(([t]) => Date.parse(t));
    const hour = 3600 * 1000;
    const timeAxis = { type: "linear", min: Math.min(...times) - hour, max: Math.max(...times) + hour,
                       ticks: { callback: label, maxTicksLimit: 6 } };
    const sets = {
      bloodPressure: [{ label: "systolic", data: points(s.systolicBP) }, { label: "diastolic", data: points(s.diastolicBP) }],
      news2: [{ label: "NEWS2", data: points(data.news2), stepped: true }],
    };
    for (const [key, title] of CHARTS) {
      const datasets = sets[key] || [{ label: title, data: points(s[key]) }];
      if (!datasets.some((d) => d.data.length)) continue;
      const canvas = document.createElement("canvas");
      box.append(Object.assign(document.createElement("figure"), { className: "chart" }));
      box.lastChild.append(Object.assign(document.createElement("figcaption"), { textContent: title }), canvas);
      new Chart(canvas, { type: "line", data: { datasets }, options: {
        animation: false, scales: { x: timeAxis }, plugins: { legend: { display: datasets.length > 1 } } } });
    }
  });
})();
