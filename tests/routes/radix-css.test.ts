import { execFileSync } from "node:child_process";
import { readdirSync, readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";

// app/styles/radix*.css are generated from @radix-ui/themes (scripts/radix-css.mjs): they must match
// what the installed version generates, and hold every component class app/components/ui.tsx emits.
describe("the trimmed Radix stylesheets", () => {
  it("are what scripts/radix-css.mjs generates from the installed @radix-ui/themes", () => {
    expect(() => execFileSync(process.execPath, ["scripts/radix-css.mjs", "--check"], { stdio: "pipe" })).not.toThrow();
  });

  it("style every component class the ui components emit, light in the file every page waits for", () => {
    const css = readFileSync("app/styles/radix.css", "utf8");
    const ui = readFileSync("app/components/ui.tsx", "utf8");
    const emitted = new Set(ui.match(/rt-[A-Z][A-Za-z]*/g));
    expect(emitted.size).toBeGreaterThan(5);
    for (const name of emitted) expect(css, name).toContain(`.${name}`);
    for (const name of ["rt-variant-soft", "rt-variant-solid", "rt-variant-ghost", "rt-high-contrast", "rt-r-gap-2", "md\\:rt-r-gtc-2"])
      expect(css, name).toContain(name);
    // what no page can show is not there: a colour the admin does not name, an unused utility, the dark theme, P3
    for (const name of ["data-accent-color='crimson'", ".rt-r-inset-0", ".rt-r-position-absolute", ".dark", "display-p3"])
      expect(css, name).not.toContain(name);
  });

  it("give the dark theme for Dark and for System on a dark device, and the P3 palettes, apart", () => {
    const dark = readFileSync("app/styles/radix-dark.css", "utf8");
    expect(dark).toContain(".dark");
    expect(dark).toContain(".system-appearance");
    expect(dark).not.toContain(":root, .light");
    const p3 = readFileSync("app/styles/radix-p3.css", "utf8");
    expect(p3).toContain("color(display-p3");
    expect(p3).not.toContain(".dark");
  });
});

describe("the admin's own stylesheets", () => {
  it("are each linked: app.css by the root, the others by the routes whose components they style", () => {
    const root = readFileSync("app/root.tsx", "utf8");
    expect(root).toContain('from "~/styles/app.css"');
    const routes = readdirSync("app/routes").map((file) => readFileSync(`app/routes/${file}`, "utf8"));
    const own = readdirSync("app/styles").filter((file) => file.endsWith(".css") && !file.startsWith("radix") && file !== "app.css");
    expect(own.length).toBeGreaterThan(0);
    for (const file of own)
      expect(
        routes.some((source) => source.includes(`from "~/styles/${file}"`)),
        file,
      ).toBe(true);
  });
});
