/**
 * The S3 storage against a real S3-compatible server (s3rver 3.7.1, its own process): key layout,
 * presigned reads, credentials, timeouts, configuration, and the API's file route on the bucket.
 */
import { createServer, type Socket, type AddressInfo } from "node:net";
import { HeadObjectCommand, PutObjectCommand, S3Client } from "@aws-sdk/client-s3";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createApi } from "../../api/src/app";
import { s3FileStorage, storageFromEnv, type S3Config } from "../../api/src/storage";
import { demoFileBytes, demoJpeg, demoPdf, ensureDemoFiles } from "../../api/src/storage/demo-files";
import { S3_MAX_ATTEMPTS } from "../../api/src/storage/s3";
import { startTestApi, type TestApi } from "../support/api-server";
import { S3RVER_CREDENTIALS, startS3rver, type TestS3 } from "../support/s3rver";

// the SDK warns once per process that its 2027 releases will need Node 22 (the project runs on 20)
process.env.AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED ??= "true";

const KEY = "s3-files-key-1234567890";
const BUCKET = "marketplace";
let s3: TestS3;
let config: S3Config;
let api: TestApi;
/** the bucket as another S3 client sees it, to check what our storage wrote */
let raw: S3Client;

const bytesOf = async (response: Response) => new Uint8Array(await response.arrayBuffer());
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

beforeAll(async () => {
  s3 = await startS3rver([BUCKET]);
  config = { endpoint: s3.endpoint, bucket: BUCKET, region: "ap-south-1", prefix: "docs/", ...S3RVER_CREDENTIALS };
  raw = new S3Client({ endpoint: s3.endpoint, region: "us-east-1", forcePathStyle: true, credentials: S3RVER_CREDENTIALS });
  api = await startTestApi({ seed: false });
  const outcome = await ensureDemoFiles(s3FileStorage(config), ["a photo (1).jpg", "pan-card-Document.pdf", "resume-Document.txt"]);
  expect(outcome).toEqual({ written: 3, skipped: [] });
});

afterAll(async () => {
  raw?.destroy();
  await api?.close();
  await s3?.close();
});

