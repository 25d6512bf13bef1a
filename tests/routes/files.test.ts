import { afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import * as providerFileRoute from "~/routes/admin.provider-details.$providerId_.files.$name";
import * as documentsFileRoute from "~/routes/admin.documents.$providerId.files.$name";
import type { ProviderDetail } from "~contract/service-providers";
import { storageFromEnv } from "../../api/src/storage";
import { demoFileBytes, ensureDemoFiles } from "../../api/src/storage/demo-files";
import { API_UNAVAILABLE_MESSAGE } from "~/services/marketplace/client.server";
import { apiCall, callRoute, newSessionCookieFor, readToast, requestAs, statusOf, testApi } from "../support/routes";

const NAMES = ["profile-photo-1.jpg", "portfolio-1.jpg", "portfolio-2.jpg", "pan-card-Document.pdf", "company-profile-Document.pdf"];

async function providerNamed(username: string): Promise<ProviderDetail> {
  const list = await apiCall<{ data: { data: { serviceProvider_id: number; userId: { username: string } }[] } }>(
    `/get-all-serviceProvider?search=${encodeURIComponent(username)}&page_size=50`,
  );
  const row = list.data.data.find((r) => r.userId.username === username);
  if (!row) throw new Error(`no seeded provider ${username}`);
  return (await apiCall<{ data: ProviderDetail }>(`/get-serviceProvider-by-id?serviceProvider_id=${row.serviceProvider_id}`)).data;
}

let provider: ProviderDetail;
let id: string;
const fileUrl = (name: string, query = "") => `/admin/provider-details/${id}/files/${encodeURIComponent(name)}${query}`;
const get = async (name: string, query = "", who: "admin" | "support" | "catalog" | "viewer" = "admin", headers?: HeadersInit) =>
  (await callRoute(providerFileRoute, await requestAs(who, fileUrl(name, query), { headers }), { providerId: id, name })) as Response;

beforeAll(async () => {
  // the test API serves the same storage folder (FILES_DIR, default ./data/files) as the seed fills
  await ensureDemoFiles(storageFromEnv(), NAMES);
  provider = await providerNamed("aarav.sharma1");
  id = String(provider.serviceProvider_id);
});

afterEach(() => {
  vi.restoreAllMocks();
});

describe("provider document files", () => {
  it("streams an image inline with its type and length", async () => {
    const response = await get("profile-photo-1.jpg");
    expect(response.status).toBe(200);
    expect(response.headers.get("Content-Type")).toBe("image/jpeg");
    expect(response.headers.get("Content-Disposition")).toMatch(/^inline; filename="profile-photo-1\.jpg"/);
    expect(response.headers.get("X-Content-Type-Options")).toBe("nosniff");
    const bytes = new Uint8Array(await response.arrayBuffer());
    expect(bytes).toEqual(new Uint8Array(demoFileBytes("profile-photo-1.jpg")));
    expect(response.headers.get("Content-Length")).toBe(String(bytes.length));
  });

  it("streams a PDF inline, and any file as an attachment with ?download=1", async () => {
    const pdf = await get("pan-card-Document.pdf");
    expect(pdf.headers.get("Content-Type")).toBe("application/pdf");
    expect(pdf.headers.get("Content-Disposition")).toMatch(/^inline;/);
    expect(new TextDecoder().decode(await pdf.arrayBuffer())).toMatch(/^%PDF-1\.4/);

    const download = await get("portfolio-2.jpg", "?download=1");
    expect(download.status).toBe(200);
    expect(download.headers.get("Content-Disposition")).toBe(`attachment; filename="portfolio-2.jpg"; filename*=UTF-8''portfolio-2.jpg`);
    expect(new Uint8Array(await download.arrayBuffer())).toEqual(new Uint8Array(demoFileBytes("portfolio-2.jpg")));
  });

  it("serves other types as attachments, whatever was asked", async () => {
    const other = await providerNamed("vivaan.mehta2");
    await ensureDemoFiles(storageFromEnv(), ["company-resume-Document.txt"]);
    const name = "company-resume-Document.txt";
    const response = (await callRoute(
      providerFileRoute,
      await requestAs("admin", `/admin/provider-details/${other.serviceProvider_id}/files/${name}`),
      { providerId: String(other.serviceProvider_id), name },
    )) as Response;
    expect(response.status).toBe(200);
    expect(response.headers.get("Content-Type")).toBe("text/plain; charset=utf-8");
    expect(response.headers.get("Content-Disposition")).toMatch(/^attachment; filename="company-resume-Document\.txt"/);
    expect(await response.text()).toMatch(/^company-resume-Document\.txt/);
  });

  it("serves only the files this provider's documents name", async () => {
    const response = await get("profile-photo-2.jpg");
    expect(response).toHaveRedirect(`/admin/provider-details/${id}`);
    await expect(response).toSendToast({ type: "error", message: "The file could not be downloaded: profile-photo-2.jpg was not found." });
  });

  it("tells the admin when the file is missing or the API is down, back on the page they came from", async () => {
    const realFetch = globalThis.fetch;
    const api = testApi().url;
    // the stored file is gone: the API answers 404 for it (everything else is the real API)
    vi.spyOn(globalThis, "fetch").mockImplementation((input, init) => {
      const url = String(input instanceof Request ? input.url : input);
      if (url.startsWith(api) && url.includes("/files/")) {
        return Promise.resolve(new Response(JSON.stringify({ message: "File not found" }), { status: 404 }));
      }
      return realFetch(input, init);
    });
    const missing = await get("portfolio-1.jpg", "?download=1", "admin", {
      Referer: `http://admin.test/admin/provider-details/${id}?activity_page=1`,
    });
    expect(missing).toHaveRedirect(`/admin/provider-details/${id}?activity_page=1`);
    await expect(missing).toSendToast({ type: "error", message: "The file could not be downloaded: portfolio-1.jpg was not found." });

    // an <img> asking gets a plain 404 and no toast is spent
    const image = await get("portfolio-1.jpg", "", "admin", { "Sec-Fetch-Dest": "image" });
    expect(image.status).toBe(404);
    expect(await readToast(image)).toBeNull();

    vi.restoreAllMocks();
    vi.spyOn(globalThis, "fetch").mockImplementation((input, init) => {
      const url = String(input instanceof Request ? input.url : input);
      if (url.startsWith(api) && url.includes("/files/")) return Promise.reject(new TypeError("fetch failed"));
      return realFetch(input, init);
    });
    const down = await get("portfolio-1.jpg", "?download=1");
    expect(down).toHaveRedirect(`/admin/provider-details/${id}`);
    const toast = await readToast(down);
    expect(toast?.message).toMatch(/^The file could not be downloaded: The marketplace API is not answering/);
    expect(toast?.message).not.toContain(api);
  });

  it("with the whole API down (the session cannot be read): 503 with the message, not a 500", async () => {
    const cookie = await newSessionCookieFor("admin");
    const saved = process.env.MARKETPLACE_API_URL;
    process.env.MARKETPLACE_API_URL = "http://127.0.0.1:9/";
    try {
      for (const headers of [{}, { "Sec-Fetch-Dest": "image" }] as Record<string, string>[]) {
        const request = await requestAs(null, fileUrl("portfolio-1.jpg"), { headers: { ...headers, Cookie: cookie } });
        const response = (await callRoute(providerFileRoute, request, { providerId: id, name: "portfolio-1.jpg" })) as Response;
        expect(response.status).toBe(503);
        expect(await response.text()).toBe(API_UNAVAILABLE_MESSAGE);
      }
    } finally {
      process.env.MARKETPLACE_API_URL = saved;
    }
  });

  it("refuses names with folders or '..'", async () => {
    for (const name of ["../package.json", "..%2Fpackage.json", "a/b.jpg", ".env"]) {
      const response = await get(name, "?download=1");
      expect(response, name).toHaveRedirect(`/admin/provider-details/${id}`);
      expect((await readToast(response))?.message, name).toMatch(/^The file could not be downloaded/);
    }
  });

  it("needs ServiceProvider access", async () => {
    expect(statusOf(await get("profile-photo-1.jpg", "", "catalog"))).toBe(403);
    expect(statusOf(await get("profile-photo-1.jpg", "", "viewer"))).toBe(403);
    expect(statusOf(await get("profile-photo-1.jpg", "", "support"))).toBe(200);
  });

  it("never passes the API's secret or address to the browser", async () => {
    const response = await get("profile-photo-1.jpg");
    const { apiKey, url } = testApi();
    for (const [, value] of response.headers) {
      expect(value).not.toContain(apiKey);
      expect(value).not.toContain(url);
    }
  });
});

describe("documents page files", () => {
  it("has its own route under /admin/documents with Documents access", async () => {
    const path = `/admin/documents/${id}/files/company-profile-Document.pdf`;
    const params = { providerId: id, name: "company-profile-Document.pdf" };
    const ok = (await callRoute(documentsFileRoute, await requestAs("support", path), params)) as Response;
    expect(ok.status).toBe(200);
    expect(ok.headers.get("Content-Type")).toBe("application/pdf");
    for (const who of ["catalog", "viewer"] as const) {
      expect(statusOf(await callRoute(documentsFileRoute, await requestAs(who, path), params))).toBe(403);
    }
    const wrong = await callRoute(documentsFileRoute, await requestAs("admin", `/admin/documents/${id}/files/nope.pdf`), {
      providerId: id,
      name: "nope.pdf",
    });
    expect(wrong).toHaveRedirect("/admin/documents");
    await expect(wrong).toSendToast({ type: "error", message: "The file could not be downloaded: nope.pdf was not found." });
  });
});
