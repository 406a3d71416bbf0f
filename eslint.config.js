// ESLint for the pages' scripts (docs/javascript.md): `make lint-js`, run by `make test`.
// The pages' scripts are ES modules; the service worker is a classic worker script.
// Layout (indentation, quotes, line length) is not checked: the IIFE bodies kept their indentation.
const js = require("@eslint/js");
const globals = require("globals");

module.exports = [
  {
    files: ["scorekeeper/static/js/*.js"],
    ignores: ["scorekeeper/static/js/sw.js"],
    ...js.configs.recommended,
    languageOptions: { ecmaVersion: 2022, sourceType: "module", globals: globals.browser },
    rules: {
      ...js.configs.recommended.rules,
      "no-restricted-syntax": ["error",
        { selector: "AssignmentExpression > MemberExpression.left[object.name='window']",
          message: "Hand values to other scripts with export/import, not window properties." },
        { selector: "MemberExpression[object.name='document'][property.name='currentScript']",
          message: "A module has no document.currentScript (it is null): find the <script> by a selector." }],
      "eqeqeq": ["error", "always", { null: "ignore" }],
      "no-unused-vars": ["error", { args: "none" }],
    },
  },
  {
    files: ["scorekeeper/static/js/sw.js"],
    ...js.configs.recommended,
    languageOptions: {
      ecmaVersion: 2022, sourceType: "script",
      // written above the script (and hand-send.js's functions below it) by scorekeeper/offline/shell.py
      // when it is served as /sw.js
      globals: { ...globals.serviceworker, VERSION: "readonly", SHELL: "readonly", OFFLINE_PAGE: "readonly", WORDS: "readonly", LANGUAGE: "readonly",
                 openHands: "readonly", sendHand: "readonly" },
    },
    rules: { ...js.configs.recommended.rules, "strict": ["error", "global"] },
  },
  {
    files: ["eslint.config.js"],
    ...js.configs.recommended,
    languageOptions: { ecmaVersion: 2022, sourceType: "commonjs", globals: globals.node },
  },
];
