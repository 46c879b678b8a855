/**
 * The tag of a test that reads figures other specs change while it runs: a demo agency's live
 * counts and charts, the number of public vehicles, the desk's figures for today. Playwright runs
 * the tests without it on two workers at once, then the tagged ones alone, on one worker, once
 * the others are done (playwright.config.ts, decision 049). A test that can make its own data
 * (an agency of its own: support/staff.ts freshAgencyOwner) does that instead of taking the tag.
 */
export const SHARED_DATA_TAG = '@shared-data';

/** `test(title, SHARED_DATA, body)`, `test.describe(title, SHARED_DATA, body)`. */
export const SHARED_DATA = { tag: SHARED_DATA_TAG } as const;
