import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { icsFeed, startFeedServer } from "../../../tests/setup/feed-server";
import { fetchPublicText, isPublicAddress, PublicFetchError } from "./public-fetch.server";

describe("which addresses a staff-typed URL may reach", () => {
  it("only public unicast ones: never loopback, private, link-local (metadata), unique-local, CGNAT or unspecified", () => {
    for (const address of ["127.0.0.1", "127.8.9.10", "10.1.2.3", "172.16.5.4", "192.168.0.1", "169.254.169.254", "100.100.100.200", "0.0.0.0", "255.255.255.255", "224.0.0.1", "::1", "::", "fe80::1", "fc00::1", "fd00:ec2::254", "::ffff:127.0.0.1", "::ffff:10.0.0.1", "::7f00:1", "::127.0.0.1", "::a00:1", "4000::1", "not an address"]) {
      expect(isPublicAddress(address), address).toBe(false);
    }
    for (const address of ["8.8.8.8", "93.184.216.34", "2606:4700:4700::1111", "::ffff:8.8.8.8"]) expect(isPublicAddress(address), address).toBe(true);
    expect(isPublicAddress("127.0.0.1", true)).toBe(true);
    expect(isPublicAddress("::1", true)).toBe(true);
    expect(isPublicAddress("10.0.0.1", true)).toBe(false);
  });
});

describe("fetching a staff-typed URL", () => {
  let feeds: Awaited<ReturnType<typeof startFeedServer>>;
  beforeAll(async () => {
    feeds = await startFeedServer();
  });
  afterAll(() => feeds?.close());

  const refused = (url: string, options = {}) => fetchPublicText(url, options).then(() => "fetched", (error: unknown) => (error instanceof PublicFetchError ? error.message : `unexpected: ${String(error)}`));

  it("takes only http and https, without credentials in the address", async () => {
    expect(await refused("ftp://example.com/feed.ics")).toBe("Only http and https addresses can be fetched.");
    expect(await refused("file:///etc/passwd")).toBe("Only http and https addresses can be fetched.");
    expect(await refused("gopher://127.0.0.1:6379/_INFO")).toBe("Only http and https addresses can be fetched.");
    expect(await refused("http://admin:secret@example.com/")).toBe("Addresses with a user name or password can't be fetched.");
    expect(await refused("not a url")).toBe("That is not a web address.");
  });

  it("refuses this machine by address and by name, unless the test setting allows loopback", async () => {
    feeds.set("/airbnb.ics", { body: icsFeed("UID:1\nDTSTART;VALUE=DATE:20300101\nDTEND;VALUE=DATE:20300102") });
    expect(await refused(feeds.url("/airbnb.ics"))).toBe("127.0.0.1 is not a public internet address, so it can't be fetched.");
    expect(await refused(`http://[::1]:${feeds.port}/airbnb.ics`)).toBe("::1 is not a public internet address, so it can't be fetched.");
    // IPv4-compatible IPv6 (::/96) is 127.0.0.1 in another form: refused by policy, before any connection.
    const started = Date.now();
    expect(await refused(`http://[::127.0.0.1]:${feeds.port}/airbnb.ics`)).toBe("::7f00:1 is not a public internet address, so it can't be fetched.");
    expect(await refused("http://[::7f00:1]/feed.ics")).toBe("::7f00:1 is not a public internet address, so it can't be fetched.");
    expect(Date.now() - started).toBeLessThan(1_000);
    // A name is checked after DNS, on the address the socket would use.
    expect(await refused(`http://localhost:${feeds.port}/airbnb.ics`)).toBe("localhost is not a public internet address, so it can't be fetched.");
    await expect(fetchPublicText(feeds.url("/airbnb.ics"), { allowLoopback: true })).resolves.toContain("BEGIN:VEVENT");
    await expect(fetchPublicText(`http://localhost:${feeds.port}/airbnb.ics`, { allowLoopback: true })).resolves.toContain("UID:1");
  });

  it("checks every redirect again: to the metadata service or a private network, it stops", async () => {
    feeds.set("/to-metadata", { location: "http://169.254.169.254/latest/meta-data/" });
    feeds.set("/to-private", { status: 301, location: "http://10.0.0.7/feed.ics" });
    feeds.set("/to-feed", { status: 307, location: "/airbnb.ics" });
    feeds.set("/loop", { location: "/loop" });
    expect(await refused(feeds.url("/to-metadata"), { allowLoopback: true })).toBe("169.254.169.254 is not a public internet address, so it can't be fetched.");
    expect(await refused(feeds.url("/to-private"), { allowLoopback: true })).toBe("10.0.0.7 is not a public internet address, so it can't be fetched.");
    await expect(fetchPublicText(feeds.url("/to-feed"), { allowLoopback: true })).resolves.toContain("UID:1");
    expect(await refused(feeds.url("/loop"), { allowLoopback: true })).toBe("The calendar address redirected more than 5 times.");
  });

  it("reads at most the size limit, whether the length is declared or not, and gives up after the time limit", async () => {
    feeds.set("/big", { body: "x".repeat(5_000) });
    feeds.set("/big-chunked", { body: "x".repeat(5_000), chunked: true });
    feeds.set("/slow", { hang: true });
    feeds.set("/gone", { status: 410, body: "gone" });
    expect(await refused(feeds.url("/big"), { allowLoopback: true, maxBytes: 4_096 })).toMatch(/^The calendar is larger than/);
    expect(await refused(feeds.url("/big-chunked"), { allowLoopback: true, maxBytes: 4_096 })).toMatch(/^The calendar is larger than/);
    expect(await refused(feeds.url("/slow"), { allowLoopback: true, timeoutMs: 300 })).toBe("The calendar address took longer than 0.3 seconds to answer.");
    expect(await refused(feeds.url("/gone"), { allowLoopback: true })).toBe("The calendar address answered HTTP 410.");
  });
});
