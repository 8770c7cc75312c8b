/** The form being posted, if it is the one sent with `intent`: a control shows what it asked for until the answer comes. */
export const pendingPost = (formData: FormData | undefined, intent: string) => (formData?.get("intent") === intent ? formData : null);
