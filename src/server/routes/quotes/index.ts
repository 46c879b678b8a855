import type { RouteRegistrar } from '../index.ts';
import { createQuote } from './create-quote.ts';

export const quotesRoutes: RouteRegistrar[] = [createQuote];
