/** A flash message shown once on the next page (its own signed cookie, services/toast.server.ts). */
export type Toast = { type: "success" | "error" | "info" | "warning"; message: string; title?: string };
