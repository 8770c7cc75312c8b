/** What a screen's command says when it succeeded without words of its own. */
export const SAVED = { title: "Saved", variant: "success" } as const;
