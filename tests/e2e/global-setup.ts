import { existsSync, statSync } from "node:fs";

/** The e2e run serves the production build: refuse to test a missing one. */
export default function globalSetup() {
  if (!existsSync("build/index.js") || !existsSync("public/build")) {
    throw new Error("No build: run `npm run build` before `playwright test` (npm test does it for you).");
  }
  const age = (Date.now() - statSync("build/index.js").mtimeMs) / 60_000;
  if (age > 60) console.warn(`[e2e] build/index.js is ${Math.round(age)} minutes old; rebuild if the app changed.`);
}
