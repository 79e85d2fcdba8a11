import { createLowlight } from 'lowlight';
import bash from 'highlight.js/lib/languages/bash';
import css from 'highlight.js/lib/languages/css';
import javascript from 'highlight.js/lib/languages/javascript';
import json from 'highlight.js/lib/languages/json';
import python from 'highlight.js/lib/languages/python';
import typescript from 'highlight.js/lib/languages/typescript';
import xml from 'highlight.js/lib/languages/xml';

/**
 * highlight.js with only the languages a CodeTube learner writes most; each grammar keeps its
 * aliases (js/jsx, ts/tsx, html/svg, sh/shell, py). Everything else is shown unhighlighted.
 */
const lowlight = createLowlight({ bash, css, javascript, json, python, typescript, xml });
lowlight.registerAlias({ bash: ['shell', 'console'] });

/** The language named after a fence (```ts), when it is one we highlight. */
export function knownLanguage(name: string | undefined): string | undefined {
  const lower = name?.toLowerCase();
  return lower && lowlight.registered(lower) ? lower : undefined;
}

/** The code as a HAST tree of `hljs-*` spans (text only: nothing here is parsed as HTML). */
export function highlightCode(code: string, language: string) {
  return lowlight.highlight(language, code);
}
