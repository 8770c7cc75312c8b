/** The back-office modules whose editors upload images (pages' hero and text, posts' featured image and text). */
export const UPLOAD_MODULES = ["pages", "posts"] as const;
export type UploadModule = (typeof UPLOAD_MODULES)[number];
export const isUploadModule = (value: unknown): value is UploadModule => (UPLOAD_MODULES as readonly unknown[]).includes(value);
