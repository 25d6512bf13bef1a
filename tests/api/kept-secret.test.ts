import { mkdtempSync, readFileSync, statSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { keptSecret } from "../../api/src/lib/kept-secret";
import { TwoFactorKey } from "../../api/src/lib/two-factor";

describe("a TWO_FACTOR_KEY kept in ./data when none is given", () => {
  it("is made once (owner-only file) and read back the same at the next start", () => {
    const file = path.join(mkdtempSync(path.join(tmpdir(), "kept-secret-")), "data", ".two-factor-key");
    const made = keptSecret(file);
    expect(made).toMatch(/^[0-9a-f]{64}$/);
    expect(statSync(file).mode & 0o777).toBe(0o600);
    expect(keptSecret(file)).toBe(made);
    // a secret sealed with it opens with the key read back, and not with another
    const sealed = new TwoFactorKey(made).encrypt("JBSWY3DPEHPK3PXP");
    expect(sealed).not.toContain("JBSWY3DPEHPK3PXP");
    expect(new TwoFactorKey(keptSecret(file)).decrypt(sealed)).toBe("JBSWY3DPEHPK3PXP");
    expect(() => new TwoFactorKey("x".repeat(64)).decrypt(sealed)).toThrow();
  });

  it("replaces a file too short to be a key", () => {
    const file = path.join(mkdtempSync(path.join(tmpdir(), "kept-secret-")), ".two-factor-key");
    writeFileSync(file, "short\n");
    const made = keptSecret(file);
    expect(made).toHaveLength(64);
    expect(readFileSync(file, "utf8").trim()).toBe(made);
  });
});
