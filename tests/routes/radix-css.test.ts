import { execFileSync } from "node:child_process";
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";

// app/styles/radix.css is generated from @radix-ui/themes (scripts/radix-css.mjs): it must match
// what the installed version generates, and hold every component class app/components/ui.tsx emits.
describe("the trimmed Radix stylesheet", () => {
  it("is what scripts/radix-css.mjs generates from the installed @radix-ui/themes", () => {
    expect(() => execFileSync(process.execPath, ["scripts/radix-css.mjs", "--check"], { stdio: "pipe" })).not.toThrow();
  });

  it("styles every component class the ui components emit", () => {
    const css = readFileSync("app/styles/radix.css", "utf8");
    const ui = readFileSync("app/components/ui.tsx", "utf8");
    const emitted = new Set(ui.match(/rt-[A-Z][A-Za-z]*/g));
    expect(emitted.size).toBeGreaterThan(5);
    for (const name of emitted) expect(css, name).toContain(`.${name}`);
    for (const name of ["rt-variant-soft", "rt-high-contrast", "rt-r-gap-2", "md\\:rt-r-gtc-2"]) expect(css, name).toContain(name);
  });
});
