import { lazy, Suspense } from "react";
import type { EntryContext } from "react-router";
import { describe, expect, it, vi } from "vitest";
import { readHydrationData, renderDocument } from "./render-document.server";

const OPTIONS = { timeoutMs: 5_000, onError: () => {} };

function Page({ children }: { children: React.ReactNode }) {
  return (
    <html lang="en">
      <body>{children}</body>
    </html>
  );
}

/** Only the fields readHydrationData reads: React Router's serialised loader data and the render's metadata. */
function contextWith(chunks: string[], renderMeta: EntryContext["renderMeta"] = {}): EntryContext {
  const encoder = new TextEncoder();
  const serverHandoffStream = new ReadableStream<Uint8Array>({
    start(controller) {
      for (const chunk of chunks) controller.enqueue(encoder.encode(chunk));
      controller.close();
    },
  });
  return { serverHandoffStream, renderMeta } as unknown as EntryContext;
}

describe("renderDocument", () => {
  it("renders a page whole, with its doctype, once", async () => {
    const rendered = vi.fn();
    function Honey() {
      rendered();
      return <p>Bees &amp; honey</p>;
    }
    const { html, failed, streamed } = await renderDocument(
      <Page>
        <Honey />
      </Page>,
      contextWith([]),
      OPTIONS,
    );
    expect(failed).toBe(false);
    expect(html).toBe('<!DOCTYPE html><html lang="en"><head></head><body><p>Bees &amp; honey</p></body></html>');
    expect(rendered).toHaveBeenCalledTimes(1);
    expect(streamed).toBe(false);
  });

  it("waits for a part that suspends instead of sending its fallback", async () => {
    const Late = lazy(async () => ({ default: () => <p>The calendar</p> }));
    const context = contextWith(['["loader', 'Data"]']);
    const { html, failed, streamed } = await renderDocument(
      <Page>
        <Suspense fallback={<p>Loading…</p>}>
          <Late />
        </Suspense>
      </Page>,
      context,
      OPTIONS,
    );
    // Read once already: the streaming render finds the loader data whole in the stream too.
    expect(await new Response(context.serverHandoffStream).text()).toBe('["loaderData"]');
    expect(failed).toBe(false);
    expect(html).toContain("<p>The calendar</p>");
    expect(html).not.toContain("Loading…");
    expect(streamed).toBe(true);
    expect(html.startsWith("<!DOCTYPE html><html")).toBe(true);
  });

  it("puts a large part that suspended in its place, readable without JavaScript", async () => {
    // Larger than React's default chunk (12.5 KB), which it would otherwise send apart, hidden, for a script to move in.
    const rows = Array.from({ length: 400 }, (_, i) => `Session ${i} on a phone in Stanwood`);
    const Tab = lazy(async () => ({ default: () => <ul>{rows.map((row) => <li key={row}>{row}</li>)}</ul> }));
    const { html, streamed } = await renderDocument(
      <Page>
        <Suspense fallback={<p>Loading…</p>}>
          <Tab />
        </Suspense>
      </Page>,
      contextWith([]),
      OPTIONS,
    );
    expect(streamed).toBe(true);
    expect(html.length).toBeGreaterThan(12_800);
    expect(html).toContain("<li>Session 399 on a phone in Stanwood</li>");
    expect(html).not.toContain("hidden");
    expect(html).not.toContain("<script");
  });

  it("reports an error inside a boundary and marks the page failed", async () => {
    const onError = vi.fn();
    const failure = new Error("the tiers could not be drawn");
    function Broken(): React.ReactNode {
      throw failure;
    }
    const { html, failed } = await renderDocument(
      <Page>
        <Suspense fallback={<p>Loading…</p>}>
          <Broken />
        </Suspense>
      </Page>,
      contextWith([]),
      { ...OPTIONS, onError },
    );
    expect(failed).toBe(true);
    expect(onError).toHaveBeenCalledWith(failure);
    expect(html).toContain("Loading…");
  });

  it("refuses a page whose shell cannot render", async () => {
    function Broken(): React.ReactNode {
      throw new Error("no shell");
    }
    await expect(renderDocument(<Broken />, contextWith([]), OPTIONS)).rejects.toThrow("no shell");
  });
});

describe("readHydrationData", () => {
  it("hands React Router its serialised loader data whole and settled, as one piece", async () => {
    const context = contextWith(['[{"_1":2},', '"loaderData",', '"ünïcode 🐝"]']);
    await readHydrationData(context);
    const cache = context.renderMeta!.streamCache!;
    expect(cache[0]!.result).toEqual({ done: false, value: '[{"_1":2},"loaderData","ünïcode 🐝"]' });
    expect(cache[1]!.result).toEqual({ done: true, value: "" });
    expect(cache[2]).toBeUndefined();
    // The stream is free again for React Router, which takes a reader of it as it renders.
    expect(context.serverHandoffStream!.locked).toBe(false);
  });

  it("keeps a multi-byte character split across chunks whole", async () => {
    const bee = new TextEncoder().encode("🐝");
    const serverHandoffStream = new ReadableStream<Uint8Array>({
      start(controller) {
        controller.enqueue(bee.slice(0, 2));
        controller.enqueue(bee.slice(2));
        controller.close();
      },
    });
    const context = { serverHandoffStream, renderMeta: {} } as unknown as EntryContext;
    await readHydrationData(context);
    expect(context.renderMeta!.streamCache![0]!.result!.value).toBe("🐝");
  });

  it("leaves a render without React Router's scripts alone", async () => {
    const context = { ...contextWith(["x"]), renderMeta: undefined };
    await readHydrationData(context);
    expect(context.renderMeta).toBeUndefined();
    expect(context.serverHandoffStream!.locked).toBe(false);
  });
});
