import { ExternalLink } from "lucide-react";
import { NavLink } from "react-router";

/** A visible menu item as loaded from the menu_items table. */
export type MenuLink = { id: string; label: string; path: string };

export type MenuLinkKind = "external" | "anchor" | "internal";

/** The spec's rule: `http…` opens in a new tab, `/#…` is a plain in-page anchor, anything else is an in-app link. */
export function menuLinkKind(path: string): MenuLinkKind {
  const p = path.trim();
  if (p.startsWith("http")) return "external";
  if (p.startsWith("/#")) return "anchor";
  return "internal";
}

export type MenuLinkItemProps = { item: MenuLink; className?: string };

/** Renders one menu item as the right kind of link (the caller supplies the surrounding <li>). */
export function MenuLinkItem({ item, className }: MenuLinkItemProps) {
  const path = item.path.trim();
  const kind = menuLinkKind(path);
  switch (kind) {
    case "external":
      return (
        <a href={path} target="_blank" rel="noopener noreferrer" className={className}>
          {item.label}
          <ExternalLink aria-hidden="true" className="size-4 shrink-0 opacity-70" />
          <span className="sr-only"> (opens in a new tab)</span>
        </a>
      );
    case "anchor":
      return (
        <a href={path} className={className}>
          {item.label}
        </a>
      );
    case "internal":
      return (
        <NavLink to={path} end className={className}>
          {item.label}
        </NavLink>
      );
  }
}
