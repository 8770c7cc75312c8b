/** The spec's title of every refused image upload (the editors' images, a page's hero, a post's featured image); the reason is the message. */
export const UPLOAD_FAILED = "Upload failed";

export const CHOOSE_AN_IMAGE = "Choose an image file.";
export const SAY_WHICH_MODULE = "Say whether the image is for a page or a post.";
export const SEND_WITH_POST = "Send the image with POST.";
