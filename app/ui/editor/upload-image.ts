import type { ImageSources } from "~/platform/storage/image-sources";

/** What /admin/uploads answers with for an image uploaded from an editor. */
export type UploadedImage = { id: string; url: string; sources: ImageSources };
export type UploadOutcome = { ok: true; image: UploadedImage } | { ok: false; title: string; message: string };

const UNREACHABLE: UploadOutcome = { ok: false, title: "Upload failed", message: "The server could not be reached. Check the connection and try again." };

/**
 * Uploads an image for a page or a post (XMLHttpRequest, because fetch reports no upload
 * progress): `onProgress` gets 0–1 as the bytes go out; the server checks and re-encodes it.
 */
export function uploadImage(file: File, module: "pages" | "posts", onProgress: (fraction: number) => void): Promise<UploadOutcome> {
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
      const answer = request.response as UploadOutcome | null;
      resolve(answer && typeof answer === "object" && "ok" in answer ? answer : { ok: false, title: "Upload failed", message: `The server answered ${request.status}. Try again.` });
    });
    request.addEventListener("error", () => resolve(UNREACHABLE));
    request.addEventListener("abort", () => resolve(UNREACHABLE));
    request.send(body);
  });
}
