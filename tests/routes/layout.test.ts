/**
 * The layout DESIGN §2 gives the app: server code lives in app/services/, never under
 * app/components/ (UI only), so no component can pull a server module into the browser bundle.
 */
import { readdirSync } from "node:fs";
import path from "node:path";
import { expect, test } from "vitest";

const root = path.resolve(__dirname, "../..");

function filesUnder(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    return entry.isDirectory() ? filesUnder(full) : [path.relative(root, full)];
  });
}

test("no *.server.ts sits under app/components/", () => {
  const misplaced = filesUnder(path.join(root, "app/components")).filter((file) => /\.server\.tsx?$/.test(file));
  expect(misplaced, "server modules belong in app/services/<area>/").toEqual([]);
});

test("file names under app/ are kebab-case (route modules keep Remix's URL names)", () => {
  const kebab = /^[a-z0-9]+(-[a-z0-9]+)*(\.[a-z0-9]+)+$/;
  const offenders = filesUnder(path.join(root, "app"))
    .filter((file) => !file.startsWith(path.join("app", "routes") + path.sep))
    .filter((file) => !kebab.test(path.basename(file)));
  expect(offenders).toEqual([]);
});
