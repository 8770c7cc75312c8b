import { failedAs, type Result } from "~/platform/result";
import type { ImageSources } from "~/platform/storage/image-sources";

/** What /admin/uploads answers with for an image uploaded from an editor: the one result. */
export type UploadedImage = { id: string; url: string; sources: ImageSources };

const UPLOAD_FAILED = "Upload failed";
const UNREACHABLE = failedAs(UPLOAD_FAILED, 503, "The server could not be reached. Check the connection and try again.");

/**
 * Uploads an image for a page or a post (XMLHttpRequest, because fetch reports no upload
 * progress): `onProgress` gets 0–1 as the bytes go out; the server checks and re-encodes it.
 */
export function uploadImage(file: File, module: "pages" | "posts", onProgress: (fraction: number) => void): Promise<Result<UploadedImage>> {
  const body = new FormData();
  body.set("module", module);
  body.set("file", file);
  return new Promise((resolve) => {
    const request = new XMLHttpRequest();
    request.open("POST", "/admin/uploads");
    request.responseType = "json";
    request.upload.addEventListener("progress", (event) => {
      if (event.lengthComputable) onProgress(event.loaded / event.total);
    });
    request.addEventListener("load", () => {
      const answer = request.response as Result<UploadedImage> | null;
      resolve(answer && typeof answer === "object" && "ok" in answer ? answer : failedAs(UPLOAD_FAILED, 500, `The server answered ${request.status}. Try again.`));
    });
    request.addEventListener("error", () => resolve(UNREACHABLE));
    request.addEventListener("abort", () => resolve(UNREACHABLE));
    request.send(body);
  });
}
