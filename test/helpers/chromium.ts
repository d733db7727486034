import { existsSync } from 'node:fs';
import { chromium, type Browser } from 'playwright-core';

/** Debian's chromium (`apt-get install chromium`; `.ci/run` installs it); RHIZOME_CHROMIUM overrides the path. */
export function chromiumPath(): string {
  return process.env.RHIZOME_CHROMIUM ?? '/usr/bin/chromium';
}

/** The flags every test browser runs with: headless, no sandbox (root in CI), nothing fetched from outside. */
const CHROMIUM_FLAGS = ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync'];

/**
 * False when chromium is installed, else the reason to skip (node:test's `skip`). Under CI=true a
 * missing chromium is a failure: CI must run every test.
 */
export function chromiumSkip(): false | string {
  if (existsSync(chromiumPath())) return false;
  const message = `chromium missing at ${chromiumPath()}: apt-get install chromium (or set RHIZOME_CHROMIUM)`;
  if (process.env.CI === 'true') throw new Error(`CI must run every test: ${message}`);
  return message;
}

/** Starts the real chromium through playwright-core. */
export function launchChromium(): Promise<Browser> {
  return chromium.launch({ executablePath: chromiumPath(), args: CHROMIUM_FLAGS });
}
