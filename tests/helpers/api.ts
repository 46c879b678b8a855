/** What every refusal of the API carries: a sentence, and the fields at fault when there are any. */
export interface ErrorBody {
  error: string;
  fields?: Record<string, string[]>;
}

/** A timestamp as the API writes it: ISO 8601 UTC with milliseconds. */
export const ISO_TIMESTAMP = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/;
