import http from "node:http";
import type { AddressInfo } from "node:net";

/**
 * A local HTTP server standing in for another booking site's calendar feeds: each path answers
 * what the test last put there (a body, a status, a redirect, or nothing at all).
 */
export type FeedAnswer = { status?: number; body?: string; location?: string; hang?: boolean; chunked?: boolean };

export async function startFeedServer() {
  const answers = new Map<string, FeedAnswer>();
  const server = http.createServer((request, response) => {
    const answer = answers.get(request.url ?? "") ?? { status: 404, body: "not here" };
    if (answer.hang) return; // never answers: the fetcher's timeout ends it
    if (answer.location) {
      response.writeHead(answer.status ?? 302, { location: answer.location }).end();
      return;
    }
    const body = answer.body ?? "";
    const headers: Record<string, string> = { "content-type": "text/calendar" };
    if (!answer.chunked) headers["content-length"] = String(Buffer.byteLength(body));
    response.writeHead(answer.status ?? 200, headers);
    response.end(body);
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: (path: string) => `http://127.0.0.1:${port}${path}`,
    port,
    /** What `path` answers from now on. */
    set: (path: string, answer: FeedAnswer) => answers.set(path, answer),
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** An iCalendar feed of `events` (VEVENT bodies without BEGIN/END), as another site would publish it. */
export const icsFeed = (...events: string[]) =>
  ["BEGIN:VCALENDAR", "VERSION:2.0", "PRODID:-//Other Site//EN", ...events.flatMap((event) => ["BEGIN:VEVENT", ...event.trim().split(/\s*\n\s*/), "END:VEVENT"]), "END:VCALENDAR", ""].join("\r\n");
