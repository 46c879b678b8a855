import { formatMoney as decimal } from '#domain/money';

/** A schema's amount (minor units) as the wire carries it: 4500 → "45.00". */
export const wireAmount = (minor: number): string => decimal(minor);

/** An optional amount: null stays null (none). */
export const wireOptionalAmount = (minor: number | null): string | null => (minor === null ? null : decimal(minor));
