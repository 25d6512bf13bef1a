import { createHash, createHmac } from "node:crypto";
import { assertFileName, contentTypeOf, type FileStorage } from "./storage";

/** An S3-compatible bucket (AWS S3, MinIO, R2 …), addressed path-style: {endpoint}/{bucket}/{prefix}{name}. */
export type S3Config = {
  endpoint: string;
  bucket: string;
  region: string;
  accessKeyId: string;
  secretAccessKey: string;
  /** key prefix, e.g. "documents/" */
  prefix?: string;
  /** clock for signing (tests) */
  now?: () => Date;
};

const EMPTY_SHA256 = "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855";
const sha256 = (data: string | Uint8Array) => createHash("sha256").update(data).digest("hex");
const hmac = (key: string | Buffer, data: string) => createHmac("sha256", key).update(data, "utf8").digest();

/** RFC 3986 encoding as SigV4 wants it: everything but A-Z a-z 0-9 - _ . ~ */
export function awsEncode(value: string): string {
  return encodeURIComponent(value).replace(/[!'()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
}

/** SigV4 canonical request (headers already lower-cased, trimmed and sorted by name). */
export function canonicalRequest(method: string, uri: string, query: string, headers: [string, string][], payloadHash: string): string {
  const canonicalHeaders = headers.map(([name, value]) => `${name}:${value}\n`).join("");
  return [method, uri, query, canonicalHeaders, headers.map(([name]) => name).join(";"), payloadHash].join("\n");
}

/** The SigV4 signature of a string to sign (AWS4-HMAC-SHA256). */
export function signatureV4(secret: string, date: string, region: string, service: string, stringToSign: string): string {
  const key = hmac(hmac(hmac(hmac(`AWS4${secret}`, date), region), service), "aws4_request");
  return createHmac("sha256", key).update(stringToSign, "utf8").digest("hex");
}

/** The headers of a signed S3 request (Authorization, x-amz-date, x-amz-content-sha256). */
export function signS3Request(config: S3Config, method: string, url: URL, payloadHash: string, now: Date): Record<string, string> {
  const amzDate = now.toISOString().replace(/[-:]/g, "").replace(/\.\d{3}/, "");
  const date = amzDate.slice(0, 8);
  const headers: [string, string][] = [
    ["host", url.host],
    ["x-amz-content-sha256", payloadHash],
    ["x-amz-date", amzDate],
  ];
  const scope = `${date}/${config.region}/s3/aws4_request`;
  const request = canonicalRequest(method, url.pathname, "", headers, payloadHash);
  const signature = signatureV4(config.secretAccessKey, date, config.region, "s3", ["AWS4-HMAC-SHA256", amzDate, scope, sha256(request)].join("\n"));
  return {
    authorization: `AWS4-HMAC-SHA256 Credential=${config.accessKeyId}/${scope}, SignedHeaders=${headers.map(([n]) => n).join(";")}, Signature=${signature}`,
    "x-amz-content-sha256": payloadHash,
    "x-amz-date": amzDate,
  };
}

/** Files as objects of an S3-compatible bucket. */
export function s3FileStorage(config: S3Config): FileStorage {
  const base = config.endpoint.replace(/\/+$/, "");
  const urlOf = (name: string) => {
    assertFileName(name);
    return new URL(`${base}/${awsEncode(config.bucket)}/${awsEncode(`${config.prefix ?? ""}${name}`).replace(/%2F/g, "/")}`);
  };
  const send = async (method: string, name: string, body?: Uint8Array, contentType?: string) => {
    const url = urlOf(name);
    const headers = signS3Request(config, method, url, body ? sha256(body) : EMPTY_SHA256, (config.now ?? (() => new Date()))());
    if (contentType) headers["content-type"] = contentType;
    return fetch(url, { method, headers, body: body ? new Uint8Array(body) : undefined });
  };
  const fail = (method: string, name: string, status: number) => new Error(`S3 ${method} ${name} answered ${status}`);
  return {
    async get(name) {
      const response = await send("GET", name);
      if (response.status === 404) return null;
      if (!response.ok || !response.body) throw fail("GET", name, response.status);
      return {
        body: response.body,
        size: Number(response.headers.get("content-length") ?? 0),
        contentType: contentTypeOf(name),
      };
    },
    async put(name, bytes) {
      const response = await send("PUT", name, bytes, contentTypeOf(name));
      if (!response.ok) throw fail("PUT", name, response.status);
    },
    async exists(name) {
      const response = await send("HEAD", name);
      if (response.status === 404) return false;
      if (!response.ok) throw fail("HEAD", name, response.status);
      return true;
    },
    async delete(name) {
      const response = await send("DELETE", name);
      if (!response.ok && response.status !== 404) throw fail("DELETE", name, response.status);
    },
  };
}
