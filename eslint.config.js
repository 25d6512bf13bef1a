import js from "@eslint/js";
import { defineConfig, globalIgnores } from "eslint/config";
import jsxA11y from "eslint-plugin-jsx-a11y";
import reactHooks from "eslint-plugin-react-hooks";
import globals from "globals";
import tseslint from "typescript-eslint";

// The layout's arrows (DESIGN §2): routes → components | services → utils → models.
// Each pattern matches both the ~/ alias and a relative path into the folder.
const into = (...folders) => `^(~/|(\\.\\.?/)+(.*/)?)(${folders.join("|")})(/|$)`;
const layer = (files, folders, message) => ({
  files,
  rules: {
    "no-restricted-imports": ["error", { patterns: [{ regex: into(...folders), message }] }],
  },
});

// A folder reached by a relative path (../app/…) or by its alias (~/ for app/, ~shared/).
const outOf = (...folders) =>
  `^(${folders.includes("app") ? "~/|" : ""}${folders.includes("shared") ? "~shared/|" : ""}${folders.includes("contract") ? "~contract/|" : ""}(\\.\\./)+(${folders.join("|")})/)`;
const boundary = (files, folders, message) => ({
  files,
  rules: {
    "no-restricted-imports": ["error", { patterns: [{ regex: outOf(...folders), message }] }],
  },
});

export default defineConfig(
  globalIgnores(["build/", "public/build/", "data/", "test-results/", "playwright-report/", ".cache/", "node_modules/"]),
  js.configs.recommended,
  tseslint.configs.recommended,
  {
    rules: {
      // `const { omitted: _omitted, ...rest } = value` is how a key is left out of a copy
      "@typescript-eslint/no-unused-vars": ["error", { ignoreRestSiblings: true }],
    },
  },
  {
    files: ["app/**/*.{ts,tsx}"],
    plugins: { "react-hooks": reactHooks },
    // The classic two, plus the v7 rules that check React's own rules. Left out:
    // set-state-in-effect (it flags the two-pass render React 18 documents for hydration,
    // `useEffect(() => setHydrated(true), [])`, which our no-JS/JS screens rely on) and the
    // React Compiler's own checks (preserve-manual-memoization, incompatible-library,
    // unsupported-syntax, config, gating): we do not run the compiler.
    rules: {
      "react-hooks/rules-of-hooks": "error",
      "react-hooks/exhaustive-deps": "error",
      "react-hooks/refs": "error",
      "react-hooks/purity": "error",
      "react-hooks/immutability": "error",
      "react-hooks/globals": "error",
      "react-hooks/set-state-in-render": "error",
      "react-hooks/static-components": "error",
      "react-hooks/use-memo": "error",
      "react-hooks/error-boundaries": "error",
    },
  },
  { ...jsxA11y.flatConfigs.recommended, files: ["app/**/*.tsx"] },
  { files: ["app/**"], languageOptions: { globals: globals.browser } },
  {
    files: ["app/**/*.server.{ts,tsx}", "api/**", "server/**", "scripts/**", "tests/**", "*.{js,ts}"],
    languageOptions: { globals: globals.node },
  },
  layer(["app/components/**"], ["services"], "Components render; server code stays in app/services (put shared types in app/models)."),
  layer(["app/services/**"], ["components"], "Services never import UI: move what both need to app/models."),
  layer(["app/utils/**"], ["services", "components"], "app/utils is pure and browser-safe: of the app it imports only app/models."),
  layer(["app/models/**"], ["utils", "services", "components"], "app/models is the bottom layer: it imports nothing of the app."),
  // The contract (DESIGN §2): the API and the admin share contract/ (schemas, shared constants) and
  // shared/ (runtime code both servers run), both behind aliases. The API reaches into neither the
  // admin (app/) nor the admin's server (server/); contract/ may use shared/ (money, isOneOf, text), which
  // imports nothing of ours.
  boundary(["api/**"], ["app", "server"], "The API imports the admin through ~contract/* (schemas) and ~shared/* (runtime code) only."),
  boundary(
    ["contract/**"],
    ["app", "api", "server"],
    "contract/ holds the shared schemas: it imports only contract/, shared/ and packages.",
  ),
  boundary(
    ["shared/**"],
    ["app", "api", "server", "contract"],
    "shared/ is runtime code both servers run: it imports only shared/ and packages.",
  ),
);
