/** What only the admin uses of ~contract/faqs (the shared part stays in contract/faqs.ts). */

export const FAQ_QUESTION_FALLBACK = "Question not in an H3 heading";
