/**
 * The spec picks a content section's background by its title. Each of the five titles has its
 * own artwork; any other title gets the neutral one. Matching ignores case and spacing, so an
 * editor's "Pure raw honey " still gets the honey art.
 */
export const SECTION_BACKGROUNDS = {
  "decentralized beekeeping revolution": "decentralized-beekeeping",
  "tokenized beekeeping & hive adoption": "tokenized-hive-adoption",
  "pure raw honey": "pure-raw-honey",
  "glamping & nature connection": "glamping-nature",
  "web3 meets nature": "web3-nature",
} as const;

export type SectionBackground = (typeof SECTION_BACKGROUNDS)[keyof typeof SECTION_BACKGROUNDS] | "default";

export function sectionBackground(title: string): SectionBackground {
  const key = title.trim().replace(/\s+/g, " ").toLowerCase() as keyof typeof SECTION_BACKGROUNDS;
  return SECTION_BACKGROUNDS[key] ?? "default";
}

/** Where each artwork is served from (public/images/sections). */
export function sectionBackgroundUrl(background: SectionBackground) {
  return `/images/sections/${background}.svg`;
}
