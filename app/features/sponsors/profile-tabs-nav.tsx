import { LinkTabs } from "~/ui/primitives/link-tabs";
import { PROFILE_TABS, PROFILE_TAB_LABELS, profileTabHref, type ProfileTab } from "./profile-tab";

const TABS = PROFILE_TABS.map((tab) => ({ key: tab, label: PROFILE_TAB_LABELS[tab], to: profileTabHref(tab) }));

/** The profile's sections as link tabs: each an address of its own (?tab=…), working without JavaScript. */
export function ProfileTabsNav({ current }: { current: ProfileTab }) {
  return <LinkTabs label="Profile sections" tabs={TABS} current={current} listClassName="grid grid-cols-2 rounded-3xl sm:grid-cols-4 sm:rounded-full" />;
}
