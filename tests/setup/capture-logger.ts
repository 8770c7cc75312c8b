import type pino from "pino";
import { createLogger, type Logger } from "~/platform/logger.server";

export type LogLine = { level: number; msg: string; [key: string]: unknown };

/** The app's own logger, its lines kept in memory, to check what an operator would see. */
export function captureLogger(level: pino.LevelWithSilent = "info"): { logger: Logger; lines: LogLine[] } {
  const lines: LogLine[] = [];
  const logger = createLogger(level, { write: (line: string) => void lines.push(JSON.parse(line) as LogLine) });
  return { logger, lines };
}

export const LEVEL = { debug: 20, info: 30, warn: 40, error: 50 } as const;
