import { LogOut, UserRound } from "lucide-react";
import { Link, useNavigation } from "react-router";
import { LOGOUT_ACTION, LogoutForm } from "./logout-form";
import { BreakableEmail } from "~/ui/primitives/breakable-email";

const MENU_ID = "account-menu";

const itemClass =
  "flex w-full cursor-pointer items-center gap-3 rounded-lg px-3 py-2.5 text-left text-sm font-medium text-ink " +
  "-outline-offset-2 hover:bg-honey-100 focus-visible:bg-honey-100 disabled:cursor-wait disabled:opacity-60 " +
  "[&_svg]:size-4 [&_svg]:text-ink-muted";

/**
 * The signed-in user's avatar button and its menu: email, "Account", Profile, Logout. A native
 * popover, so it opens, closes on Escape or an outside click, and reports its state to assistive
 * technology without any script; it stays inside the header's banner landmark.
 */
export function UserMenu({ email }: { email: string }) {
  const navigation = useNavigation();
  const loggingOut = navigation.state !== "idle" && navigation.formAction === LOGOUT_ACTION;
  const initial = (email.trim()[0] ?? "?").toUpperCase();

  return (
    <>
      <button
        type="button"
        popoverTarget={MENU_ID}
        aria-label="Account menu"
        className="inline-flex size-10 cursor-pointer items-center justify-center rounded-full border-2 border-honey-400 bg-forest-800 text-base font-semibold text-cream transition-colors hover:bg-forest-700"
      >
        <span aria-hidden="true">{initial}</span>
      </button>
      <div
        id={MENU_ID}
        popover="auto"
        className={
          "fixed inset-auto top-[4.25rem] right-3 m-0 w-max min-w-56 max-w-[min(20rem,calc(100vw-1.5rem))] sm:top-[4.75rem] sm:right-5 " +
          "rounded-2xl border border-border bg-surface p-1.5 text-ink shadow-card open:animate-pop-in"
        }
      >
        <p className="px-3 pt-2 pb-2.5">
          <span className="block text-sm font-semibold [overflow-wrap:break-word]">
            <BreakableEmail email={email} />
          </span>
          <span className="mt-0.5 block text-xs text-ink-muted">Account</span>
        </p>
        <hr className="mx-1.5 my-1 border-0 border-t border-border" />
        <Link to="/sponsor-profile" className={itemClass}>
          <UserRound aria-hidden="true" />
          Profile
        </Link>
        <LogoutForm>
          <button type="submit" className={itemClass} disabled={loggingOut}>
            <LogOut aria-hidden="true" />
            Logout
          </button>
        </LogoutForm>
      </div>
    </>
  );
}
