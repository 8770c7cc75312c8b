import { rmSync } from "node:fs";
import { afterEach, describe, expect, it, vi } from "vitest";
import { tempDataDir } from "../../tests/setup/server-process";
import { testServerSettings } from "../../tests/setup/test-settings";
import { parseEnv } from "./env.server";
import { createLogger } from "./logger.server";
import { closePlatform, createPlatform, type BackgroundWorker, type Platform } from "./runtime.server";

describe("the platform's background work", () => {
  const dirs: string[] = [];
  afterEach(() => {
    for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
  });

  /** An embedded database in a directory of its own (a copy of the build's template when there is one). */
  function start(backgroundStartDelayMs: number, startWorkers: (platform: Platform) => BackgroundWorker[]) {
    const dir = tempDataDir();
    dirs.push(dir);
    const env = parseEnv({ APP_URL: "http://127.0.0.1:3999", DATA_DIR: dir, LOG_LEVEL: "silent", ...testServerSettings });
    return createPlatform(env, createLogger("silent"), { backgroundStartDelayMs, startWorkers });
  }

  it("starts the scheduled work only once the delay has passed, so a restart serves first", async () => {
    const worker: BackgroundWorker = { name: "probe", stop: vi.fn(async () => {}) };
    const startWorkers = vi.fn(() => [worker]);
    const platform = await start(300, startWorkers);
    const ready = performance.now();
    try {
      expect(startWorkers).not.toHaveBeenCalled();
      expect(platform.workers).toEqual([]);
      await vi.waitFor(() => expect(startWorkers).toHaveBeenCalledOnce(), { timeout: 5_000, interval: 20 });
      expect(performance.now() - ready).toBeGreaterThanOrEqual(250);
      expect(platform.workers).toEqual([worker]);
    } finally {
      await closePlatform(platform);
    }
    expect(worker.stop).toHaveBeenCalledOnce();
  });

  it("starts nothing after the platform is closed before the delay", async () => {
    const startWorkers = vi.fn(() => []);
    const platform = await start(200, startWorkers);
    await closePlatform(platform);
    await new Promise((resolve) => setTimeout(resolve, 400));
    expect(startWorkers).not.toHaveBeenCalled();
  });
});
