/** A toast: the spec's title and description, e.g. "Logged out" / "You have been successfully logged out." */
export type Toast = { id?: string; title: string; description?: string; variant?: "success" | "error" | "info" };
