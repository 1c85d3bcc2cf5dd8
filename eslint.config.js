import js from "@eslint/js";
import reactHooks from "eslint-plugin-react-hooks";
import tseslint from "typescript-eslint";

export default tseslint.config(
  {
    ignores: ["build/", "public/build/", "dist/", "node_modules/", "test-results/", "playwright-report/", "data/"],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    files: ["app/**/*.{ts,tsx}"],
    plugins: { "react-hooks": reactHooks },
    rules: reactHooks.configs.recommended.rules,
  },
  {
    rules: {
      "@typescript-eslint/no-unused-vars": ["error", { argsIgnorePattern: "^_", varsIgnorePattern: "^_" }],
      "@typescript-eslint/consistent-type-imports": ["error", { fixStyle: "inline-type-imports" }],
      "no-console": ["error", { allow: ["warn", "error"] }],
    },
  },
  // A conform form that validates on blur or input checks in the browser (ADR 041): without onValidate, conform sends
  // each such event to the action as a navigation, whose loading overlay can take the release of a press (a lost press).
  {
    files: ["app/**/*.tsx"],
    rules: {
      "no-restricted-syntax": [
        "error",
        {
          selector: "CallExpression[callee.name='useForm'] > ObjectExpression:has(> Property[key.name=/^shouldRevalidate$|^shouldValidate$/]):not(:has(> Property[key.name='onValidate']))",
          message: "A form that validates as the user types or leaves a field checks in the browser: give useForm an onValidate (useLiveValidation, ADR 041).",
        },
      ],
    },
  },
  // Who may import whom (ARCHITECTURE.md): the web app reaches the Payment API and the sandbox only over
  // HTTP, and domain/ is pure rules that both sides share, so it depends on libraries alone. Tests may import anything.
  {
    files: ["app/**/*.{ts,tsx}"],
    ignores: ["**/*.test.ts"],
    rules: {
      "no-restricted-imports": [
        "error",
        {
          patterns: [
            {
              regex: "^(\\.\\./)+(api|sandbox)(/|$)",
              message: "app/ talks to the Payment API and the sandbox over HTTP only; shared types and rules belong in domain/.",
            },
          ],
        },
      ],
    },
  },
  // A page's loader, action and markup live in its route folder; app/components holds what pages share (forms, lists,
  // layout), which reads nothing of a page's server side (issue 35). Types may be named across.
  {
    files: ["app/components/**/*.{ts,tsx}"],
    ignores: ["**/*.test.ts"],
    rules: {
      "@typescript-eslint/no-restricted-imports": [
        "error",
        {
          patterns: [
            {
              regex: "^(~/|(\\.\\./)+)(services|routes)(/|$)",
              allowTypeImports: true,
              message: "app/components is shared by pages and imports no page's or server's module; a page's code sits in its route folder.",
            },
          ],
        },
      ],
    },
  },
  {
    files: ["domain/**/*.ts"],
    ignores: ["**/*.test.ts"],
    rules: {
      "no-restricted-imports": [
        "error",
        {
          patterns: [
            {
              regex: "^(\\.\\./|~/|@domain/)",
              message: "domain/ imports only other domain/ modules (as ./name) and libraries.",
            },
          ],
        },
      ],
    },
  },
  {
    files: ["api/**/*.ts"],
    ignores: ["**/*.test.ts"],
    rules: {
      "no-restricted-imports": [
        "error",
        {
          patterns: [
            {
              regex: "^(\\.\\./)+sandbox(/|$)",
              message: "api/ runs without the sandbox: the host hands it what the sandbox provides (the demo seed), never the other way round.",
            },
          ],
        },
      ],
    },
  },
  {
    files: ["scripts/**", "tests/**"],
    rules: { "no-console": "off" },
  },
  {
    files: ["**/*.mjs", "**/*.js"],
    languageOptions: { globals: { process: "readonly", console: "readonly", URL: "readonly" } },
  },
);
