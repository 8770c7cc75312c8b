/** The spec's short toasts of the Blog Posts screen: its list that could not be read (the screen stays up, the reason said), and a refused delete. */
export const postsListFailed = (error: { message: string }) => ({ title: "Failed to fetch posts", description: error.message });

export const POST_DELETE_FAILED = "Failed to delete post";
