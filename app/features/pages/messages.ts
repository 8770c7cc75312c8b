/** The toast title of the page editor's Preview when it could not be drawn (the reason is its description). */
export const PREVIEW_FAILED = "Preview failed";
