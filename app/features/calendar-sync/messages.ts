/** What the calendar sync dialog says about copying an asset's address. */
export const ADDRESS_COPIED = { title: "Address copied", variant: "success" } as const;
export const COULD_NOT_COPY = { title: "Could not copy", description: "Select the address and copy it by hand.", variant: "error" } as const;
