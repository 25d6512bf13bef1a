import { z } from "zod";
import { PostImage, PostRecord, type CreatePostBody, type PostListQuery, type UpdatePostBody } from "~contract/posts";
import { PostPage } from "~/models/posts";
import { apiRawRequest, apiRequest, type Caller } from "./client.server";

const One = z.object({ data: PostRecord });

/** GET /blog/articles/: one page of posts, newest first. */
export async function listPosts(query: PostListQuery, caller: Caller) {
  const answer = await apiRequest("/blog/articles/", { query, caller, answer: PostPage });
  return { rows: answer.data, total: answer.total_results, page: answer.current_page, pageSize: answer.page_size };
}

export async function getPost(id: number, caller: Caller) {
  return (await apiRequest(`/blog/article-detail/${id}`, { caller, answer: One })).data;
}

export async function createPost(body: CreatePostBody, caller: Caller) {
  return (await apiRequest("/blog/articles/", { method: "POST", body, caller, answer: One })).data;
}

export async function updatePost(id: number, body: UpdatePostBody, caller: Caller) {
  return (await apiRequest(`/blog/article-detail/${id}`, { method: "PUT", body, caller, answer: One })).data;
}

export async function deletePost(id: number, caller: Caller) {
  await apiRequest(`/blog/article-detail/${id}`, { method: "DELETE", caller });
}

/** POST /blog/article-image-upload/: a refused image is a MarketplaceError "invalid" with the reason on `image`. */
export async function uploadPostImage(image: Blob, fileName: string, alt: string, caller: Caller) {
  const form = new FormData();
  form.set("image", image, fileName);
  form.set("alt", alt);
  return apiRequest("/blog/article-image-upload/", { method: "POST", body: form, caller, answer: PostImage });
}

/** GET /blog/article-images/{name}: the image as a streamable Response (MarketplaceError when it fails). */
/** GET /blog/published-images/{name}: the image only while a published post uses it (readers; no admin). */
export function fetchPublishedPostImage(name: string, caller: Caller): Promise<Response> {
  return apiRawRequest(`/blog/published-images/${encodeURIComponent(name)}`, { caller });
}

export function fetchPostImage(name: string, caller: Caller): Promise<Response> {
  return apiRawRequest(`/blog/article-images/${encodeURIComponent(name)}`, { caller });
}
