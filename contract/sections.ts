import { z } from "zod";

/**
 * `sections=a,b` of a call that answers one part per area (GET /dashboard-stats, GET /users/{id}/story):
 * a comma-separated list of known names; absent = every section, empty = none. The admin asks only for
 * the sections its admin's access covers, and the API computes only those.
 */
export function sectionsParam<const S extends string>(names: readonly S[]) {
  return z
    .string()
    .max(200)
    .optional()
    .transform((raw, ctx): S[] => {
      if (raw === undefined) return [...names];
      const asked = raw
        .split(",")
        .map((s) => s.trim())
        .filter(Boolean);
      const unknown = asked.filter((s) => !(names as readonly string[]).includes(s));
      if (unknown.length > 0) {
        ctx.addIssue({ code: "custom", message: `Unknown sections: ${unknown.join(", ")} (known: ${names.join(", ")})` });
        return z.NEVER;
      }
      return names.filter((s) => asked.includes(s));
    });
}

/**
 * The `sections` value that asks for exactly these: none asked is "," (no name), since an empty
 * value is left out of the URL and an absent `sections` means every section.
 */
export const sectionsQuery = (sections: readonly string[]) => sections.join(",") || ",";
