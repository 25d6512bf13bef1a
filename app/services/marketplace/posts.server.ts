import { z } from "zod";
import { PostImage, PostRecord, type CreatePostBody, type PostListQuery, type UpdatePostBody } from "~contract/posts";
import { PostPage } from "~/models/posts";
import { apiRawRequest, apiRequest, type Caller } from "./client.server";

const One = z.object({ data: PostRecord });

/** GET /blog/articles/: one page of posts, newest first. */
export async function listPosts(caller: Caller, query: PostListQuery) {
  const answer = await apiRequest("/blog/articles/", { query, caller, answer: PostPage });
  return { rows: answer.data, total: answer.total_results, page: answer.current_page, pageSize: answer.page_size };
}

export async function getPost(caller: Caller, id: number) {
  return (await apiRequest(`/blog/article-detail/${id}`, { caller, answer: One })).data;
}

export async function createPost(caller: Caller, body: CreatePostBody) {
  return (await apiRequest("/blog/articles/", { method: "POST", body, caller, answer: One })).data;
}

export async function updatePost(caller: Caller, id: number, body: UpdatePostBody) {
  return (await apiRequest(`/blog/article-detail/${id}`, { method: "PUT", body, caller, answer: One })).data;
}

export async function deletePost(caller: Caller, id: number) {
  await apiRequest(`/blog/article-detail/${id}`, { method: "DELETE", caller });
}

/** POST /blog/article-image-upload/: a refused image is a MarketplaceError "invalid" with the reason on `image`. */
export async function uploadPostImage(caller: Caller, image: Blob, fileName: string, alt: string) {
  const form = new FormData();
  form.set("image", image, fileName);
  form.set("alt", alt);
  return apiRequest("/blog/article-image-upload/", { method: "POST", body: form, caller, answer: PostImage });
}

/** GET /blog/article-images/{name}: the image as a streamable Response (MarketplaceError when it fails). */
/** GET /blog/published-images/{name}: the image only while a published post uses it (readers; no admin). */
export function fetchPublishedPostImage(caller: Caller, name: string): Promise<Response> {
  return apiRawRequest(`/blog/published-images/${encodeURIComponent(name)}`, { caller });
}

export function fetchPostImage(caller: Caller, name: string): Promise<Response> {
  return apiRawRequest(`/blog/article-images/${encodeURIComponent(name)}`, { caller });
}
