import { createInstance } from "i18next";
import { describe, expect, it } from "vitest";
import { i18nConfig } from "~/i18n";
import { resources } from "~/services/i18n.server";
import { translate } from "./texts";

function keysOf(value: unknown, prefix = ""): string[] {
  if (typeof value === "string" || Array.isArray(value)) return [prefix];
  return Object.entries(value as Record<string, unknown>).flatMap(([key, inner]) => keysOf(inner, prefix ? `${prefix}.${key}` : key));
}

describe("the browser's t", () => {
  it("gives what the server's i18next gives, for every text of the dictionary", async () => {
    const i18n = createInstance();
    await i18n.init({ ...i18nConfig, lng: "ja", resources });
    const t = i18n.getFixedT("ja") as unknown as (key: string, options?: object) => unknown;
    const common = resources.ja.common;
    const keys = keysOf(common);
    expect(keys.length).toBeGreaterThan(400);
    // Every placeholder the dictionary uses, filled in, and a count (i18next looks for plural forms with it).
    const values = { count: 3, n: 2, number: "INV-0001", name: "山田", kind: "請求書", at: "2026年1月1日", amount: "1,000" };
    for (const key of keys) {
      const options = Array.isArray(lookupValue(common, key)) ? { returnObjects: true } : values;
      expect(translate(common, key, options), key).toEqual(t(key, options));
    }
    expect(translate(common, "documents.noSuchText")).toBe(t("documents.noSuchText"));
  });
});

function lookupValue(root: unknown, key: string): unknown {
  return key.split(".").reduce<unknown>((value, part) => (value as Record<string, unknown>)[part], root);
}
