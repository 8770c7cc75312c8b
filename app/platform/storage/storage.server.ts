import type * as S3 from "@aws-sdk/client-s3";
import { mkdir, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import type { Env } from "../env.server";

/**
 * Where uploaded files live (the spec's public `page-images` bucket): keys chosen by the server,
 * files public and never changed once written (a new upload is a new key), so they are cached
 * for a year. Local disk by default; any S3-compatible service when S3_BUCKET is set, so several
 * app servers can share the files.
 */
export type FileStorage = {
  readonly kind: "local" | "s3";
  put(key: string, body: Uint8Array, contentType: string): Promise<void>;
  delete(key: string): Promise<void>;
  /** The public address of a stored file. */
  url(key: string): string;
};

export const IMMUTABLE_CACHE = "public, max-age=31536000, immutable";
/** Where the app serves local uploads. */
export const LOCAL_UPLOADS_PATH = "/uploads";

const SAFE_KEY = /^[a-z0-9][a-z0-9/_.-]{0,200}$/;
function checkKey(key: string) {
  if (!SAFE_KEY.test(key) || key.includes("..")) throw new Error(`Not a storage key: ${JSON.stringify(key)}`);
  return key;
}

/** Files under `dir`, served by the app at /uploads/<key>. */
export function localStorage(dir: string): FileStorage {
  return {
    kind: "local",
    async put(key, body) {
      const file = path.join(dir, checkKey(key));
      await mkdir(path.dirname(file), { recursive: true });
      await writeFile(file, body);
    },
    async delete(key) {
      await rm(path.join(dir, checkKey(key)), { force: true });
    },
    url: (key) => `${LOCAL_UPLOADS_PATH}/${checkKey(key)}`,
  };
}

export type S3Settings = { bucket: string; endpoint?: string; region: string; accessKeyId: string; secretAccessKey: string; publicUrl: string; forcePathStyle: boolean };

/**
 * Files in an S3-compatible bucket, served from its public address (or a CDN in front of it).
 * The AWS SDK is loaded with the first write, not at start: it costs start time and pages never need it.
 */
export function s3Storage(settings: S3Settings): FileStorage {
  let sdk: Promise<{ client: S3.S3Client; s3: typeof S3 }> | undefined;
  const connect = () =>
    (sdk ??= import("@aws-sdk/client-s3").then((s3) => ({
      s3,
      client: new s3.S3Client({
        region: settings.region,
        endpoint: settings.endpoint,
        forcePathStyle: settings.forcePathStyle,
        credentials: { accessKeyId: settings.accessKeyId, secretAccessKey: settings.secretAccessKey },
      }),
    })));
  const base = settings.publicUrl.replace(/\/+$/, "");
  return {
    kind: "s3",
    async put(key, body, contentType) {
      const object = { Bucket: settings.bucket, Key: checkKey(key), Body: body, ContentType: contentType, CacheControl: IMMUTABLE_CACHE };
      const { client, s3 } = await connect();
      await client.send(new s3.PutObjectCommand(object));
    },
    async delete(key) {
      const object = { Bucket: settings.bucket, Key: checkKey(key) };
      const { client, s3 } = await connect();
      await client.send(new s3.DeleteObjectCommand(object));
    },
    url: (key) => `${base}/${checkKey(key)}`,
  };
}

/** The directory of local uploads: DATA_DIR/uploads (a temporary one for an in-memory database). */
export function localUploadsDir(dataDir: string) {
  return dataDir.startsWith("memory://") ? path.join(tmpdir(), `apiary-uploads-${process.pid}`) : path.join(dataDir, "uploads");
}

export function createStorage(env: Env): FileStorage {
  if (env.S3_BUCKET) {
    return s3Storage({
      bucket: env.S3_BUCKET,
      endpoint: env.S3_ENDPOINT,
      region: env.S3_REGION,
      accessKeyId: env.S3_ACCESS_KEY_ID!,
      secretAccessKey: env.S3_SECRET_ACCESS_KEY!,
      publicUrl: env.S3_PUBLIC_URL!,
      forcePathStyle: env.S3_FORCE_PATH_STYLE,
    });
  }
  return localStorage(localUploadsDir(env.DATA_DIR));
}
