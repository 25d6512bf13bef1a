import { createHash } from "node:crypto";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createApi } from "../../api/src/app";
import { s3FileStorage, storageFromEnv, type S3Config } from "../../api/src/storage";
import { demoFileBytes, ensureDemoFiles } from "../../api/src/storage/demo-files";
import { canonicalRequest, signatureV4, signS3Request } from "../../api/src/storage/s3";
import { startTestApi, type TestApi } from "../support/api-server";

const sha256 = (data: string | Uint8Array) => createHash("sha256").update(data).digest("hex");

describe("SigV4 signing", () => {
  it("matches the AWS Signature Version 4 test suite", () => {
    const request = canonicalRequest(
      "GET",
      "/",
      "foo=Zoo&foo=aha",
      [
        ["date", "Mon, 09 Sep 2011 23:36:00 GMT"],
        ["host", "host.foo.com"],
      ],
      sha256(""),
    );
    expect(sha256(request)).toBe("e25f777ba161a0f1baf778a87faf057187cf5987f17953320e3ca399feb5f00d");
    const toSign = "AWS4-HMAC-SHA256\n20110909T233600Z\n20110909/us-east-1/host/aws4_request\ne25f777ba161a0f1baf778a87faf057187cf5987f17953320e3ca399feb5f00d";
    expect(signatureV4("wJalrXUtnFEMI/K7MDENG+bPxRfiCYEXAMPLEKEY", "20110909", "us-east-1", "host", toSign)).toBe(
      "be7148d34ebccdc6423b19085378aa0bee970bdc61d144bd1a8c48c33079ab09",
    );
  });
});

/** A tiny S3-compatible server: objects in memory, every request's signature checked. */
function fakeS3(config: Omit<S3Config, "endpoint">) {
  const objects = new Map<string, Buffer>();
  const refusals: string[] = [];
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (c: Buffer) => chunks.push(c));
    req.on("end", () => {
      const body = Buffer.concat(chunks);
      const url = new URL(req.url ?? "/", `http://${req.headers.host}`);
      const amzDate = String(req.headers["x-amz-date"] ?? "");
      const now = new Date(`${amzDate.slice(0, 4)}-${amzDate.slice(4, 6)}-${amzDate.slice(6, 8)}T${amzDate.slice(9, 11)}:${amzDate.slice(11, 13)}:${amzDate.slice(13, 15)}Z`);
      const expected = signS3Request({ ...config, endpoint: "" }, req.method ?? "GET", url, sha256(body), now);
      if (req.headers.authorization !== expected.authorization || req.headers["x-amz-content-sha256"] !== sha256(body)) {
        refusals.push(`${req.method} ${url.pathname}`);
        res.writeHead(403).end("SignatureDoesNotMatch");
        return;
      }
      const key = decodeURIComponent(url.pathname);
      if (req.method === "PUT") {
        objects.set(key, body);
        res.writeHead(200).end();
      } else if (req.method === "DELETE") {
        objects.delete(key);
        res.writeHead(204).end();
      } else {
        const object = objects.get(key);
        if (!object) res.writeHead(404).end();
        else res.writeHead(200, { "content-length": String(object.length) }).end(req.method === "HEAD" ? undefined : object);
      }
    });
  });
  return { server, objects, refusals };
}

describe("S3-compatible storage", () => {
  const config = { bucket: "marketplace", region: "ap-south-1", accessKeyId: "AKIDEXAMPLE", secretAccessKey: "secret/key+example", prefix: "docs/" };
  const fake = fakeS3(config);
  let endpoint: string;
  let api: TestApi;

  beforeAll(async () => {
    await new Promise<void>((resolve) => fake.server.listen(0, "127.0.0.1", resolve));
    endpoint = `http://127.0.0.1:${(fake.server.address() as AddressInfo).port}`;
    api = await startTestApi({ seed: false });
  });
  afterAll(async () => {
    await api?.close();
    await new Promise<void>((resolve) => (fake.server as Server).close(() => resolve()));
  });

  it("puts, reads, checks and deletes objects with signed requests", async () => {
    const storage = s3FileStorage({ ...config, endpoint });
    expect((await ensureDemoFiles(storage, ["a photo (1).jpg", "pan-card-Document.pdf"])).written).toBe(2);
    expect([...fake.objects.keys()].sort()).toEqual(["/marketplace/docs/a photo (1).jpg", "/marketplace/docs/pan-card-Document.pdf"]);
    expect(await storage.exists("pan-card-Document.pdf")).toBe(true);
    expect(await storage.exists("nope.pdf")).toBe(false);
    expect(await storage.get("nope.pdf")).toBeNull();
    const file = await storage.get("a photo (1).jpg");
    expect(file?.contentType).toBe("image/jpeg");
    expect(new Uint8Array(await new Response(file!.body).arrayBuffer())).toEqual(new Uint8Array(demoFileBytes("a photo (1).jpg")));
    await storage.delete("a photo (1).jpg");
    expect(await storage.exists("a photo (1).jpg")).toBe(false);
    expect(fake.refusals).toEqual([]);

    const wrong = s3FileStorage({ ...config, endpoint, secretAccessKey: "not-the-key" });
    await expect(wrong.exists("pan-card-Document.pdf")).rejects.toThrow(/answered 403/);
  });

  it("serves GET /files/{name} from the bucket", async () => {
    const app = createApi({ db: api.db, apiKey: "s3-files-key-123456", files: s3FileStorage({ ...config, endpoint }) });
    const response = await app.request("/files/pan-card-Document.pdf", { headers: { "x-api-key": "s3-files-key-123456" } });
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe("application/pdf");
    expect(new Uint8Array(await response.arrayBuffer())).toEqual(new Uint8Array(demoFileBytes("pan-card-Document.pdf")));
    expect((await app.request("/files/missing.pdf", { headers: { "x-api-key": "s3-files-key-123456" } })).status).toBe(404);
  });

  it("is chosen by S3_BUCKET, and refuses half a configuration", () => {
    expect(() => storageFromEnv({ S3_BUCKET: "b" })).toThrow(/S3_ENDPOINT, S3_ACCESS_KEY_ID, S3_SECRET_ACCESS_KEY must be set/);
    expect(storageFromEnv({ S3_BUCKET: "b", S3_ENDPOINT: endpoint, S3_ACCESS_KEY_ID: "a", S3_SECRET_ACCESS_KEY: "s" })).toBeDefined();
  });
});
