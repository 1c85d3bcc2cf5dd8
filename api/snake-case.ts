import type { RequestHandler } from "express";

// The API's keys are the schema's column names and a few more: each is converted once per process.
const snakeNames = new Map<string, string>();
const SNAKE_NAMES_LIMIT = 10_000;

function toSnake(key: string): string {
  let name = snakeNames.get(key);
  if (name === undefined) {
    name = key.replace(/[A-Z]/g, (letter) => `_${letter.toLowerCase()}`);
    // Keys come from code, not input; the bound only guards against a map that grows without end.
    if (snakeNames.size < SNAKE_NAMES_LIMIT) snakeNames.set(key, name);
  }
  return name;
}

/** Turns the keys of plain objects (deeply) into snake_case in one walk; dates, buffers and values stay as they are. */
export function snakeKeys(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(snakeKeys);
  if (value === null || typeof value !== "object" || Object.getPrototypeOf(value) !== Object.prototype) return value;
  const result: Record<string, unknown> = {};
  for (const key in value) result[toSnake(key)] = snakeKeys((value as Record<string, unknown>)[key]);
  return result;
}

/**
 * The Payment API speaks snake_case, as the platform's fields do (SPEC §3),
 * while the code uses camelCase: responses are converted once, here.
 */
export const snakeCaseResponses: RequestHandler = (_req, res, next) => {
  const json = res.json.bind(res);
  res.json = (body: unknown) => json(snakeKeys(body));
  next();
};
