// Entry of the vendored CodeMirror 6 bundle: exposes what caretaker's rules page uses
// as the global `CM`. Build: see README.md next to the bundle.
import { basicSetup } from "codemirror";
import { EditorView, keymap } from "@codemirror/view";
import { EditorState, Compartment } from "@codemirror/state";
import { StreamLanguage, HighlightStyle, syntaxHighlighting } from "@codemirror/language";
import { setDiagnostics, lintGutter } from "@codemirror/lint";
import { indentWithTab } from "@codemirror/commands";
import { toml } from "@codemirror/legacy-modes/mode/toml";
import { tags } from "@lezer/highlight";

window.CM = {
  basicSetup, EditorView, EditorState, Compartment, keymap, indentWithTab,
  StreamLanguage, HighlightStyle, syntaxHighlighting, tags,
  setDiagnostics, lintGutter, tomlMode: toml,
};
