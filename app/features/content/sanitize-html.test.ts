import sanitizeHtml from "sanitize-html";
import { describe, expect, it } from "vitest";
import { XSS_PAYLOADS } from "../../../tests/fixtures/xss-corpus";
import { sanitizeContentHtml } from "./sanitize-html.server";

const ALLOWED: Record<string, readonly string[]> = {
  h2: [],
  h3: [],
  h4: [],
  p: [],
  br: [],
  strong: [],
  em: [],
  a: ["href", "target", "rel"],
  ul: [],
  ol: [],
  li: [],
  blockquote: [],
  img: ["src", "alt", "width", "height", "loading"],
  figure: [],
  figcaption: [],
  hr: [],
  code: [],
  pre: [],
};

/** Every element of `html` with its attributes, as a browser's parser would see them. */
function elementsOf(html: string) {
  const found: { tag: string; attribs: Record<string, string> }[] = [];
  sanitizeHtml(html, {
    allowedTags: false,
    allowedAttributes: false,
    allowVulnerableTags: true,
    transformTags: {
      "*": (tag, attribs) => {
        found.push({ tag, attribs });
        return { tagName: tag, attribs };
      },
    },
  });
  return found;
}

const SAFE_URL = /^(https?:\/\/|mailto:|\/(?![/\\])|#)/i;

describe("sanitizeContentHtml", () => {
  it.each(XSS_PAYLOADS.map((payload) => [payload]))("defuses %s", (payload) => {
    const clean = sanitizeContentHtml(payload);
    for (const { tag, attribs } of elementsOf(clean)) {
      expect(Object.keys(ALLOWED), `element <${tag}> in ${clean}`).toContain(tag);
      for (const [name, value] of Object.entries(attribs)) {
        expect(ALLOWED[tag], `attribute ${name} on <${tag}> in ${clean}`).toContain(name);
        if (name === "href" || name === "src") expect(value, `${name} in ${clean}`).toMatch(SAFE_URL);
        if (name === "target") expect(value).toBe("_blank");
      }
    }
    // Nothing that reads as script survives, even as text a later step could turn into markup.
    expect(clean).not.toMatch(/<\s*(script|svg|math|iframe|style|form|object|embed|meta|base|link)/i);
    expect(clean).not.toMatch(/\son[a-z]+\s*=/i);
    expect(clean).not.toMatch(/(java|vb)script:|data:/i);
  });

  it("keeps the allowed markup an editor writes", () => {
    const html =
      '<h2>Spring</h2><h3>Inspection</h3><h4>Notes</h4><p>All <strong>17</strong> hives, <em>queens laying</em>.<br>Next week: more.</p>' +
      '<ul><li>one</li></ul><ol><li>two</li></ol><blockquote>Bees first.</blockquote><hr>' +
      '<pre><code>moisture 17.8%</code></pre>' +
      '<figure><img src="/images/hive.webp" alt="A hive" width="640" height="480"><figcaption>Hive 3</figcaption></figure>';
    expect(sanitizeContentHtml(html)).toBe(
      '<h2>Spring</h2><h3>Inspection</h3><h4>Notes</h4><p>All <strong>17</strong> hives, <em>queens laying</em>.<br />Next week: more.</p>' +
        "<ul><li>one</li></ul><ol><li>two</li></ol><blockquote>Bees first.</blockquote><hr />" +
        "<pre><code>moisture 17.8%</code></pre>" +
        '<figure><img src="/images/hive.webp" alt="A hive" width="640" height="480" loading="lazy" /><figcaption>Hive 3</figcaption></figure>',
    );
  });

  it("adds rel=noopener noreferrer to links and keeps only target=_blank", () => {
    expect(sanitizeContentHtml('<a href="https://example.org" target="_blank" rel="opener">out</a>')).toBe(
      '<a href="https://example.org" target="_blank" rel="noopener noreferrer">out</a>',
    );
    expect(sanitizeContentHtml('<a href="mailto:hello@apiary.example" target="_self">mail</a>')).toBe(
      '<a href="mailto:hello@apiary.example" rel="noopener noreferrer">mail</a>',
    );
    expect(sanitizeContentHtml('<a href="/adopt-hive">adopt</a>')).toBe('<a href="/adopt-hive" rel="noopener noreferrer">adopt</a>');
  });

  it("makes every image lazy, keeps http(s) and site paths, drops the rest and bad sizes", () => {
    expect(sanitizeContentHtml('<img src="https://cdn.example/b.jpg" alt="b" width="50%" height="20" loading="eager">')).toBe(
      '<img src="https://cdn.example/b.jpg" alt="b" height="20" loading="lazy" />',
    );
    expect(sanitizeContentHtml('<p>a<img src="ftp://x/y.png" alt="y">b</p>')).toBe("<p>ab</p>");
    expect(sanitizeContentHtml('<img src="/a.png">')).toBe('<img src="/a.png" alt="" loading="lazy" />');
    expect(sanitizeContentHtml('<p><a href="/x"><img src="x"></a>text</p>')).toBe("<p>text</p>");
    expect(sanitizeContentHtml('<a href="/x"><img src="/y.png" alt="Hive"></a>')).toBe('<a href="/x" rel="noopener noreferrer"><img src="/y.png" alt="Hive" loading="lazy" /></a>');
  });

  it("drops forbidden elements with their content, and unknown ones but not their text", () => {
    expect(sanitizeContentHtml("<p>keep</p><script>no()</script><style>p{}</style>")).toBe("<p>keep</p>");
    expect(sanitizeContentHtml("<h1>Title</h1><div><span>text</span></div>")).toBe("Titletext");
    expect(sanitizeContentHtml(null)).toBe("");
  });
});
