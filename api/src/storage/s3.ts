import {
  DeleteObjectCommand,
  GetObjectCommand,
  HeadObjectCommand,
  ListObjectsV2Command,
  PutObjectCommand,
  S3Client,
  S3ServiceException,
} from "@aws-sdk/client-s3";
import { Upload } from "@aws-sdk/lib-storage";
import { getSignedUrl } from "@aws-sdk/s3-request-presigner";
import {
  assertFileName,
  contentTypeOf,
  DEFAULT_PRESIGN_SECONDS,
  isValidFileName,
  listLimit,
  type FileEntry,
  type FileStorage,
} from "./storage";

/** An S3-compatible bucket (AWS S3, MinIO, R2 …), addressed path-style: {endpoint}/{bucket}/{prefix}{name}. */
export type S3Config = {
  endpoint: string;
  bucket: string;
  region: string;
  accessKeyId: string;
  secretAccessKey: string;
  /** key prefix, e.g. "documents/" */
  prefix?: string;
  /** a connection, an answer or a stalled transfer that takes longer fails the attempt (default 30 s) */
  timeoutMs?: number;
};

export const DEFAULT_S3_TIMEOUT_MS = 30_000;
/** each call is tried this many times (the SDK's standard retry: throttling, 5xx, timeouts) */
export const S3_MAX_ATTEMPTS = 3;
/** multipart part size; lib-storage holds up to 2 parts in memory per upload (queueSize) */
const PART_SIZE = 8 * 1024 * 1024;

/** The SDK's error for a key that is not there (GET answers NoSuchKey, HEAD a bodiless NotFound). */
function isMissing(error: unknown): boolean {
  return error instanceof S3ServiceException && (error.name === "NoSuchKey" || error.name === "NotFound");
}

/** The error callers see: which call on which name, and what the bucket said. */
function failure(action: string, name: string, error: unknown): Error {
  const detail =
    error instanceof S3ServiceException
      ? `${error.name} (HTTP ${error.$metadata.httpStatusCode ?? "?"})${error.message && error.message !== error.name ? `: ${error.message}` : ""}`
      : error instanceof Error
        ? error.message
        : String(error);
  return new Error(`S3 ${action} ${name} failed: ${detail}`, { cause: error });
}

/** Files as objects of an S3-compatible bucket. */
export function s3FileStorage(config: S3Config): FileStorage {
  const timeout = config.timeoutMs ?? DEFAULT_S3_TIMEOUT_MS;
  const client = new S3Client({
    endpoint: config.endpoint,
    region: config.region,
    forcePathStyle: true,
    credentials: { accessKeyId: config.accessKeyId, secretAccessKey: config.secretAccessKey },
    maxAttempts: S3_MAX_ATTEMPTS,
    retryMode: "standard",
    // without throwOnRequestTimeout the SDK only logs a warning when requestTimeout passes
    requestHandler: { connectionTimeout: timeout, requestTimeout: timeout, socketTimeout: timeout, throwOnRequestTimeout: true },
    // checksums only where S3 demands them: several S3-compatible servers refuse or mis-store the
    // CRC32 headers and trailers the SDK sends by default since 2025
    requestChecksumCalculation: "WHEN_REQUIRED",
    responseChecksumValidation: "WHEN_REQUIRED",
  });
  const Bucket = config.bucket;
  const prefix = config.prefix ?? "";
  const keyOf = (name: string) => {
    assertFileName(name);
    return `${prefix}${name}`;
  };

  return {
    async get(name) {
      const Key = keyOf(name);
      try {
        const object = await client.send(new GetObjectCommand({ Bucket, Key }));
        if (!object.Body) throw new Error("no body");
        return {
          body: object.Body.transformToWebStream() as ReadableStream<Uint8Array>,
          size: object.ContentLength ?? 0,
          contentType: contentTypeOf(name),
        };
      } catch (error) {
        if (isMissing(error)) return null;
        throw failure("GET", name, error);
      }
    },
    async put(name, bytes, contentType) {
      const Key = keyOf(name);
      try {
        await client.send(new PutObjectCommand({ Bucket, Key, Body: bytes, ContentType: contentType ?? contentTypeOf(name) }));
      } catch (error) {
        throw failure("PUT", name, error);
      }
    },
    async putStream(name, body, contentType) {
      const Key = keyOf(name);
      try {
        // one PutObject below PART_SIZE, else a multipart upload (aborted on failure)
        const upload = new Upload({
          client,
          params: { Bucket, Key, Body: body, ContentType: contentType ?? contentTypeOf(name) },
          partSize: PART_SIZE,
          queueSize: 2,
        });
        await upload.done();
      } catch (error) {
        throw failure("upload", name, error);
      }
    },
    async exists(name) {
      const Key = keyOf(name);
      try {
        await client.send(new HeadObjectCommand({ Bucket, Key }));
        return true;
      } catch (error) {
        if (isMissing(error)) return false;
        throw failure("HEAD", name, error);
      }
    },
    async delete(name) {
      const Key = keyOf(name);
      try {
        await client.send(new DeleteObjectCommand({ Bucket, Key }));
      } catch (error) {
        if (!isMissing(error)) throw failure("DELETE", name, error);
      }
    },
    async list({ prefix: namePrefix = "", limit, token } = {}) {
      try {
        const page = await client.send(
          new ListObjectsV2Command({
            Bucket,
            Prefix: `${prefix}${namePrefix}`,
            // keys in "sub-folders" of the prefix are not our files: S3 folds them away
            Delimiter: "/",
            MaxKeys: listLimit(limit),
            ContinuationToken: token,
          }),
        );
        const files: FileEntry[] = [];
        for (const object of page.Contents ?? []) {
          const name = object.Key?.slice(prefix.length);
          // keys other tools put there under names the API would refuse
          if (!isValidFileName(name)) continue;
          files.push({ name, size: object.Size ?? 0, lastModified: object.LastModified ?? new Date(0), etag: object.ETag });
        }
        return page.IsTruncated && page.NextContinuationToken ? { files, nextToken: page.NextContinuationToken } : { files };
      } catch (error) {
        throw failure("LIST", `${prefix}${namePrefix}*`, error);
      }
    },
    async presignedUrl(name, expiresInSeconds = DEFAULT_PRESIGN_SECONDS) {
      return getSignedUrl(client, new GetObjectCommand({ Bucket, Key: keyOf(name) }), { expiresIn: expiresInSeconds });
    },
  };
}
