import type { RequestHandler } from "express";

const toSnake = (key: string) => key.replace(/[A-Z]/g, (letter) => `_${letter.toLowerCase()}`);

/** Turns the keys of plain objects (deeply) into snake_case; dates, buffers and values stay as they are. */
export function snakeKeys(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(snakeKeys);
  if (value === null || typeof value !== "object" || Object.getPrototypeOf(value) !== Object.prototype) return value;
  return Object.fromEntries(Object.entries(value).map(([key, inner]) => [toSnake(key), snakeKeys(inner)]));
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
