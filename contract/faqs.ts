import { z } from "zod";
import { htmlToText } from "~shared/html-text";

/** The question is the first h3 of the content (spec 1 §2.7, spec 3 §2.6). */
const FIRST_H3 = /<h3\b[^>]*>([\s\S]*?)<\/h3>/i;

export function faqQuestion(content: string): string | null {
  const match = FIRST_H3.exec(content);
  if (!match) return null;
  return htmlToText(match[1]) || null;
}
export const FAQ_H3_MESSAGE = "The question must be in an H3 heading";

export const FaqContent = z
  .string({ required_error: "FAQ content is required" })
  .trim()
  .min(1, "FAQ content is required")
  .max(20000, "FAQ content must be at most 20000 characters")
  .refine((html) => faqQuestion(html) !== null, FAQ_H3_MESSAGE);

export const CreateFaqBody = z.object({
  category: z.coerce.number().int().positive("Unknown category"),
  content: FaqContent,
});
export const UpdateFaqBody = z.object({
  content: FaqContent,
  /** the version the edit started from: a newer one answers 409 (someone else saved meanwhile) */
  updated_at: z.string({ required_error: "updated_at is required" }).min(1, "updated_at is required"),
});

export const FaqRecord = z.object({
  id: z.number().int(),
  category: z.number().int(),
  content: z.string(),
  created_at: z.string(),
  updated_at: z.string(),
  updated_by: z.string().nullable(),
});
export type FaqRecord = z.infer<typeof FaqRecord>;
