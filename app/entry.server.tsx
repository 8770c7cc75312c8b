import {
  RouterContextProvider,
  ServerRouter,
  type EntryContext,
  type HandleErrorFunction,
} from "react-router";
import { classifyError } from "./platform/errors/classify";
import { rewriteDocumentScripts } from "./platform/html/document-scripts.server";
import { renderDocument } from "./platform/html/render-document.server";
import { NonceProvider } from "./platform/nonce";
import { defersHydration } from "./platform/page-handle";
import { flashToastContext, requestInfoContext, serverPlatformContext, type RequestInfo } from "./platform/request-context";
import { closePlatform, getPlatform, type Platform } from "./platform/runtime.server";
import { startPlatform } from "./features/start-platform.server";
import { withTableAccess } from "./platform/db/table-access";

export const streamTimeout = 5_000;

/**
 * Every document is rendered whole, then sent in one piece with its length. The loaders have
 * run before rendering starts and no route streams deferred data, so the shell React could send
 * early is already nearly the whole page; one piece costs one compression call
 * (server/compression.ts) and one write instead of a stream of small chunks through three stream
 * adapters. The status is final once the whole page has rendered.
 */
export default async function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  routerContext: EntryContext,
  loadContext: RouterContextProvider,
) {
  if (request.method.toUpperCase() === "HEAD") {
    return new Response(null, { status: responseStatusCode, headers: responseHeaders });
  }
  const { nonce } = loadContext.get(requestInfoContext);
  const app = (
    <NonceProvider value={nonce}>
      <ServerRouter context={routerContext} url={request.url} nonce={nonce} />
    </NonceProvider>
  );
  const platform = loadContext.get(serverPlatformContext);
  const { html, failed, streamed } = await renderDocument(app, routerContext, {
    nonce,
    timeoutMs: streamTimeout + 1000,
    onError: (error) => void logError(error, request, platform),
  });
  // A page that always takes the slower way (a lazy component rendered on the server) shows here.
  if (streamed) platform?.logger.debug({ path: new URL(request.url).pathname }, "page rendered by the streaming renderer");
  const body = Buffer.from(rewriteDocumentScripts(html, { deferHydration: defersHydrationNow(routerContext, loadContext) }));
  responseHeaders.set("Content-Type", "text/html; charset=utf-8");
  responseHeaders.set("Content-Length", String(body.length));
  const response = new Response(body, { headers: responseHeaders, status: failed ? 500 : responseStatusCode });
  documentBodies.set(response, body);
  return response;
}

/**
 * The bytes of each document rendered here, by its Response: the server compresses a document
 * from them (apiary.documentBody) instead of reading them back through the Response's stream.
 */
const documentBodies = new WeakMap<Response, Buffer<ArrayBuffer>>();

/**
 * A page that defers its hydration (PageHandle) does so only for a plain view of it: a toast or
 * an action's answer is shown by React, so such a document hydrates at once.
 */
function defersHydrationNow(routerContext: EntryContext, loadContext: RouterContextProvider) {
  const { matches, actionData, errors } = routerContext.staticHandlerContext;
  if (actionData || errors || loadContext.get(flashToastContext)) return false;
  return defersHydration(matches.map((match) => routerContext.routeModules[match.route.id]?.handle));
}

/** Unexpected errors from loaders, actions and rendering: one classified log line each. */
export const handleError: HandleErrorFunction = (error, { request, context }) => {
  if (request.signal.aborted) return;
  void logError(error, request, context.get(serverPlatformContext));
};

async function logError(error: unknown, request: Request, serverPlatform: Platform | null) {
  const record = classifyError(error);
  const platform = serverPlatform ?? (await getPlatform(startPlatform).catch(() => undefined));
  const log = platform?.logger ?? console;
  const { pathname } = new URL(request.url);
  (log as { error: (obj: object, msg: string) => void }).error(
    { err: error, code: record.code, method: request.method, path: pathname },
    `request failed: ${record.code}`,
  );
}

/**
 * What the Node server (server/) uses from the bundle: starting and stopping the platform,
 * and building the per-request context. They live here so the server and the routes share
 * one instance of every module.
 */
export const apiary = {
  createPlatform: startPlatform,
  closePlatform,
  withTableAccess,
  /** The bytes of a document this bundle rendered, if `response` is one (see documentBodies). */
  documentBody: (response: Response): Buffer<ArrayBuffer> | undefined => documentBodies.get(response),
  createLoadContext(platform: Platform, info: RequestInfo) {
    const context = new RouterContextProvider();
    context.set(serverPlatformContext, platform);
    context.set(requestInfoContext, info);
    return context;
  },
};
