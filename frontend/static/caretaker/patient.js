"use strict";
// The NEWS2 observation chart: one chart per parameter, its background shaded by the
// score bands the server read from the active rules (0 white, 1 yellow, 2 orange,
// 3 red), points on top with the nurse's words in the tooltip. No thresholds live here.
(function () {
  const box = document.getElementById("charts");
  const SHADE = ["rgba(255,255,255,0)", "rgba(255,235,59,.45)", "rgba(255,152,0,.45)", "rgba(229,57,53,.40)"];
  const BAND = { low: "#558b2f", "low-medium": "#f9a825", medium: "#ef6c00", high: "#c62828" };
  const BAND_SHADE = { low: "rgba(255,255,255,0)", "low-medium": "rgba(255,235,59,.45)",
                       medium: "rgba(255,152,0,.45)", high: "rgba(229,57,53,.40)" };
  const OXYGEN = "rgba(21,101,192,.85)";
  // Line colours of a chart's readings: the type's own, then a pair's partner or a
  // total's parts. Which charts there are, their titles and lines, come from the
  // alphabet (series.json "charts"): no type is named here.
  const LINES = ["#1b1f23", "#78909c", "#8e24aa", "#00897b", "#f4511e"];
  const when = (v) => new Date(v).toLocaleString([], { day: "2-digit", month: "short", hour: "2-digit", minute: "2-digit" });
  const points = (rows) => (rows || []).map(([t, v, w]) => ({ x: Date.parse(t), y: v, w }));

  // Shades areas: [{x0, x1, rows: [{low, high, points | colour}]}] (x0/x1 null: the
  // whole width) and strips: [{x0, x1}] along the bottom (supplemental oxygen).
  const bandPlugin = {
    id: "bands",
    beforeDatasetsDraw(chart, _args, opts) {
      const { ctx, chartArea: area, scales: { x, y } } = chart;
      const half = (opts.step || 1) / 2;
      const clampX = (v, edge) => (v == null ? edge : Math.min(Math.max(x.getPixelForValue(v), area.left), area.right));
      const clampY = (v, edge) => (v == null ? edge : Math.min(Math.max(y.getPixelForValue(v), area.top), area.bottom));
      let drawn = 0;
      ctx.save();
      for (const a of opts.areas || []) {
        const left = clampX(a.x0, area.left), right = clampX(a.x1, area.right);
        for (const r of a.rows) {
          const top = clampY(r.high == null ? null : r.high + half, area.top);
          const bottom = clampY(r.low == null ? null : r.low - half, area.bottom);
          ctx.fillStyle = r.colour || SHADE[Math.min(r.points, 3)];
          ctx.fillRect(left, top, right - left, bottom - top);
          drawn += 1;
        }
      }
      ctx.fillStyle = OXYGEN;
      for (const s of opts.strips || []) {
        const left = clampX(s.x0, area.left), right = clampX(s.x1, area.right);
        ctx.fillRect(left, area.bottom - 6, right - left, 6);
      }
      ctx.restore();
      chart.canvas.parentNode.dataset.bands = String(drawn);
    },
  };

  // Periods with the same condition value: [{x0, x1, value}] (the last one open).
  const periods = (rows) => rows.map(([t, value], i) => ({
    x0: Date.parse(t), x1: i + 1 < rows.length ? Date.parse(rows[i + 1][0]) : null, value }));

  function figure(title, note) {
    const fig = Object.assign(document.createElement("figure"), { className: "chart" });
    const caption = Object.assign(document.createElement("figcaption"), { textContent: title });
    if (note) caption.append(Object.assign(document.createElement("span"), { className: "chart-note", textContent: note }));
    const canvas = document.createElement("canvas");
    fig.append(caption, canvas);
    box.append(fig);
    return canvas;
  }

  // The readings and band edges with a margin, never beyond the type's own range
  // (limits: {min, max} from the alphabet).
  function yRange(rows, data, limits = {}) {
    const edges = rows.flatMap((r) => [r.low, r.high]).filter((v) => v != null);
    const values = data.map((p) => p.y).concat(edges);
    const lo = Math.min(...values), hi = Math.max(...values), pad = (hi - lo) * 0.12 || 1;
    let min = Math.floor(lo - pad), max = Math.ceil(hi + pad);
    if (limits.min != null && limits.min <= lo) min = Math.max(min, limits.min);
    if (limits.max != null && limits.max >= hi) max = Math.min(max, limits.max);
    return { min, max };
  }

  // A chart's lines: its own readings first, then a partner's or the parts'.
  function lineSets(chart, s) {
    return chart.lines.map((line, i) => ({
      label: line.label, data: points(s[line.type]),
      borderColor: LINES[i % LINES.length], backgroundColor: LINES[i % LINES.length],
    })).filter((d, i) => i === 0 || d.data.length);
  }

  function draw(canvas, datasets, timeAxis, bands, range, extra = {}) {
    const label = extra.label || ((item) => `${item.dataset.label}: ${item.raw.y}`);
    return new Chart(canvas, {
      type: "line",
      data: { datasets },
      plugins: [bandPlugin],
      options: {
        animation: false, parsing: false, normalized: true, aspectRatio: extra.aspectRatio || 2.2,
        interaction: { mode: "nearest", axis: "x", intersect: false },
        scales: { x: timeAxis, y: range },
        elements: { point: { radius: 2.5, hitRadius: 6 }, line: { borderWidth: 1.5 } },
        plugins: {
          bands,
          legend: { display: datasets.length > 1 },
          tooltip: { callbacks: {
            title: (items) => when(items[0].raw.x),
            label,
            afterLabel: (item) => (item.raw.w ? `“${item.raw.w}”` : ""),
          } },
        },
      },
    });
  }

  function spo2Areas(data) {
    const b = data.bands, one = b.spo2["1"] || [], two = b.spo2["2"] || [];
    if (!data.scale2.on) return [{ x0: null, x1: null, rows: one }];
    const since = Date.parse(data.scale2.since);
    const areas = [{ x0: null, x1: since, rows: one }, { x0: since, x1: null, rows: two }];
    // Above scale 2's rows the points depend on oxygen: shade each period by its supply.
    const supply = periods(data.oxygen);
    const first = supply.length ? supply[0].x0 : null;
    if (first == null || first > since) supply.unshift({ x0: since, x1: first, value: "air" });
    for (const p of supply) {
      const rows = b.spo2Scale2Above[p.value];
      if (rows) areas.push({ x0: Math.max(p.x0, since), x1: p.x1, rows });
    }
    return areas;
  }

  function scoreRows(scores) {
    const rows = [];
    for (const s of scores) {
      const last = rows[rows.length - 1];
      if (last && last.band === s.band) last.high = s.score;
      else rows.push({ low: s.score, high: s.score, band: s.band, colour: BAND_SHADE[s.band] });
    }
    if (rows.length) rows[rows.length - 1].high = null;
    return rows;
  }

  function legend() {
    const list = Object.assign(document.createElement("ul"), { className: "chart-legend" });
    const items = [["shade-0", "0"], ["shade-1", "1"], ["shade-2", "2"], ["shade-3", "3 points"], ["shade-o2", "on oxygen"]];
    for (const [cls, text] of items) {
      const item = document.createElement("li");
      item.append(Object.assign(document.createElement("span"), { className: `swatch ${cls}` }), text);
      list.append(item);
    }
    box.before(list);
  }

  // One row per ACVPU level, Alert at the top, each named as a nurse reads it (the
  // alphabet's names, from the server); a value the alphabet no longer has keeps a row
  // under its own name, so that no dot is left without one.
  function consciousnessLevels(data) {
    const list = (data.consciousnessLevels || []).slice();
    for (const [, value] of data.consciousness) {
      if (!list.some((l) => l.value === value)) list.push({ value, label: value });
    }
    const row = (value) => list.length - 1 - list.findIndex((l) => l.value === value);
    const name = (y) => (list[list.length - 1 - y] || { label: "" }).label;
    return { list, row, name };
  }

  // The oxygen given now (the alphabet's "oxygen" panel: device, flow, FiO2) as a
  // line under the SpO2 chart; in a box of its own when SpO2 has no chart.
  function panelLine(panel, name, host) {
    const line = Object.assign(document.createElement("p"), { className: "panel-now" });
    line.dataset.panel = name;
    line.append(`${panel.label} now: `, Object.assign(document.createElement("strong"), { textContent: panel.text }),
      " ", Object.assign(document.createElement("span"), { className: "when", textContent: `(since ${when(Date.parse(panel.since))})` }));
    if (host) { host.append(line); return; }
    const fig = Object.assign(document.createElement("figure"), { className: "chart panel-only" });
    fig.dataset.parameter = name;
    fig.append(Object.assign(document.createElement("figcaption"), { textContent: panel.label }), line);
    box.append(fig);
  }

  // The fluid chart day by day (days from the rules' day start, on the ward's clock):
  // intake and urine output as bars, the balance as a line, and the numbers in a table.
  function fluidPanel(days, dayStart) {
    const canvas = figure(`Fluid balance by chart day (mL)`, ` · days from ${dayStart}`);
    const fig = canvas.parentNode;
    fig.dataset.parameter = "fluidBalance";
    const label = (d) => d.label + (d.complete ? "" : " (so far)");
    new Chart(canvas, {
      type: "bar",
      data: { labels: days.map(label), datasets: [
        { label: "Intake", data: days.map((d) => d.intake), backgroundColor: "#42a5f5" },
        { label: "Urine output", data: days.map((d) => d.output), backgroundColor: "#ffb300" },
        { label: "Balance", type: "line", data: days.map((d) => d.balance), borderColor: "#1b1f23", backgroundColor: "#1b1f23" },
      ] },
      options: { animation: false, aspectRatio: 2.2, plugins: { legend: { display: true } } },
    });
    const table = Object.assign(document.createElement("table"), { className: "fluid-days" });
    const head = table.createTHead().insertRow();
    for (const text of [`Day (from ${dayStart})`, "Intake", "Urine output", "Balance"]) {
      head.append(Object.assign(document.createElement("th"), { textContent: text }));
    }
    const body = table.createTBody();
    const ml = (v, sign) => `${sign && v > 0 ? "+" : ""}${v.toLocaleString("en-GB")} mL`;
    for (const d of days) {
      const row = body.insertRow();
      row.dataset.day = d.start;
      for (const text of [label(d), ml(d.intake), ml(d.output), ml(d.balance, true)]) row.insertCell().textContent = text;
    }
    fig.append(table);
  }

  function render(data) {
    const started = performance.now();
    const s = data.series, b = data.bands;
    const times = [...Object.values(s), data.news2, data.oxygen, data.consciousness].flat().map(([t]) => Date.parse(t));
    if (!times.length) { box.dataset.drawn = "0"; return; }
    const hour = 3600 * 1000;
    const timeAxis = { type: "linear", min: Math.min(...times) - hour, max: Math.max(...times) + hour,
                       ticks: { callback: when, maxTicksLimit: 6 } };
    const oxygenOn = periods(data.oxygen).filter((p) => p.value === "supplemental");
    legend();
    let charts = 0, spo2Figure = null;
    const list = data.charts || [];
    for (const c of list.filter((c) => c.news2)) {
      const key = c.type;
      const datasets = lineSets(c, s);
      if (!datasets[0].data.length) continue;
      let areas = [{ x0: null, x1: null, rows: b.parameters[key] || [] }];
      let note = "";
      if (c.spo2) {
        areas = spo2Areas(data);
        note = data.scale2.on ? ` · scale 2 since ${when(Date.parse(data.scale2.since))}` : " · scale 1";
      }
      const bands = { areas, step: b.steps[key], strips: c.spo2 ? oxygenOn : [] };
      const canvas = figure(c.title, note);
      canvas.parentNode.dataset.parameter = key;
      draw(canvas, datasets, timeAxis, bands, yRange(areas.flatMap((a) => a.rows), datasets[0].data, c));
      if (c.spo2) spo2Figure = canvas.parentNode;
      charts += 1;
    }
    const panels = data.panels || {};
    if (panels.oxygen) panelLine(panels.oxygen, "oxygen", spo2Figure);
    if (data.consciousness.length) {
      const levels = consciousnessLevels(data);
      const canvas = figure("Consciousness (ACVPU)");
      canvas.parentNode.dataset.parameter = "consciousness";
      const marks = data.consciousness.map(([t, v, w]) => ({ x: Date.parse(t), y: levels.row(v), w, v }));
      const rows = levels.list.map((l) => ({ low: levels.row(l.value), high: levels.row(l.value), points: b.consciousness[l.value] || 0 }));
      draw(canvas, [{ label: "Consciousness", data: marks, showLine: false, pointRadius: 5,
        pointBackgroundColor: (c) => (c.raw && b.consciousness[c.raw.v] ? "#c62828" : "#558b2f") }],
        timeAxis, { areas: [{ x0: null, x1: null, rows }], step: 1 },
        { min: -0.5, max: levels.list.length - 0.5,
          afterBuildTicks: (axis) => { axis.ticks = levels.list.map((l) => ({ value: levels.row(l.value) })); },
          ticks: { autoSkip: false, callback: levels.name } },
        { label: (item) => `Consciousness: ${levels.name(item.raw.y)}` });
      charts += 1;
    }
    const news2 = data.news2.map(([t, v, band, w]) => ({ x: Date.parse(t), y: v, band, w }));
    if (news2.length) {
      const canvas = figure("NEWS2");
      canvas.parentNode.dataset.parameter = "news2";
      const rows = scoreRows(b.scores);
      draw(canvas, [{ label: "NEWS2", data: news2, stepped: true, borderColor: "#1b1f23",
        pointBackgroundColor: (c) => BAND[c.raw && c.raw.band] || "#1b1f23" }],
        timeAxis, { areas: [{ x0: null, x1: null, rows }], step: 1, strips: oxygenOn },
        { min: 0, max: Math.max(10, ...news2.map((p) => p.y + 2)) });
      charts += 1;
    }
    if ((data.fluidDays || []).length) {
      fluidPanel(data.fluidDays, data.fluidDayStart);
      charts += 1;
    }
    for (const c of list.filter((c) => !c.news2)) {
      const datasets = lineSets(c, s);
      if (!datasets.some((d) => d.data.length)) continue;
      const canvas = figure(c.title);
      canvas.parentNode.dataset.parameter = c.type;
      draw(canvas, datasets, timeAxis, { areas: [] }, yRange([], datasets.flatMap((d) => d.data), c));
      charts += 1;
    }
    box.dataset.renderMs = (performance.now() - started).toFixed(1);
    box.dataset.drawn = String(charts);
  }

  fetch(box.dataset.series, { credentials: "same-origin" }).then((r) => r.json()).then(render);
})();
