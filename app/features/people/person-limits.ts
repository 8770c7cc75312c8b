/** How many rows a section of a person's page shows; the screen it comes from has the rest. */
export const SECTION_ROWS = 25;
