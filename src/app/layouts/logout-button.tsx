import { useNavigate } from '@tanstack/react-router';
import { useCallback, useEffect, useState } from 'react';
import { useLogout } from '../features/session/api/logout.ts';
import { useSession } from '../features/session/api/get-session.ts';
import { useOnline } from '../offline/connectivity.ts';
import { discardEntry, useOutboxEntries, type OutboxEntry } from '../offline/outbox.ts';
import { ConfirmDialog } from '../components/confirm-dialog.tsx';
import { ACCOUNT_ICONS } from '../components/account-icons.ts';
import { Icon } from '../components/icons.tsx';

/** Entries the server refused: waiting will not send them, only the user can fix or discard them. */
const isStuck = (entry: OutboxEntry) => entry.state === 'attention' || entry.state === 'conflict';

const changes = (count: number) => `${count} ${count === 1 ? 'change' : 'changes'}`;

/**
 * Signs out and goes to /login (SPEC §2). A shared tablet passes from hand to hand: writes this
 * user queued and the server has not received are theirs alone — they are never sent under the
 * next person's session — so Logout first says so and lets the user wait for them or discard them.
 */
export function LogoutButton() {
  const navigate = useNavigate();
  const { mutate, isPending } = useLogout();
  const userId = useSession()?.id ?? null;
  const mine = useOutboxEntries().filter((entry) => userId !== null && entry.userId === userId);
  const [asking, setAsking] = useState(false);
  const [waiting, setWaiting] = useState(false);
  const [discarding, setDiscarding] = useState(false);
  const online = useOnline();

  const signOut = useCallback(
    () => mutate(undefined, { onSettled: () => void navigate({ to: '/login', replace: true }) }),
    [mutate, navigate],
  );
  const logOut = () => {
    setAsking(false);
    setWaiting(false);
    signOut();
  };

  const sendable = mine.filter((entry) => !isStuck(entry)).length;
  const stuck = mine.length - sendable;

  // "Log out once sent": the sign-out follows the last write the server accepts. If what is left
  // was refused, the wait ends there (state adjusted while rendering): only the user can fix those.
  const allSent = waiting && sendable === 0;
  if (allSent && stuck > 0) setWaiting(false);
  const leaving = allSent && stuck === 0;
  useEffect(() => {
    if (leaving) signOut();
  }, [leaving, signOut]);

  const discardAll = async () => {
    setDiscarding(true);
    // One in flight cannot be discarded: it reaches the server under this user's own session.
    await Promise.all(mine.map((entry) => discardEntry(entry.id)));
    setDiscarding(false);
    logOut();
  };

  return (
    <>
      <button
        type="button"
        className="nav__link nav__link--button"
        disabled={isPending}
        onClick={() => (mine.length > 0 ? setAsking(true) : logOut())}
      >
        <Icon icon={ACCOUNT_ICONS.logout} />
        <span>{isPending ? 'Logging out...' : 'Logout'}</span>
      </button>
      <ConfirmDialog
        open={asking && !leaving}
        title="Changes not sent yet"
        tone="danger"
        busy={discarding}
        cancelLabel="Stay signed in"
        confirmLabel="Discard and log out"
        alternative={
          waiting || sendable === 0 ? undefined : { label: 'Log out once sent', onSelect: () => setWaiting(true) }
        }
        onCancel={() => {
          setAsking(false);
          setWaiting(false);
        }}
        onConfirm={() => void discardAll()}
        message={
          <>
            <p>
              {changes(mine.length)} you made on this device {mine.length === 1 ? 'has' : 'have'} not reached the server
              yet. {mine.length === 1 ? 'It is' : 'They are'} only ever sent while you are signed in.
            </p>
            <ul className="logout-dialog__list">
              {mine.map((entry) => (
                <li key={entry.id}>
                  {entry.label}
                  {isStuck(entry) ? ' — refused by the server, needs your attention' : ''}
                </li>
              ))}
            </ul>
            <p role="status">
              {waiting
                ? online
                  ? `Sending ${changes(sendable)}... You are logged out as soon as ${sendable === 1 ? 'it arrives' : 'they arrive'}.`
                  : 'Waiting for the connection to send them...'
                : stuck > 0 && sendable === 0
                  ? 'Open the screen of each refused change to fix it, or discard them.'
                  : ''}
            </p>
          </>
        }
      />
    </>
  );
}
