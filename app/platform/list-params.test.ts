import { describe, expect, it } from "vitest";
import { listSearch, parseListParams, returnPathOf } from "./list-params";

const spec = { sorts: ["email", "created_at"], defaultSort: { id: "created_at", dir: "desc" as const }, filters: { role: ["admin", "customer"], from: "date" as const } };
const parse = (query: string) => parseListParams(new URLSearchParams(query), spec);

describe("list state in the URL", () => {
  it("falls back to the defaults for anything unknown or malformed", () => {
    expect(parse("")).toEqual({ page: 1, sort: "created_at", dir: "desc", q: "", filters: {} });
    expect(parse("page=-3&sort=password&dir=sideways&role=owner&from=yesterday")).toEqual({ page: 1, sort: "created_at", dir: "desc", q: "", filters: {} });
    expect(parse("page=abc").page).toBe(1);
  });

  it("keeps what is allowed: a known sort, a direction, a trimmed search, known filter values", () => {
    const params = parse(`page=3&sort=email&q=${encodeURIComponent("  fern@ ")}&role=admin&from=2026-01-31`);
    expect(params).toEqual({ page: 3, sort: "email", dir: "asc", q: "fern@", filters: { role: "admin", from: "2026-01-31" } });
    expect(parse("sort=email&dir=desc").dir).toBe("desc");
    expect(parse(`q=${"x".repeat(500)}`).q).toHaveLength(100);
  });

  it("writes the state back, resetting nothing it was not asked to", () => {
    const params = parse("sort=email&dir=asc&q=fern&role=admin&page=2");
    expect(listSearch(params, { page: 3 })).toBe("?q=fern&role=admin&sort=email&dir=asc&page=3");
    expect(listSearch(params, { sort: "created_at", dir: "desc", page: 1 })).toBe("?q=fern&role=admin&sort=created_at&dir=desc");
    expect(parseListParams(new URLSearchParams(listSearch(params).slice(1)), spec)).toEqual(params);
  });
});

describe("the record a dialog goes back to", () => {
  const from = (value: string) => returnPathOf(new URLSearchParams({ from: value }));
  it("is a person's record, by account or by e-mail, and nothing else: never another site or screen", () => {
    expect(from("/admin/people/u_123-AbC")).toBe("/admin/people/u_123-AbC");
    expect(from("/admin/people/by-email?email=maya%40example.com")).toBe("/admin/people/by-email?email=maya%40example.com");
    for (const elsewhere of ["https://evil.example/admin/people/x", "//evil.example/admin/people/x", "/admin/people/../users", "/admin/users", "/admin/people/x?dialog=password", "/admin/people/", "/admin/people/by-email?email=a&b=c", ""]) expect(from(elsewhere)).toBeNull();
    expect(returnPathOf(new URLSearchParams())).toBeNull();
  });
});
