// Types of chromium.mjs for the TypeScript that imports it (e2e/playwright.config.ts, tools/).
export declare const CHROMIUM: string
export declare const CHROMIUM_ARGS: readonly string[]
export declare const LOCAL_ONLY_ARG: string
export declare function chromiumLaunchOptions(extraArgs?: readonly string[]): {
  executablePath: string
  args: string[]
}
