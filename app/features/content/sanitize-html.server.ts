import type SanitizeHtml from "sanitize-html";
import { lazyRequire } from "~/platform/lazy-require.server";

const sanitizer = lazyRequire<typeof SanitizeHtml>("sanitize-html");

/**
 * The only HTML that content pages and blog posts may render. Editors write in the back-office,
 * but an admin account can be phished and rows can be written around the app, so every render
 * goes through this allow-list: anything not listed is dropped, never escaped into view.
 */
const ALLOWED_TAGS = [
  "h2",
  "h3",
  "h4",
  "p",
  "br",
  "strong",
  "em",
  "a",
  "ul",
  "ol",
  "li",
  "blockquote",
  "img",
  "figure",
  "figcaption",
  "hr",
  "code",
  "pre",
];

// Dropped together with everything inside them: their text is code or markup, not prose.
const DROPPED_WITH_CONTENT = ["script", "style", "textarea", "option", "noscript", "iframe", "svg", "math", "template", "object", "embed", "xmp", "title", "noembed", "noframes"];

const LINK = /^(https?:\/\/|mailto:)/i;
// "/path" but not "//host" or "/\host", which browsers read as another site.
const SITE_RELATIVE = /^\/(?![/\\])/;
const DIMENSION = /^\d{1,4}$/;

/** Decoded attribute values arrive here; anything that is not plainly one of these is refused. */
const isSafeHref = (value: string) => LINK.test(value) || SITE_RELATIVE.test(value) || /^#[\w-]*$/.test(value);
const isSafeImageSrc = (value: string) => /^https?:\/\//i.test(value) || SITE_RELATIVE.test(value);

const OPTIONS: SanitizeHtml.IOptions = {
  allowedTags: ALLOWED_TAGS,
  allowedAttributes: {
    a: ["href", "target", "rel"],
    img: ["src", "alt", "width", "height", "loading"],
  },
  allowedSchemes: ["http", "https", "mailto"],
  allowedSchemesByTag: { img: ["http", "https"] },
  allowedSchemesAppliedToAttributes: ["href", "src"],
  allowProtocolRelative: false,
  disallowedTagsMode: "discard",
  nonTextTags: DROPPED_WITH_CONTENT,
  enforceHtmlBoundary: false,
  parseStyleAttributes: false,
  nestingLimit: 50,
  transformTags: {
    a: (tagName, attribs) => {
      const href = attribs.href?.trim();
      return {
        tagName,
        attribs: {
          ...(href && isSafeHref(href) ? { href } : {}),
          ...(attribs.target === "_blank" ? { target: "_blank" } : {}),
          rel: "noopener noreferrer",
        },
      };
    },
    img: (tagName, attribs) => {
      const src = attribs.src?.trim();
      return {
        tagName,
        attribs: {
          ...(src && isSafeImageSrc(src) ? { src } : {}),
          alt: attribs.alt ?? "",
          ...(attribs.width && DIMENSION.test(attribs.width) ? { width: attribs.width } : {}),
          ...(attribs.height && DIMENSION.test(attribs.height) ? { height: attribs.height } : {}),
          loading: "lazy",
        },
      };
    },
  },
  // An image whose source was refused is dropped rather than shown broken, and a link left with
  // nothing inside (its image refused) goes too: screen readers would announce an empty link.
  exclusiveFilter: (frame) =>
    (frame.tag === "img" && !frame.attribs.src) || (frame.tag === "a" && !frame.text.trim() && frame.mediaChildren.length === 0),
};

/** An image address from the database (hero or featured image) that is safe to put in src, or null. */
export function safeImageUrl(value: string | null | undefined): string | null {
  const url = value?.trim();
  return url && isSafeImageSrc(url) ? url : null;
}

/** Editor HTML reduced to the allow-list above; safe to render with dangerouslySetInnerHTML. */
export function sanitizeContentHtml(html: string | null | undefined): string {
  if (!html) return "";
  return sanitizer()(html, OPTIONS);
}
