import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
// @ts-expect-error -- s3rver ships no types; the test needs run() and close() only.
import S3rver from "s3rver";
import type { S3Settings } from "~/platform/storage/storage.server";

/** A real S3-compatible server on a free local port (s3rver), with one public bucket, for the S3 storage driver's tests. */
export async function startS3Server(bucket = "uploads"): Promise<{ settings: S3Settings; stop(): Promise<void> }> {
  const directory = mkdtempSync(path.join(tmpdir(), "apiary-s3-"));
  const server = new S3rver({ port: 0, address: "127.0.0.1", silent: true, directory, configureBuckets: [{ name: bucket }] });
  const { port } = (await server.run()) as { port: number };
  const endpoint = `http://127.0.0.1:${port}`;
  return {
    // s3rver accepts its own fixed key pair.
    settings: { bucket, endpoint, region: "us-east-1", accessKeyId: "S3RVER", secretAccessKey: "S3RVER", publicUrl: `${endpoint}/${bucket}`, forcePathStyle: true },
    async stop() {
      await server.close();
      rmSync(directory, { recursive: true, force: true });
    },
  };
}
