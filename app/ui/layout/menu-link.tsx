import { ExternalLink } from "lucide-react";
import type { MouseEvent } from "react";
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

export type MenuLinkItemProps = {
  item: MenuLink;
  className?: string;
  /** Called when the link is activated (e.g. to close the drawer); may call `event.preventDefault()`. */
  onNavigate?: (event: MouseEvent<HTMLAnchorElement>, kind: MenuLinkKind) => void;
};

/** Renders one menu item as the right kind of link (the caller supplies the surrounding <li>). */
export function MenuLinkItem({ item, className, onNavigate }: MenuLinkItemProps) {
  const path = item.path.trim();
  const kind = menuLinkKind(path);
  const onClick = onNavigate ? (event: MouseEvent<HTMLAnchorElement>) => onNavigate(event, kind) : undefined;
  switch (kind) {
    case "external":
      return (
        <a href={path} target="_blank" rel="noopener noreferrer" className={className} onClick={onClick}>
          {item.label}
          <ExternalLink aria-hidden="true" className="size-4 shrink-0 opacity-70" />
          <span className="sr-only"> (opens in a new tab)</span>
        </a>
      );
    case "anchor":
      return (
        <a href={path} className={className} onClick={onClick}>
          {item.label}
        </a>
      );
    case "internal":
      return (
        <NavLink to={path} end className={className} onClick={onClick}>
          {item.label}
        </NavLink>
      );
  }
}
