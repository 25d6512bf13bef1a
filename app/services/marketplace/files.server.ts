import { apiRawRequest, type Caller } from "./client.server";

/** GET /files/{name}: the stored file as a streamable Response (MarketplaceError when it fails). */
export function fetchStoredFile(caller: Caller, name: string): Promise<Response> {
  return apiRawRequest(`/files/${encodeURIComponent(name)}`, { caller });
}
