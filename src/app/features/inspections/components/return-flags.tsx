import type { Allowance, ReturnFlags } from '#domain/return-flags';
import { returnFlagTexts } from '#domain/return-flags';

/**
 * What a return is flagged for against the pickup, in words (fuel lower, km over the
 * allowance); nothing when there is nothing to flag. A warning, not an error: the return is
 * still recorded, and the desk settles any charge.
 */
export function ReturnFlagsNotice({ flags, allowance }: { flags: ReturnFlags; allowance: Allowance }) {
  const texts = returnFlagTexts(flags, allowance);
  if (texts.length === 0) return null;
  return (
    <div className="return-flags">
      <p className="return-flags__title">Flagged at return</p>
      <ul className="return-flags__list">
        {texts.map((text) => (
          <li key={text}>{text}</li>
        ))}
      </ul>
    </div>
  );
}
