import { LogOut, UserRound } from "lucide-react";
import { DropdownMenu } from "radix-ui";
import { Link, useNavigation } from "react-router";
import { LOGOUT_ACTION, LogoutForm } from "./logout-form";

const itemClass =
  "flex w-full cursor-pointer items-center gap-3 rounded-lg px-3 py-2.5 text-left text-sm font-medium text-ink " +
  "-outline-offset-2 data-highlighted:bg-honey-100 [&_svg]:size-4 [&_svg]:text-ink-muted";

/** The signed-in user's avatar button and its dropdown: email, "Account", Profile, Logout. */
export function UserMenu({ email }: { email: string }) {
  const navigation = useNavigation();
  const loggingOut = navigation.state !== "idle" && navigation.formAction === LOGOUT_ACTION;
  const initial = (email.trim()[0] ?? "?").toUpperCase();

  return (
    // Non-modal and not portalled: the page is not hidden from assistive technology while the menu is open,
    // and the menu stays inside the header's banner landmark.
    <DropdownMenu.Root modal={false}>
      <DropdownMenu.Trigger asChild>
        <button
          type="button"
          aria-label="Account menu"
          className="inline-flex size-10 cursor-pointer items-center justify-center rounded-full bg-forest-800 text-base font-semibold text-cream border-2 border-honey-400 transition-colors hover:bg-forest-700"
        >
          <span aria-hidden="true">{initial}</span>
        </button>
      </DropdownMenu.Trigger>
      <DropdownMenu.Content
        align="end"
        sideOffset={10}
        collisionPadding={12}
        className="z-50 w-max min-w-56 max-w-[min(20rem,calc(100vw-1.5rem))] rounded-2xl border border-border bg-surface p-1.5 text-ink shadow-card data-[state=closed]:animate-pop-out data-[state=open]:animate-pop-in"
      >
        <DropdownMenu.Label className="px-3 pt-2 pb-2.5">
          <span className="block text-sm font-semibold [overflow-wrap:anywhere]">
            {email}
          </span>
          <span className="mt-0.5 block text-xs text-ink-muted">Account</span>
        </DropdownMenu.Label>
        <DropdownMenu.Separator className="mx-1.5 my-1 h-px bg-border" />
        <DropdownMenu.Item asChild className={itemClass}>
          <Link to="/sponsor-profile">
            <UserRound aria-hidden="true" />
            Profile
          </Link>
        </DropdownMenu.Item>
        <LogoutForm>
          {/* Keep the menu (and so this button) mounted until the form has been submitted. */}
          <DropdownMenu.Item
            asChild
            className={itemClass}
            disabled={loggingOut}
            onSelect={(event) => event.preventDefault()}
          >
            <button type="submit">
              <LogOut aria-hidden="true" />
              Logout
            </button>
          </DropdownMenu.Item>
        </LogoutForm>
      </DropdownMenu.Content>
    </DropdownMenu.Root>
  );
}