describe("S3 storage on s3rver", () => {
  it("stores each file under {prefix}{name} with its content type, and writes demo files once", async () => {
    const head = await raw.send(new HeadObjectCommand({ Bucket: BUCKET, Key: "docs/pan-card-Document.pdf" }));
    expect(head.ContentType).toBe("application/pdf");
    expect(head.ContentLength).toBe(demoPdf("pan-card-Document.pdf").length);
    const storage = s3FileStorage(config);
    expect(await ensureDemoFiles(storage, ["a photo (1).jpg", "pan-card-Document.pdf"])).toEqual({ written: 0, skipped: [] });
    // the same bucket without the prefix holds no such file
    expect(await s3FileStorage({ ...config, prefix: "" }).exists("pan-card-Document.pdf")).toBe(false);
  });

  it("lists only keys the API can name (no sub-folders, no other prefixes)", async () => {
    for (const Key of ["docs/sub/inner.pdf", "docs/.hidden.pdf", "elsewhere.pdf"]) {
      await raw.send(new PutObjectCommand({ Bucket: BUCKET, Key, Body: "x" }));
    }
    const names = (await s3FileStorage(config).list()).files.map((file) => file.name);
    expect(names).toEqual(["a photo (1).jpg", "pan-card-Document.pdf", "resume-Document.txt"]);
  });

  it("a presigned URL serves the file without any secret, until it expires", async () => {
    const storage = s3FileStorage(config);
    const url = await storage.presignedUrl("a photo (1).jpg", 60);
    expect(url).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/marketplace\/docs\/a%20photo%20%281%29\.jpg\?/);
    const response = await fetch(url!);
    expect(response.status).toBe(200);
    expect(await bytesOf(response)).toEqual(new Uint8Array(demoJpeg("a photo (1).jpg")));

    // signed an hour earlier: expired
    const backdated = new URL(url!);
    const signedAt = Date.parse(
      backdated.searchParams.get("X-Amz-Date")!.replace(/^(\d{4})(\d\d)(\d\d)T(\d\d)(\d\d)(\d\d)Z$/, "$1-$2-$3T$4:$5:$6Z"),
    );
    backdated.searchParams.set("X-Amz-Date", new Date(signedAt - 3_600_000).toISOString().replace(/[-:]|\.\d{3}/g, ""));
    const refused = await fetch(backdated);
    expect(refused.status).toBe(403);
    expect(await refused.text()).toContain("Request has expired");

    // someone else's key id in the URL
    const otherKey = new URL(url!);
    otherKey.searchParams.set("X-Amz-Credential", otherKey.searchParams.get("X-Amz-Credential")!.replace(/^S3RVER\//, "INTRUDER/"));
    const stranger = await fetch(otherKey);
    expect(stranger.status).toBe(403);
    expect(await stranger.text()).toContain("InvalidAccessKeyId");

    const short = await storage.presignedUrl("pan-card-Document.pdf", 1);
    expect((await fetch(short!)).status).toBe(200);
    await sleep(2100);
    const late = await fetch(short!);
    expect(late.status).toBe(403);
    expect(await late.text()).toContain("Request has expired");
  });

  it("a presigned URL of a file deleted meanwhile answers 404", async () => {
    const storage = s3FileStorage(config);
    await storage.put("soon-gone.pdf", demoPdf("soon-gone.pdf"));
    const url = await storage.presignedUrl("soon-gone.pdf");
    await storage.delete("soon-gone.pdf");
    expect((await fetch(url!)).status).toBe(404);
  });

  it("an access key the bucket does not know is refused, and the failure says so", async () => {
    const stranger = s3FileStorage({ ...config, accessKeyId: "NOT-A-KEY" });
    await expect(stranger.exists("pan-card-Document.pdf")).rejects.toThrow(/^S3 HEAD pan-card-Document\.pdf failed: .*HTTP 403/);
    await expect(stranger.get("pan-card-Document.pdf")).rejects.toThrow(
      /S3 GET pan-card-Document\.pdf failed: InvalidAccessKeyId \(HTTP 403\)/,
    );
    await expect(stranger.list()).rejects.toThrow(/InvalidAccessKeyId/);
    const outcome = await ensureDemoFiles(stranger, ["new-one.pdf"]);
    expect(outcome.written).toBe(0);
    expect(outcome.skipped[0].why).toMatch(/HTTP 403/);
  });

  // s3rver 3.7.1 checks the access key id, the dates and the expiry of SigV4 requests but not the
  // signature itself (jamhall/s3rver#659): a wrong secret cannot be shown refused here.

  it("a bucket that never answers fails within the timeout, after the SDK's retries", async () => {
    const sockets: Socket[] = [];
    const silent = createServer((socket) => sockets.push(socket));
    await new Promise<void>((resolve) => silent.listen(0, "127.0.0.1", resolve));
    try {
      const storage = s3FileStorage({ ...config, endpoint: `http://127.0.0.1:${(silent.address() as AddressInfo).port}`, timeoutMs: 300 });
      const started = Date.now();
      await expect(storage.exists("pan-card-Document.pdf")).rejects.toThrow(/^S3 HEAD pan-card-Document\.pdf failed: .*300 ms/);
      expect(Date.now() - started).toBeLessThan(5000);
      expect(sockets).toHaveLength(S3_MAX_ATTEMPTS);
    } finally {
      sockets.forEach((socket) => socket.destroy());
      await new Promise((resolve) => silent.close(resolve));
    }
  });
});

describe("the API's files on the bucket", () => {
  it("GET /files/{name} streams the bucket's file with its type and length; 404 and 400 as on the folder", async () => {
    const app = createApi({ db: api.db, apiKey: KEY, files: s3FileStorage(config) });
    const get = (name: string) => app.request(`/files/${name}`, { headers: { "x-api-key": KEY } });
    const cases: [string, string][] = [
      ["a photo (1).jpg", "image/jpeg"],
      ["pan-card-Document.pdf", "application/pdf"],
      ["resume-Document.txt", "text/plain; charset=utf-8"],
    ];
    for (const [name, type] of cases) {
      const response = await get(encodeURIComponent(name));
      expect(response.status, name).toBe(200);
      expect(response.headers.get("content-type"), name).toBe(type);
      expect(response.headers.get("content-length"), name).toBe(String(demoFileBytes(name).length));
      expect(response.headers.get("x-content-type-options")).toBe("nosniff");
      expect(await bytesOf(response), name).toEqual(new Uint8Array(demoFileBytes(name)));
    }
    const missing = await get("missing.pdf");
    expect(missing.status).toBe(404);
    expect(await missing.json()).toEqual({ message: "File not found" });
    expect((await get("..%2Fsecret.txt")).status).toBe(400);
    expect((await app.request("/files/pan-card-Document.pdf")).status).toBe(401);
  });
});

describe("S3 configuration", () => {
  const env = () => ({
    S3_BUCKET: BUCKET,
    S3_ENDPOINT: s3.endpoint,
    S3_REGION: "ap-south-1",
    S3_PREFIX: "docs/",
    S3_ACCESS_KEY_ID: S3RVER_CREDENTIALS.accessKeyId,
    S3_SECRET_ACCESS_KEY: S3RVER_CREDENTIALS.secretAccessKey,
  });

  it("S3_BUCKET with its settings reads the bucket", async () => {
    const file = await storageFromEnv({ ...env(), S3_TIMEOUT_MS: "5000" }).get("pan-card-Document.pdf");
    expect(new Uint8Array(await new Response(file!.body).arrayBuffer())).toEqual(new Uint8Array(demoPdf("pan-card-Document.pdf")));
  });

  it("refuses half a configuration and a bad timeout", () => {
    expect(() => storageFromEnv({ S3_BUCKET: "b" })).toThrow(/S3_ENDPOINT, S3_ACCESS_KEY_ID, S3_SECRET_ACCESS_KEY must be set/);
    for (const bad of ["0", "-5", "soon", "1.5"]) {
      expect(() => storageFromEnv({ ...env(), S3_TIMEOUT_MS: bad }), bad).toThrow(/S3_TIMEOUT_MS must be/);
    }
  });
});
