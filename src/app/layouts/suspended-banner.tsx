import { useSession } from '../features/session/api/get-session.ts';

/**
 * On every page of a suspended agency's owner and agents (decision 029): what suspension means
 * before they try to save anything, not only the server's refusal after. It cannot be dismissed:
 * it stays until the operator reinstates the agency.
 */
export function SuspendedBanner() {
  const agency = useSession()?.agency;
  if (agency?.status !== 'suspended') return null;
  return (
    <div className="status-message status-message--warning" role="status">
      <span className="status-message__text">
        <strong>{agency.name} is suspended.</strong> You can view your data but not change it: saving, adding and
        deleting are refused, and its vehicles are hidden from the public. Contact the platform operator to have it
        reinstated.
      </span>
    </div>
  );
}
