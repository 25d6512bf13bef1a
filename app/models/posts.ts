/** What only the admin uses of ~contract/posts (the shared part stays in contract/posts.ts). */
import { PostListRow } from "~contract/posts";
import { z } from "zod";

export const PostPage = z.object({
  data: z.array(PostListRow),
  total_results: z.number().int(),
  current_page: z.number().int(),
  page_size: z.number().int(),
});
