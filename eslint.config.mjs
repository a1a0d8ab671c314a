// ESLint's configuration for web/ (flat config, ESLint 9). Run it with `python3 tools/js_check.py`
// (also part of `python3 build.py test`): that installs the pinned tools of tools/js/package-lock.json
// into .cache/ and tells this file where they are (MELDTABLE_JS_TOOLS, a file inside that folder);
// without it (an editor's ESLint) they are looked up in tools/js/node_modules/, which
// `npm ci --prefix tools/js` installs.
import { createRequire } from "node:module";

const require = createRequire(process.env.MELDTABLE_JS_TOOLS || new URL("tools/js/package.json", import.meta.url));
const js = require("@eslint/js");
const globals = require("globals");

export default [
  { ignores: ["dist/**", "build/**", ".cache/**", ".venv/**", "node_modules/**", "tools/js/node_modules/**"] },
  js.configs.recommended,
  {
    files: ["web/**/*.js", "web/**/*.mjs"],
    languageOptions: { ecmaVersion: 2022, sourceType: "module", globals: { ...globals.browser } },
    linterOptions: { reportUnusedDisableDirectives: "error" },
    // Beyond @eslint/js's recommended set: rules that catch mistakes (not layout; no formatter).
    rules: {
      "no-unused-vars": ["error", { args: "after-used", caughtErrors: "none", ignoreRestSiblings: true }],
      "no-var": "error",
      "prefer-const": ["error", { destructuring: "all" }],
      eqeqeq: ["error", "smart"],
      "no-implicit-globals": "error",
      "no-use-before-define": ["error", { functions: false, classes: false, variables: false }],
      "no-shadow": "error",
      "no-loop-func": "error",
      "consistent-return": "error",
      "array-callback-return": "error",
      "no-promise-executor-return": "error",
      "prefer-promise-reject-errors": "error",
      "no-throw-literal": "error",
      "no-unused-expressions": "error",
      "no-sequences": "error",
      "no-return-assign": "error",
      "no-self-compare": "error",
      "no-template-curly-in-string": "error",
      "no-unmodified-loop-condition": "error",
      "no-unreachable-loop": "error",
      "no-useless-return": "error",
      "no-useless-concat": "error",
      "no-unneeded-ternary": "error",
      "no-lone-blocks": "error",
      "default-case-last": "error",
      "no-eval": "error",
      "no-implied-eval": "error",
      "no-new-func": "error",
      "no-new-wrappers": "error",
      "no-extend-native": "error",
    },
  },
  // Classic scripts, not modules: the service worker (registered without type "module") and the
  // embed's loader (a plain <script> on other sites' pages).
  {
    files: ["web/sw.js"],
    languageOptions: { sourceType: "script", globals: { ...globals.serviceworker } },
    rules: { "no-implicit-globals": "off" }, // a worker's global scope is its own
  },
  { files: ["web/embed-loader.js"], languageOptions: { sourceType: "script" } },
  // The engine's worker: a module worker.
  {
    files: ["web/engine-worker.mjs"],
    languageOptions: { globals: { ...globals.worker } },
  },
];
