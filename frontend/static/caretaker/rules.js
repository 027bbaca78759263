// Rule set editor: one CodeMirror per file (clingo highlighting for .lp, TOML for the
// alphabet and the rule tests), tabs, and validation problems marked on their lines.
// Without JavaScript the plain textareas still work. Tests can use
// window.caretakerRules.getText(file) / setText(file, text) / show(file).
(function () {
  "use strict";
  const form = document.getElementById("rules-editor");
  if (!form) return;
  const CM = window.CM;
  const views = new Map(); // file name -> {view, textarea, panel}

  // clingo / ASP: % and %* *% comments, Variables, constants, "strings", numbers,
  // #directives and aggregates, :- and comparison operators.
  const asp = CM && CM.StreamLanguage.define({
    name: "clingo",
    startState: () => ({ block: false }),
    token(stream, state) {
      if (state.block) {
        if (stream.skipTo("*%")) { stream.match("*%"); state.block = false; }
        else stream.skipToEnd();
        return "comment";
      }
      if (stream.eatSpace()) return null;
      if (stream.match("%*")) { state.block = true; return "comment"; }
      if (stream.match("%")) { stream.skipToEnd(); return "comment"; }
      if (stream.match(/^"(?:[^"\\]|\\.)*"/)) return "string";
      if (stream.match(/^#[a-z]+/)) return "keyword";
      if (stream.match(/^not\b/)) return "keyword";
      if (stream.match(/^[0-9]+/)) return "number";
      if (stream.match(/^_*[A-Z][A-Za-z0-9_']*/) || stream.match(/^_\b/)) return "variableName";
      if (stream.match(/^_*[a-z][A-Za-z0-9_']*(?=\s*\()/)) return "function";
      if (stream.match(/^_*[a-z][A-Za-z0-9_']*/)) return "atom";
      if (stream.match(":-") || stream.match(/^(<=|>=|!=|==|<|>|=|\.\.)/)) return "operator";
      stream.next();
      return "punctuation";
    },
    languageData: { commentTokens: { line: "%" } },
  });

  function language(kind) {
    if (!CM) return [];
    return kind === "asp" ? asp : CM.StreamLanguage.define(CM.tomlMode);
  }

  function attach(panel) {
    const textarea = panel.querySelector("textarea");
    const file = panel.dataset.file || textarea.dataset.file;
    if (!CM) { views.set(file, { textarea, panel }); return; }
    const view = new CM.EditorView({
      doc: textarea.value,
      extensions: [CM.basicSetup, CM.keymap.of([CM.indentWithTab]), CM.lintGutter(),
                   language(panel.dataset.language)],
    });
    view.dom.dataset.file = file;
    view.dom.setAttribute("data-testid", "editor-" + file);
    textarea.hidden = true;
    textarea.after(view.dom);
    views.set(file, { view, textarea, panel });
  }

  function show(file) {
    for (const [name, entry] of views) entry.panel.hidden = name !== file;
    for (const tab of document.querySelectorAll("#rules-tabs [data-file]")) {
      tab.setAttribute("aria-selected", String(tab.dataset.file === file));
    }
  }

  function addTab(file) {
    const tab = document.createElement("button");
    tab.type = "button";
    tab.setAttribute("role", "tab");
    tab.dataset.file = file;
    tab.dataset.testid = "tab-" + file;
    tab.setAttribute("data-testid", "tab-" + file);
    tab.textContent = file;
    const last = document.querySelector('#rules-tabs [data-file="tests.toml"]');
    last.before(tab);
  }

  function getText(file) {
    const entry = views.get(file);
    if (!entry) return null;
    return entry.view ? entry.view.state.doc.toString() : entry.textarea.value;
  }

  function setText(file, text) {
    const entry = views.get(file);
    if (!entry) throw new Error("no file " + file);
    if (entry.view) {
      entry.view.dispatch({ changes: { from: 0, to: entry.view.state.doc.length, insert: text } });
    }
    entry.textarea.value = text;
  }

  function markProblems() {
    const data = document.getElementById("rules-error-data");
    const problems = data ? JSON.parse(data.textContent) : [];
    const byFile = new Map();
    for (const p of problems) {
      if (!byFile.has(p.file)) byFile.set(p.file, []);
      byFile.get(p.file).push(p);
    }
    for (const [file, entry] of views) {
      if (!entry.view) continue;
      const doc = entry.view.state.doc;
      const marks = (byFile.get(file) || []).filter((p) => p.line).map((p) => {
        const line = doc.line(Math.min(Math.max(p.line, 1), doc.lines));
        return { from: line.from, to: line.to, severity: "error", message: p.message };
      });
      entry.view.dispatch(CM.setDiagnostics(entry.view.state, marks));
    }
    const first = problems.find((p) => views.has(p.file));
    return first ? first.file : null;
  }

  for (const panel of form.querySelectorAll(".rules-file-panel")) attach(panel);

  document.getElementById("rules-tabs").addEventListener("click", (event) => {
    const file = event.target.dataset && event.target.dataset.file;
    if (file) show(file);
  });

  document.getElementById("rules-add-file").addEventListener("click", () => {
    const input = document.getElementById("rules-new-file-name");
    let name = input.value.trim();
    if (!name) return;
    if (!name.endsWith(".lp")) name += ".lp";
    if (views.has(name)) { show(name); return; }
    const panel = document.getElementById("rules-new-file-template")
      .content.firstElementChild.cloneNode(true);
    panel.dataset.file = name;
    panel.querySelector("input").value = name;
    panel.querySelector("textarea").dataset.file = name;
    document.getElementById("rules-new-file-template").before(panel);
    attach(panel);
    addTab(name);
    show(name);
    input.value = "";
  });

  // The form posts the textareas: copy each editor's text back before it goes.
  form.addEventListener("submit", () => {
    for (const entry of views.values()) {
      if (entry.view) entry.textarea.value = entry.view.state.doc.toString();
    }
  });

  show(markProblems() || "alphabet.toml");
  window.caretakerRules = { getText, setText, show, files: () => [...views.keys()] };
})();
